export * from './reduce';
export { letterValue, nameWords, NameNotLatinError, VOWELS } from './letters';
export * from './profile';
export * from './compatibility';
export { NUMEROLOGY_CONTENT } from './content';
export type { Locale as NumerologyLocale, Localized } from './content';
