import { bodyAt, BodyName, julianDayUt, signedArc, SUPPORTED_RANGE } from '@astro/ephemeris';
import { NatalPoint, Perfection, searchTransits, Transit, TransitAspect, TRANSITING_BODIES } from './transits';

/** One continuous stay within the orb. */
export interface OrbStretch {
  enters_orb_utc: string;
  leaves_orb_utc: string;
}

/**
 * A transit as a period: the body enters the orb, perfects the aspect once or more (three times
 * in a retrograde loop) and leaves the orb. A retrograde loop can take the body out of the orb
 * between two passes and back: the stays of one loop (a station between them) make one transit,
 * each stay a stretch. Entry, passes and exit are given even when they fall outside the window
 * the period overlaps: the search runs on past the window's edges until it finds them.
 */
export interface TransitPeriod {
  transiting: BodyName;
  aspect: TransitAspect;
  natal_point: string;
  target_longitude: number;
  orb: number;
  enters_orb_utc: string;
  leaves_orb_utc: string;
  /** every exact pass of the period, inside or outside the window, in time order */
  perfections: Perfection[];
  /** the stays within orb, in time order: one, or more when a retrograde loop leaves the orb between passes */
  stretches: OrbStretch[];
  /** the closest the aspect comes to exact inside the window (degrees): 0 when a pass falls inside */
  closest_in_window: number;
}

/**
 * How far past the window's edges the first search looks (days): longer than most of each body's
 * stays within a 1° orb. A period still open at the edge of that search doubles the margin.
 * Mercury, Venus and Mars linger at a station for weeks; the outer planets' retrograde loops keep
 * them within a degree of a point for up to two years (Pluto).
 */
const FIRST_MARGIN_DAYS: Record<string, number> = {
  Moon: 2,
  Sun: 3,
  Mercury: 30,
  Venus: 45,
  Mars: 60,
  Jupiter: 150,
  Saturn: 250,
  Uranus: 350,
  Neptune: 450,
  Pluto: 550,
};
const MAX_DOUBLINGS = 4;
const EPHEMERIS_FIRST_MS = Date.parse(SUPPORTED_RANGE.from);
const EPHEMERIS_LAST_MS = Date.parse(SUPPORTED_RANGE.to);
const DAY_MS = 86_400_000;

/**
 * Every transit period of the bodies (Sun to Pluto by default) to the natal points whose time
 * within orb overlaps [from, to), with its entry, every exact pass and its exit wherever they fall.
 * A period that never perfects (the body stations inside the orb and turns back) is not a transit.
 */
export function transitPeriods(
  natalPoints: NatalPoint[],
  from: Date,
  to: Date,
  ephemerisPath: string,
  bodies: readonly BodyName[] = TRANSITING_BODIES,
): TransitPeriod[] {
  const periods: TransitPeriod[] = [];
  for (const body of bodies) {
    let margin = FIRST_MARGIN_DAYS[body] ?? 400;
    for (let attempt = 0; ; attempt++) {
      // never past the ephemeris files: a period still open there is left out rather than guessed
      const searchFrom = new Date(Math.max(from.getTime() - margin * DAY_MS, EPHEMERIS_FIRST_MS));
      const searchTo = new Date(Math.min(to.getTime() + margin * DAY_MS, EPHEMERIS_LAST_MS));
      const atEphemerisEdge = searchFrom.getTime() === EPHEMERIS_FIRST_MS || searchTo.getTime() === EPHEMERIS_LAST_MS;
      const found = searchTransits({ natalPoints, from: searchFrom, to: searchTo, bodies: [body] }, ephemerisPath);
      const series = loops(
        found.transits,
        found.stations.map((x) => Date.parse(x.utc)),
      ).filter((stays) => stays.some((t) => overlaps(t, from, to)));
      const complete = series.every((stays) => isComplete(stays, body, ephemerisPath));
      if (!complete && attempt < MAX_DOUBLINGS && !atEphemerisEdge) {
        margin *= 2;
        continue;
      }
      const closedSeries = series.filter((stays) => stays[0].enters_orb_utc !== null && stays[stays.length - 1].leaves_orb_utc !== null);
      periods.push(...closedSeries.map((stays) => merged(stays, from, to, ephemerisPath)));
      break;
    }
  }
  return periods.sort((x, y) => (x.enters_orb_utc < y.enters_orb_utc ? -1 : x.enters_orb_utc > y.enters_orb_utc ? 1 : 0));
}

/**
 * The stays of each target grouped into retrograde loops: two consecutive stays belong to one
 * transit when the body stations between the exit from the first and the entry into the second.
 */
function loops(transits: Transit[], stationsMs: number[]): Transit[][] {
  const byTarget = new Map<string, Transit[]>();
  for (const t of transits) {
    const key = `${t.natal_point}|${t.aspect}|${t.target_longitude}`;
    byTarget.set(key, [...(byTarget.get(key) ?? []), t]);
  }
  const out: Transit[][] = [];
  for (const stays of byTarget.values()) {
    stays.sort((x, y) => Date.parse(x.perfections[0].utc) - Date.parse(y.perfections[0].utc));
    let current: Transit[] = [];
    for (const t of stays) {
      const previous = current[current.length - 1];
      const stationBetween =
        previous?.leaves_orb_utc != null &&
        t.enters_orb_utc !== null &&
        stationsMs.some((ms) => ms > Date.parse(previous.leaves_orb_utc!) && ms < Date.parse(t.enters_orb_utc!));
      if (previous && !stationBetween) {
        out.push(current);
        current = [];
      }
      current.push(t);
    }
    if (current.length > 0) out.push(current);
  }
  return out;
}

/**
 * A loop is whole when its first stay begins and its last stay ends with the body moving direct:
 * a stay that begins or ends in retrograde motion is the middle of a loop whose other stays lie
 * beyond the search, as is a stay still open at the search's edge.
 */
function isComplete(stays: Transit[], body: BodyName, ephemerisPath: string): boolean {
  const [first, last] = [stays[0], stays[stays.length - 1]];
  if (first.enters_orb_utc === null || last.leaves_orb_utc === null) return false;
  const direct = (iso: string) => bodyAt(julianDayUt(new Date(iso)), body, ephemerisPath).speed > 0;
  return direct(first.enters_orb_utc) && direct(last.leaves_orb_utc);
}

function merged(stays: Transit[], from: Date, to: Date, ephemerisPath: string): TransitPeriod {
  const [first, last] = [stays[0], stays[stays.length - 1]];
  const period: TransitPeriod = {
    transiting: first.transiting,
    aspect: first.aspect,
    natal_point: first.natal_point,
    target_longitude: first.target_longitude,
    orb: first.orb,
    enters_orb_utc: first.enters_orb_utc!,
    leaves_orb_utc: last.leaves_orb_utc!,
    perfections: stays.flatMap((t) => t.perfections),
    stretches: stays.map((t) => ({ enters_orb_utc: t.enters_orb_utc!, leaves_orb_utc: t.leaves_orb_utc! })),
    closest_in_window: 0,
  };
  period.closest_in_window = closestInWindow(period, from, to, ephemerisPath);
  return period;
}

function overlaps(t: Transit, from: Date, to: Date): boolean {
  const enters = t.enters_orb_utc === null ? -Infinity : Date.parse(t.enters_orb_utc);
  const leaves = t.leaves_orb_utc === null ? Infinity : Date.parse(t.leaves_orb_utc);
  return enters < to.getTime() && leaves > from.getTime();
}

/**
 * The smallest distance from exact inside the window. Between two passes the distance only grows
 * or shrinks except at a station, so without a pass inside the window the closest approach is at
 * one of the window's edges (clipped to the period) or at a station between them: checking the
 * edges and a daily sample in between finds it to well under the orb's precision.
 */
function closestInWindow(t: Transit, from: Date, to: Date, ephemerisPath: string): number {
  const inside = t.perfections.some((p) => Date.parse(p.utc) >= from.getTime() && Date.parse(p.utc) < to.getTime());
  if (inside) return 0;
  const start = Math.max(from.getTime(), Date.parse(t.enters_orb_utc!));
  const end = Math.min(to.getTime(), Date.parse(t.leaves_orb_utc!));
  const distance = (ms: number) =>
    Math.abs(signedArc(bodyAt(julianDayUt(new Date(ms)), t.transiting, ephemerisPath).longitude, t.target_longitude));
  let best = Math.min(distance(start), distance(end));
  for (let ms = start + DAY_MS; ms < end; ms += DAY_MS) best = Math.min(best, distance(ms));
  return Math.round(best * 1e4) / 1e4;
}
