/** Position on the 90° dial: the longitude modulo 90 (0° Aries, Cancer, Libra, Capricorn all fall at 0). */
export const dialPosition = (longitude: number) => ((longitude % 90) + 90) % 90;

/**
 * Distance on the dial read with both ends of the pointer, as the Hamburg School reads the 90°
 * dial: two points 45° apart on the dial (a 45° or 135° aspect in the zodiac) are in contact too,
 * so the distance is taken modulo 45 (0 … 22.5°).
 */
export function dialDistance(a: number, b: number): number {
  const d = (((a - b) % 45) + 45) % 45;
  return Math.min(d, 45 - d);
}

/** The nearer midpoint of two longitudes, on the dial (the far midpoint is 180° away: the same dial point). */
export function dialMidpoint(a: number, b: number): number {
  return dialPosition((a + b) / 2);
}

/** Degrees as d°mm′ (e.g. 1°30′), for labels. */
export function formatDegrees(value: number): string {
  let d = Math.floor(value);
  let m = Math.round((value - d) * 60);
  if (m === 60) {
    d += 1;
    m = 0;
  }
  return `${d}°${String(m).padStart(2, '0')}′`;
}
