import { birthAt, bodyAt, HouseSystem, instantFromJulianDayUt, julianDayUt } from '@astro/ephemeris';
import { natalChart, NatalChartResult } from './natal';
import { bodyMotion, crossings, SAMPLE_STEP_DAYS, trackMotion } from './root-finding';

export type ReturnKind = 'solar' | 'lunar';
const RETURN_BODY = { solar: 'Sun', lunar: 'Moon' } as const;
/** Longest gap between two returns (days): the tropical year and the tropical month (27.32 d), with a margin. */
const LONGEST_CYCLE_DAYS = { solar: 367, lunar: 28.5 };

export interface Place {
  latitude: number;
  longitude: number;
}

export interface ReturnChart {
  instant: Date;
  julianDayUt: number;
  chart: NatalChartResult;
  /** planets Sun–Pluto in the angular houses 1, 4, 7, 10 */
  angular: string[];
  /** houses holding planets Sun–Pluto, most occupied first */
  houseEmphasis: { house: number; planets: string[] }[];
}

/**
 * Every instant in [from, to) at which the Sun (solar) or the Moon (lunar) comes back to its
 * natal tropical longitude, each a root of the ephemeris longitude to 0.1 s.
 */
export function returnInstants(kind: ReturnKind, birth: Date, from: Date, to: Date, ephemerisPath: string): Date[] {
  const body = RETURN_BODY[kind];
  const natal = bodyAt(julianDayUt(birth), body, ephemerisPath).longitude;
  const track = trackMotion(bodyMotion(body, ephemerisPath), julianDayUt(from), julianDayUt(to), SAMPLE_STEP_DAYS[body], false);
  return crossings(track, [natal]).map((c) => instantFromJulianDayUt(c.jd));
}

/** The last return at or before `at` (the return whose chart is in force then). */
export function returnInForce(kind: ReturnKind, birth: Date, at: Date, ephemerisPath: string): Date {
  const from = new Date(at.getTime() - LONGEST_CYCLE_DAYS[kind] * 86_400_000);
  const found = returnInstants(kind, birth, from, at, ephemerisPath);
  if (found.length === 0) throw new Error(`no ${kind} return in the ${LONGEST_CYCLE_DAYS[kind]} days before ${at.toISOString()}`);
  return found[found.length - 1];
}

/**
 * The solar return of a year: the one nearest the birthday of that year, which is always within a
 * day of it (searched three days either side). The birthday is the local calendar date of the birth
 * (its clock at `birthOffsetSeconds` from UTC), not its UTC date: a birth on 1 January at 00:05
 * in India (31 December in UTC) has its 1975 return around 1 January 1975.
 */
export function solarReturnOfYear(birth: Date, birthOffsetSeconds: number, year: number, ephemerisPath: string): Date {
  const offsetMs = birthOffsetSeconds * 1000;
  const birthClock = new Date(birth.getTime() + offsetMs);
  const anniversaryClock = Date.UTC(
    year,
    birthClock.getUTCMonth(),
    birthClock.getUTCDate(),
    birthClock.getUTCHours(),
    birthClock.getUTCMinutes(),
    birthClock.getUTCSeconds(),
  );
  const anniversary = anniversaryClock - offsetMs;
  const [found] = returnInstants(
    'solar',
    birth,
    new Date(anniversary - 3 * 86_400_000),
    new Date(anniversary + 3 * 86_400_000),
    ephemerisPath,
  );
  if (!found) throw new Error(`no solar return found in ${year}`);
  return found;
}

/** The chart of a return instant at a place (the birth place, or where the person is), with its angular planets and house emphasis. */
export function returnChart(instant: Date, place: Place, houseSystem: HouseSystem, ephemerisPath: string): ReturnChart {
  const chart = natalChart({ birth: birthAt(instant, place.latitude, place.longitude), houseSystem }, ephemerisPath);
  const planets = chart.chart.planets.filter((p) => !['North Node', 'Chiron'].includes(p.name));
  const angular = planets.filter((p) => [1, 4, 7, 10].includes(p.house)).map((p) => p.name);
  const houseEmphasis = Array.from({ length: 12 }, (_, i) => ({
    house: i + 1,
    planets: planets.filter((p) => p.house === i + 1).map((p) => p.name),
  }))
    .filter((h) => h.planets.length > 0)
    .sort((a, b) => b.planets.length - a.planets.length || a.house - b.house);
  return { instant, julianDayUt: chart.julianDayUt, chart, angular, houseEmphasis };
}
