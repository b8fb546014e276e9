import { loadConfig } from '@astro/config';
import { birthAt } from '@astro/ephemeris';
import { SAFETY_MODES } from '@astro/contracts';
import type { Audience, SafetyMode } from '@astro/contracts';
import { ProseSample, stringLeaves } from '@astro/text';
import { proseIssues } from '../../../test/support/prose-check';
import en from './content/aspects.en.json';
import th from './content/aspects.th.json';
import { Aspect, ASPECTS } from './aspects';
import { aspectParagraph, AspectContent, interpretNatalChart, NATAL_ASPECT_PLANETS, Voice } from './interpretation';
import { natalChart } from './natal';

const CONTENT: Record<'en' | 'th', AspectContent> = { en, th };
// Every aspect type a natal chart reports, in the content's order.
const ASPECT_TYPES = ['conjunction', 'sextile', 'square', 'trine', 'opposition', 'quincunx', 'semi_sextile'] as const;

// Aspects that cannot occur in a geocentric chart. Mercury's greatest elongation from the Sun is at
// most 27.8° and Venus's 47.8°, so with our orbs (semi-sextile 30° ± 2°, sextile 60° ± 5°, square
// 90° ± 7°) Sun–Mercury only reaches a conjunction, Sun–Venus a conjunction or a semi-sextile, and
// Mercury–Venus (at most 27.8° + 47.8° = 75.6° apart) a conjunction, a semi-sextile or a sextile.
const POSSIBLE: Record<string, readonly string[]> = {
  'Sun-Mercury': ['conjunction'],
  'Sun-Venus': ['conjunction', 'semi_sextile'],
  'Mercury-Venus': ['conjunction', 'sextile', 'semi_sextile'],
};
const PAIRS = NATAL_ASPECT_PLANETS.flatMap((a, i) => NATAL_ASPECT_PLANETS.slice(i + 1).map((b) => `${a}-${b}`));
const GENERATIONAL = ['Uranus-Neptune', 'Uranus-Pluto', 'Neptune-Pluto'];

const SENTENCE_END = /(?<=[.!?])\s+(?=\p{Lu})/u;
const VARIANT_KEYS = new Set<string>(SAFETY_MODES);
// As in interpretation.test.ts, except that "sextile" is an aspect, not a word about sex.
const WORKPLACE_FORBIDDEN = {
  en: /\b(health\w*|ill(ness)?|romance|romantic|lov(e|ing|er)|marri\w*|dating|partner\w*|sex(?!tile)\w*|intima\w*|relationships?|hir(e|ing)|recruit\w*)\b/i,
  th: /(สุขภาพ|ความรัก|โรแมนติก|แต่งงาน|คู่ครอง|คู่รัก|ความสัมพันธ์|จ้างงาน|ความใกล้ชิด|ทางเพศ)/,
};
/** Every paragraph of a language: [factor key without the variant, text]. */
const paragraphs = (content: AspectContent) =>
  stringLeaves(content.pairs).map(
    ([key, text]) =>
      [
        key
          .split('.')
          .filter((k) => !VARIANT_KEYS.has(k))
          .join('.'),
        text,
      ] as const,
  );

describe.each(['en', 'th'] as const)('natal aspect paragraphs in %s', (language) => {
  const content = CONTENT[language];

  it('has a paragraph for every pair of the ten planets in every aspect a natal chart reports that the pair can form', () => {
    expect([...ASPECT_TYPES].sort()).toEqual(ASPECTS.map((a) => a.type).sort());
    expect(Object.keys(content.pairs)).toEqual(PAIRS);
    for (const pair of PAIRS) expect([pair, Object.keys(content.pairs[pair])]).toEqual([pair, POSSIBLE[pair] ?? ASPECT_TYPES]);
    expect(PAIRS).toHaveLength(45);
  });

  it('has the same keys and variants in English and Thai', () => {
    expect(stringLeaves(content).map(([k]) => k)).toEqual(stringLeaves(en).map(([k]) => k));
  });

  it('writes two or three sentences per paragraph, impersonally', () => {
    for (const [key, text] of paragraphs(content)) {
      if (language === 'en') {
        const n = text.split(SENTENCE_END).length;
        expect([key, n >= 2 && n <= 3]).toEqual([key, true]);
        expect([key, text]).not.toEqual([key, expect.stringMatching(/\b(you|your|yours|yourself)\b/i)]);
      } else {
        // คุณ as "you", not the คุณ of คุณค่า (value), คุณภาพ (quality), คุณธรรม (virtue), คุณสมบัติ (quality)
        expect([key, text]).not.toEqual([key, expect.stringMatching(/คุณ(?!ค่า|ภาพ|ธรรม|สมบัติ|ประโยชน์)/)]);
      }
    }
  });

  it('never gives two factors the same sentence (variants of one paragraph may share)', () => {
    const owners = new Map<string, Set<string>>();
    const normal = (s: string) =>
      s
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\s]/gu, '')
        .replace(/\s+/g, ' ')
        .trim();
    for (const [owner, text] of paragraphs(content)) {
      // Thai separates sentences and clauses by spaces: every clause of 30 letters or more is compared.
      const pieces = (language === 'en' ? text.split(SENTENCE_END) : text.split(/\s+/)).map(normal).filter((p) => p.length >= 30);
      for (const piece of pieces) owners.set(piece, (owners.get(piece) ?? new Set()).add(owner));
    }
    const shared = [...owners].filter(([, o]) => o.size > 1).map(([piece, o]) => `${piece} (${[...o].join(', ')})`);
    expect(shared).toEqual([]);
  });

  it('says that the slow outer-planet pairs are generational', () => {
    for (const pair of GENERATIONAL)
      for (const [key, text] of stringLeaves(content.pairs[pair]))
        expect([pair, key, text]).toEqual([pair, key, expect.stringMatching(language === 'en' ? /generation/i : /รุ่น/)]);
  });

  it('gives a workplace variant to every paragraph that touches romance, health or hiring, and the variant does not', () => {
    for (const [owner, entry] of Object.entries(content.pairs).flatMap(([pair, byType]) =>
      Object.entries(byType).map(([t, e]) => [`${pair}.${t}`, e] as const),
    )) {
      const variants = typeof entry === 'string' ? { default: entry } : entry;
      if (WORKPLACE_FORBIDDEN[language].test(variants.default)) expect([owner, variants.workplace]).toEqual([owner, expect.any(String)]);
      if (variants.workplace)
        expect([owner, variants.workplace]).not.toEqual([owner, expect.stringMatching(WORKPLACE_FORBIDDEN[language])]);
    }
  });
});

describe('prose of the aspect paragraphs', () => {
  const samples = (language: 'en' | 'th'): ProseSample[] =>
    stringLeaves(CONTENT[language]).map(([key, text]) => ({ key: `aspects.${language}.${key}`, language, text }));

  it('passes the English prose rules and has no English in Thai', () => {
    expect(proseIssues([...samples('en'), ...samples('th')])).toEqual([]);
    // The check does see English: the English paragraphs, checked as Thai, are caught.
    const english = samples('en').map((s) => ({ ...s, language: 'th' as const }));
    expect(proseIssues(english).length).toBeGreaterThan(100);
  });
});

describe('the aspects section of a natal interpretation', () => {
  // Chiang Mai, 21 June 1975 at noon local time (UTC+7).
  const chiangMai = { birth: birthAt(new Date('1975-06-21T05:00:00Z'), 18.7883, 98.9853), houseSystem: 'W' as const };
  const { chart } = natalChart(chiangMai, loadConfig({}).ephemerisPath);
  const voice = (safety_mode: SafetyMode = 'default', audience: Audience = 'consumer'): Voice => ({
    tone: 'casual',
    audience,
    safety_mode,
  });
  const aspect = (a: string, b: string, type: Aspect['type'], orb: number): Aspect => ({
    a,
    b,
    type,
    orb,
    exact_angle: ASPECTS.find((x) => x.type === type)!.angle,
    applying: true,
  });
  const section = (aspects: Aspect[], language: string, v: Voice) =>
    interpretNatalChart({ ...chart, aspects }, { language, voice: v }).interpretation.sections.find((s) => s.topic === 'aspects')!.text;

  it.each(['en', 'th'] as const)('writes the paragraph of each of the three tightest aspects between the ten planets (%s)', (language) => {
    const text = section(chart.aspects, language, voice());
    const tightest = chart.aspects
      .filter((a) => (NATAL_ASPECT_PLANETS as readonly string[]).includes(a.a) && (NATAL_ASPECT_PLANETS as readonly string[]).includes(a.b))
      .slice(0, 3);
    expect(tightest).toHaveLength(3);
    for (const a of tightest) expect(text).toContain(aspectParagraph(language, a, 'default').slice(0, 40));
    expect(text).toContain(tightest[0].orb.toFixed(1));
  });

  it('uses the paragraph of the pair in that aspect, the workplace variant in the workplace mode', () => {
    const aspects = [
      aspect('Venus', 'Mars', 'conjunction', 0.2),
      aspect('Moon', 'Saturn', 'quincunx', 0.5),
      aspect('Sun', 'Moon', 'square', 1.1),
    ];
    const wp = en.pairs['Venus-Mars'].conjunction as { default: string; workplace: string };
    const home = section(aspects, 'en', voice());
    expect(home).toContain(wp.default);
    expect(home).toContain(en.pairs['Moon-Saturn'].quincunx);
    expect(home).toContain(en.pairs['Sun-Moon'].square);
    expect(home).toMatch(/^Your Venus and Mars form a conjunction, 0\.2° from exact\. /);
    const work = section(aspects, 'en', voice('workplace', 'employee'));
    expect(work).toContain(wp.workplace);
    expect(work).not.toContain(wp.default);
    expect(work).toMatch(/^Venus and Mars form a conjunction/);
    const thaiWork = section(aspects, 'th', voice('workplace'));
    expect(thaiWork).toContain((th.pairs['Venus-Mars'].conjunction as { workplace: string }).workplace);
    // The pair's order in the chart does not matter.
    expect(section([aspect('Mars', 'Venus', 'conjunction', 0.2)], 'en', voice())).toContain(wp.default);
  });
});
