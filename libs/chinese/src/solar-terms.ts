import { bodyAt, sunLongitudeInstant } from '@astro/ephemeris';

const MS_PER_DAY = 86_400_000;
const UNIX_EPOCH_JD = 2440587.5;
const MEAN_SUN_DEGREES_PER_DAY = 360 / 365.2422;

/** The 24 solar terms (节气) by the Sun's apparent tropical longitude, 冬至 at 270°. */
export const SOLAR_TERMS: { zh: string; en: string; longitude: number }[] = [
  { zh: '春分', en: 'Spring Equinox', longitude: 0 },
  { zh: '清明', en: 'Clear and Bright', longitude: 15 },
  { zh: '谷雨', en: 'Grain Rain', longitude: 30 },
  { zh: '立夏', en: 'Start of Summer', longitude: 45 },
  { zh: '小满', en: 'Grain Buds', longitude: 60 },
  { zh: '芒种', en: 'Grain in Ear', longitude: 75 },
  { zh: '夏至', en: 'Summer Solstice', longitude: 90 },
  { zh: '小暑', en: 'Minor Heat', longitude: 105 },
  { zh: '大暑', en: 'Major Heat', longitude: 120 },
  { zh: '立秋', en: 'Start of Autumn', longitude: 135 },
  { zh: '处暑', en: 'End of Heat', longitude: 150 },
  { zh: '白露', en: 'White Dew', longitude: 165 },
  { zh: '秋分', en: 'Autumn Equinox', longitude: 180 },
  { zh: '寒露', en: 'Cold Dew', longitude: 195 },
  { zh: '霜降', en: "Frost's Descent", longitude: 210 },
  { zh: '立冬', en: 'Start of Winter', longitude: 225 },
  { zh: '小雪', en: 'Minor Snow', longitude: 240 },
  { zh: '大雪', en: 'Major Snow', longitude: 255 },
  { zh: '冬至', en: 'Winter Solstice', longitude: 270 },
  { zh: '小寒', en: 'Minor Cold', longitude: 285 },
  { zh: '大寒', en: 'Major Cold', longitude: 300 },
  { zh: '立春', en: 'Start of Spring', longitude: 315 },
  { zh: '雨水', en: 'Rain Water', longitude: 330 },
  { zh: '惊蛰', en: 'Awakening of Insects', longitude: 345 },
];

export interface TermInForce {
  index: number;
  zh: string;
  en: string;
  longitude: number;
  /** the instant the term began and the instant the next one begins, ms since 1970 UTC */
  startMs: number;
  nextStartMs: number;
}

// Term instants keyed by longitude and the number of tropical years since the term's mean date
// near J2000 (the Sun's mean longitude at J2000 is 280.46°): a guess within days of the term
// rounds to the same key, so a Qi Men chart of a cached term costs one Sun position.
const cache = new Map<string, number>();
const J2000 = 2451545;
const TROPICAL_YEAR = 365.2422;

function termInstant(ephemerisPath: string, longitude: number, guessJd: number): number {
  const meanDate = J2000 + ((((longitude - 280.46) % 360) + 360) % 360) / MEAN_SUN_DEGREES_PER_DAY;
  const key = `${ephemerisPath}|${longitude}|${Math.round((guessJd - meanDate) / TROPICAL_YEAR)}`;
  let jd = cache.get(key);
  if (jd === undefined) {
    jd = sunLongitudeInstant(longitude, guessJd, ephemerisPath);
    cache.set(key, jd);
  }
  return (jd - UNIX_EPOCH_JD) * MS_PER_DAY;
}

/** The solar term in force at an instant (the last one begun at or before it) and the next term's start. */
export function solarTermAt(instantMs: number, ephemerisPath: string): TermInForce {
  const jd = instantMs / MS_PER_DAY + UNIX_EPOCH_JD;
  const sun = bodyAt(jd, 'Sun', ephemerisPath).longitude;
  let index = Math.floor(sun / 15) % 24;
  const guess = jd - (sun - index * 15) / MEAN_SUN_DEGREES_PER_DAY;
  let startMs = termInstant(ephemerisPath, index * 15, guess);
  // Within a millisecond of the ingress the ephemeris longitude and the root can disagree; the root decides.
  if (startMs > instantMs) {
    index = (index + 23) % 24;
    startMs = termInstant(ephemerisPath, index * 15, guess - 15 / MEAN_SUN_DEGREES_PER_DAY);
  }
  const nextIndex = (index + 1) % 24;
  const nextStartMs = termInstant(ephemerisPath, nextIndex * 15, startMs / MS_PER_DAY + UNIX_EPOCH_JD + 15 / MEAN_SUN_DEGREES_PER_DAY);
  return { index, ...SOLAR_TERMS[index], startMs, nextStartMs };
}
