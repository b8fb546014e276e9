import en from '../content/en.json';
import th from '../content/th.json';

export type Locale = 'en' | 'th';
export type Localized = Record<Locale, string>;
export type NumberKind = keyof typeof en.kinds;
export const NUMEROLOGY_CONTENT = { en, th } as const;

type NumberKey = keyof typeof en.numbers;

export function meaningOf(kind: NumberKind, value: number): Localized {
  const key = String(value) as NumberKey;
  return { en: `${en.kinds[kind]} ${en.numbers[key]}`, th: `${th.kinds[kind]} ${th.numbers[key]}` };
}

export function karmicDebtMeaning(n: number): Localized {
  const key = String(n) as keyof typeof en.karmic_debt;
  return { en: en.karmic_debt[key], th: th.karmic_debt[key] };
}

export function karmicLessonMeaning(n: number): Localized {
  const key = String(n) as keyof typeof en.karmic_lessons;
  return { en: en.karmic_lessons[key], th: th.karmic_lessons[key] };
}

export function compatibilityText(
  key: 'same' | 'natural' | 'compatible' | 'challenging' | 'master',
  vars: Record<string, string | number>,
  familyKey?: string,
): Localized {
  const fill = (locale: Locale) => {
    const c = NUMEROLOGY_CONTENT[locale].compatibility;
    const family = familyKey ? c.families[familyKey as keyof typeof c.families] : '';
    return c[key].replace(/\{(\w+)\}/g, (_, name: string) => (name === 'family' ? family : String(vars[name])));
  };
  return { en: fill('en'), th: fill('th') };
}
