import { Birth, houseOf, HouseSystem } from '@astro/ephemeris';
import { Aspect, aspectsBetween } from './aspects';
import { Element, ELEMENTS, Modality } from './balance';
import { natalChart, NatalChartResult } from './natal';
import { scoredContacts, scoreOf } from './synastry-score';

const PLANETS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const COMPATIBLE_ELEMENTS: Record<string, string[]> = {
  fire: ['fire', 'air'],
  air: ['air', 'fire'],
  earth: ['earth', 'water'],
  water: ['water', 'earth'],
};

export interface CompatibilityFactor {
  kind: 'aspect' | 'element';
  description_key: string;
  a: string;
  b: string;
  aspect?: string;
  points: number;
}

export interface BalanceComparison {
  a: { elements: Record<Element, number>; modalities: Record<Modality, number>; leading_element: Element };
  b: { elements: Record<Element, number>; modalities: Record<Modality, number>; leading_element: Element };
  /** same leading element, compatible ones (fire–air, earth–water), or different */
  verdict: 'same' | 'compatible' | 'different';
}

/** The element (of the ten planets' signs) with the most planets; the first in fire, earth, air, water order on a tie. */
export function leadingElement(r: NatalChartResult): Element {
  return ELEMENTS.reduce((best, e) => (r.chart.elements[e] > r.chart.elements[best] ? e : best), ELEMENTS[0]);
}

/** Element and modality counts of both charts and how their leading elements combine. */
export function compareBalance(a: NatalChartResult, b: NatalChartResult): BalanceComparison {
  const side = (r: NatalChartResult) => ({
    elements: r.chart.elements,
    modalities: r.chart.modalities,
    leading_element: leadingElement(r),
  });
  const ea = leadingElement(a);
  const eb = leadingElement(b);
  const verdict = ea === eb ? 'same' : COMPATIBLE_ELEMENTS[ea].includes(eb) ? 'compatible' : 'different';
  return { a: side(a), b: side(b), verdict };
}

export interface Synastry {
  inter_aspects: Aspect[];
  overlays_a_in_b: { planet: string; house: number }[];
  overlays_b_in_a: { planet: string; house: number }[];
  compatibility: { score: number; factors: CompatibilityFactor[] };
}

/**
 * Synastry of two natal charts: A's planets to B's (inter-aspects), each person's planets in the
 * other's houses (overlays), and a 0–100 compatibility score whose every point is a listed factor:
 * one per major inter-aspect of the luminaries, Mercury, Venus, Mars, Saturn and the angles
 * (synastry-score.ts). `angles` false for a person whose birth time is unknown leaves their
 * Ascendant and Midheaven out of the score.
 */
export function synastry(a: NatalChartResult, b: NatalChartResult, angles = { a: true, b: true }): Synastry {
  const points = (r: NatalChartResult) =>
    r.chart.planets.filter((p) => PLANETS.includes(p.name)).map((p) => ({ name: p.name, longitude: p.longitude, speed: p.speed }));
  const interAspects = aspectsBetween(points(a), points(b));
  const overlays = (from: NatalChartResult, to: NatalChartResult) =>
    from.chart.planets
      .filter((p) => PLANETS.includes(p.name))
      .map((p) => ({
        planet: p.name,
        house: houseOf(
          p.longitude,
          to.chart.houses.map((h) => h.cusp),
        ),
      }));

  const withAngles = (r: NatalChartResult) => [
    ...points(r),
    { name: 'Ascendant', longitude: r.chart.angles.ascendant, speed: 0 },
    { name: 'Midheaven', longitude: r.chart.angles.midheaven, speed: 0 },
  ];
  const factors: CompatibilityFactor[] = scoredContacts(withAngles(a), withAngles(b), angles).map((c) => ({
    kind: 'aspect',
    description_key: c.key,
    a: c.a,
    b: c.b,
    aspect: c.aspect,
    points: c.points,
  }));
  return {
    inter_aspects: interAspects,
    overlays_a_in_b: overlays(a, b),
    overlays_b_in_a: overlays(b, a),
    compatibility: {
      score: scoreOf(factors),
      factors,
    },
  };
}

/** Both natal charts of a pair, their synastry and their element/modality comparison. */
export function synastryCharts(
  a: Birth,
  b: Birth,
  houseSystem: HouseSystem,
  ephemerisPath: string,
): { a: NatalChartResult; b: NatalChartResult; synastry: Synastry; balance: BalanceComparison } {
  const chartA = natalChart({ birth: a, houseSystem }, ephemerisPath);
  const chartB = natalChart({ birth: b, houseSystem }, ephemerisPath);
  return { a: chartA, b: chartB, synastry: synastry(chartA, chartB), balance: compareBalance(chartA, chartB) };
}
