import { loadConfig } from '@astro/config';
import { yamAtthakan } from './yam-atthakan';

const ephemerisPath = loadConfig({}).ephemerisPath;
const BANGKOK = { latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };

describe('ยามอัฐกาล', () => {
  // Reference: swetest -b09.07.2025 -ut12 -p0 -rise -geopos100.5,13.75,0 → rise 22:56:44.5 UT, set 10.07.2025 11:49:59.5 UT.
  const day = yamAtthakan('2025-07-10', BANGKOK, ephemerisPath);

  it('cuts the day at the real sunrise and sunset of the place (swetest)', () => {
    // Within 30 s of swetest 2.10 (same library and ΔT, but swetest's -rise assumes another
    // temperature than our 0 °C, which moves the refraction slightly): far below the minute to
    // which an almanac prints a watch.
    const seconds = (iso: string) => Date.parse(iso) / 1000;
    expect(Math.abs(seconds(day.sunrise!) - seconds('2025-07-10T05:56:44.5+07:00'))).toBeLessThan(30);
    expect(Math.abs(seconds(day.sunset!) - seconds('2025-07-10T18:49:59.5+07:00'))).toBeLessThan(30);
    expect(day.watches).toHaveLength(16);
    expect(day.watches[0].start).toBe(day.sunrise);
    expect(day.watches[7].end).toBe(day.sunset);
    expect(day.watches[8].start).toBe(day.sunset);
  });

  it('rules the watches from the weekday planet in the day and night orders (a Thursday: Jupiter)', () => {
    expect(day.watches.slice(0, 8).map((w) => w.planet.number)).toEqual([5, 3, 1, 6, 4, 2, 7, 5]);
    expect(day.watches.slice(8).map((w) => w.planet.number)).toEqual([5, 2, 6, 3, 7, 4, 1, 5]);
    expect(day.watches[0]).toMatchObject({ quality: 'good', reason: { th: 'ยามของดาวพฤหัสบดี: ยามดี เหมาะแก่การเริ่มงานมงคล' } });
  });
});
