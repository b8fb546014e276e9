import { bodyAt, BodyName, normalizeDegrees, signedArc } from '@astro/ephemeris';

/**
 * Exact instants of a moving longitude: when it reaches a target, when it stands still. Every
 * search samples the motion, splits it at the stations into pieces where the longitude only grows
 * or only shrinks, and refines each bracketed crossing by safeguarded Newton steps on the
 * ephemeris (the Swiss Ephemeris gives the speed with the position), to 1e-6 day (0.09 s).
 */

/** A longitude (degrees) and its speed (degrees per day) at a Julian day (UT). */
export interface Motion {
  longitude: number;
  speed: number;
}
export type MotionAt = (jdUt: number) => Motion;

interface Sample extends Motion {
  jd: number;
  /** the longitude unwrapped along the track: continuous, no jump at 0°/360° */
  unwrapped: number;
}

export interface Track {
  motion: MotionAt;
  samples: Sample[];
  stations: { jd: number; longitude: number; kind: 'retrograde' | 'direct' }[];
}

/** Stop refining when the last correction is below this (days): 1e-6 day = 0.086 s. */
export const TIME_TOLERANCE_DAYS = 1e-6;

/**
 * Sampling steps (days) shorter than the shortest retrograde stretch of each body (Mercury's
 * retrograde lasts at least ~20 days, Venus' ~40, Mars' ~58, Jupiter's and beyond ~118; their
 * direct stretches are longer still), so two stations never fall between two samples: a sign
 * change of the speed between two samples brackets exactly one station. The Sun and the Moon are
 * never retrograde; their steps only serve the first guesses.
 */
export const SAMPLE_STEP_DAYS: Record<BodyName, number> = {
  Sun: 20,
  Moon: 1,
  Mercury: 8,
  Venus: 12,
  Mars: 15,
  Jupiter: 30,
  Saturn: 30,
  Uranus: 30,
  Neptune: 30,
  Pluto: 30,
  'North Node': 1,
  Chiron: 15,
};

export function bodyMotion(body: BodyName, ephemerisPath: string): MotionAt {
  return (jd) => {
    const p = bodyAt(jd, body, ephemerisPath);
    return { longitude: p.longitude, speed: p.speed };
  };
}

/** Samples the motion over [fromJd, toJd] and inserts its stations (where the speed changes sign). */
export function trackMotion(motion: MotionAt, fromJd: number, toJd: number, stepDays: number, findStations = true): Track {
  const count = Math.max(1, Math.ceil((toJd - fromJd) / stepDays));
  const samples: Sample[] = [];
  for (let i = 0; i <= count; i++) {
    const jd = i === count ? toJd : fromJd + i * stepDays;
    const m = motion(jd);
    const unwrapped = i === 0 ? m.longitude : samples[i - 1].unwrapped + signedArc(m.longitude, samples[i - 1].longitude);
    samples.push({ jd, ...m, unwrapped });
  }
  const stations: Track['stations'] = [];
  if (findStations) {
    for (let i = samples.length - 2; i >= 0; i--) {
      const a = samples[i];
      const b = samples[i + 1];
      if (a.speed === 0 || Math.sign(a.speed) === Math.sign(b.speed)) continue;
      const jd = regulaFalsi((x) => motion(x).speed, a.jd, b.jd, a.speed, b.speed);
      const m = motion(jd);
      const unwrapped = a.unwrapped + signedArc(m.longitude, a.longitude);
      samples.splice(i + 1, 0, { jd, longitude: m.longitude, speed: 0, unwrapped });
      stations.unshift({ jd, longitude: m.longitude, kind: a.speed > 0 ? 'retrograde' : 'direct' });
    }
  }
  return { motion, samples, stations };
}

export interface Crossing {
  jd: number;
  /** index into the targets passed to `crossings` */
  target: number;
  /** +1 moving forward through the zodiac, -1 retrograde */
  direction: 1 | -1;
  speed: number;
}

/**
 * Every instant on the track at which the longitude equals one of `targets` (degrees), in time
 * order. Between two samples (and stations) the longitude is monotonic, so each crossing of each
 * target is bracketed once and none is missed.
 */
export function crossings(track: Track, targets: number[]): Crossing[] {
  const found: Crossing[] = [];
  const { samples, motion } = track;
  const normalized = targets.map(normalizeDegrees);
  for (let i = 0; i + 1 < samples.length; i++) {
    const a = samples[i];
    const b = samples[i + 1];
    if (a.unwrapped === b.unwrapped) continue;
    const lo = Math.min(a.unwrapped, b.unwrapped);
    const hi = Math.max(a.unwrapped, b.unwrapped);
    const direction = b.unwrapped > a.unwrapped ? 1 : -1;
    normalized.forEach((t, index) => {
      // every t + 360k in [lo, hi): a crossing in this piece (the half-open end counts a crossing
      // exactly at a sample once)
      for (let value = t + 360 * Math.ceil((lo - t) / 360); value < hi; value += 360) {
        found.push({ ...refineCrossing(motion, a, b, value), target: index, direction });
      }
    });
  }
  return found.sort((x, y) => x.jd - y.jd);
}

/** Newton on the ephemeris from a cubic (Hermite) first guess, bisection when a step leaves the bracket. */
function refineCrossing(motion: MotionAt, a: Sample, b: Sample, value: number): { jd: number; speed: number } {
  let lo = a.jd;
  let hi = b.jd;
  const rising = b.unwrapped > a.unwrapped;
  let jd = hermiteGuess(a, b, value);
  let speed = (b.unwrapped - a.unwrapped) / (b.jd - a.jd);
  // A bound on |d speed / dt| from the samples (×10 for safety): a Newton step of size e leaves an
  // error of about accel·e²/(2·|speed|), so a step is final once that is below the tolerance.
  const accel = 10 * (Math.abs(b.speed - a.speed) / (b.jd - a.jd) + 1e-6);
  for (let i = 0; i < 60; i++) {
    const m = motion(jd);
    const f = signedArc(m.longitude, normalizeDegrees(value));
    speed = m.speed;
    if (f === 0) return { jd, speed };
    // Keep the bracket: below the value on the `lo` side when rising.
    if (f < 0 === rising) lo = jd;
    else hi = jd;
    const correction = speed !== 0 ? f / speed : NaN;
    if (Math.abs(correction) < 1e-2 && (accel * correction * correction) / (2 * Math.abs(speed)) < TIME_TOLERANCE_DAYS / 10) {
      return { jd: jd - correction, speed };
    }
    let next = jd - correction;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    jd = next;
    if (hi - lo < TIME_TOLERANCE_DAYS) return { jd, speed };
  }
  return { jd, speed };
}

/** The instant where the cubic through both samples (positions and speeds) reaches `value`. */
function hermiteGuess(a: Sample, b: Sample, value: number): number {
  const h = b.jd - a.jd;
  const at = (s: number) => {
    const s2 = s * s;
    const s3 = s2 * s;
    return (
      (2 * s3 - 3 * s2 + 1) * a.unwrapped + (s3 - 2 * s2 + s) * h * a.speed + (-2 * s3 + 3 * s2) * b.unwrapped + (s3 - s2) * h * b.speed
    );
  };
  let lo = 0;
  let hi = 1;
  const rising = b.unwrapped > a.unwrapped;
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (at(mid) < value === rising) lo = mid;
    else hi = mid;
  }
  return a.jd + ((lo + hi) / 2) * h;
}

/** The root of `f` in [lo, hi] (f changes sign) by the Illinois variant of regula falsi, to TIME_TOLERANCE_DAYS. */
export function regulaFalsi(f: (x: number) => number, lo: number, hi: number, flo = f(lo), fhi = f(hi)): number {
  let side = 0;
  let x = lo;
  for (let i = 0; i < 80 && hi - lo > TIME_TOLERANCE_DAYS; i++) {
    x = (lo * fhi - hi * flo) / (fhi - flo);
    if (!(x > lo && x < hi)) x = (lo + hi) / 2;
    const fx = f(x);
    if (fx === 0) return x;
    if (Math.sign(fx) === Math.sign(flo)) {
      lo = x;
      flo = fx;
      if (side === -1) fhi /= 2;
      side = -1;
    } else {
      hi = x;
      fhi = fx;
      if (side === 1) flo /= 2;
      side = 1;
    }
  }
  return x;
}
