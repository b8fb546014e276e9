import { degreeInSign, houseFrom, signIndex } from './chart/graha-rules';
import { vargaSign } from './chart/vargas';
import { drekkanaBala, kendradiBala, ojayugmaBala, uchchaBala } from './shadbala/sthana';
import { drishtiValue } from './shadbala/drik';
import { NAISARGIKA, REQUIRED_VIRUPA } from './shadbala/shadbala';

// The rules as BPHS states them (chapters 6, 26, 27), checked at points the text itself names.
describe('vargas (BPHS 6)', () => {
  it.each([
    [0, 9, 0, 'navamsa of 0° Aries is Aries (movable signs start from themselves)'],
    [3.5, 9, 1, 'second navamsa of Aries is Taurus'],
    [30, 9, 9, 'navamsa of 0° Taurus is Capricorn (fixed signs start from the 9th)'],
    [60, 9, 6, 'navamsa of 0° Gemini is Libra (dual signs start from the 5th)'],
    [5, 2, 4, "first half of an odd sign is the Sun's hora (Leo)"],
    [35, 2, 3, "first half of an even sign is the Moon's hora (Cancer)"],
    [25, 3, 8, 'third drekkana of Aries is the 9th sign, Sagittarius'],
    [34, 7, 7, 'first saptamsa of Taurus (even) starts from the 7th, Scorpio'],
    [29, 12, 11, 'last dvadasamsa of Aries is Pisces'],
    [3, 30, 0, 'odd sign 0–5°: Mars, Aries'],
    [7, 30, 10, 'odd sign 5–10°: Saturn, Aquarius'],
    [33, 30, 1, 'even sign 0–5°: Venus, Taurus'],
    [58, 30, 7, 'even sign 25–30°: Mars, Scorpio'],
  ] as const)('longitude %d° in D%d is sign %d: %s', (lon, varga, sign, _why) => {
    expect(vargaSign(lon, varga)).toBe(sign);
  });
});

describe('sthana bala rules (BPHS 27)', () => {
  it('uchcha bala is 60 at deep exaltation, 0 at deep debilitation, 30 halfway', () => {
    expect(uchchaBala('Sun', 10)).toBeCloseTo(60, 9);
    expect(uchchaBala('Sun', 190)).toBeCloseTo(0, 9);
    expect(uchchaBala('Saturn', 290)).toBeCloseTo(30, 9);
  });
  it('ojayugma favours even signs for the Moon and Venus, odd for the others', () => {
    expect(ojayugmaBala('Moon', 30.5)).toBe(30); // Taurus, navamsa Capricorn: both even
    expect(ojayugmaBala('Moon', 34)).toBe(15); // Taurus, navamsa Aquarius (odd)
    expect(ojayugmaBala('Sun', 0.5)).toBe(30); // Aries, navamsa Aries
    expect(ojayugmaBala('Sun', 30.5)).toBe(0);
  });
  it('kendradi counts signs from the Lagna: 60 kendra, 30 panaphara, 15 apoklima', () => {
    expect(kendradiBala(275, 5)).toBe(60); // Capricorn from Aries: 10th
    expect(kendradiBala(40, 5)).toBe(30); // 2nd
    expect(kendradiBala(70, 5)).toBe(15); // 3rd
  });
  it('drekkana: male planets first decanate, neuter second, female third', () => {
    expect(drekkanaBala('Mars', 5)).toBe(15);
    expect(drekkanaBala('Saturn', 15)).toBe(15);
    expect(drekkanaBala('Venus', 25)).toBe(15);
    expect(drekkanaBala('Venus', 5)).toBe(0);
  });
  it('naisargika bala steps by 60/7 from Saturn to the Sun; required strengths are BPHS 27.35', () => {
    expect(NAISARGIKA.Sun - NAISARGIKA.Moon).toBeCloseTo(60 / 7, 9);
    expect(NAISARGIKA.Saturn).toBeCloseTo(8.57, 2);
    expect(REQUIRED_VIRUPA).toEqual({ Sun: 390, Moon: 360, Mars: 300, Mercury: 420, Jupiter: 390, Venus: 330, Saturn: 300 });
  });
});

describe('drishti (BPHS 26)', () => {
  it('is full (60) at the 7th and zero within 30° and from 300°', () => {
    expect(drishtiValue('Sun', 180)).toBe(60);
    expect(drishtiValue('Sun', 20)).toBe(0);
    expect(drishtiValue('Sun', 310)).toBe(0);
  });
  it('gives a quarter at the 3rd/10th, a half at the 5th/9th, three quarters at the 4th/8th', () => {
    expect(drishtiValue('Sun', 60)).toBe(15);
    expect(drishtiValue('Sun', 270)).toBe(15);
    expect(drishtiValue('Sun', 120)).toBe(30);
    expect(drishtiValue('Sun', 240)).toBe(30);
    expect(drishtiValue('Sun', 90)).toBe(45);
    expect(drishtiValue('Sun', 210)).toBe(45);
  });
  it('adds the special aspects of Mars, Jupiter and Saturn to full strength at the exact houses', () => {
    expect(drishtiValue('Mars', 90)).toBe(60);
    expect(drishtiValue('Mars', 210)).toBe(60);
    expect(drishtiValue('Jupiter', 120)).toBe(60);
    expect(drishtiValue('Jupiter', 240)).toBe(60);
    expect(drishtiValue('Saturn', 60)).toBe(60);
    expect(drishtiValue('Saturn', 270)).toBe(60);
  });
});

describe('sign arithmetic', () => {
  it('counts houses inclusively and wraps longitudes', () => {
    expect(houseFrom(10, 9)).toBe(12);
    expect(houseFrom(10, 10)).toBe(1);
    expect(houseFrom(10, 11)).toBe(2);
    expect(signIndex(-1)).toBe(11);
    expect(degreeInSign(361)).toBeCloseTo(1, 9);
  });
});
