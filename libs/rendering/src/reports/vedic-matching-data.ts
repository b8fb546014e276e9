import { instantFromLocal } from '@astro/ephemeris';
import {
  chartDasha,
  ChartStyle,
  Kundli,
  kundli,
  ManglikAnalysis,
  manglikDosha,
  Matching,
  matching,
  natalChart,
  VimshottariDasha,
} from '@astro/vedic';
import { ReportLocale } from './common';
import { vedicBirth, VedicPerson, VedicSubjectInput } from './vedic-common';

export interface VedicMatchingInput {
  /** counted on the groom's side where a koota counts from one side (Varna, Vashya, Tara) */
  person_a: VedicSubjectInput & { name: string };
  /** counted on the bride's side */
  person_b: VedicSubjectInput & { name: string };
  chart_style: ChartStyle;
  /** YYYY-MM-DD: the periods ahead are read from local noon of this date on each partner's birth clock (the API sets today when absent) */
  as_of: string;
  /** the language of the texts the matching route writes */
  locale: ReportLocale;
}

export interface VedicPartner {
  person: VedicPerson;
  /** POST /api/v3/vedic/kundli (mean node; the Rasi chart is drawn from it) */
  kundli: Kundli;
  /** POST /api/v3/vedic/dasha, running at noon of `as_of` on this partner's birth clock */
  dasha: VimshottariDasha;
  /** the Manglik rule the matching route applies to this chart, with the places Mars takes and the cancellations */
  manglik: ManglikAnalysis;
}

/** Every value the match document prints (the job's JSON artifact). */
export interface VedicMatchingData {
  a: VedicPartner;
  b: VedicPartner;
  chart_style: ChartStyle;
  as_of: string;
  /** how many years of periods ahead the document lists */
  years_ahead: number;
  /** POST /api/v3/vedic/matching with person_a as the groom and person_b as the bride */
  matching: Matching;
}

/** Years of Vimshottari periods the match lists for each partner. */
export const MATCH_YEARS_AHEAD = 5;

export function computeVedicMatching(input: VedicMatchingInput, ephemerisPath: string): VedicMatchingData {
  const partner = (subject: VedicMatchingInput['person_a']) => {
    const { birth, person } = vedicBirth(subject, subject.name);
    const chart = natalChart(birth, ephemerisPath);
    const partnerData: VedicPartner = {
      person,
      kundli: kundli(birth, 'mean', ephemerisPath),
      dasha: chartDasha(chart, 365.25, instantFromLocal(input.as_of, '12:00', birth.offsetSeconds)),
      manglik: manglikDosha(chart, input.locale),
    };
    return { chart, partnerData };
  };
  const a = partner(input.person_a);
  const b = partner(input.person_b);
  return {
    a: a.partnerData,
    b: b.partnerData,
    chart_style: input.chart_style,
    as_of: input.as_of,
    years_ahead: MATCH_YEARS_AHEAD,
    matching: matching(a.chart, b.chart, input.locale),
  };
}
