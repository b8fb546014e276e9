import { loadConfig } from '@astro/config';
import { eclipticToDeclination, trueObliquity } from './obliquity';
import { julianDayUt } from './time';

const ephemerisPath = loadConfig({}).ephemerisPath;

describe('obliquity and declination', () => {
  it('gives the true obliquity of J2000 near the IAU value (mean 23.4393° plus nutation of about −0.004°)', () => {
    const eps = trueObliquity(julianDayUt(new Date('2000-01-01T12:00:00Z')), ephemerisPath);
    expect(eps).toBeGreaterThan(23.433);
    expect(eps).toBeLessThan(23.441);
  });

  it('puts the solstice points at ±ε and the equinox points on the equator', () => {
    expect(eclipticToDeclination(90, 0, 23.44)).toBeCloseTo(23.44, 9);
    expect(eclipticToDeclination(270, 0, 23.44)).toBeCloseTo(-23.44, 9);
    expect(eclipticToDeclination(0, 0, 23.44)).toBeCloseTo(0, 9);
    // An ecliptic pole (latitude 90°) sits at declination 90° − ε.
    expect(eclipticToDeclination(90, 90, 23.44)).toBeCloseTo(66.56, 9);
  });
});
