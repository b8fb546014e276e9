import { houseOf, HouseSystem } from '@astro/ephemeris';
import { Aspect, aspectsBetween } from './aspects';
import { Element, elementOf, ELEMENTS, Modality } from './balance';
import { natalChart, NatalChartResult } from './natal';

const PERSONAL = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars'];
const PLANETS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const HARMONIOUS = ['trine', 'sextile'];
const CHALLENGING = ['square', 'opposition', 'quincunx'];
// Conjunctions between these pairs are classic bonding contacts; other conjunctions count as neutral.
const BONDING_PAIRS = [
  'Sun-Moon',
  'Moon-Sun',
  'Venus-Mars',
  'Mars-Venus',
  'Sun-Venus',
  'Venus-Sun',
  'Moon-Venus',
  'Venus-Moon',
  'Moon-Moon',
  'Sun-Sun',
];
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
 * harmonious aspects between personal planets add, challenging ones subtract (weighted by
 * tightness), bonding conjunctions add, and compatible elements of the Suns and Moons add.
 */
export function synastry(a: NatalChartResult, b: NatalChartResult): Synastry {
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

  const factors: CompatibilityFactor[] = [];
  for (const aspect of interAspects) {
    if (!PERSONAL.includes(aspect.a) || !PERSONAL.includes(aspect.b)) continue;
    const tightness = 1 - aspect.orb / 8;
    let points = 0;
    let key = '';
    if (HARMONIOUS.includes(aspect.type)) [points, key] = [6 * tightness, 'harmonious'];
    else if (CHALLENGING.includes(aspect.type)) [points, key] = [-4 * tightness, 'challenging'];
    else if (aspect.type === 'conjunction' && BONDING_PAIRS.includes(`${aspect.a}-${aspect.b}`)) [points, key] = [7 * tightness, 'bonding'];
    if (points !== 0)
      factors.push({
        kind: 'aspect',
        description_key: key,
        a: aspect.a,
        b: aspect.b,
        aspect: aspect.type,
        points: Math.round(points * 10) / 10,
      });
  }
  for (const [pa, pb] of [
    ['Sun', 'Sun'],
    ['Moon', 'Moon'],
    ['Sun', 'Moon'],
    ['Moon', 'Sun'],
  ]) {
    const ea = elementOf(a.chart.planets.find((p) => p.name === pa)!.sign);
    const eb = elementOf(b.chart.planets.find((p) => p.name === pb)!.sign);
    if (COMPATIBLE_ELEMENTS[ea].includes(eb))
      factors.push({ kind: 'element', description_key: 'elements_compatible', a: pa, b: pb, points: 4 });
  }
  const raw = 50 + factors.reduce((sum, f) => sum + f.points, 0);
  return {
    inter_aspects: interAspects,
    overlays_a_in_b: overlays(a, b),
    overlays_b_in_a: overlays(b, a),
    compatibility: {
      score: Math.max(0, Math.min(100, Math.round(raw))),
      factors: factors.sort((x, y) => Math.abs(y.points) - Math.abs(x.points)),
    },
  };
}

/** Both natal charts of a pair, their synastry and their element/modality comparison. */
export function synastryCharts(
  a: { instant: Date; latitude: number; longitude: number },
  b: { instant: Date; latitude: number; longitude: number },
  houseSystem: HouseSystem,
  ephemerisPath: string,
): { a: NatalChartResult; b: NatalChartResult; synastry: Synastry; balance: BalanceComparison } {
  const chartA = natalChart({ ...a, houseSystem }, ephemerisPath);
  const chartB = natalChart({ ...b, houseSystem }, ephemerisPath);
  return { a: chartA, b: chartB, synastry: synastry(chartA, chartB), balance: compareBalance(chartA, chartB) };
}
