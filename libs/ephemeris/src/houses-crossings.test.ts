import { loadConfig } from '@astro/config';
import { longitudeCrossings, nextLongitudeCrossing, previousLongitudeCrossing, signedArc } from './crossings';
import { houseOf, houses } from './houses';
import { bodyAt } from './planets';
import { equationOfTimeMinutes, nextRiseSet } from './rise-set';
import { instantFromJulianDayUt, instantFromLocal, julianDayUt } from './time';

const ephemerisPath = loadConfig({}).ephemerisPath;
const jd = (iso: string) => julianDayUt(new Date(iso));
const minutesBetween = (a: number, b: number) => Math.abs(a - b) * 24 * 60;

describe('instantFromLocal', () => {
  it('turns a civil date, clock time and offset into the UTC instant', () => {
    expect(instantFromLocal('1981-09-13', '01:30', 330 * 60).toISOString()).toBe('1981-09-12T20:00:00.000Z');
    expect(instantFromLocal('2000-01-01', '00:00:30', -300 * 60).toISOString()).toBe('2000-01-01T05:00:30.000Z');
  });
  it.each([
    ['2023-02-29', '10:00'],
    ['2023-13-01', '10:00'],
    ['2023-01-01', '24:00'],
    ['2023-01-01', '10:60'],
    ['0099-01-01', '10:00'],
  ])('refuses %s %s', (date, time) => expect(() => instantFromLocal(date, time, 0)).toThrow());
});

describe('houses', () => {
  const at = jd('1990-06-15T08:30:00Z');

  it('whole sign cusps start at 0° of each sign from the Ascendant sign', () => {
    const h = houses(at, 40.7, -74, 'W', ephemerisPath);
    expect(h.cusps[0]).toBe(Math.floor(h.ascendant / 30) * 30);
    h.cusps.forEach((c, i) => expect(c).toBeCloseTo((h.cusps[0] + 30 * i) % 360, 9));
  });

  it('equal houses are 30° apart starting at the Ascendant', () => {
    const h = houses(at, 40.7, -74, 'E', ephemerisPath);
    h.cusps.forEach((c, i) => expect(c).toBeCloseTo((h.ascendant + 30 * i) % 360, 9));
  });

  it('Placidus and Koch put the Ascendant on cusp 1 and the Midheaven on cusp 10', () => {
    for (const system of ['P', 'K'] as const) {
      const h = houses(at, 51.5, -0.1, system, ephemerisPath);
      expect(h.cusps[0]).toBeCloseTo(h.ascendant, 9);
      expect(h.cusps[9]).toBeCloseTo(h.midheaven, 9);
      expect(h.used).toBe(system);
      expect(h.warnings).toEqual([]);
    }
  });

  it('falls back to Porphyry inside the polar circle and says so', () => {
    const h = houses(at, 78.2, 15.6, 'P', ephemerisPath); // Longyearbyen
    expect(h.used).toBe('O');
    expect(h.warnings[0]).toMatch(/Placidus houses are undefined at latitude 78.2/);
    expect(h.cusps).toHaveLength(12);
  });

  it('houseOf places longitudes between cusps, across 0° Aries', () => {
    const cusps = [350, 20, 50, 80, 110, 140, 170, 200, 230, 260, 290, 320];
    expect(houseOf(355, cusps)).toBe(1);
    expect(houseOf(5, cusps)).toBe(1);
    expect(houseOf(20, cusps)).toBe(2);
    expect(houseOf(349.9, cusps)).toBe(12);
  });
});

describe('longitude crossings', () => {
  it('finds the March 2024 equinox (USNO: 2024-03-20 03:06 UTC) as the Sun reaching 0°', () => {
    const hit = nextLongitudeCrossing('Sun', 0, jd('2024-03-01T00:00:00Z'), ephemerisPath)!;
    expect(minutesBetween(hit, jd('2024-03-20T03:06:00Z'))).toBeLessThan(1);
    expect(minutesBetween(previousLongitudeCrossing('Sun', 0, jd('2024-04-01T00:00:00Z'), ephemerisPath)!, hit)).toBeLessThan(1e-3);
  });

  it('finds every crossing of a retrograde planet, each one exact', () => {
    // Mercury retrogrades three times a year: over two years some degree is crossed three times.
    const hits = longitudeCrossings('Mercury', 100, jd('2023-01-01T00:00:00Z'), jd('2025-01-01T00:00:00Z'), ephemerisPath);
    expect(hits.length).toBeGreaterThanOrEqual(2);
    for (const h of hits) expect(Math.abs(signedArc(bodyAt(h, 'Mercury', ephemerisPath).longitude, 100))).toBeLessThan(1e-5);
    const saturn = longitudeCrossings(
      'Saturn',
      330,
      jd('2023-01-01T00:00:00Z'),
      jd('2024-12-31T00:00:00Z'),
      ephemerisPath,
      'sidereal_lahiri',
    );
    for (const h of saturn)
      expect(Math.abs(signedArc(bodyAt(h, 'Saturn', ephemerisPath, 'sidereal_lahiri').longitude, 330))).toBeLessThan(1e-5);
  });

  it('signedArc takes the short way round', () => {
    expect(signedArc(350, 10)).toBe(-20);
    expect(signedArc(10, 350)).toBe(20);
    expect(signedArc(190, 10)).toBe(180);
  });
});

describe('rise, set and the equation of time', () => {
  it('times sunrise at Greenwich on the June solstice near the almanac value (03:43 UTC)', () => {
    const rise = nextRiseSet(jd('2024-06-20T00:00:00Z'), 'Sun', 'rise', { latitude: 51.4779, longitude: 0 }, ephemerisPath)!;
    expect(minutesBetween(rise, jd('2024-06-20T03:43:00Z'))).toBeLessThan(2);
    expect(instantFromJulianDayUt(rise).toISOString().slice(0, 10)).toBe('2024-06-20');
  });

  it('has no sunset at the North Cape at midsummer', () => {
    expect(nextRiseSet(jd('2024-06-21T00:00:00Z'), 'Sun', 'set', { latitude: 71.17, longitude: 25.78 }, ephemerisPath)).toBeNull();
  });

  it('gives the equation of time near its early-November maximum of about +16.4 minutes', () => {
    expect(equationOfTimeMinutes(jd('2024-11-03T12:00:00Z'), ephemerisPath)).toBeCloseTo(16.4, 0);
  });
});
