import en from './content/en.json';
import th from './content/th.json';
import placementsEn from './content/placements.en.json';
import placementsTh from './content/placements.th.json';
import aspectsEn from './content/aspects.en.json';
import aspectsTh from './content/aspects.th.json';
import { Aspect } from './aspects';
import { ELEMENTS, MODALITIES, Element, Modality } from './balance';
import { NatalChart } from './natal';
import { signOf } from '@astro/ephemeris';
import { compose, fill as fillOnly, TextValues, withLead } from '@astro/text';
import type { Audience, SafetyMode, Tone } from '@astro/contracts';

/**
 * Interpretation text is data: one JSON file per language under content/, which writers extend
 * without touching code. This module only chooses and assembles the pieces.
 */
export type Content = typeof en;
const CONTENT: Record<string, Content> = { en, th };
/** A paragraph per planet in each sign and in each house (content/placements.<language>.json). */
export type PlacementContent = typeof placementsEn;
export const PLACEMENTS: Record<string, PlacementContent> = { en: placementsEn, th: placementsTh };

/**
 * Natal aspect paragraphs (content/aspects.<language>.json): one per planet pair and aspect, keyed
 * `pairs["<A>-<B>"][aspect]` with the pair in chart order (Sun, Moon, … Pluto), a plain string or a
 * `{ default, workplace }` variant; `lead` introduces it (pair, aspect and orb) in either person.
 */
export interface AspectContent {
  lead: { you: string; reflective: string };
  pairs: Record<string, Record<string, string | Record<string, string>>>;
}
const ASPECT_CONTENT: Record<string, AspectContent> = { en: aspectsEn, th: aspectsTh };
export const INTERPRETATION_LANGUAGES = Object.keys(CONTENT);

export interface Voice {
  tone: Tone;
  audience: Audience;
  safety_mode: SafetyMode;
}

export interface Interpretation {
  language: string;
  brand_name: string | null;
  voice: Voice;
  summary: string;
  sections: { topic: string; title: string; text: string }[];
  disclaimer: string;
}

/** The content of a language, or English with a warning for a language we do not have. */
export function contentFor(language: string): { content: Content; language: string; warning: string | null } {
  const key = language.toLowerCase().split(/[-_]/)[0];
  // Object.hasOwn: a language such as "constructor" must not pick an inherited property.
  if (Object.hasOwn(CONTENT, key)) return { content: CONTENT[key], language: key, warning: null };
  return {
    content: CONTENT.en,
    language: 'en',
    warning: `language "${language}" is not available for interpretations (available: ${INTERPRETATION_LANGUAGES.join(', ')}); English was used`,
  };
}

/** A text variant for the safety mode when the content has one, else the default. */
function variant(entry: Record<string, string>, mode: SafetyMode): string {
  return entry[mode] ?? entry.default;
}

/** The sign and house paragraphs of a planet's placement, in the variant for the safety mode. */
export function placementTexts(language: string, planet: string, sign: string, house: number, mode: SafetyMode) {
  const placements = PLACEMENTS[language];
  const bySign = placements.sign[planet as keyof PlacementContent['sign']];
  const byHouse = placements.house[planet as keyof PlacementContent['house']];
  return {
    sign_text: variant(bySign[sign as keyof typeof bySign], mode),
    house_text: variant(byHouse[String(house) as keyof typeof byHouse], mode),
  };
}

/** The planets whose natal aspects have paragraphs, in chart order (the order of a pair's key). */
export const NATAL_ASPECT_PLANETS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
const ORDER: readonly string[] = NATAL_ASPECT_PLANETS;

/** The paragraph for one natal aspect between two of the ten planets, in a language and safety mode. */
export function aspectParagraph(language: string, aspect: Pick<Aspect, 'a' | 'b' | 'type'>, mode: SafetyMode): string {
  const content = ASPECT_CONTENT[language] ?? ASPECT_CONTENT.en;
  const [first, second] = [aspect.a, aspect.b].sort((x, y) => ORDER.indexOf(x) - ORDER.indexOf(y));
  const entry = content.pairs[`${first}-${second}`]?.[aspect.type];
  if (entry === undefined) throw new Error(`no aspect paragraph for ${first}-${second} ${aspect.type} in ${language}`);
  return typeof entry === 'string' ? entry : variant(entry, mode);
}

const INTERPRETED_PLANETS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const TIGHTEST_ASPECTS = 3;

function strongest<K extends string>(counts: Record<K, number>, keys: readonly K[]): K {
  return keys.reduce((best, k) => (counts[k] > counts[best] ? k : best), keys[0]);
}

/**
 * The written reading of a natal chart: Sun, Moon and Ascendant, each planet in its sign and
 * house, the tightest aspects and the element and modality balance. The voice picks the register
 * (tone), the grammatical person (a consumer reads "you"; other audiences get reflective wording)
 * and the limits (safety mode: workplace variants leave out health, relationships and hiring;
 * financial wellness avoids money advice; both, and entertainment, add their disclaimer).
 */
export function interpretNatalChart(
  chart: NatalChart,
  options: { language: string; voice: Voice; brandName?: string | null },
): { interpretation: Interpretation; warnings: string[] } {
  const { content, language, warning } = contentFor(options.language);
  // Sentences go through the templating step (articles, capitals); titles are only filled.
  const fill = (template: string, values: TextValues) => compose(language, template, values);
  const { voice } = options;
  const person = voice.audience === 'consumer' ? content.person.you : content.person.reflective;
  const tone = content.tones[voice.tone];
  const names = content.names;
  const signName = (sign: string) => names.signs[sign as keyof typeof names.signs];
  const planetName = (planet: string) => names.planets[planet as keyof typeof names.planets];
  const signText = (sign: string) => content.signs[sign as keyof typeof content.signs];

  const placement = (name: string) => chart.planets.find((p) => p.name === name)!;
  const sun = placement('Sun');
  const moon = placement('Moon');
  const risingSign = signOf(chart.angles.ascendant).sign;

  const dominantElement = strongest<Element>(chart.elements, ELEMENTS);
  const missingElements = ELEMENTS.filter((e) => chart.elements[e] === 0);
  const dominantModality = strongest<Modality>(chart.modalities, MODALITIES);

  const sections: Interpretation['sections'] = [
    {
      topic: 'sun_sign',
      title: content.titles.sun_sign,
      text: fill(person.sun, { sign: signName(sun.sign), sun_text: signText(sun.sign).sun }),
    },
    {
      topic: 'moon_sign',
      title: content.titles.moon_sign,
      text: fill(person.moon, { sign: signName(moon.sign), moon_text: signText(moon.sign).moon }),
    },
    {
      topic: 'ascendant',
      title: content.titles.ascendant,
      text: fill(person.rising, { sign: signName(risingSign), rising_text: signText(risingSign).rising }),
    },
  ];

  for (const name of INTERPRETED_PLANETS) {
    const p = placement(name);
    const values = {
      planet: planetName(name),
      // in a sentence: "the Sun", "the Moon" (English luminaries take the article), "Mars"
      planet_subject: content.subjects[name as keyof typeof content.subjects],
      sign: signName(p.sign),
      house: names.houses[String(p.house) as keyof typeof names.houses],
      ...placementTexts(language, name, p.sign, p.house, voice.safety_mode),
    };
    sections.push({
      topic: `planet_${name.toLowerCase()}`,
      title: fillOnly(content.titles.planet, values),
      text: fill(person.planet, values),
    });
  }

  const tightest = chart.aspects
    .filter((a) => INTERPRETED_PLANETS.includes(a.a) && INTERPRETED_PLANETS.includes(a.b))
    .slice(0, TIGHTEST_ASPECTS);
  if (tightest.length > 0) {
    const { lead } = ASPECT_CONTENT[language] ?? ASPECT_CONTENT.en;
    const leadTemplate = voice.audience === 'consumer' ? lead.you : lead.reflective;
    const lines = tightest.map((a: Aspect, i) => {
      const sentence = fill(`${leadTemplate} {aspect_text}`, {
        a: planetName(a.a),
        b: planetName(a.b),
        a_subject: content.subjects[a.a as keyof typeof content.subjects],
        b_subject: content.subjects[a.b as keyof typeof content.subjects],
        aspect: names.aspects[a.type],
        orb: a.orb.toFixed(1),
        aspect_text: aspectParagraph(language, a, voice.safety_mode),
      });
      return i === 0 ? sentence : withLead(tone.leads[i % tone.leads.length], sentence);
    });
    sections.push({ topic: 'aspects', title: content.titles.aspects, text: lines.join(' ') });
  }

  const elementText = [content.element_dominant[dominantElement], ...missingElements.map((e) => content.element_missing[e])].join(' ');
  const modalityText = content.modality_dominant[dominantModality];
  sections.push({
    topic: 'elements',
    title: content.titles.elements,
    text: withLead(tone.leads[0], fill(person.balance, { text: elementText })),
  });
  sections.push({
    topic: 'modalities',
    title: content.titles.modalities,
    text: withLead(tone.leads[1], fill(person.balance, { text: modalityText })),
  });

  const summaryCore = fill(person.summary, {
    sun_sign: signName(sun.sign),
    moon_sign: signName(moon.sign),
    rising_sign: signName(risingSign),
    element_text: content.element_dominant[dominantElement],
    modality_text: modalityText,
  });
  const brandName = options.brandName ?? null;
  const summary = [tone.opening, summaryCore, tone.closing, brandName ? fill(content.signature, { brand_name: brandName }) : '']
    .filter(Boolean)
    .join(' ');

  return {
    interpretation: {
      language,
      brand_name: brandName,
      voice,
      summary,
      sections,
      disclaimer: content.disclaimers[voice.safety_mode],
    },
    warnings: warning ? [warning] : [],
  };
}

/** Display names of signs, planets, aspects and houses in a locale (English for unknown ones). */
export function labelsFor(locale: string) {
  const { content, language, warning } = contentFor(locale);
  return { labels: { ...content.names }, language, warning };
}
