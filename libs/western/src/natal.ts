import {
  Birth,
  BodyPosition,
  houseOf,
  Houses,
  houses,
  HouseSystem,
  normalizeDegrees,
  planetPositions,
  signOf,
  ZodiacSign,
} from '@astro/ephemeris';
import { planetRecord } from '@astro/contracts';
import { Aspect, aspectsWithin } from './aspects';
import { balanceOf, Element, Modality } from './balance';

export interface ChartPlanet {
  name: string;
  longitude: number;
  latitude: number;
  distance_au: number;
  speed: number;
  retrograde: boolean;
  sign: ZodiacSign;
  sign_degree: number;
  house: number;
}

export interface NatalChart {
  planets: ChartPlanet[];
  houses: { house: number; cusp: number; sign: ZodiacSign }[];
  angles: { ascendant: number; midheaven: number; descendant: number; imum_coeli: number; vertex: number };
  aspects: Aspect[];
  elements: Record<Element, number>;
  modalities: Record<Modality, number>;
}

export interface NatalChartResult {
  julianDayUt: number;
  houseSystemUsed: string;
  chart: NatalChart;
  warnings: string[];
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** The twelve cusps with their signs, as every chart response shows them. */
export function houseCusps(h: Houses): { house: number; cusp: number; sign: ZodiacSign }[] {
  return h.cusps.map((cusp, i) => ({ house: i + 1, cusp: round(cusp), sign: signOf(cusp).sign }));
}

/** The four angles (and the vertex) of a set of houses. */
export function chartAngles(h: Houses) {
  return {
    ascendant: round(h.ascendant),
    midheaven: round(h.midheaven),
    descendant: round(normalizeDegrees(h.ascendant + 180)),
    imum_coeli: round(normalizeDegrees(h.midheaven + 180)),
    vertex: round(h.vertex),
  };
}

/** Planets with their houses, cusps, angles, aspects and element/modality balance of a birth (or any moment at a place). */
export function natalChart(input: { birth: Birth; houseSystem: HouseSystem }, ephemerisPath: string): NatalChartResult {
  const { birth } = input;
  const { julianDayUt, bodies } = planetPositions(birth.instant, ephemerisPath);
  const h = houses(julianDayUt, birth.latitude, birth.longitude, input.houseSystem, ephemerisPath);
  // The house added to the fresh record rather than a spread copy of it: on Node 20 a spread
  // followed by a new key takes V8's slow path (about 1 µs per planet, on a hot route).
  const planets = bodies.map((b: BodyPosition): ChartPlanet => Object.assign(planetRecord(b), { house: houseOf(b.longitude, h.cusps) }));
  const { elements, modalities } = balanceOf(planets);
  return {
    julianDayUt,
    houseSystemUsed: h.used,
    warnings: h.warnings,
    chart: {
      planets,
      houses: houseCusps(h),
      angles: chartAngles(h),
      aspects: aspectsWithin(bodies.map((b) => ({ name: b.name, longitude: b.longitude, speed: b.speed }))),
      elements,
      modalities,
    },
  };
}
