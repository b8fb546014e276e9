export const ZODIAC_SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
] as const;

export type ZodiacSign = (typeof ZODIAC_SIGNS)[number];

export function normalizeDegrees(value: number): number {
  const r = value % 360;
  return r < 0 ? r + 360 : r;
}

export function signOf(longitude: number): { sign: ZodiacSign; signDegree: number } {
  const lon = normalizeDegrees(longitude);
  const index = Math.min(11, Math.floor(lon / 30));
  return { sign: ZODIAC_SIGNS[index], signDegree: lon - index * 30 };
}
