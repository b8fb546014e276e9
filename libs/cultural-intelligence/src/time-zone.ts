/**
 * The UTC offset of a local wall time in an IANA time zone, from the runtime's time zone database
 * (historical rules included). Member profiles only need the birth date's element placements, so
 * a wall time inside a spring-forward gap simply takes the offset in force just before it.
 */
export class UnknownTimeZoneError extends Error {}

function offsetAtInstant(zone: string, utcMs: number): number {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
  } catch {
    throw new UnknownTimeZoneError(`unknown time zone "${zone}": use an IANA name such as Asia/Bangkok`);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(utcMs)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

export function offsetMinutesOfWallTime(zone: string, date: string, time: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss = 0] = time.split(':').map(Number);
  const wallAsUtc = Date.UTC(y, m - 1, d, hh, mm, ss);
  const first = offsetAtInstant(zone, wallAsUtc);
  return offsetAtInstant(zone, wallAsUtc - first * 60_000);
}
