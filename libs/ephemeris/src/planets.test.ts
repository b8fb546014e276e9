import * as os from 'node:os';
import { loadConfig } from '@astro/config';
import { EphemerisRangeError, EphemerisUnavailableError } from './errors';
import { planetPositions } from './planets';
import { signOf } from './zodiac';

const ephemerisPath = loadConfig({}).ephemerisPath;
const longitudeOf = (iso: string, body: string) =>
  planetPositions(new Date(iso), ephemerisPath).bodies.find((b) => b.name === body)!.longitude;
const angularDistance = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe('planetPositions', () => {
  it('lists Sun to Pluto, the true node and Chiron with signs and motion', () => {
    const { bodies, julianDayUt } = planetPositions(new Date('2000-01-01T12:00:00Z'), ephemerisPath);
    expect(julianDayUt).toBe(2451545);
    expect(bodies.map((b) => b.name)).toEqual([
      'Sun',
      'Moon',
      'Mercury',
      'Venus',
      'Mars',
      'Jupiter',
      'Saturn',
      'Uranus',
      'Neptune',
      'Pluto',
      'North Node',
      'Chiron',
    ]);
    for (const b of bodies) {
      expect(b.longitude).toBeGreaterThanOrEqual(0);
      expect(b.longitude).toBeLessThan(360);
      expect(b.retrograde).toBe(b.speed < 0);
      expect(signOf(b.longitude).sign).toBe(b.sign);
    }
  });

  // Outside references: the instants of equinoxes and solstices published by the US Naval
  // Observatory; at those instants the Sun's apparent longitude is exactly 0°, 90°, 180°, 270°.
  it.each([
    ['2024-03-20T03:06:00Z', 0],
    ['2024-06-20T20:51:00Z', 90],
    ['2024-09-22T12:44:00Z', 180],
    ['2024-12-21T09:20:00Z', 270],
    ['2000-03-20T07:35:00Z', 0],
  ])('puts the Sun at the USNO season instant %s at %d°', (iso, expected) => {
    // The published times are rounded to the minute; the Sun moves 0.0007° per minute.
    expect(angularDistance(longitudeOf(iso, 'Sun'), expected)).toBeLessThan(0.0015);
  });

  it('refuses instants outside the 1800–2399 ephemeris files with a range error', () => {
    expect(() => planetPositions(new Date('1799-12-31T23:59:59Z'), ephemerisPath)).toThrow(EphemerisRangeError);
    expect(() => planetPositions(new Date('1800-01-01T05:59:59Z'), ephemerisPath)).toThrow(EphemerisRangeError);
    expect(() => planetPositions(new Date('2400-01-01T00:00:00Z'), ephemerisPath)).toThrow(
      /between 1800-01-01T06:00:00Z and 2399-12-31T23:59:59Z/,
    );
    expect(() => planetPositions(new Date('1800-01-01T06:00:00Z'), ephemerisPath)).not.toThrow();
    expect(() => planetPositions(new Date('2399-12-31T23:59:59Z'), ephemerisPath)).not.toThrow();
  });

  it('says the ephemeris is unavailable when the files are missing, instead of degrading silently', () => {
    expect(() => planetPositions(new Date('2000-01-01T00:00:00Z'), os.tmpdir())).toThrow(EphemerisUnavailableError);
  });
});

describe('signOf', () => {
  it.each([
    [0, 'Aries', 0],
    [29.999, 'Aries', 29.999],
    [30, 'Taurus', 0],
    [359.5, 'Pisces', 29.5],
    [-10, 'Pisces', 20],
    [370, 'Aries', 10],
  ])('maps %d° to %s %d°', (lon, sign, degree) => {
    const result = signOf(lon);
    expect(result.sign).toBe(sign);
    expect(result.signDegree).toBeCloseTo(degree, 9);
  });
});
