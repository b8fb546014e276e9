/**
 * The Pythagorean letter values: A J S = 1, B K T = 2, … I R = 9 (the alphabet written in rows of
 * nine). Vowels are A E I O U; Y counts as a consonant (the common Pythagorean convention,
 * documented in docs/tarot-numerology.md).
 */
export const VOWELS = new Set(['A', 'E', 'I', 'O', 'U']);

export function letterValue(letter: string): number {
  return ((letter.charCodeAt(0) - 65) % 9) + 1;
}

export class NameNotLatinError extends Error {}

const THAI = /[\u0E00-\u0E7F]/;

/**
 * The words of a name as upper-case Latin letters. Accents are dropped (é → E); hyphens,
 * apostrophes and dots separate nothing and count nothing. A Thai or other non-Latin name is
 * refused: the letter values are defined for the Latin alphabet only.
 */
export function nameWords(fullName: string): string[] {
  if (THAI.test(fullName)) {
    throw new NameNotLatinError(
      'must be written in Latin letters: write a Thai name as it is spelled in Latin letters on the passport (or by the Royal Thai General System of Transcription), e.g. Somchai Jaidee',
    );
  }
  const plain = fullName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase();
  if (/[^A-Z\s'’.\-]/.test(plain)) {
    throw new NameNotLatinError('must contain only Latin letters, spaces, hyphens, apostrophes and dots');
  }
  const words = plain
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Z]/g, ''))
    .filter((w) => w.length > 0);
  if (words.length === 0) throw new NameNotLatinError('must contain at least one Latin letter');
  return words;
}
