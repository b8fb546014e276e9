import { bodyAt, julianDayUt } from '@astro/ephemeris';
import { signIndex } from './chart/graha-rules';

/** An instant at which Saturn's sidereal (Lahiri) longitude moves from one sign into another. */
export interface SignIngress {
  jdUt: number;
  from: number;
  to: number;
}

// Saturn moves at most ~0.13°/day: 2-day steps cannot jump over a station-and-return across a
// sign boundary (a retrograde loop lasts about 140 days), so every re-entry is bracketed.
const STEP_DAYS = 2;
const CHUNK_YEARS = 20;
const cache = new Map<string, SignIngress[]>();

const saturnSign = (jd: number, path: string) => signIndex(bodyAt(jd, 'Saturn', path, 'sidereal_lahiri').longitude);

/** Bisects a sign change of Saturn bracketed by [lo, hi] to about a second. */
function bisectIngress(lo: number, hi: number, path: string): number {
  const before = saturnSign(lo, path);
  while (hi - lo > 1e-5) {
    const mid = (lo + hi) / 2;
    if (saturnSign(mid, path) === before) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

function chunk(startYear: number, path: string): SignIngress[] {
  const key = `${path}|${startYear}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const from = Math.max(julianDayUt(new Date(Date.UTC(startYear, 0, 1))), julianDayUt(new Date('1800-01-01T06:00:00Z')));
  const to = Math.min(julianDayUt(new Date(Date.UTC(startYear + CHUNK_YEARS, 0, 1))), julianDayUt(new Date('2399-12-31T23:59:59Z')));
  const found: SignIngress[] = [];
  let a = from;
  let signA = saturnSign(a, path);
  while (a < to) {
    const b = Math.min(a + STEP_DAYS, to);
    const signB = saturnSign(b, path);
    if (signB !== signA) found.push({ jdUt: bisectIngress(a, b, path), from: signA, to: signB });
    a = b;
    signA = signB;
  }
  cache.set(key, found);
  return found;
}

/**
 * Every sign ingress of Saturn (retrograde re-entries included) between two instants, found by
 * scanning the ephemeris and bisecting each sign change; cached in 20-year chunks per process.
 */
export function saturnIngresses(fromJd: number, toJd: number, ephemerisPath: string): SignIngress[] {
  const yearOf = (jd: number) => new Date((jd - 2440587.5) * 86_400_000).getUTCFullYear();
  const first = Math.floor(yearOf(fromJd) / CHUNK_YEARS) * CHUNK_YEARS;
  const result: SignIngress[] = [];
  for (let y = first; y <= yearOf(toJd); y += CHUNK_YEARS) {
    for (const ingress of chunk(y, ephemerisPath)) if (ingress.jdUt >= fromJd && ingress.jdUt <= toJd) result.push(ingress);
  }
  return result;
}

export { saturnSign };
