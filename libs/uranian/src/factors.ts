import { URANIAN_FACTORS } from '@astro/contracts';
import en from '../content/en.json';
import th from '../content/th.json';

/**
 * The factors of a Hamburg School chart: the four personal points (Aries point, MC, Ascendant)
 * with Sun, Moon and Node, the planets, and the eight transneptunian points. Abbreviations are the
 * customary ones of Uranian practice (AR for the Aries point, AP for Apollon).
 */
export const FACTORS = URANIAN_FACTORS;
export type Factor = (typeof FACTORS)[number];

export type UranianLocale = 'en' | 'th';
export type Localized = Record<UranianLocale, string>;
export const URANIAN_CONTENT = { en, th } as const;

export const factorName = (f: Factor, locale: UranianLocale = 'en') => URANIAN_CONTENT[locale].names[f];

/** A template split once into literal text and {names}, so filling it is a join (pictures are written by the hundred). */
function compile(template: string): (vars: Record<string, string>) => string {
  const parts = template.split(/\{(\w+)\}/);
  return (vars) => parts.map((part, i) => (i % 2 ? vars[part] : part)).join('');
}
const PICTURE = { en: compile(en.picture), th: compile(th.picture) };

/** The meaning of A + B − C = D from the factors' meanings in the Rules for Planetary Pictures (docs/uranian.md). */
export function pictureMeaning(a: Factor, b: Factor, c: Factor, d: Factor): Localized {
  const of = (locale: UranianLocale) => {
    const content = URANIAN_CONTENT[locale];
    return PICTURE[locale]({
      A: content.names[a],
      B: content.names[b],
      C: content.names[c],
      D: content.names[d],
      a: content.factors[a],
      b: content.factors[b],
      c: content.factors[c],
      d: content.factors[d],
    });
  };
  return { en: of('en'), th: of('th') };
}
