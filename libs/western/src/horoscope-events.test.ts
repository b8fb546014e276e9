import { loadConfig } from '@astro/config';
import { skyEvents } from './horoscope-events';

const ephemerisPath = loadConfig().ephemerisPath;

describe('skyEvents', () => {
  it('dates March 2026 as the almanacs do: the eclipsed Full Moon, the New Moon, the equinox, two stations', () => {
    const events = skyEvents(new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'), ephemerisPath);
    const minute = (utc: string) => utc.slice(0, 16);
    expect(events.map((e) => [e.kind, 'body' in e ? e.body : e.sign, minute(e.utc)])).toEqual([
      // the total lunar eclipse of 3 March 2026, 11:38 UT; the New Moon of 19 March, 01:23 UT
      ['full_moon', 'Virgo', '2026-03-03T11:37'],
      ['station_direct', 'Jupiter', '2026-03-11T03:29'],
      ['new_moon', 'Pisces', '2026-03-19T01:23'],
      // the March equinox, 20 March 2026 14:46 UT
      ['sun_ingress', 'Aries', '2026-03-20T14:45'],
      ['station_direct', 'Mercury', '2026-03-20T19:32'],
    ]);
  });

  it('finds about two lunations a month and nothing outside the period', () => {
    const from = new Date('2026-01-01T00:00:00Z');
    const to = new Date('2027-01-01T00:00:00Z');
    const lunations = skyEvents(from, to, ephemerisPath).filter((e) => e.kind === 'new_moon' || e.kind === 'full_moon');
    expect(lunations.length).toBeGreaterThanOrEqual(24);
    expect(lunations.length).toBeLessThanOrEqual(26);
    for (const e of lunations) expect(Date.parse(e.utc) >= from.getTime() && Date.parse(e.utc) < to.getTime()).toBe(true);
  });
});
