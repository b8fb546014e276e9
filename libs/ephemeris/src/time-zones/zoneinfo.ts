import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePosixRule, PosixRule } from './posix-rule';
import { parseTzif, TzifZone } from './tzif';

/**
 * The compiled tz database of the machine: Debian's `tzdata` package, built with the `backzone`
 * file, so a zone merged into another since 2022 (Europe/Amsterdam into Brussels, Asia/Vientiane
 * into Bangkok) keeps its own history before 1970. `TZDIR` names another directory of the same
 * layout (as for glibc). Node's ICU data lacks backzone and is not read for any offset.
 */
export const DEFAULT_ZONEINFO_DIRECTORY = '/usr/share/zoneinfo';

export class UnknownTimeZoneError extends Error {}
export class TimeZoneDatabaseMissingError extends Error {}

export interface TimeZoneDatabase {
  directory: string;
  /** the tz release, e.g. `2025b`, from the first line of tzdata.zi */
  version: string;
  /** every zone and link name, by its lower-case spelling */
  names: Map<string, string>;
}

export interface Zone extends TzifZone {
  name: string;
  rule: PosixRule | undefined;
}

let database: TimeZoneDatabase | undefined;
const zones = new Map<string, Zone>();

function loadDatabase(directory: string): TimeZoneDatabase {
  const index = join(directory, 'tzdata.zi');
  if (!existsSync(index)) {
    throw new TimeZoneDatabaseMissingError(
      `the tz database is missing: ${index} does not exist. Install the tz database with backzone ` +
        '(Debian/Ubuntu: apt-get install tzdata) or set TZDIR to a directory holding it',
    );
  }
  const text = readFileSync(index, 'utf8');
  const version = /^# version (\S+)/.exec(text)?.[1];
  if (!version) throw new TimeZoneDatabaseMissingError(`${index} does not state its version on its first line ("# version 2025b")`);
  const names = new Map<string, string>();
  for (const line of text.split('\n')) {
    // `Z name …` declares a zone, `L target name` a link (tzdata.zi is zic's own compact input).
    const zone = /^Z (\S+)/.exec(line)?.[1] ?? /^L \S+ (\S+)/.exec(line)?.[1];
    if (zone) names.set(zone.toLowerCase(), zone);
  }
  return { directory, version, names };
}

/** The tz database in use; throws TimeZoneDatabaseMissingError, naming the fix, where there is none. */
export function timeZoneDatabase(): TimeZoneDatabase {
  database ??= loadDatabase(process.env.TZDIR || DEFAULT_ZONEINFO_DIRECTORY);
  return database;
}

/** The canonical spelling of a zone or link name of the database, or undefined for an unknown one. */
export function canonicalZoneName(name: string): string | undefined {
  return timeZoneDatabase().names.get(name.toLowerCase());
}

/** Every zone and link name of the database. */
export function zoneNames(): string[] {
  return [...timeZoneDatabase().names.values()].sort();
}

export function loadZone(name: string): Zone {
  const cached = zones.get(name);
  if (cached) return cached;
  // Only names the database lists are read: the name never becomes a path otherwise.
  const canonical = canonicalZoneName(name);
  if (!canonical) throw new UnknownTimeZoneError(`unknown time zone "${name}": use an IANA name such as Asia/Bangkok`);
  const tzif = parseTzif(readFileSync(join(timeZoneDatabase().directory, canonical)));
  const zone: Zone = { ...tzif, name: canonical, rule: tzif.footer ? parsePosixRule(tzif.footer) : undefined };
  zones.set(name, zone);
  return zone;
}
