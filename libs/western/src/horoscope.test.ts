import { loadConfig } from '@astro/config';
import { birthAt, bodyAt, BodyName, julianDayUt, normalizeDegrees, ZODIAC_SIGNS } from '@astro/ephemeris';
import { textsOf, workplaceOffences } from '@astro/text';
import { horoscopeContent, horoscopeFor } from './horoscope';

const ephemerisPath = loadConfig().ephemerisPath;
const ASPECT_ANGLES: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };

describe('horoscopes from real transits', () => {
  it('reads a sun sign by whole-sign aspects of the real sky at the middle of the day', () => {
    const h = horoscopeFor(
      { kind: 'sun_sign', sign: 'Aries' },
      { cadence: 'daily', startDate: '2024-03-25', timezoneOffsetMinutes: 420 },
      'en',
      ephemerisPath,
    );
    // Middle of the local day at UTC+7: 2024-03-25T05:00Z.
    expect(h.period).toEqual({ start: '2024-03-25', end: '2024-03-25', reference_instant_utc: '2024-03-25T05:00:00.000Z' });
    const jd = julianDayUt(new Date(h.period.reference_instant_utc));
    expect(h.moon_sign).toBe(bodyAt(jd, 'Moon', ephemerisPath).sign);
    expect(h.transits.length).toBeGreaterThan(0);
    for (const t of h.transits) {
      const sign = bodyAt(jd, t.transiting as BodyName, ephemerisPath).sign;
      expect(t.transiting_sign).toBe(sign);
      const distance = (ZODIAC_SIGNS.indexOf(sign) - ZODIAC_SIGNS.indexOf('Aries') + 12) % 12;
      expect(ASPECT_ANGLES[t.aspect]).toBe(Math.min(distance, 12 - distance) * 30);
    }
    // The Sun is in Aries on 25 March: the solar 1st house, and a conjunction to the sign.
    expect(h.text).toContain('Sun in Aries lights up your solar 1st house');
    expect(h.text).toContain(`The Moon moves through ${h.moon_sign}`);
  });

  it('reads a natal chart by aspects within the orb, checked against the ephemeris', () => {
    const birth = new Date('1990-05-04T07:30:00Z');
    const h = horoscopeFor(
      { kind: 'natal', birth: birthAt(birth, 13.75, 100.5), name: 'Ada' },
      { cadence: 'weekly', startDate: '2026-11-23', timezoneOffsetMinutes: 0 },
      'en',
      ephemerisPath,
    );
    expect(h.period.end).toBe('2026-11-29');
    expect(h.title).toBe('Ada: your horoscope for the week of 2026-11-23 to 2026-11-29');
    const jd = julianDayUt(new Date(h.period.reference_instant_utc));
    const natalJd = julianDayUt(birth);
    for (const t of h.transits.filter((x) => !['Ascendant', 'Midheaven'].includes(x.to))) {
      const a = bodyAt(jd, t.transiting as BodyName, ephemerisPath).longitude;
      const b = bodyAt(natalJd, t.to as BodyName, ephemerisPath).longitude;
      let separation = normalizeDegrees(a - b);
      if (separation > 180) separation = 360 - separation;
      expect(Math.abs(separation - ASPECT_ANGLES[t.aspect])).toBeCloseTo(t.orb!, 1);
      expect(t.orb!).toBeLessThanOrEqual(4);
    }
    expect(h.transits.some((t) => t.transiting === 'Moon')).toBe(false); // the Moon does not colour a week
  });

  it('fills every template in English and Thai for every sign and cadence', () => {
    for (const locale of ['en', 'th']) {
      for (const cadence of ['daily', 'weekly'] as const) {
        for (const sign of ZODIAC_SIGNS) {
          const h = horoscopeFor(
            { kind: 'sun_sign', sign },
            { cadence, startDate: '2025-07-01', timezoneOffsetMinutes: 0 },
            locale,
            ephemerisPath,
          );
          expect(h.locale).toBe(locale);
          expect(h.text).not.toMatch(/\{\w+\}|undefined/);
          if (locale === 'th') expect(h.text).toMatch(/[\u0E00-\u0E7F]/);
        }
      }
    }
  });
});

describe('horoscopes in workplace mode', () => {
  // What a reader sees: the templates' placeholders ({bodies}, {transit}) are not words.
  const readable = (content: object) => textsOf(content).map((t) => ({ ...t, text: t.text.replace(/\{\w+\}/g, '') }));

  it.each(['en', 'th'] as const)('no %s text a workplace horoscope can use speaks of romance, health or hiring', (locale) => {
    expect(workplaceOffences(readable(horoscopeContent(locale, 'workplace').c), locale)).toEqual([]);
    // The default texts do name those themes (the 5th, 6th and 8th houses, Venus), so the word list is not blind.
    expect(workplaceOffences(readable(horoscopeContent(locale).c), locale).length).toBeGreaterThanOrEqual(3);
  });

  it('writes every sign and cadence in workplace mode from the same sky, with the workplace words only', () => {
    const sky = (h: ReturnType<typeof horoscopeFor>) => h.transits.map(({ text: _text, ...transit }) => transit);
    for (const locale of ['en', 'th'] as const) {
      for (const cadence of ['daily', 'weekly', 'monthly', 'yearly'] as const) {
        for (const sign of ZODIAC_SIGNS) {
          const period = { cadence, startDate: '2025-07-01', timezoneOffsetMinutes: 0 };
          const workplace = horoscopeFor({ kind: 'sun_sign', sign }, period, locale, ephemerisPath, 'workplace');
          const personal = horoscopeFor({ kind: 'sun_sign', sign }, period, locale, ephemerisPath);
          expect(sky(workplace)).toEqual(sky(personal));
          expect(workplace.text).not.toMatch(/\{\w+\}|undefined/);
          expect(workplaceOffences([{ path: `${sign} ${cadence}`, text: workplace.text }], locale)).toEqual([]);
        }
      }
    }
  });
});
