import { Birth, bodyAt, houseOf, houses, julianDayUt, signOf, ZODIAC_SIGNS, ZodiacSign } from '@astro/ephemeris';
import { readerSeed } from './horoscope-variety';

export type HoroscopeTarget = { kind: 'natal'; birth: Birth; name?: string } | { kind: 'sun_sign'; sign: ZodiacSign };

const NATAL_POINTS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;

/**
 * Whom a horoscope is read for, and so where each part of the sky falls for them: in a natal
 * chart's Placidus houses, or, for a sun sign, in the solar houses (whole signs counted from the
 * sign itself as the 1st, the method of newspaper horoscopes).
 */
export interface HoroscopeReader {
  kind: 'natal' | 'sun_sign';
  sunSign: ZodiacSign;
  /** the reader's house (1–12) of an ecliptic longitude */
  houseOf: (longitude: number) => number;
  /** natal Sun–Pluto, Ascendant and Midheaven; none for a sun sign */
  natalPoints: { name: string; longitude: number }[];
  /** the name in the title: the person's, or the sign's (the caller fills it in) */
  name: string | null;
  /** turns the choice of written variants per reader (horoscope-variety.ts) */
  seed: number;
}

export function horoscopeReader(target: HoroscopeTarget, ephemerisPath: string): HoroscopeReader {
  if (target.kind === 'sun_sign') {
    const own = ZODIAC_SIGNS.indexOf(target.sign);
    return {
      kind: 'sun_sign',
      sunSign: target.sign,
      houseOf: (longitude) => ((ZODIAC_SIGNS.indexOf(signOf(longitude).sign) - own + 12) % 12) + 1,
      natalPoints: [],
      name: null,
      seed: own,
    };
  }
  const natalJd = julianDayUt(target.birth.instant);
  const chart = houses(natalJd, target.birth.latitude, target.birth.longitude, 'P', ephemerisPath);
  const natalPoints = [
    ...NATAL_POINTS.map((name) => ({ name, longitude: bodyAt(natalJd, name, ephemerisPath).longitude })),
    { name: 'Ascendant', longitude: chart.ascendant },
    { name: 'Midheaven', longitude: chart.midheaven },
  ];
  return {
    kind: 'natal',
    sunSign: signOf(natalPoints[0].longitude).sign,
    houseOf: (longitude) => houseOf(longitude, chart.cusps),
    natalPoints,
    name: target.name ?? null,
    seed: readerSeed(target.birth.instant.toISOString()),
  };
}
