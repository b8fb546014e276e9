import { Birth, BodyName, formatOffset, HouseSystem, julianDayUt, offsetSecondsAt, signOf } from '@astro/ephemeris';
import { natalChart, NatalChartResult } from './natal';
import { McMethod, progressions } from './progressions';
import { returnChart, returnInForce, returnInstants, ReturnKind, solarReturnOfYear } from './returns';
import { DEFAULT_TRANSIT_ORB, searchTransits, TRANSIT_ASPECTS, TransitAspect } from './transits';

/**
 * The responses of the Western JSON endpoints (natal chart, transits, progressions, returns),
 * assembled from the calculations; the API's route class only parses, charges and adds the picture.
 */

const DEFAULT_TRANSITING: BodyName[] = ['Sun', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The answer of POST /v1/natal-chart for a chart computed at `instant` (also the benchmarks'
 * baseline server's): the written reading and the wheel when they were asked for, else null.
 */
export function natalChartResponse<Interpretation, Image>(
  instant: Date,
  computed: NatalChartResult,
  extras: { interpretation: Interpretation; image: Image; warnings: string[] },
) {
  return {
    system: 'western',
    zodiac: 'tropical',
    house_system: computed.houseSystemUsed,
    instant_utc: instant.toISOString(),
    julian_day_ut: Math.round(computed.julianDayUt * 1e7) / 1e7,
    chart: computed.chart,
    interpretation: extras.interpretation,
    image: extras.image,
    warnings: extras.warnings,
  };
}

/** The natal points a transit search can aim at, in the order responses list them. */
export function natalPointsOf(birth: Birth, houseSystem: HouseSystem, ephemerisPath: string, names?: readonly string[]) {
  const natal = natalChart({ birth, houseSystem }, ephemerisPath);
  const all = [
    ...natal.chart.planets.map((p) => ({ name: p.name, longitude: p.longitude })),
    { name: 'Ascendant', longitude: natal.chart.angles.ascendant },
    { name: 'Midheaven', longitude: natal.chart.angles.midheaven },
  ];
  return names ? all.filter((p) => names.includes(p.name)) : all;
}

export function transitsResponse(
  input: {
    birth: Birth;
    from: Date;
    to: Date;
    bodies?: readonly string[];
    aspects?: readonly TransitAspect[];
    orbs?: Partial<Record<TransitAspect, number>>;
    natalPoints?: readonly string[];
    houseSystem: HouseSystem;
  },
  ephemerisPath: string,
) {
  const points = natalPointsOf(input.birth, input.houseSystem, ephemerisPath, input.natalPoints);
  const bodies = (input.bodies as BodyName[] | undefined) ?? DEFAULT_TRANSITING;
  const aspects = input.aspects ?? TRANSIT_ASPECTS;
  const orbs = Object.fromEntries(TRANSIT_ASPECTS.map((a) => [a, input.orbs?.[a] ?? DEFAULT_TRANSIT_ORB])) as Record<TransitAspect, number>;
  const found = searchTransits({ natalPoints: points, from: input.from, to: input.to, bodies, aspects, orbs }, ephemerisPath);
  return {
    system: 'western' as const,
    window: { from_utc: input.from.toISOString(), to_utc: input.to.toISOString() },
    bodies,
    aspects: [...aspects],
    orbs,
    natal_points: points.map((p) => ({ name: p.name, longitude: round(p.longitude), sign: signOf(p.longitude).sign })),
    ...found,
  };
}

export function progressionsResponse(
  input: { birth: Birth; target: Date; mcMethod: McMethod; yearsAhead: number; houseSystem: HouseSystem },
  ephemerisPath: string,
) {
  const p = progressions(
    { birth: input.birth, target: input.target, houseSystem: input.houseSystem, mcMethod: input.mcMethod, yearsAhead: input.yearsAhead },
    ephemerisPath,
  );
  const { natal, ...rest } = p;
  return { response: { system: 'western' as const, target_utc: input.target.toISOString(), ...rest }, natal };
}

/** The clock at a place: an IANA zone (its offset at each instant) or a fixed offset (seconds east). */
export type PlaceClock = { timezone: string } | { offsetSeconds: number };

function localTime(instant: Date, clock: PlaceClock): string {
  const offsetSeconds = 'timezone' in clock ? offsetSecondsAt(clock.timezone, instant.getTime()) : clock.offsetSeconds;
  const wall = new Date(instant.getTime() + Math.round(offsetSeconds) * 1000).toISOString().slice(0, 19);
  return `${wall}${formatOffset(offsetSeconds)}`;
}

/**
 * Solar or lunar returns: of a year (the solar return of that year; every lunar return of the
 * calendar year, its bounds at the birth clock's offset) or in force on a date (the last before it
 * ends), each with its chart at `place`.
 */
export function returnsResponse(
  input: {
    birth: Birth;
    birthOffsetSeconds: number;
    kind: ReturnKind;
    year?: number;
    date?: string;
    place: { latitude: number; longitude: number; relocated: boolean };
    clock: PlaceClock;
    houseSystem: HouseSystem;
  },
  ephemerisPath: string,
) {
  const { birth, kind } = input;
  const offsetMs = input.birthOffsetSeconds * 1000;
  let instants: Date[];
  if (input.year !== undefined) {
    instants =
      kind === 'solar'
        ? [solarReturnOfYear(birth.instant, input.birthOffsetSeconds, input.year, ephemerisPath)]
        : returnInstants(
            kind,
            birth.instant,
            new Date(Date.UTC(input.year, 0, 1) - offsetMs),
            new Date(Date.UTC(input.year + 1, 0, 1) - offsetMs),
            ephemerisPath,
          );
  } else {
    const endOfDay = new Date(Date.parse(`${input.date}T00:00:00Z`) + 86_400_000 - offsetMs);
    instants = [returnInForce(kind, birth.instant, endOfDay, ephemerisPath)];
  }
  const natal = natalChart({ birth, houseSystem: input.houseSystem }, ephemerisPath);
  const natalLongitude = natal.chart.planets.find((p) => p.name === (kind === 'solar' ? 'Sun' : 'Moon'))!.longitude;
  const returns = instants.map((instant) => {
    const r = returnChart(instant, input.place, input.houseSystem, ephemerisPath);
    return {
      instant_utc: instant.toISOString(),
      local_time: localTime(instant, input.clock),
      julian_day_ut: Math.round(julianDayUt(instant) * 1e7) / 1e7,
      house_system: r.chart.houseSystemUsed,
      chart: r.chart.chart,
      angular: r.angular,
      house_emphasis: r.houseEmphasis,
      warnings: r.chart.warnings,
    };
  });
  return { system: 'western' as const, kind, natal_longitude: round(natalLongitude), place: input.place, returns };
}
