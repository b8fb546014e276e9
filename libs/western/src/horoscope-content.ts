import en from './content/horoscope/en.json';
import th from './content/horoscope/th.json';
import houseEn from './content/horoscope/houses.en.json';
import houseTh from './content/horoscope/houses.th.json';
import type { SafetyMode } from '@astro/contracts';
import { ForMode, modeCache } from '@astro/text';

/**
 * The words of a horoscope: content/horoscope/<locale>.json (names, dates, the templates that
 * place an event in the sky and in the reader's house) and content/horoscope/houses.<locale>.json
 * (what each planet, lunation, station and eclipse means in each house). Texts a team must not
 * read are written per safety mode, `{ "default": …, "workplace": … }` (docs/content.md).
 */
const FILES = { en: { ...en, meanings: houseEn }, th: { ...th, meanings: houseTh } };
export type HoroscopeContent = ForMode<(typeof FILES)['en']>;
const contentForMode = modeCache<(typeof FILES)['en'], string>(FILES);
export const HOROSCOPE_LOCALES = Object.keys(FILES);

/** The content a horoscope of this locale and safety mode reads (English when the locale has none). */
export function horoscopeContent(locale: string, safetyMode: SafetyMode = 'default'): { c: HoroscopeContent; locale: string } {
  const key = locale.toLowerCase().split(/[-_]/)[0];
  const used = Object.hasOwn(FILES, key) ? key : 'en';
  return { c: contentForMode(used, safetyMode), locale: used };
}
