import { BodyName, bodyAt, Zodiac } from './planets';

/** Signed shortest arc from `target` to `longitude`, in (-180, 180]. */
export function signedArc(longitude: number, target: number): number {
  const d = ((((longitude - target) % 360) + 540) % 360) - 180;
  return d === -180 ? 180 : d;
}

// Step sizes that never jump over a whole direct-retrograde-direct loop of the body.
const SCAN_STEP_DAYS: Record<string, number> = { Sun: 5, Moon: 0.5, Mercury: 1, Venus: 2, Mars: 2 };
const DEFAULT_STEP_DAYS = 5;

/**
 * Every instant (Julian day UT) in [fromJd, toJd] at which the body's longitude reaches `target`,
 * in either direction, so retrograde re-crossings are all found. Scans in steps, then bisects each
 * bracket to about 0.01 s; positions come from the ephemeris, never from mean motions.
 */
export function longitudeCrossings(
  body: BodyName,
  target: number,
  fromJd: number,
  toJd: number,
  ephemerisPath: string,
  zodiac: Zodiac = 'tropical',
): number[] {
  const step = SCAN_STEP_DAYS[body] ?? DEFAULT_STEP_DAYS;
  const arc = (jd: number) => signedArc(bodyAt(jd, body, ephemerisPath, zodiac).longitude, target);
  const found: number[] = [];
  let a = fromJd;
  let fa = arc(a);
  while (a < toJd) {
    const b = Math.min(a + step, toJd);
    const fb = arc(b);
    // A sign change near 0 (not the ±180 wrap on the far side of the circle) brackets a crossing.
    if (fa === 0) found.push(a);
    else if (Math.sign(fa) !== Math.sign(fb) && fb !== 0 && Math.abs(fa - fb) < 180) found.push(bisectRoot(arc, a, b, fa));
    a = b;
    fa = fb;
  }
  if (fa === 0) found.push(a);
  return found;
}

/**
 * The root of `f` between `lo` and `hi`, where `f` changes sign, by bisection to 1e-7 day (about
 * 0.01 s). Used for every exact instant: crossings, transits, stations.
 */
export function bisectRoot(f: (jd: number) => number, lo: number, hi: number, flo = f(lo)): number {
  for (let i = 0; i < 60 && hi - lo > 1e-7; i++) {
    const mid = (lo + hi) / 2;
    const fmid = f(mid);
    if (Math.sign(fmid) === Math.sign(flo)) {
      lo = mid;
      flo = fmid;
    } else {
      hi = mid;
    }
  }
  return (lo + hi) / 2;
}

/** The first instant after `fromJd` at which the body reaches `target` (searching `withinDays`). */
export function nextLongitudeCrossing(
  body: BodyName,
  target: number,
  fromJd: number,
  ephemerisPath: string,
  options: { zodiac?: Zodiac; withinDays?: number } = {},
): number | null {
  const horizon = options.withinDays ?? 400;
  const chunk = 60;
  for (let start = fromJd; start < fromJd + horizon; start += chunk) {
    const hits = longitudeCrossings(body, target, start, Math.min(start + chunk, fromJd + horizon), ephemerisPath, options.zodiac);
    const first = hits.find((jd) => jd > fromJd);
    if (first !== undefined) return first;
  }
  return null;
}

/** The last instant before `beforeJd` at which the body reached `target` (searching `withinDays`). */
export function previousLongitudeCrossing(
  body: BodyName,
  target: number,
  beforeJd: number,
  ephemerisPath: string,
  options: { zodiac?: Zodiac; withinDays?: number } = {},
): number | null {
  const horizon = options.withinDays ?? 400;
  const chunk = 60;
  for (let end = beforeJd; end > beforeJd - horizon; end -= chunk) {
    const hits = longitudeCrossings(body, target, Math.max(end - chunk, beforeJd - horizon), end, ephemerisPath, options.zodiac);
    const last = hits.filter((jd) => jd < beforeJd).pop();
    if (last !== undefined) return last;
  }
  return null;
}
