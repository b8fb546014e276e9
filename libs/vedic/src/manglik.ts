import { houseFrom } from './chart/graha-rules';
import { NatalChart } from './chart/natal-chart';
import { fillTemplate, houseOrdinal as ordinal } from './text';
import en from './content/en.json';
import th from './content/th.json';

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
 * The texts come from the content files (English by default, Thai for `th`).
 */
export function manglikDosha(chart: NatalChart, locale: 'en' | 'th' = 'en'): ManglikAnalysis {
  const text = (locale === 'th' ? th : en).doshas.manglik;
  const signNames = (locale === 'th' ? th : en).sign_names;
  const marsSign = chart.grahas.Mars.sign;
  const afflictedFrom = REFERENCES.map((r) => ({ reference: r.name, house: houseFrom(r.of(chart), marsSign) })).filter((a) =>
    DOSHA_HOUSES.includes(a.house),
  );
  const cancellations: string[] = [];
  if ([0, 7].includes(marsSign)) cancellations.push(text.cancellations.own_sign.replace('{sign}', signNames[marsSign]));
  if (marsSign === 9) cancellations.push(text.cancellations.exalted);
  if (jupiterInfluencesMars(chart)) {
    const h = houseFrom(chart.grahas.Jupiter.sign, marsSign);
    cancellations.push(
      h === 1 ? text.cancellations.jupiter_conjunct : text.cancellations.jupiter_aspect.replace('{house}', ordinal(h, locale)),
    );
  }
  const places = afflictedFrom
    .map((a) =>
      text.place
        .replace('{house}', ordinal(a.house, locale))
        .replace('{reference}', text.references[a.reference as keyof typeof text.references]),
    )
    .join(locale === 'th' ? ' และ' : ', ');
  const values: Record<string, string> = {
    sign: signNames[marsSign],
    places,
    cancellations: cancellations.join(locale === 'th' ? ' และ' : '; '),
  };
  let severity: ManglikSeverity = 'none';
  let template = text.absent;
  if (afflictedFrom.length > 0 && cancellations.length > 0) {
    template = text.cancelled;
  } else if (afflictedFrom.length > 0) {
    severity = (['low', 'medium', 'high'] as const)[afflictedFrom.length - 1];
    template = text.present;
    values.count = String(afflictedFrom.length);
    values.severity = text.severity[severity];
  }
  const description = fillTemplate(template, values);
  const hasDosha = severity !== 'none';
  return { has_dosha: hasDosha, severity, description, remedies: hasDosha ? text.remedies : [], afflictedFrom, cancellations };
}
