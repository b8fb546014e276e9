import { houseFrom, SIGN_NAMES } from './graha-rules';
import { NatalChart } from './natal-chart';
import content from './content/en.json';

export type ManglikSeverity = 'none' | 'low' | 'medium' | 'high';

/** Houses from a reference point that make Mars "manglik" (the south Indian reckoning includes the 2nd). */
export const DOSHA_HOUSES = [1, 2, 4, 7, 8, 12];
const REFERENCES: { name: string; of: (c: NatalChart) => number }[] = [
  { name: 'Lagna', of: (c) => Math.floor(c.ascendant / 30) },
  { name: 'Moon', of: (c) => c.grahas.Moon.sign },
  { name: 'Venus', of: (c) => c.grahas.Venus.sign },
];

export interface ManglikAnalysis {
  has_dosha: boolean;
  severity: ManglikSeverity;
  description: string;
  remedies: string[];
  /** Details for the remedies signals and for tests (not part of the endpoint's response). */
  afflictedFrom: { reference: string; house: number }[];
  cancellations: string[];
}

/** Jupiter's sign aspects: the 5th, 7th and 9th sign from it (and its conjunction). */
function jupiterInfluencesMars(chart: NatalChart): boolean {
  return [1, 5, 7, 9].includes(houseFrom(chart.grahas.Jupiter.sign, chart.grahas.Mars.sign));
}

/**
 * Manglik (Kuja) dosha: Mars in the 1st, 2nd, 4th, 7th, 8th or 12th sign counted from the Lagna,
 * the Moon and Venus. Cancellations (documented in docs/shadbala.md with their sources): Mars in
 * its own sign or exaltation; Jupiter conjoining or aspecting Mars. Severity: how many of the three
 * reference points show the dosha (1 low, 2 medium, 3 high), none when absent or cancelled.
 */
export function manglikDosha(chart: NatalChart): ManglikAnalysis {
  const marsSign = chart.grahas.Mars.sign;
  const afflictedFrom = REFERENCES.map((r) => ({ reference: r.name, house: houseFrom(r.of(chart), marsSign) })).filter((a) =>
    DOSHA_HOUSES.includes(a.house),
  );
  const cancellations: string[] = [];
  if ([0, 7].includes(marsSign)) cancellations.push(`Mars is in its own sign ${SIGN_NAMES[marsSign]}`);
  if (marsSign === 9) cancellations.push('Mars is exalted in Capricorn');
  if (jupiterInfluencesMars(chart)) {
    const h = houseFrom(chart.grahas.Jupiter.sign, marsSign);
    cancellations.push(h === 1 ? 'Jupiter is conjunct Mars' : `Jupiter aspects Mars (Mars is ${ordinal(h)} from Jupiter)`);
  }
  const placements = afflictedFrom.map((a) => `${ordinal(a.house)} from the ${a.reference}`).join(', ');
  const where = `Mars is in ${SIGN_NAMES[marsSign]}`;
  let severity: ManglikSeverity = 'none';
  let description: string;
  if (afflictedFrom.length === 0) {
    description = `${where}, not in the 1st, 2nd, 4th, 7th, 8th or 12th from the Lagna, the Moon or Venus: no Manglik dosha.`;
  } else if (cancellations.length > 0) {
    description = `${where}, ${placements}, which would be Manglik dosha, but it is cancelled: ${cancellations.join('; ')}.`;
  } else {
    severity = (['low', 'medium', 'high'] as const)[afflictedFrom.length - 1];
    description = `${where}, ${placements}: Manglik dosha counted from ${afflictedFrom.length} of 3 reference points (Lagna, Moon, Venus), severity ${severity}.`;
  }
  const hasDosha = severity !== 'none';
  return { has_dosha: hasDosha, severity, description, remedies: hasDosha ? content.manglik.remedies : [], afflictedFrom, cancellations };
}

function ordinal(n: number): string {
  return `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;
}

