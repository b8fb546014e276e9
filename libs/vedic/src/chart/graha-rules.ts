import { ZODIAC_SIGNS } from '@astro/ephemeris';

/**
 * Classical facts about the seven grahas (Sun to Saturn) and the twelve signs, as Brihat Parashara
 * Hora Shastra (BPHS) gives them: lordship, exaltation, moolatrikona and natural relationships.
 * Signs are numbered 0 (Aries) to 11 (Pisces); longitudes are sidereal degrees.
 */
export const GRAHAS = ['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn'] as const;
export type Graha = (typeof GRAHAS)[number];

/** The twelve sidereal signs by name, Aries first (the same names as the tropical zodiac). */
export const SIGN_NAMES = ZODIAC_SIGNS;

export const SIGN_LORDS: readonly Graha[] = [
  'Mars',
  'Venus',
  'Mercury',
  'Moon',
  'Sun',
  'Mercury',
  'Venus',
  'Mars',
  'Jupiter',
  'Saturn',
  'Saturn',
  'Jupiter',
];

/** Deep exaltation points (BPHS 3.49–50); deep debilitation is 180° from each. */
export const EXALTATION_POINT: Record<Graha, number> = { Sun: 10, Moon: 33, Mars: 298, Mercury: 165, Jupiter: 95, Venus: 357, Saturn: 200 };

/** Moolatrikona sign and degree range within it (BPHS 3.51–54). */
export const MOOLATRIKONA: Record<Graha, { sign: number; from: number; to: number }> = {
  Sun: { sign: 4, from: 0, to: 20 },
  Moon: { sign: 1, from: 3, to: 30 },
  Mars: { sign: 0, from: 0, to: 12 },
  Mercury: { sign: 5, from: 15, to: 20 },
  Jupiter: { sign: 8, from: 0, to: 10 },
  Venus: { sign: 6, from: 0, to: 15 },
  Saturn: { sign: 10, from: 0, to: 20 },
};

export type Relation = 'friend' | 'neutral' | 'enemy';

/** Natural (naisargika) friendships, BPHS 3.55. */
const NATURAL_FRIENDS: Record<Graha, Graha[]> = {
  Sun: ['Moon', 'Mars', 'Jupiter'],
  Moon: ['Sun', 'Mercury'],
  Mars: ['Sun', 'Moon', 'Jupiter'],
  Mercury: ['Sun', 'Venus'],
  Jupiter: ['Sun', 'Moon', 'Mars'],
  Venus: ['Mercury', 'Saturn'],
  Saturn: ['Mercury', 'Venus'],
};
const NATURAL_ENEMIES: Record<Graha, Graha[]> = {
  Sun: ['Venus', 'Saturn'],
  Moon: [],
  Mars: ['Mercury'],
  Mercury: ['Moon'],
  Jupiter: ['Mercury', 'Venus'],
  Venus: ['Sun', 'Moon'],
  Saturn: ['Sun', 'Moon', 'Mars'],
};

export function naturalRelation(of: Graha, towards: Graha): Relation {
  if (NATURAL_FRIENDS[of].includes(towards)) return 'friend';
  if (NATURAL_ENEMIES[of].includes(towards)) return 'enemy';
  return 'neutral';
}

export function normalize360(value: number): number {
  const r = value % 360;
  return r < 0 ? r + 360 : r;
}

export function signIndex(longitude: number): number {
  return Math.min(11, Math.floor(normalize360(longitude) / 30));
}

export function degreeInSign(longitude: number): number {
  return normalize360(longitude) - signIndex(longitude) * 30;
}

/** Houses counted inclusively from one sign to another (same sign = 1). */
export function houseFrom(fromSign: number, toSign: number): number {
  return ((toSign - fromSign + 12) % 12) + 1;
}

/** Shortest arc between two longitudes, 0 to 180. */
export function arcBetween(a: number, b: number): number {
  const d = Math.abs(normalize360(a) - normalize360(b));
  return d > 180 ? 360 - d : d;
}

export function ownsSign(graha: Graha, sign: number): boolean {
  return SIGN_LORDS[sign] === graha;
}

export function isExaltationSign(graha: Graha, sign: number): boolean {
  return signIndex(EXALTATION_POINT[graha]) === sign;
}

export function isDebilitationSign(graha: Graha, sign: number): boolean {
  return signIndex(EXALTATION_POINT[graha] + 180) === sign;
}

/**
 * Graha drishti counted by sign (BPHS 26.2–5): every graha aspects the 7th sign from itself in full;
 * Mars also the 4th and 8th, Jupiter the 5th and 9th, Saturn the 3rd and 10th.
 */
const SPECIAL_ASPECTS: Partial<Record<Graha, number[]>> = { Mars: [4, 8], Jupiter: [5, 9], Saturn: [3, 10] };
export function aspectsSign(graha: Graha, fromSign: number, toSign: number): boolean {
  const house = houseFrom(fromSign, toSign);
  return house === 7 || (SPECIAL_ASPECTS[graha] ?? []).includes(house);
}

/** The lord of a house (1–12) counted by sign from the lagna's sign. */
export const houseLord = (lagnaSign: number, house: number): Graha => SIGN_LORDS[(lagnaSign + house - 1) % 12];
