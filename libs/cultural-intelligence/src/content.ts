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

/** "A", "A and B", "A, B and C" (Thai: "A และ B"). */
export function joinList(items: string[], locale: CiLocale): string {
  const and = locale === 'th' ? ' และ' : ' and ';
  if (items.length <= 1) return items.join('');
  const separator = locale === 'th' ? ' ' : ', ';
  return items.slice(0, -1).join(separator) + and + items[items.length - 1];
}
