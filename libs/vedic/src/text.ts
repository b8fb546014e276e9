import { compose } from '@astro/text';

/**
 * Fills `{name}` placeholders of a content-file template through the templating step of
 * @astro/text: in English "a"/"an" agree with the words filled in and a sentence that begins with
 * one ("the Sun stands …") gets its capital. Thai text has neither articles nor capitals, so the
 * same step leaves it as filled.
 */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return compose('en', template, values);
}

/** A house count as the texts write it: "7th" in English, "7" in Thai (the template says "ที่ 7"). */
export function houseOrdinal(n: number, locale: 'en' | 'th'): string {
  if (locale === 'th') return String(n);
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}
