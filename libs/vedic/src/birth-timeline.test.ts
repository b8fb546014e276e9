import { execFileSync } from 'node:child_process';
import { loadConfig } from '@astro/config';
import { birthOf, deltaTSeconds, julianDayUt } from '@astro/ephemeris';
import { birthPanchang } from './birth-panchang';
import { sadeSati, sadeSatiCycles } from './sade-sati';

const ephemerisPath = loadConfig({}).ephemerisPath;
const delhi = (date: string, time: string) =>
  birthOf({ date, time, latitude: 28.6139, longitude: 77.209, timezoneOffsetMinutes: 330, timezone: 'Asia/Kolkata' });

describe('the Sade Sati periods of a life', () => {
  // A Moon in sidereal Aquarius (25 February 1990, noon at New Delhi: 311.35°).
  const birth = delhi('1990-02-25', '12:00');
  const cycles = sadeSatiCycles(birth, ephemerisPath);

  it("follow Saturn's sidereal ingresses as the almanacs publish them (dates in India)", () => {
    // Saturn (Lahiri) entered Capricorn on 24 January 2020, Aquarius on 29 April 2022, went back into
    // Capricorn on 12 July 2022, re-entered Aquarius on 17 January 2023 and entered Pisces on 29 March 2025
    // (drikpanchang.com, "Shani Gochar" / Saturn transit dates, New Delhi).
    const second = cycles.find((c) => c.start.startsWith('2020'))!;
    expect(second.stays.slice(0, 5)).toEqual([
      { phase: 1, sign: 9, start: '2020-01-24', end: '2022-04-29' },
      { phase: 2, sign: 10, start: '2022-04-29', end: '2022-07-12' },
      { phase: 1, sign: 9, start: '2022-07-12', end: '2023-01-17' },
      { phase: 2, sign: 10, start: '2023-01-17', end: '2025-03-29' },
      { phase: 3, sign: 11, start: '2025-03-29', end: '2027-06-03' },
    ]);
  });

  it('give one passage about every 29½ years, the first one running at birth', () => {
    expect(cycles.map((c) => c.start.slice(0, 4))).toEqual(['1990', '2020', '2049', '2079']);
    for (const c of cycles) expect(c.stays.every((s) => s.start < s.end)).toBe(true);
  });

  it.each(['1991-01-01', '2021-06-01', '2026-03-10', '2030-01-01', '2050-01-01'])(
    'hold the period POST /api/v3/vedic/sade-sati names on %s, from its first date to its last',
    (asOf) => {
      const route = sadeSati(birth, new Date(`${asOf}T00:00:00Z`), ephemerisPath);
      const stays = cycles.flatMap((c) => c.stays);
      const first = stays.findIndex((s) => s.start === route.startDate);
      expect(first).toBeGreaterThanOrEqual(0);
      // the route's period is one unbroken stay in the three signs: consecutive stays up to its end
      let i = first;
      while (stays[i].end !== route.endDate) {
        expect(stays[i + 1].start).toBe(stays[i].end);
        i++;
      }
    },
  );
});

/** Sidereal (Lahiri) Sun and Moon from swetest at an instant, given in TT with our ΔT (as panchang.test.ts does). */
function swetestSunMoon(instant: Date): { sun: number; moon: number } {
  const jdUt = julianDayUt(instant);
  const jdTt = jdUt + deltaTSeconds(jdUt, ephemerisPath) / 86_400;
  const out = execFileSync(
    'swetest',
    [`-bj${jdTt.toFixed(9)}`, '-sid1', '-p01', '-fPl', '-g,', '-head', '-eswe', `-edir${ephemerisPath}`],
    {
      encoding: 'utf8',
    },
  );
  const [sun, moon] = out
    .trim()
    .split('\n')
    .map((line) => Number(line.split(',')[1]));
  return { sun, moon };
}

describe('the panchang of a birth', () => {
  it.each([
    ['2026-01-14', '05:00'],
    ['1985-03-10', '11:20'],
    ['1944-08-20', '07:11'],
    ['2000-02-29', '23:45'],
  ])('born %s %s at New Delhi: each limb is the one swetest gives at the birth instant', (date, time) => {
    const birth = delhi(date, time);
    const p = birthPanchang(birth, ephemerisPath);
    const { sun, moon } = swetestSunMoon(birth.instant);
    const elongation = (((moon - sun) % 360) + 360) % 360;
    expect(p.tithi.number).toBe(Math.floor(elongation / 12) + 1);
    expect(p.karana.number).toBe(Math.floor(elongation / 6) + 1);
    expect(p.nakshatra.number).toBe(Math.floor(moon / (40 / 3)) + 1);
    expect(p.yoga.number).toBe(Math.floor((((sun + moon) % 360) / 40) * 3) + 1);
  });

  it('takes the vara of the previous civil day before sunrise (the Hindu day runs from sunrise)', () => {
    // 14 January 2026 is a Wednesday; at 05:00 in New Delhi the Sun has not risen (07:15), so it is still Tuesday's vara.
    const early = birthPanchang(delhi('2026-01-14', '05:00'), ephemerisPath);
    expect(early.day.date).toBe('2026-01-13');
    expect(early.vara.name).toBe('Mangalavara');
    const late = birthPanchang(delhi('2026-01-14', '09:00'), ephemerisPath);
    expect([late.day.date, late.vara.name]).toEqual(['2026-01-14', 'Budhavara']);
  });
});
