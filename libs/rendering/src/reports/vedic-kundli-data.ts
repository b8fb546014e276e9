import { instantFromLocal, NodeKind } from '@astro/ephemeris';
import {
  Ashtakavarga,
  BirthPanchang,
  birthPanchang,
  chartAshtakavarga,
  chartDasha,
  ChartStyle,
  Doshas,
  doshas,
  Kundli,
  kundli,
  mercuryNatureFromChart,
  natalChart,
  PlanetShadbala,
  RemedyItems,
  remedyItems,
  SadeSatiCycle,
  sadeSati,
  SadeSatiResult,
  sadeSatiCycles,
  shadbalaIfTimed,
  VedicInputError,
  VimshottariDasha,
  Yoga,
  yogaChartOf,
  yogasOf,
} from '@astro/vedic';
import { ReportLocale } from './common';
import { vedicBirth, VedicPerson, VedicSubjectInput } from './vedic-common';

export interface VedicKundliInput {
  birth_subject: VedicSubjectInput;
  name: string;
  chart_style: ChartStyle;
  node: NodeKind;
  /** YYYY-MM-DD: the running periods and the Sade Sati status are read at local noon of this date (the API sets today when absent) */
  as_of: string;
  /** the language of the texts the calculation routes write (doshas, remedies, Sade Sati) */
  locale: ReportLocale;
}

/** Every value the kundli document prints, as the calculation routes compute them (the job's JSON artifact). */
export interface VedicKundliData {
  person: VedicPerson;
  chart_style: ChartStyle;
  as_of: string;
  /** the instant the running periods are read for: noon of `as_of` on the birth clock */
  as_of_instant: string;
  /** POST /api/v3/vedic/kundli with the same birth and node (no chart images: the document draws them) */
  kundli: Kundli;
  /** POST /api/v3/vedic/panchang for the birth's Hindu day, the limbs running at birth; null where the Sun does not rise */
  panchang: BirthPanchang | null;
  /** POST /api/v3/vedic/dasha, running at `as_of_instant` */
  dasha: VimshottariDasha;
  yogas: Yoga[];
  /** POST /api/v3/vedic/doshas */
  doshas: Doshas;
  /** POST /api/v3/vedic/sade-sati on `as_of_instant`, and every passage of the life */
  sade_sati: { now: SadeSatiResult; cycles: SadeSatiCycle[] };
  /** POST /api/v3/vedic/remedies, its recommendations in parts */
  remedies: RemedyItems;
  /** POST /api/v3/vedic/ashtakavarga */
  ashtakavarga: Ashtakavarga;
  /** POST /api/v3/vedic/shadbala with Mercury's natures from its company (BPHS 3.11); null where the Sun does not rise */
  shadbala: PlanetShadbala[] | null;
  mercury_nature: 'benefic' | 'malefic';
}

/** A limb that needs a sunrise (panchang, Shadbala) is left out, not failed, where the Sun does not rise on the birth day. */
function unlessPolar<T>(work: () => T): T | null {
  try {
    return work();
  } catch (err) {
    if (err instanceof VedicInputError) return null;
    throw err;
  }
}

export function computeVedicKundli(input: VedicKundliInput, ephemerisPath: string): VedicKundliData {
  const { birth, person } = vedicBirth(input.birth_subject, input.name);
  const chart = natalChart(birth, ephemerisPath);
  const asOf = instantFromLocal(input.as_of, '12:00', birth.offsetSeconds);
  const k = kundli(birth, input.node, ephemerisPath);
  const mercury = mercuryNatureFromChart(chart);
  return {
    person,
    chart_style: input.chart_style,
    as_of: input.as_of,
    as_of_instant: asOf.toISOString(),
    kundli: k,
    panchang: unlessPolar(() => birthPanchang(birth, ephemerisPath)),
    dasha: chartDasha(chart, 365.25, asOf),
    yogas: yogasOf(yogaChartOf(k, mercury)),
    doshas: doshas(chart, input.node, input.locale, ephemerisPath),
    sade_sati: { now: sadeSati(birth, asOf, ephemerisPath, input.locale), cycles: sadeSatiCycles(birth, ephemerisPath) },
    remedies: remedyItems(birth, input.locale, asOf, ephemerisPath),
    ashtakavarga: chartAshtakavarga(chart),
    shadbala: shadbalaIfTimed(chart, mercury, ephemerisPath)?.result.aggregate.planets ?? null,
    mercury_nature: mercury,
  };
}
