import en from './content/en.json';
import th from './content/th.json';

export type CiContent = typeof en;
export type CiLocale = 'en' | 'th';

const CONTENT = new Map<CiLocale, CiContent>([
  ['en', en],
  ['th', th],
]);

export function contentFor(locale: CiLocale): CiContent {
  const content = CONTENT.get(locale);
  if (!content) throw new Error(`no Cultural Intelligence content for locale ${locale}`);
  return content;
}

/** Fills `{name}` placeholders; a placeholder without a value is a bug in the content, not a blank. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!Object.hasOwn(values, key)) throw new Error(`content placeholder {${key}} has no value`);
    return values[key];
  });
}

/** "A", "A and B", "A, B and C" (Thai: "A และ B"). */
export function joinList(items: string[], locale: CiLocale): string {
  const and = locale === 'th' ? ' และ' : ' and ';
  if (items.length <= 1) return items.join('');
  const separator = locale === 'th' ? ' ' : ', ';
  return items.slice(0, -1).join(separator) + and + items[items.length - 1];
}
