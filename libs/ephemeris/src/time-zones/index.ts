import { daylightChangesIn, isDaylightAt } from './posix-rule';
import { canonicalZoneName, loadZone, timeZoneDatabase, Zone } from './zoneinfo';

export { TimeZoneDatabaseMissingError, UnknownTimeZoneError, zoneNames } from './zoneinfo';
export type { TimeZoneDatabase } from './zoneinfo';

/**
 * UTC offsets of IANA time zones from the compiled tz database with backzone (zoneinfo.ts).
 * Offsets are whole seconds east of UTC: local mean times have seconds (Bangkok +6:42:04).
 * A wall time can have one offset, none (a spring-forward gap) or two (a fall-back overlap);
 * `fold` chooses in an overlap as in Python's PEP 495: 0 is the earlier instant, 1 the later.
 */
export type WallTimeOffset =
  | { kind: 'unique'; offsetSeconds: number }
  | { kind: 'ambiguous'; offsetSeconds: number; earlierOffsetSeconds: number; laterOffsetSeconds: number }
  | { kind: 'gap'; offsetBeforeSeconds: number; offsetAfterSeconds: number };

/** The release of the tz database every offset comes from, e.g. `2025b`. */
export function timeZoneDatabaseVersion(): string {
  return timeZoneDatabase().version;
}

/** Checks at start-up that the tz database is there, so a machine without it fails before any request. */
export function assertTimeZoneDatabase(): { directory: string; version: string } {
  const { directory, version } = timeZoneDatabase();
  loadZone('Asia/Bangkok');
  return { directory, version };
}

export function isKnownTimeZone(zone: string): boolean {
  return canonicalZoneName(zone) !== undefined;
}

/** Index of the last transition at or before `seconds`, -1 before the first. */
function transitionIndex(zone: Zone, seconds: number): number {
  let low = 0;
  let high = zone.transitions.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (zone.transitions[middle] <= seconds) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

function offsetAtSeconds(zone: Zone, seconds: number): number {
  const last = zone.transitions.length - 1;
  const i = transitionIndex(zone, seconds);
  if (zone.rule && (last < 0 || (i === last && seconds >= zone.transitions[last]))) {
    return zone.rule.daylight && isDaylightAt(zone.rule, seconds) ? zone.rule.daylight.offsetSeconds : zone.rule.standard.offsetSeconds;
  }
  return zone.types[i < 0 ? 0 : zone.transitionTypes[i]].offsetSeconds;
}

/** Offset in seconds east of UTC in force at a UTC instant. */
export function offsetSecondsAt(zoneName: string, utcMs: number): number {
  return offsetAtSeconds(loadZone(zoneName), Math.floor(utcMs / 1000));
}

/** UTC seconds of every change of offset rule in (from, to]: stored transitions, then the footer's. */
function changesBetween(zone: Zone, from: number, to: number): number[] {
  const changes: number[] = [];
  for (let i = transitionIndex(zone, from) + 1; i < zone.transitions.length && zone.transitions[i] <= to; i++) {
    changes.push(zone.transitions[i]);
  }
  const last = zone.transitions.length ? zone.transitions[zone.transitions.length - 1] : -Infinity;
  if (zone.rule?.daylight && to > last) {
    const firstYear = new Date(Math.max(from, last) * 1000).getUTCFullYear() - 1;
    const lastYear = new Date(to * 1000).getUTCFullYear() + 1;
    for (let year = firstYear; year <= lastYear; year++) {
      const yearChanges = daylightChangesIn(zone.rule, year)!;
      for (const change of [yearChanges.start, yearChanges.end]) if (change > Math.max(from, last) && change <= to) changes.push(change);
    }
    changes.sort((a, b) => a - b);
  }
  return changes;
}

/** Seconds of a wall clock reading taken as if it were UTC. */
function wallAsUtcSeconds(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  t.setUTCHours(hh, mm, ss, 0);
  return t.getTime() / 1000;
}

/** No zone's offset is more than 26 hours from UTC, so changes this far around a wall time are the only candidates. */
const WINDOW_SECONDS = 30 * 3600;

/** Every offset that maps this wall time to an instant whose offset it is. */
export function wallTimeOffset(zoneName: string, date: string, time: string): WallTimeOffset {
  const zone = loadZone(zoneName);
  const wall = wallAsUtcSeconds(date, time);
  const changes = changesBetween(zone, wall - WINDOW_SECONDS, wall + WINDOW_SECONDS);
  const candidates = new Set([offsetAtSeconds(zone, wall - WINDOW_SECONDS), ...changes.map((c) => offsetAtSeconds(zone, c))]);
  const valid = [...candidates].filter((offset) => offsetAtSeconds(zone, wall - offset) === offset).sort((a, b) => b - a); // larger offset first = earlier instant
  if (valid.length === 1) return { kind: 'unique', offsetSeconds: valid[0] };
  if (valid.length > 1) {
    const earlier = valid[0];
    return { kind: 'ambiguous', offsetSeconds: earlier, earlierOffsetSeconds: earlier, laterOffsetSeconds: valid[valid.length - 1] };
  }
  // A gap: the change whose skipped wall times hold this one.
  for (const change of changes) {
    const before = offsetAtSeconds(zone, change - 1);
    const after = offsetAtSeconds(zone, change);
    if (wall >= change + before && wall < change + after) return { kind: 'gap', offsetBeforeSeconds: before, offsetAfterSeconds: after };
  }
  throw new Error(`no offset found for ${date} ${time} in ${zoneName}`); // cannot happen: a wall time is valid or in a gap
}

/**
 * The zone's local mean time, where a UTC instant falls before the zone's first change of clock:
 * its time type then is the tz database's LMT (the mean time of the zone's principal city), which a
 * change of name alone (Bangkok's LMT to BMT in 1880, at the same offset) does not end.
 * Undefined where the zone starts with a standard time (UTC, EST) or the instant is later.
 */
export function zoneLocalMeanTimeAt(zoneName: string, utcMs: number): number | undefined {
  const zone = loadZone(zoneName);
  const initial = zone.types[0];
  if (initial.abbreviation !== 'LMT') return undefined;
  const seconds = Math.floor(utcMs / 1000);
  for (let i = 0; i < zone.transitions.length && zone.transitions[i] <= seconds; i++) {
    if (zone.types[zone.transitionTypes[i]].offsetSeconds !== initial.offsetSeconds) return undefined;
  }
  return initial.offsetSeconds;
}

/** Local mean time at a longitude: four minutes of time a degree east, to the whole second. */
export function localMeanTimeOffsetSeconds(longitude: number): number {
  return Math.round(longitude * 240);
}

/** "+06:42:04" style label of an offset in seconds (the seconds shown only when there are some). */
export function formatOffset(offsetSeconds: number): string {
  const total = Math.round(Math.abs(offsetSeconds));
  const sign = offsetSeconds < 0 ? '-' : '+';
  const hh = String(Math.floor(total / 3600)).padStart(2, '0');
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = total % 60;
  return `${sign}${hh}:${mm}${ss ? `:${String(ss).padStart(2, '0')}` : ''}`;
}

/**
 * The standard (winter) offset of a zone in the year of an instant, in seconds: the smaller of its
 * offsets in mid-January and mid-July, so summer time, which is always added to standard time, is
 * never part of it in either hemisphere. A zone that changed its standard offset within that year
 * answers the smaller of the two (rare; none of the summer-time periods this platform documents).
 */
export function standardOffsetSeconds(zone: string, utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  return Math.min(offsetSecondsAt(zone, Date.UTC(year, 0, 15, 12)), offsetSecondsAt(zone, Date.UTC(year, 6, 15, 12)));
}
