/**
 * The UTC offset of a local wall time in an IANA time zone, from the runtime's time zone database
 * (Node's ICU tzdata, historical rules included, e.g. Bangkok Mean Time +6:42:04 before 1920).
 * A wall time can have one offset, none (a spring-forward gap) or two (a fall-back overlap);
 * `fold` chooses in an overlap as in Python's PEP 495: 0 is the earlier instant, 1 the later.
 */
export class UnknownTimeZoneError extends Error {}

export type WallTimeOffset =
  | { kind: 'unique'; offsetMinutes: number }
  | { kind: 'ambiguous'; offsetMinutes: number; earlierOffsetMinutes: number; laterOffsetMinutes: number }
  | { kind: 'gap'; offsetBeforeMinutes: number; offsetAfterMinutes: number };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });
    } catch {
      throw new UnknownTimeZoneError(`unknown time zone "${zone}": use an IANA name such as Asia/Bangkok`);
    }
    formats.set(zone, format);
  }
  return format;
}

export function isKnownTimeZone(zone: string): boolean {
  try {
    formatFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** Offset in seconds east of UTC in force at a UTC instant (whole seconds; LMT offsets have seconds). */
export function offsetSecondsAt(zone: string, utcMs: number): number {
  const parts = Object.fromEntries(
    formatFor(zone)
      .formatToParts(new Date(utcMs))
      .map((p) => [p.type, p.value]),
  );
  const year = parts.era === 'BC' || parts.era === 'B' ? 1 - Number(parts.year) : Number(parts.year);
  const asUtc = new Date(0);
  asUtc.setUTCFullYear(year, Number(parts.month) - 1, Number(parts.day));
  asUtc.setUTCHours(Number(parts.hour), Number(parts.minute), Number(parts.second), 0);
  return Math.round((asUtc.getTime() - Math.floor(utcMs / 1000) * 1000) / 1000);
}

/** Milliseconds of a wall clock reading taken as if it were UTC. */
function wallAsUtcMs(date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  const t = new Date(0);
  t.setUTCFullYear(y, m - 1, d);
  t.setUTCHours(hh, mm, ss, 0);
  return t.getTime();
}

/**
 * Every offset that maps this wall time to an instant showing the same wall time. Rule changes
 * are at least days apart, so the offsets in force a day before and a day after are the only
 * candidates.
 */
export function wallTimeOffset(zone: string, date: string, time: string): WallTimeOffset {
  const wall = wallAsUtcMs(date, time);
  const before = offsetSecondsAt(zone, wall - 86_400_000);
  const after = offsetSecondsAt(zone, wall + 86_400_000);
  const valid = [...new Set([before, after, offsetSecondsAt(zone, wall)])]
    .filter((s) => offsetSecondsAt(zone, wall - s * 1000) === s)
    .sort((a, b) => b - a); // larger offset first = earlier instant
  const minutes = (s: number) => s / 60;
  if (valid.length === 0) return { kind: 'gap', offsetBeforeMinutes: minutes(before), offsetAfterMinutes: minutes(after) };
  if (valid.length === 1) return { kind: 'unique', offsetMinutes: minutes(valid[0]) };
  const earlier = minutes(valid[0]);
  const later = minutes(valid[valid.length - 1]);
  return { kind: 'ambiguous', offsetMinutes: earlier, earlierOffsetMinutes: earlier, laterOffsetMinutes: later };
}

/** "+06:42:04" style label of an offset in minutes. */
export function formatOffset(offsetMinutes: number): string {
  const totalSeconds = Math.round(Math.abs(offsetMinutes) * 60);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hh = String(Math.floor(totalSeconds / 3600)).padStart(2, '0');
  const mm = String(Math.floor((totalSeconds % 3600) / 60)).padStart(2, '0');
  const ss = totalSeconds % 60;
  return `${sign}${hh}:${mm}${ss ? `:${String(ss).padStart(2, '0')}` : ''}`;
}

/**
 * The standard (winter) offset of a zone in the year of an instant, in minutes: the smaller of its
 * offsets in mid-January and mid-July, so summer time, which is always added to standard time, is
 * never part of it in either hemisphere. A zone that changed its standard offset within that year
 * answers the smaller of the two (rare; none of the summer-time periods this platform documents).
 */
export function standardOffsetMinutes(zone: string, utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const january = offsetSecondsAt(zone, Date.UTC(year, 0, 15, 12));
  const july = offsetSecondsAt(zone, Date.UTC(year, 6, 15, 12));
  return Math.min(january, july) / 60;
}
