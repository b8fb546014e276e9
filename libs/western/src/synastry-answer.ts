import { HouseSystem } from '@astro/ephemeris';
import { compositeChart, CompositeResult } from './composite';
import type { Birth } from '@astro/ephemeris';
import { NatalChartResult } from './natal';
import { Synastry, synastryCharts } from './synastry';

/** One person of a pair: a name, a birth moment and a birth place. */
export interface SynastryPerson extends Birth {
  name: string;
}

/** Both natal charts of a pair, their synastry and their element/modality comparison (synastryCharts). */
export type SynastryPair = ReturnType<typeof synastryCharts>;

/** The calculation of the synastry report: both natal charts, their synastry and their composite chart. */
export function synastryReportCharts(
  a: Birth,
  b: Birth,
  houseSystem: HouseSystem,
  ephemerisPath: string,
): { a: NatalChartResult; b: NatalChartResult; synastry: Synastry; composite: CompositeResult['chart'] } {
  const pair = synastryCharts(a, b, houseSystem, ephemerisPath);
  // The composite of the two births as such: no series of days after it.
  const composite = compositeChart(a, b, houseSystem, { ephemerisPath, fromDate: a.instant, days: 0 });
  return { a: pair.a, b: pair.b, synastry: pair.synastry, composite: composite.chart };
}

/**
 * The answer of POST /api/v3/western/synastry for a pair computed by synastryCharts. Its written
 * interpretation is given: the paragraphs are the synastry report's (content of @astro/rendering,
 * shared with the PDF), in the request's language.
 */
export function synastryResponse<Locale extends string, Interpretation>(
  people: { a: SynastryPerson; b: SynastryPerson },
  pair: SynastryPair,
  written: { locale: Locale; interpretation: Interpretation },
) {
  const chart = (p: SynastryPerson, natal: NatalChartResult) => ({
    name: p.name,
    instant_utc: p.instant.toISOString(),
    house_system: natal.houseSystemUsed,
    chart: natal.chart,
    warnings: natal.warnings,
  });
  return {
    system: 'western' as const,
    locale: written.locale,
    person_a: chart(people.a, pair.a),
    person_b: chart(people.b, pair.b),
    inter_aspects: pair.synastry.inter_aspects,
    overlays_a_in_b: pair.synastry.overlays_a_in_b,
    overlays_b_in_a: pair.synastry.overlays_b_in_a,
    balance: pair.balance,
    compatibility: pair.synastry.compatibility,
    interpretation: written.interpretation,
  };
}
