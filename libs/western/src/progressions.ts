import {
  Birth,
  bodyAt,
  houseOf,
  houses,
  housesFromArmc,
  HouseSystem,
  instantFromJulianDayUt,
  julianDayUt,
  normalizeDegrees,
  planetPositions,
  signOf,
  trueObliquity,
  ZodiacSign,
  ZODIAC_SIGNS,
} from '@astro/ephemeris';
import { planetRecord } from '@astro/contracts';
import { Aspect, aspectsBetween, ptolemaicWithOrb } from './aspects';
import { armcFromMidheaven } from './composite';
import { chartAngles, ChartPlanet, houseCusps, natalChart, NatalChartResult } from './natal';
import { crossings, Motion, trackMotion } from './root-finding';

/**
 * Secondary progressions (a day after birth for each year of life) and solar arc directions.
 * Conventions and sources: docs/western.md.
 */

/** Mean tropical year (days): one progressed day stands for this much real time. */
export const TROPICAL_YEAR_DAYS = 365.242189;
/** Naibod rate: the Sun's mean motion in right ascension per year, 59′08.33″. */
export const NAIBOD_DEGREES_PER_YEAR = 59 / 60 + 8.33 / 3600;
export const MC_METHODS = ['solar_arc', 'naibod', 'quotidian'] as const;
export type McMethod = (typeof MC_METHODS)[number];
/** Orb of progressed-to-natal and directed-to-natal aspects (degrees). */
export const PROGRESSION_ORB = 1;
export const LUNAR_PHASES = ['new', 'crescent', 'first_quarter', 'gibbous', 'full', 'disseminating', 'last_quarter', 'balsamic'] as const;
export type LunarPhase = (typeof LUNAR_PHASES)[number];

const round = (x: number) => Math.round(x * 1e6) / 1e6;
const BODIES_FOR_ASPECTS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];

export interface ProgressionInput {
  birth: Birth;
  /** the moment the progressed chart is for */
  target: Date;
  houseSystem: HouseSystem;
  mcMethod: McMethod;
  /** how many years after `target` the progressed Moon events are listed for */
  yearsAhead: number;
}

export interface ProgressedEvent {
  kind: 'moon_sign' | 'moon_phase';
  /** the real date (UTC) the progressed event corresponds to */
  utc: string;
  /** the progressed (ephemeris) instant whose position makes the event */
  progressed_utc: string;
  sign?: ZodiacSign;
  phase?: LunarPhase;
}

export interface ProgressionResult {
  natal: NatalChartResult;
  age_years: number;
  progressed_utc: string;
  progressed_julian_day_ut: number;
  mc_method: McMethod;
  chart: {
    planets: ChartPlanet[];
    houses: { house: number; cusp: number; sign: ZodiacSign }[];
    angles: ReturnType<typeof chartAngles>;
    house_system_used: string;
    warnings: string[];
  };
  progressed_to_natal: Aspect[];
  solar_arc: {
    arc: number;
    directed: { name: string; longitude: number; sign: ZodiacSign; sign_degree: number }[];
    directed_to_natal: Aspect[];
  };
  moon: { phase: LunarPhase; elongation: number; sign: ZodiacSign; events: ProgressedEvent[] };
}

/** The progressed instant for a real instant: birth + (elapsed real time) / tropical year, in days. */
export function progressedJulianDay(birthJd: number, targetJd: number): number {
  return birthJd + (targetJd - birthJd) / TROPICAL_YEAR_DAYS;
}

/** The real instant a progressed instant stands for (the inverse of progressedJulianDay). */
export function realJulianDay(birthJd: number, progressedJd: number): number {
  return birthJd + (progressedJd - birthJd) * TROPICAL_YEAR_DAYS;
}

export function lunarPhaseOf(elongation: number): LunarPhase {
  return LUNAR_PHASES[Math.floor(normalizeDegrees(elongation) / 45) % 8];
}

export function progressions(input: ProgressionInput, ephemerisPath: string): ProgressionResult {
  const { birth, houseSystem } = input;
  const natal = natalChart({ birth, houseSystem }, ephemerisPath);
  const birthJd = julianDayUt(birth.instant);
  const targetJd = julianDayUt(input.target);
  const progJd = progressedJulianDay(birthJd, targetJd);
  const ageYears = (targetJd - birthJd) / TROPICAL_YEAR_DAYS;
  const progInstant = instantFromJulianDayUt(progJd);
  const { bodies } = planetPositions(progInstant, ephemerisPath);

  const natalSun = natal.chart.planets.find((p) => p.name === 'Sun')!.longitude;
  const progSun = bodies.find((b) => b.name === 'Sun')!.longitude;
  const arc = normalizeDegrees(progSun - natalSun);

  // The progressed angles: by the method asked for (docs/western.md).
  const natalHouses = houses(birthJd, birth.latitude, birth.longitude, houseSystem, ephemerisPath);
  const h =
    input.mcMethod === 'quotidian'
      ? houses(progJd, birth.latitude, birth.longitude, houseSystem, ephemerisPath)
      : (() => {
          const obliquity = trueObliquity(progJd, ephemerisPath);
          const armc =
            input.mcMethod === 'solar_arc'
              ? armcFromMidheaven(normalizeDegrees(natalHouses.midheaven + arc), obliquity)
              : normalizeDegrees(natalHouses.armc + ageYears * NAIBOD_DEGREES_PER_YEAR);
          return housesFromArmc(armc, birth.latitude, obliquity, houseSystem, ephemerisPath);
        })();

  const planets = bodies.map((b) => ({ ...planetRecord(b), house: houseOf(b.longitude, h.cusps) }));
  const natalPoints = [
    ...natal.chart.planets
      .filter((p) => BODIES_FOR_ASPECTS.includes(p.name))
      .map((p) => ({ name: p.name, longitude: p.longitude, speed: 0 })),
    { name: 'Ascendant', longitude: natal.chart.angles.ascendant, speed: 0 },
    { name: 'Midheaven', longitude: natal.chart.angles.midheaven, speed: 0 },
  ];
  // Progressed speeds are degrees per progressed day = degrees per year of life; the angles move
  // with the arc (about 1° a year), which is what decides applying or separating for them.
  const arcRate = bodies.find((b) => b.name === 'Sun')!.speed;
  const progressedPoints = [
    ...bodies.filter((b) => BODIES_FOR_ASPECTS.includes(b.name)).map((b) => ({ name: b.name, longitude: b.longitude, speed: b.speed })),
    { name: 'Ascendant', longitude: h.ascendant, speed: arcRate },
    { name: 'Midheaven', longitude: h.midheaven, speed: arcRate },
  ];
  const table = ptolemaicWithOrb(PROGRESSION_ORB);
  const directed = natalPoints.map((p) => ({ name: p.name, longitude: normalizeDegrees(p.longitude + arc), speed: arcRate }));

  const moon = bodies.find((b) => b.name === 'Moon')!;
  const elongation = normalizeDegrees(moon.longitude - progSun);
  const events = progressedMoonEvents(
    birthJd,
    progJd,
    progressedJulianDay(birthJd, targetJd + input.yearsAhead * TROPICAL_YEAR_DAYS),
    ephemerisPath,
  );

  return {
    natal,
    age_years: Math.round(ageYears * 1e4) / 1e4,
    progressed_utc: progInstant.toISOString(),
    progressed_julian_day_ut: Math.round(progJd * 1e7) / 1e7,
    mc_method: input.mcMethod,
    chart: { planets, houses: houseCusps(h), angles: chartAngles(h), house_system_used: h.used, warnings: h.warnings },
    progressed_to_natal: aspectsBetween(progressedPoints, natalPoints, table),
    solar_arc: {
      arc: round(arc),
      directed: directed.map((d) => {
        const { sign, signDegree } = signOf(d.longitude);
        return { name: d.name, longitude: round(d.longitude), sign, sign_degree: round(signDegree) };
      }),
      directed_to_natal: aspectsBetween(directed, natalPoints, table),
    },
    moon: { phase: lunarPhaseOf(elongation), elongation: round(elongation), sign: moon.sign, events },
  };
}

/**
 * The progressed Moon's sign changes and progressed lunation phase changes (every 45° of
 * Moon − Sun) between two progressed instants, each mapped to the real date it stands for.
 */
function progressedMoonEvents(birthJd: number, fromJd: number, toJd: number, ephemerisPath: string): ProgressedEvent[] {
  const moonAt = (jd: number): Motion => {
    const m = bodyAt(jd, 'Moon', ephemerisPath);
    return { longitude: m.longitude, speed: m.speed };
  };
  const elongationAt = (jd: number): Motion => {
    const m = bodyAt(jd, 'Moon', ephemerisPath);
    const s = bodyAt(jd, 'Sun', ephemerisPath);
    return { longitude: normalizeDegrees(m.longitude - s.longitude), speed: m.speed - s.speed };
  };
  const event = (jd: number, extra: Partial<ProgressedEvent> & { kind: ProgressedEvent['kind'] }): ProgressedEvent => ({
    utc: instantFromJulianDayUt(realJulianDay(birthJd, jd)).toISOString(),
    progressed_utc: instantFromJulianDayUt(jd).toISOString(),
    ...extra,
  });
  const signs = crossings(
    trackMotion(moonAt, fromJd, toJd, 1, false),
    ZODIAC_SIGNS.map((_, i) => i * 30),
  ).map((c) => event(c.jd, { kind: 'moon_sign', sign: ZODIAC_SIGNS[c.target] }));
  const phases = crossings(
    trackMotion(elongationAt, fromJd, toJd, 1, false),
    LUNAR_PHASES.map((_, i) => i * 45),
  ).map((c) => event(c.jd, { kind: 'moon_phase', phase: LUNAR_PHASES[c.target] }));
  return [...signs, ...phases].sort((x, y) => (x.utc < y.utc ? -1 : x.utc > y.utc ? 1 : 0));
}
