/**
 * The key a place name is looked up by: lower case, Latin diacritics removed (Zürich, Zurich),
 * punctuation as spaces, and the few abbreviations people write for a place's first word expanded
 * (St. Louis, Saint Louis). Thai script keeps its vowel and tone marks (they are letters there,
 * not accents) and loses only the abbreviation mark ฯ and the word จังหวัด (province) before a name.
 */
const LATIN_MARKS = /[\u0300-\u036f]/g;
const PUNCTUATION = /[.,'’‘`´"()\-–—_/]+/g;
const ABBREVIATIONS: Record<string, string> = { st: 'saint', ste: 'sainte', mt: 'mount', ft: 'fort', pt: 'port' };
const SPECIAL_LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ı: 'i', þ: 'th' };

const PLAIN = /^[A-Za-z]+( [A-Za-z]+)*$/;

export function normalisePlaceName(name: string): string {
  if (PLAIN.test(name)) {
    // Most names are plain ASCII words: only the case and the abbreviation rule apply.
    const lower = name.toLowerCase();
    const space = lower.indexOf(' ');
    const first = space > 0 ? ABBREVIATIONS[lower.slice(0, space)] : undefined;
    return first ? first + lower.slice(space) : lower;
  }
  const words = name
    .normalize('NFKD')
    .replace(LATIN_MARKS, '')
    .toLowerCase()
    .replace(/[ßæøœłđıþ]/g, (letter) => SPECIAL_LETTERS[letter])
    .replace(/ฯ/g, ' ')
    .replace(/^\s*จังหวัด/, '')
    .replace(PUNCTUATION, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0);
  if (words.length > 1 && ABBREVIATIONS[words[0]]) words[0] = ABBREVIATIONS[words[0]];
  return words.join(' ');
}
