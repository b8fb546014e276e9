import { execFileSync } from 'node:child_process';
import { loadConfig } from '@astro/config';
import { julianDayUt } from '@astro/ephemeris';
import { SkyEventSelection, skyEvents } from './horoscope-events';

const ephemerisPath = loadConfig().ephemerisPath;
const SLOW = ['Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
const MONTH: SkyEventSelection = { lunations: true, ingresses: ['Sun', ...SLOW], stations: [...SLOW] };
const minute = (utc: string) => utc.slice(0, 16);
const what = (e: ReturnType<typeof skyEvents>[number]) => ('body' in e ? e.body : 'eclipse' in e ? e.eclipse : e.sign);

/** swetest's apparent longitudes of the Sun and the Moon at a UT Julian day (Swiss Ephemeris 2.10, same files). */
function swetestSunMoon(jdUt: number): [number, number] {
  const out = execFileSync('swetest', [`-bj${jdUt.toFixed(9)}`, '-ut', '-p01', '-fl', '-g,', '-head', '-eswe', `-edir${ephemerisPath}`], {
    encoding: 'utf8',
  });
  const [sun, moon] = out.trim().split('\n').map(Number);
  return [sun, moon];
}
const arc = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);

describe('skyEvents', () => {
  it('dates March 2026 as the almanacs do: the eclipsed Full Moon, the New Moon, the equinox, the ingresses and stations', () => {
    const events = skyEvents(new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'), ephemerisPath, MONTH);
    expect(events.map((e) => [e.kind, what(e), minute(e.utc)])).toEqual([
      ['ingress', 'Mars', '2026-03-02T14:15'],
      // the total lunar eclipse of 3 March 2026, greatest at 11:33:37 UT by NASA (11:34:52 TD), takes the Full Moon's place
      ['lunar_eclipse', 'total', '2026-03-03T11:33'],
      ['ingress', 'Venus', '2026-03-06T10:45'],
      ['station_direct', 'Jupiter', '2026-03-11T03:29'],
      // the New Moon of 19 March, 01:23 UT
      ['new_moon', 'Pisces', '2026-03-19T01:23'],
      // the March equinox, 20 March 2026 14:46 UT
      ['ingress', 'Sun', '2026-03-20T14:45'],
      ['station_direct', 'Mercury', '2026-03-20T19:32'],
      ['ingress', 'Venus', '2026-03-30T16:00'],
    ]);
    expect(events.find((e) => e.kind === 'lunar_eclipse')?.sign).toBe('Virgo');
  });

  it('places every lunation of 2026 where swetest has the Moon and the Sun conjoined or opposed, within one arcsecond', () => {
    const events = skyEvents(new Date('2026-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'), ephemerisPath, {
      lunations: true,
      ingresses: [],
      stations: [],
    });
    const lunations = events.filter((e) => e.kind !== 'lunar_eclipse' && e.kind !== 'solar_eclipse');
    // 12 or 13 of each kind a year; those on an eclipse are eclipses (four in 2026)
    expect(lunations.length + events.filter((e) => e.kind.endsWith('eclipse')).length).toBeGreaterThanOrEqual(24);
    for (const e of lunations) {
      const [sun, moon] = swetestSunMoon(julianDayUt(new Date(e.utc)));
      expect(arc(moon - sun, e.kind === 'new_moon' ? 0 : 180)).toBeLessThan(1 / 3600);
    }
  });

  it('finds the Moon’s change of sign when asked, where swetest has the Moon on the sign’s first degree', () => {
    const day = skyEvents(new Date('2026-03-02T00:00:00Z'), new Date('2026-03-03T00:00:00Z'), ephemerisPath, {
      lunations: false,
      ingresses: ['Moon'],
      stations: [],
    });
    expect(day.map((e) => [e.kind, what(e), e.sign, minute(e.utc)])).toEqual([['ingress', 'Moon', 'Virgo', '2026-03-02T12:33']]);
    const [, moon] = swetestSunMoon(julianDayUt(new Date(day[0].utc)));
    expect(arc(moon, 150)).toBeLessThan(1 / 3600);
  });

  it('reports nothing outside the period', () => {
    const from = new Date('2026-03-04T00:00:00Z');
    const to = new Date('2026-03-05T00:00:00Z');
    for (const e of skyEvents(from, to, ephemerisPath, MONTH)) expect(e.utc >= from.toISOString() && e.utc < to.toISOString()).toBe(true);
  });
});
