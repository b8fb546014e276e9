import { loadConfig } from '@astro/config';
import { birthAt, ZODIAC_SIGNS, ZodiacSign } from '@astro/ephemeris';
import { textsOf } from '@astro/text';
import { Cadence, composeHoroscope, horoscopeContent, HoroscopeTarget } from './horoscope';

/**
 * The variety rules of docs/horoscopes.md ("Variety"), over whole stretches of the real sky:
 * two consecutive days of one sign share no sentence; the twelve signs of one day share no
 * sentence; within one text no template phrase appears twice.
 */
const ephemerisPath = loadConfig().ephemerisPath;
const LOCALES = ['en', 'th'] as const;
type Locale = (typeof LOCALES)[number];

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** 26 February to 31 March 2026: the total lunar eclipse and the days around it, stations, the equinox, quiet days. */
const DAYS = Array.from({ length: 34 }, (_, i) => addDays('2026-02-26', i));

const written = (target: HoroscopeTarget, cadence: Cadence, startDate: string, locale: Locale) =>
  composeHoroscope(target, { cadence, startDate, timezoneOffsetMinutes: 0 }, locale, ephemerisPath, { tone: 'professional' });

/** The published daily texts of the stretch, as sentences, by sign and day. */
const daily = new Map<string, string[]>();
const key = (locale: Locale, sign: ZodiacSign, day: string) => `${locale} ${sign} ${day}`;
beforeAll(() => {
  for (const locale of LOCALES)
    for (const sign of ZODIAC_SIGNS)
      for (const day of DAYS) {
        const h = written({ kind: 'sun_sign', sign }, 'daily', day, locale);
        // the text is exactly its sentences, so the rules below speak of what the reader reads
        expect(h.horoscope.text).toBe(h.paragraphs.map((p) => p.join(' ')).join('\n'));
        daily.set(key(locale, sign, day), h.paragraphs.flat());
      }
});

const shared = (a: string[], b: string[]) => a.filter((s) => b.includes(s));

describe('variety', () => {
  it.each(LOCALES)('two consecutive days of one sign share no sentence (%s)', (locale) => {
    for (const sign of ZODIAC_SIGNS)
      for (let i = 1; i < DAYS.length; i++) {
        const repeated = shared(daily.get(key(locale, sign, DAYS[i - 1]))!, daily.get(key(locale, sign, DAYS[i]))!);
        expect({ sign, day: DAYS[i], repeated }).toEqual({ sign, day: DAYS[i], repeated: [] });
      }
  });

  it.each(LOCALES)('the twelve signs of one day share no sentence (%s)', (locale) => {
    for (const day of DAYS) {
      const seen = new Map<string, ZodiacSign>();
      for (const sign of ZODIAC_SIGNS)
        for (const sentence of daily.get(key(locale, sign, day))!) {
          expect({ day, sentence, also: seen.get(sentence) ?? null }).toEqual({ day, sentence, also: null });
          seen.set(sentence, sign);
        }
    }
  });

  /**
   * A template phrase: a run of fixed words in a template between its placeholders, at least four
   * English words or twelve Thai letters long (shorter runs are joints such as "your" or "house of").
   */
  function templatePhrases(locale: Locale): string[] {
    const { c } = horoscopeContent(locale);
    const templates = [c.tones, c.daily, c.period, c.where, c.natal_aspects, c.meanings].flatMap((part) =>
      textsOf(part).map((t) => t.text),
    );
    const long = (run: string) =>
      locale === 'en' ? run.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length >= 4 : (run.match(/\p{L}/gu) ?? []).length >= 12;
    return [...new Set(templates.flatMap((t) => t.split(/\{\w+\}/).map((run) => run.trim().toLowerCase())).filter(long))];
  }
  const count = (text: string, phrase: string) => text.split(phrase).length - 1;

  it.each(LOCALES)('within one text no template phrase appears twice (%s): every cadence, sun signs and a birth chart', (locale) => {
    const phrases = templatePhrases(locale);
    expect(phrases.length).toBeGreaterThan(200);
    const texts: { what: string; text: string }[] = [...daily]
      .filter(([k]) => k.startsWith(locale))
      .map(([what, s]) => ({ what, text: s.join(' ') }));
    const ploy: HoroscopeTarget = { kind: 'natal', birth: birthAt(new Date('1985-03-10T04:20:00Z'), 13.75, 100.5), name: 'Ploy' };
    const periods: [Cadence, string[]][] = [
      ['weekly', ['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-08-10', '2026-08-24']],
      ['monthly', ['2025-11-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-06-01', '2026-08-01', '2026-10-01', '2026-12-01']],
      ['yearly', ['2024-01-01', '2026-01-01', '2028-01-01']],
    ];
    for (const [cadence, starts] of periods)
      for (const start of starts)
        for (const target of [...ZODIAC_SIGNS.map((sign): HoroscopeTarget => ({ kind: 'sun_sign', sign })), ploy])
          texts.push({
            what: `${cadence} ${start} ${'sign' in target ? target.sign : 'Ploy'}`,
            text: written(target, cadence, start, locale).horoscope.text,
          });
    for (const day of DAYS.slice(0, 10))
      texts.push({ what: `daily ${day} Ploy`, text: written(ploy, 'daily', day, locale).horoscope.text });
    for (const { what, text } of texts) {
      const lower = text.toLowerCase();
      const twice = phrases.filter((p) => count(lower, p) > 1);
      expect({ what, twice }).toEqual({ what, twice: [] });
    }
  });
});
