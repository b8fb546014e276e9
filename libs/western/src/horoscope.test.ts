import { execFileSync } from 'node:child_process';
import { loadConfig } from '@astro/config';
import { birthAt, bodyAt, BodyName, julianDayUt, normalizeDegrees, ZODIAC_SIGNS, ZodiacSign } from '@astro/ephemeris';
import { textsOf, workplaceOffences } from '@astro/text';
import { Cadence, composeHoroscope, horoscopeContent, horoscopeFor } from './horoscope';

const ephemerisPath = loadConfig().ephemerisPath;
const ASPECT_ANGLES: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };
const signHoroscope = (sign: ZodiacSign, cadence: Cadence, startDate: string, locale: string, offset = 0) =>
  composeHoroscope({ kind: 'sun_sign', sign }, { cadence, startDate, timezoneOffsetMinutes: offset }, locale, ephemerisPath, {
    tone: 'professional',
  });
/** The solar house of a sign for a sun sign, counted independently of the code under test. */
const solarHouse = (of: ZodiacSign, sign: ZodiacSign) => ((ZODIAC_SIGNS.indexOf(of) - ZODIAC_SIGNS.indexOf(sign) + 12) % 12) + 1;
const ORDINAL = ['', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th', '11th', '12th'];
const sentencesOf = (h: ReturnType<typeof composeHoroscope>) => h.paragraphs.flat();

describe('dates as a customer reads them', () => {
  it('titles every period with the weekday, the month name and the year (the Buddhist Era year in Thai)', () => {
    const title = (cadence: Cadence, start: string, locale: string) => signHoroscope('Pisces', cadence, start, locale).horoscope.title;
    expect(title('daily', '2026-03-10', 'en')).toBe('Pisces: your horoscope for Tuesday 10 March 2026');
    expect(title('daily', '2026-03-10', 'th')).toBe('ราศีมีน: ดวงประจำวันอังคารที่ 10 มีนาคม พ.ศ. 2569');
    expect(title('weekly', '2026-03-09', 'en')).toBe('Pisces: your horoscope for the week of Monday 9 to Sunday 15 March 2026');
    expect(title('weekly', '2026-03-09', 'th')).toBe('ราศีมีน: ดวงประจำสัปดาห์ วันจันทร์ที่ 9 ถึงวันอาทิตย์ที่ 15 มีนาคม พ.ศ. 2569');
    expect(title('weekly', '2026-03-30', 'en')).toBe('Pisces: your horoscope for the week of Monday 30 March to Sunday 5 April 2026');
    expect(title('weekly', '2026-12-28', 'en')).toBe(
      'Pisces: your horoscope for the week of Monday 28 December 2026 to Sunday 3 January 2027',
    );
    expect(title('weekly', '2026-12-28', 'th')).toBe('ราศีมีน: ดวงประจำสัปดาห์ วันจันทร์ที่ 28 ธันวาคม พ.ศ. 2569 ถึงวันอาทิตย์ที่ 3 มกราคม พ.ศ. 2570');
    expect(title('monthly', '2026-03-01', 'en')).toBe('Pisces: your horoscope for March 2026');
    expect(title('monthly', '2026-03-01', 'th')).toBe('ราศีมีน: ดวงประจำเดือนมีนาคม พ.ศ. 2569');
    expect(title('yearly', '2026-01-01', 'en')).toBe('Pisces: your horoscope for 2026');
    expect(title('yearly', '2026-01-01', 'th')).toBe('ราศีมีน: ดวงประจำปี พ.ศ. 2569');
  });

  it('never writes an ISO date, and never a Common Era year in Thai', () => {
    for (const [cadence, start] of [
      ['daily', '2026-03-03'],
      ['weekly', '2026-03-02'],
      ['monthly', '2026-03-01'],
      ['yearly', '2026-01-01'],
    ] as const) {
      for (const sign of ['Aries', 'Virgo', 'Pisces'] as const) {
        const en = signHoroscope(sign, cadence, start, 'en').horoscope;
        const th = signHoroscope(sign, cadence, start, 'th').horoscope;
        for (const h of [en, th]) expect(`${h.title}\n${h.text}`).not.toMatch(/\d{4}-\d{2}(-\d{2})?/);
        expect(`${th.title}\n${th.text}`).not.toMatch(/\b20\d\d\b/);
      }
    }
  });

  it('times a day’s events on the reader’s clock, and names the clock', () => {
    const utc = signHoroscope('Pisces', 'daily', '2026-03-03', 'en').horoscope.text;
    expect(utc).toMatch(/11:33 UTC/);
    const bangkok = signHoroscope('Pisces', 'daily', '2026-03-03', 'th', 420).horoscope.text;
    expect(bangkok).toMatch(/18:33 น\. \(UTC\+7\)/);
  });
});

describe('written from the period’s real sky', () => {
  const ECLIPSE = { en: 'total lunar eclipse', th: 'จันทรุปราคาเต็มดวง' } as const;
  const houseIn = (locale: 'en' | 'th', house: number) => (locale === 'en' ? `${ORDINAL[house]} house` : `เรือนที่ ${house}`);

  it('reads the total lunar eclipse of 3 March 2026 in March 2026, in each sign’s solar house of Virgo', () => {
    for (const locale of ['en', 'th'] as const) {
      for (const sign of ZODIAC_SIGNS) {
        const month = signHoroscope(sign, 'monthly', '2026-03-01', locale);
        const eclipse = month.horoscope.events.find((e) => e.kind === 'lunar_eclipse');
        expect(eclipse).toMatchObject({ eclipse: 'total', sign: 'Virgo', house: solarHouse('Virgo', sign) });
        expect(eclipse!.utc.slice(0, 16)).toBe('2026-03-03T11:33');
        const told = sentencesOf(month).find((s) => s.includes(ECLIPSE[locale]));
        expect(told).toContain(houseIn(locale, solarHouse('Virgo', sign)));
        const week = signHoroscope(sign, 'weekly', '2026-03-02', locale).horoscope.text;
        expect(week).toContain(ECLIPSE[locale]);
      }
    }
  });

  it('reads the eclipse on the day and on the three days either side of it, and not beyond', () => {
    for (const locale of ['en', 'th'] as const) {
      for (const sign of ['Aries', 'Virgo', 'Pisces'] as const) {
        for (const day of ['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']) {
          const h = signHoroscope(sign, 'daily', day, locale).horoscope;
          expect(h.text).toContain(ECLIPSE[locale]);
          expect(h.text).toContain(houseIn(locale, solarHouse('Virgo', sign)));
        }
        for (const day of ['2026-02-27', '2026-03-07'])
          expect(signHoroscope(sign, 'daily', day, locale).horoscope.text).not.toContain(ECLIPSE[locale]);
      }
    }
  });

  it('reads the day’s changes of sign and stations, the Moon’s too, in the solar houses', () => {
    // 2 March 2026: the Moon enters Virgo at 12:33 UT and Mars enters Pisces at 14:15 UT; 20 March: the equinox and Mercury direct
    const second = signHoroscope('Gemini', 'daily', '2026-03-02', 'en');
    expect(second.horoscope.events.map((e) => [e.kind, e.body, e.sign, e.house])).toEqual([
      ['ingress', 'Moon', 'Virgo', solarHouse('Virgo', 'Gemini')],
      ['ingress', 'Mars', 'Pisces', solarHouse('Pisces', 'Gemini')],
      ['lunar_eclipse', null, 'Virgo', solarHouse('Virgo', 'Gemini')],
    ]);
    expect(second.horoscope.text).toMatch(/The Moon .*12:33 UTC/);
    expect(second.horoscope.text).toMatch(/Mars .*Pisces.*14:15 UTC.*10th house/);
    const twentieth = signHoroscope('Gemini', 'daily', '2026-03-20', 'en').horoscope;
    expect(twentieth.events.map((e) => [e.kind, e.body])).toEqual(
      expect.arrayContaining([
        ['ingress', 'Sun'],
        ['station_direct', 'Mercury'],
      ]),
    );
    expect(twentieth.text).toMatch(/Mercury .*direct/);
  });

  it('says briefly that a day brings nothing new, and only then', () => {
    const QUIET = {
      en: /Nothing new in the sky|A quiet day for|No new event in the sky|The sky is calm for/,
      th: /ไม่มีเรื่องใหม่|วันสงบสำหรับ|ไม่มีเหตุการณ์ใหม่|ท้องฟ้าสงบสำหรับ/,
    };
    let quietDays = 0;
    for (const locale of ['en', 'th'] as const) {
      for (let d = 1; d <= 31; d++) {
        const day = `2026-03-${String(d).padStart(2, '0')}`;
        const h = signHoroscope('Leo', 'daily', day, locale);
        const quiet = h.horoscope.events.length === 0;
        expect(QUIET[locale].test(h.horoscope.text)).toBe(quiet);
        if (!quiet) continue;
        quietDays++;
        // the opening line, the sentence that says so, the Moon: no filling
        expect(sentencesOf(h)).toHaveLength(3);
      }
    }
    expect(quietDays).toBeGreaterThanOrEqual(8);
  });
});

describe('personal horoscopes', () => {
  // Ploy: Bangkok, 10 March 1985 11:20 (UTC+7), 04:20 UT
  const birth = birthAt(new Date('1985-03-10T04:20:00Z'), 13.75, 100.5);
  const cusps = () => {
    const out = execFileSync(
      'swetest',
      [
        `-bj${julianDayUt(birth.instant).toFixed(9)}`,
        '-ut',
        '-p',
        '-house100.5,13.75,P',
        '-fPl',
        '-g,',
        '-head',
        '-eswe',
        `-edir${ephemerisPath}`,
      ],
      {
        encoding: 'utf8',
      },
    );
    return out
      .trim()
      .split('\n')
      .slice(0, 12)
      .map((line) => Number(line.split(',')[1]));
  };

  it('reads the eclipse in the natal house where swetest’s Placidus cusps put it, on the reader’s clock', () => {
    const h = horoscopeFor(
      { kind: 'natal', birth, name: 'Ploy' },
      { cadence: 'daily', startDate: '2026-03-03', timezoneOffsetMinutes: 420 },
      'en',
      ephemerisPath,
    );
    expect(h.title).toBe('Ploy: your horoscope for Tuesday 3 March 2026');
    const eclipse = h.events.find((e) => e.kind === 'lunar_eclipse')!;
    const c = cusps();
    const house = c.findIndex((cusp, i) => normalizeDegrees(eclipse.longitude - cusp) < normalizeDegrees(c[(i + 1) % 12] - cusp)) + 1;
    expect(eclipse.house).toBe(house);
    expect(h.text).toContain(`${ORDINAL[house]} house`);
    expect(h.text).toContain('18:33 UTC+7');
  });

  it('reads transits within the orb, checked against the ephemeris', () => {
    const h = horoscopeFor(
      { kind: 'natal', birth: birthAt(new Date('1990-05-04T07:30:00Z'), 13.75, 100.5), name: 'Ada' },
      { cadence: 'weekly', startDate: '2026-11-23', timezoneOffsetMinutes: 0 },
      'en',
      ephemerisPath,
    );
    expect(h.period.end).toBe('2026-11-29');
    expect(h.title).toBe('Ada: your horoscope for the week of Monday 23 to Sunday 29 November 2026');
    const jd = julianDayUt(new Date(h.period.reference_instant_utc));
    const natalJd = julianDayUt(new Date('1990-05-04T07:30:00Z'));
    for (const t of h.transits.filter((x) => !['Ascendant', 'Midheaven'].includes(x.to))) {
      const a = bodyAt(jd, t.transiting as BodyName, ephemerisPath).longitude;
      const b = bodyAt(natalJd, t.to as BodyName, ephemerisPath).longitude;
      let separation = normalizeDegrees(a - b);
      if (separation > 180) separation = 360 - separation;
      expect(Math.abs(separation - ASPECT_ANGLES[t.aspect])).toBeCloseTo(t.orb!, 1);
      expect(t.orb!).toBeLessThanOrEqual(4);
      expect(h.text).toContain(t.text);
    }
    expect(h.transits.some((t) => t.transiting === 'Moon')).toBe(false); // the Moon does not colour a week
  });
});

describe('every template filled', () => {
  it('in English and Thai, for every sign and cadence', () => {
    for (const locale of ['en', 'th']) {
      for (const cadence of ['daily', 'weekly', 'monthly', 'yearly'] as const) {
        for (const sign of ZODIAC_SIGNS) {
          const h = horoscopeFor(
            { kind: 'sun_sign', sign },
            { cadence, startDate: '2025-07-01', timezoneOffsetMinutes: 0 },
            locale,
            ephemerisPath,
            {
              tone: 'mystical',
            },
          );
          expect(h.locale).toBe(locale);
          expect(h.text).not.toMatch(/\{\w+\}|undefined|null/);
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
    const sky = (h: ReturnType<typeof horoscopeFor>) => [h.transits.map(({ text: _text, ...transit }) => transit), h.events];
    for (const locale of ['en', 'th'] as const) {
      for (const cadence of ['daily', 'weekly', 'monthly', 'yearly'] as const) {
        for (const sign of ZODIAC_SIGNS) {
          const period = { cadence, startDate: '2025-07-01', timezoneOffsetMinutes: 0 };
          const workplace = horoscopeFor({ kind: 'sun_sign', sign }, period, locale, ephemerisPath, { safety_mode: 'workplace' });
          const personal = horoscopeFor({ kind: 'sun_sign', sign }, period, locale, ephemerisPath);
          expect(sky(workplace)).toEqual(sky(personal));
          expect(workplace.text).not.toMatch(/\{\w+\}|undefined/);
          expect(workplaceOffences([{ path: `${sign} ${cadence}`, text: workplace.text }], locale)).toEqual([]);
        }
      }
    }
  });
});
