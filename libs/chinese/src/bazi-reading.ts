import { Element, FourPillars, LuckDirection, Strength } from '@astro/saju';
import en from '../content/bazi-en.json';
import th from '../content/bazi-th.json';
import zh from '../content/bazi-zh.json';
import { LuckStart } from './luck-start';
import { ELEMENT_TH, ELEMENT_ZH } from './symbols';

/** Reading text per language lives in content/bazi-<language>.json, every file in the shape of bazi-en.json. */
type Content = typeof en;
export const READING_LANGUAGES = ['zh', 'en', 'th'] as const;
export type ReadingLanguage = (typeof READING_LANGUAGES)[number];
const CONTENT: Record<ReadingLanguage, Content> = { en, zh, th };

export interface BaziReading {
  language: ReadingLanguage;
  paragraphs: string[];
}

export interface BaziReadingFeatures {
  pillars: FourPillars;
  strength: Strength;
  favourable: Element[];
  stars: string[];
  direction: LuckDirection;
  start: LuckStart;
  firstLuck: string;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));

function elementNames(elements: Element[], language: ReadingLanguage): string {
  if (language === 'zh') return elements.map((e) => ELEMENT_ZH[e]).join('、');
  if (language === 'th') return elements.map((e) => `ธาตุ${ELEMENT_TH[e]}`).join(' ');
  return elements.join(', ');
}

export function baziReading(f: BaziReadingFeatures, language: ReadingLanguage): BaziReading {
  const c = CONTENT[language];
  const dm = f.pillars.day.stem;
  const starLines = [...new Set(f.stars)].map((key) => c.stars[key as keyof Content['stars']]).filter(Boolean);
  // Chinese runs sentences together; English and Thai separate them with a space.
  const sentences = (list: string[]) => list.join(language === 'zh' ? '' : ' ');
  return {
    language,
    paragraphs: [
      sentences([fill(c.day_master[dm.element], { stem: dm.hanja }), c.strength[f.strength]]),
      fill(c.favourable, { elements: elementNames(f.favourable, language) }),
      starLines.length > 0 ? sentences(starLines) : c.no_stars,
      fill(c.luck, {
        direction: c.direction[f.direction],
        pillar: f.firstLuck,
        years: f.start.years,
        months: f.start.months,
        days: f.start.days,
      }),
    ],
  };
}
