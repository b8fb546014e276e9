/** Fills `{name}` placeholders of a content-file template. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));
}

/** A house count as the texts write it: "7th" in English, "7" in Thai (the template says "ที่ 7"). */
export function houseOrdinal(n: number, locale: 'en' | 'th'): string {
  if (locale === 'th') return String(n);
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}
