import { loadConfig } from '@astro/config';
import { birthAt, ZODIAC_SIGNS } from '@astro/ephemeris';
import { ProseSample } from '@astro/text';
import { proseIssues } from '../../../test/support/prose-check';
import placementsEn from './content/placements.en.json';
import placementsTh from './content/placements.th.json';
import { interpretNatalChart, placementTexts } from './interpretation';
import { natalChart } from './natal';
import { FINANCE_FORBIDDEN, WORKPLACE_FORBIDDEN } from './fixtures/safety-words';

// A placement's reading is worth reading only if it is its own: a paragraph for every planet in
// every sign and every house, in English and in Thai, no sentence shared between two of them, and a
// workplace variant wherever the default text speaks of love, health or intimacy.

const PLANETS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const SIGNS = ZODIAC_SIGNS;
const HOUSES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
const FILES = { en: placementsEn, th: placementsTh } as const;
type Entry = Record<string, string>;

/** Every entry of a language: `sign.Venus.Leo` → its variants. */
function entries(language: 'en' | 'th'): [string, Entry][] {
  const file = FILES[language] as unknown as { sign: Record<string, Record<string, Entry>>; house: Record<string, Record<string, Entry>> };
  return (['sign', 'house'] as const).flatMap((kind) =>
    Object.entries(file[kind]).flatMap(([planet, byKey]) =>
      Object.entries(byKey).map(([key, entry]): [string, Entry] => [`${kind}.${planet}.${key}`, entry]),
    ),
  );
}

/**
 * The sentences of a text, normalised (lower case, punctuation and spacing removed). English splits
 * after a full stop; Thai marks a sentence with a space, so a Thai text splits at spaces, except
 * before a number ("เรือนที่ 5") or the repetition mark ๆ, and keeps only pieces long enough to be a
 * clause of their own (short pieces are list items such as "ศิลปะ").
 */
function sentences(language: 'en' | 'th', text: string): string[] {
  const pieces = language === 'en' ? text.split(/(?<=[.!?])\s+/) : text.split(/\s+(?![\dๆ])/);
  return pieces
    .map((s) => s.toLowerCase().replace(/[^\p{L}\p{M}\p{N}]+/gu, ''))
    .filter((s) => (language === 'en' ? s.length > 0 : s.length >= 25));
}

describe.each(['en', 'th'] as const)('placement paragraphs in %s', (language) => {
  const all = entries(language);

  it('has a paragraph for every planet in every sign and every house, and nothing else', () => {
    const expected = [
      ...PLANETS.flatMap((p) => SIGNS.map((s) => `sign.${p}.${s}`)),
      ...PLANETS.flatMap((p) => HOUSES.map((h) => `house.${p}.${h}`)),
    ];
    expect(all.map(([key]) => key).sort()).toEqual([...expected].sort());
    for (const [key, entry] of all) {
      expect(Object.keys(entry).filter((k) => k !== 'default' && k !== 'workplace')).toEqual([]);
      for (const text of Object.values(entry)) {
        expect(`${key}: ${text.length}`).toMatch(/: (1[2-9]\d|[2-9]\d\d)$/); // a paragraph, 120–999 characters
        if (language === 'en') {
          expect(sentences('en', text).length).toBeGreaterThanOrEqual(2);
          expect(sentences('en', text).length).toBeLessThanOrEqual(4);
          expect(text).not.toMatch(/\b(you|your|yours|yourself)\b/i); // it serves both person templates
        } else {
          expect(text).toMatch(/^[\u0E00-\u0E7F]/);
          expect(text).not.toMatch(/คุณมี|ของคุณ|คุณมัก/);
        }
      }
    }
  });

  it('shares no sentence between two entries', () => {
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const [key, entry] of all) {
      // An entry's workplace variant may keep a neutral sentence of its own default text.
      for (const sentence of new Set(Object.values(entry).flatMap((text) => sentences(language, text)))) {
        const first = owner.get(sentence);
        if (first !== undefined) shared.push(`${first} and ${key}: ${sentence}`);
        else owner.set(sentence, key);
      }
    }
    expect(shared).toEqual([]);
    expect(owner.size).toBeGreaterThan(all.length * 2);
  });

  it('passes the prose check (English rules; no English in Thai)', () => {
    const samples: ProseSample[] = all.flatMap(([key, entry]) =>
      Object.entries(entry).map(([mode, text]) => ({ key: `${key}.${mode}`, language, text })),
    );
    expect(proseIssues(samples)).toEqual([]);
    if (language === 'th') {
      // The check does see English: the English paragraphs given as Thai are caught.
      const english = entries('en').map(([key, entry]) => ({ key, language: 'th' as const, text: entry.default }));
      expect(new Set(proseIssues(english).map((issue) => issue.split(':')[0])).size).toBe(english.length);
    }
  });

  it('gives a workplace variant wherever the default speaks of love, health or intimacy, and keeps money advice out', () => {
    for (const [key, entry] of all) {
      const [kind, planet, at] = key.split('.');
      const sign = kind === 'sign' ? at : 'Aries';
      const house = kind === 'house' ? Number(at) : 1;
      const workplace = placementTexts(language, planet, sign, house, 'workplace');
      const text = kind === 'sign' ? workplace.sign_text : workplace.house_text;
      expect(`${key}: ${text}`).not.toMatch(WORKPLACE_FORBIDDEN[language]);
      if (entry.workplace !== undefined) {
        expect(text).toBe(entry.workplace);
        expect(text).not.toBe(entry.default);
      }
      const finance = placementTexts(language, planet, sign, house, 'financial_wellness');
      expect(`${key}: ${kind === 'sign' ? finance.sign_text : finance.house_text}`).not.toMatch(FINANCE_FORBIDDEN[language]);
    }
    // Venus in every sign and the 5th to 8th houses speak of love, health or intimacy (Mercury there
    // is written about wit, work and contracts only, so it needs no variant).
    const withVariant = all.filter(([, e]) => e.workplace !== undefined).map(([key]) => key);
    const expected = [
      ...SIGNS.map((s) => `sign.Venus.${s}`),
      ...PLANETS.filter((p) => p !== 'Mercury').flatMap((p) => ['5', '6', '7', '8'].map((h) => `house.${p}.${h}`)),
    ];
    expect(withVariant).toEqual(expect.arrayContaining(expected));
  });
});

describe('the natal reading', () => {
  const { chart } = natalChart(
    { birth: birthAt(new Date('1988-11-02T04:15:00Z'), 13.7563, 100.5018), houseSystem: 'P' },
    loadConfig({}).ephemerisPath,
  );

  it.each(['en', 'th'] as const)(
    'writes each planet section as the lead-in, the sign paragraph and the house paragraph (%s)',
    (language) => {
      for (const safety_mode of ['default', 'workplace'] as const) {
        for (const audience of ['consumer', 'employee'] as const) {
          const { interpretation } = interpretNatalChart(chart, { language, voice: { tone: 'professional', audience, safety_mode } });
          for (const p of chart.planets.filter((q) => PLANETS.includes(q.name))) {
            const section = interpretation.sections.find((s) => s.topic === `planet_${p.name.toLowerCase()}`)!;
            const { sign_text, house_text } = placementTexts(language, p.name, p.sign, p.house, safety_mode);
            expect(section.text.endsWith(`${sign_text} ${house_text}`)).toBe(true);
            const lead = section.text.slice(0, section.text.length - sign_text.length - house_text.length - 2);
            if (language === 'en')
              expect(lead).toMatch(
                audience === 'consumer'
                  ? /^You have (the (Sun|Moon)|[A-Z]\w+) in \w+, in the \d+\w\w house\.$/
                  : /^This chart has (the (Sun|Moon)|[A-Z]\w+) in \w+, in the \d+\w\w house\.$/,
              );
            else expect(lead).toMatch(audience === 'consumer' ? /^คุณมี\S+อยู่ใน\S+ ในเรือนที่ \d+$/ : /^ผังดวงนี้มี\S+อยู่ใน\S+ ในเรือนที่ \d+$/);
          }
        }
      }
    },
  );

  it('never uses a default text in workplace mode where the entry has a workplace variant', () => {
    // Each planet in turn in every house and sign through the reading itself, not only through placementTexts.
    for (const language of ['en', 'th'] as const) {
      const file = FILES[language] as unknown as {
        sign: Record<string, Record<string, Entry>>;
        house: Record<string, Record<string, Entry>>;
      };
      for (const planet of PLANETS) {
        for (const house of HOUSES) {
          const sign = SIGNS[(Number(house) * 5) % 12];
          const moved = { ...chart, planets: chart.planets.map((q) => (q.name === planet ? { ...q, sign, house: Number(house) } : q)) };
          const { interpretation } = interpretNatalChart(moved, {
            language,
            voice: { tone: 'casual', audience: 'consumer', safety_mode: 'workplace' },
          });
          const text = interpretation.sections.find((s) => s.topic === `planet_${planet.toLowerCase()}`)!.text;
          for (const entry of [file.sign[planet][sign], file.house[planet][house]]) {
            if (entry.workplace !== undefined) {
              expect(text).toContain(entry.workplace);
              expect(text).not.toContain(entry.default);
            } else expect(text).toContain(entry.default);
          }
        }
      }
    }
  });
});
