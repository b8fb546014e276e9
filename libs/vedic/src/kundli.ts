import { Birth, houseOf, lunarNodeAt, NodeKind, sripatiBhavaSandhis } from '@astro/ephemeris';
import {
  arcBetween,
  degreeInSign,
  Graha,
  GRAHAS,
  houseFrom,
  isDebilitationSign,
  isExaltationSign,
  MOOLATRIKONA,
  naturalRelation,
  normalize360,
  Relation,
  SIGN_LORDS,
  SIGN_NAMES,
  signIndex,
} from './chart/graha-rules';
import { nakshatraOf } from './nakshatra';
import { natalChart, NatalChart } from './chart/natal-chart';
import { bodyLabel, chartLabels, ChartLanguage, chartSvg, ChartStyle } from './chart-svg';
import { SHODASHVARGA, shodashvargaSign, ShodashVarga, VARGA_RULES } from './shodashvarga';

export type KundliBody = Graha | 'Rahu' | 'Ketu';
export type Dignity = 'exalted' | 'debilitated' | 'moolatrikona' | 'own' | 'great_friend' | 'friend' | 'neutral' | 'enemy' | 'great_enemy';

/**
 * Combustion orbs from the Sun (Surya Siddhanta 9.6–9, as B. V. Raman's "Graha and Bhava Balas"
 * repeats them): Mercury and Venus have a smaller orb when retrograde.
 */
const COMBUSTION_ORB: Record<Exclude<Graha, 'Sun'>, { direct: number; retrograde: number }> = {
  Moon: { direct: 12, retrograde: 12 },
  Mars: { direct: 17, retrograde: 17 },
  Mercury: { direct: 14, retrograde: 12 },
  Jupiter: { direct: 11, retrograde: 11 },
  Venus: { direct: 10, retrograde: 8 },
  Saturn: { direct: 15, retrograde: 15 },
};

/** Temporal (tatkalika) friendship, BPHS 3.56: grahas in the 2nd, 3rd, 4th, 10th, 11th, 12th from each other are friends. */
function temporalRelation(fromSign: number, toSign: number): 'friend' | 'enemy' {
  return [2, 3, 4, 10, 11, 12].includes(houseFrom(fromSign, toSign)) ? 'friend' : 'enemy';
}

/** Compound (panchadha) relationship, BPHS 3.57: natural and temporal combined. */
export function compoundRelation(natural: Relation, temporal: 'friend' | 'enemy'): Dignity {
  if (natural === 'friend') return temporal === 'friend' ? 'great_friend' : 'neutral';
  if (natural === 'enemy') return temporal === 'friend' ? 'neutral' : 'great_enemy';
  return temporal === 'friend' ? 'friend' : 'enemy';
}

/** Dignity of a graha by sign: exaltation, debilitation, moolatrikona, own sign, else the compound relationship with the sign lord. */
export function dignityOf(graha: Graha, longitude: number, signs: Record<Graha, number>): Dignity {
  const sign = signIndex(longitude);
  if (isExaltationSign(graha, sign)) return 'exalted';
  if (isDebilitationSign(graha, sign)) return 'debilitated';
  const mt = MOOLATRIKONA[graha];
  const deg = degreeInSign(longitude);
  if (mt.sign === sign && deg >= mt.from && deg < mt.to) return 'moolatrikona';
  const lord = SIGN_LORDS[sign];
  if (lord === graha) return 'own';
  return compoundRelation(naturalRelation(graha, lord), temporalRelation(signs[graha], signs[lord]));
}

export interface KundliPlacement {
  body: KundliBody | 'Lagna';
  longitude: number;
  sign: (typeof SIGN_NAMES)[number];
  degree: number;
  nakshatra: string;
  pada: number;
  nakshatra_lord: string;
  house: number;
  /** The Sripati bhava (1–12) the body falls in: unequal houses with the Ascendant in the middle of the first. */
  bhava: number;
  retrograde: boolean;
  combust: boolean;
  dignity: Dignity | null;
  speed: number;
}

export interface Kundli {
  instant_utc: string;
  ayanamsa: { name: 'lahiri'; degrees: number };
  node: NodeKind;
  house_system: 'whole_sign';
  /** Where the twelve Sripati bhavas begin (sidereal longitudes), bhava 1 first. */
  bhava_sandhis: number[];
  placements: KundliPlacement[];
  vargas: { varga: string; division: number; rule: string; signs: Record<string, (typeof SIGN_NAMES)[number]> }[];
  /** Chart images asked for: each style for each varga, as standalone SVG. */
  charts: { style: ChartStyle; varga: string; svg: string }[];
}

/** Which chart images to draw (none by default). */
export interface ChartRequest {
  styles: ChartStyle[];
  vargas: ShodashVarga[];
  /** the language of the charts' labels (English, the API's, by default; Thai for Thai editions) */
  language?: ChartLanguage;
}

const round = (v: number, digits = 6) => Math.round(v * 10 ** digits) / 10 ** digits;

function placement(
  body: KundliPlacement['body'],
  longitude: number,
  frame: { lagnaSign: number; sandhis: number[] },
  extra: Pick<KundliPlacement, 'retrograde' | 'combust' | 'dignity' | 'speed'>,
): KundliPlacement {
  const nak = nakshatraOf(longitude);
  return {
    body,
    longitude: round(longitude),
    sign: SIGN_NAMES[signIndex(longitude)],
    degree: round(degreeInSign(longitude)),
    nakshatra: nak.name,
    pada: nak.pada,
    nakshatra_lord: nak.lord,
    house: houseFrom(frame.lagnaSign, signIndex(longitude)),
    bhava: houseOf(longitude, frame.sandhis),
    ...extra,
    speed: round(extra.speed),
  };
}

/** The sidereal longitudes of the lagna, the seven grahas and the two nodes of a chart. */
export function kundliLongitudes(chart: NatalChart, node: NodeKind, ephemerisPath: string): Record<KundliBody | 'Lagna', number> {
  const rahu = lunarNodeAt(chart.jdUt, node, ephemerisPath, 'sidereal_lahiri').longitude;
  const out = { Lagna: chart.ascendant, Rahu: rahu, Ketu: normalize360(rahu + 180) } as Record<KundliBody | 'Lagna', number>;
  for (const g of GRAHAS) out[g] = chart.grahas[g].longitude;
  return out;
}

/** The kundli: lagna, nine grahas, whole-sign houses, dignities and the sixteen vargas. */
export function kundli(
  birth: Birth,
  node: NodeKind,
  ephemerisPath: string,
  chartRequest: ChartRequest = { styles: [], vargas: [] },
): Kundli {
  const chart = natalChart(birth, ephemerisPath);
  const longitudes = kundliLongitudes(chart, node, ephemerisPath);
  const nodeMotion = lunarNodeAt(chart.jdUt, node, ephemerisPath, 'sidereal_lahiri').speed;
  const lagnaSign = signIndex(chart.ascendant);
  const sandhis = sripatiBhavaSandhis(chart.jdUt, birth.latitude, birth.longitude, ephemerisPath);
  const frame = { lagnaSign, sandhis };
  const signs = {} as Record<Graha, number>;
  for (const g of GRAHAS) signs[g] = chart.grahas[g].sign;
  const sun = chart.grahas.Sun.longitude;

  const placements: KundliPlacement[] = [
    placement('Lagna', chart.ascendant, frame, { retrograde: false, combust: false, dignity: null, speed: 0 }),
  ];
  for (const g of GRAHAS) {
    const p = chart.grahas[g];
    const retrograde = p.speed < 0;
    const orb = g === 'Sun' ? null : COMBUSTION_ORB[g][retrograde ? 'retrograde' : 'direct'];
    placements.push(
      placement(g, p.longitude, frame, {
        retrograde,
        combust: orb !== null && arcBetween(p.longitude, sun) < orb,
        dignity: dignityOf(g, p.longitude, signs),
        speed: p.speed,
      }),
    );
  }
  // The nodes always move backwards on average; the mean node always, the true node almost always.
  placements.push(
    placement('Rahu', longitudes.Rahu, frame, { retrograde: nodeMotion < 0, combust: false, dignity: null, speed: nodeMotion }),
  );
  placements.push(
    placement('Ketu', longitudes.Ketu, frame, { retrograde: nodeMotion < 0, combust: false, dignity: null, speed: nodeMotion }),
  );

  const vargas = SHODASHVARGA.map((division) => {
    const vargaSigns: Record<string, (typeof SIGN_NAMES)[number]> = {};
    for (const [body, lon] of Object.entries(longitudes)) vargaSigns[body] = SIGN_NAMES[shodashvargaSign(lon, division)];
    return { varga: `D${division}`, division, rule: VARGA_RULES[division], signs: vargaSigns };
  });

  const charts = chartRequest.vargas.flatMap((division) =>
    chartRequest.styles.map((style) => ({
      style,
      varga: `D${division}`,
      svg: kundliChartSvg({ placements, vargas }, division, style, chartRequest.language),
    })),
  );

  return {
    instant_utc: chart.instant.toISOString(),
    ayanamsa: { name: 'lahiri', degrees: round(chart.ayanamsa) },
    node,
    house_system: 'whole_sign',
    bhava_sandhis: sandhis.map((lon) => round(lon)),
    placements,
    vargas,
    charts,
  };
}

/**
 * The North or South Indian chart of one varga of a kundli, drawn from its placements and varga
 * signs. The rasi chart prints each body's degrees and nakshatra in its cell, as AstroSage and
 * JHora do; a varga's degrees would be those of the rasi again, so the divisional charts show labels only.
 */
export function kundliChartSvg(
  k: Pick<Kundli, 'placements' | 'vargas'>,
  division: ShodashVarga,
  style: ChartStyle,
  language?: ChartLanguage,
): string {
  const words = chartLabels(language);
  const varga = k.vargas.find((v) => v.division === division)!;
  const signOf = (body: string) => SIGN_NAMES.indexOf(varga.signs[body]);
  const detail = (p: KundliPlacement) => (division === 1 ? { detail: { degree: p.degree, nakshatra: p.nakshatra, pada: p.pada } } : {});
  const bodies = k.placements
    .filter((p) => p.body !== 'Lagna')
    .map((p) => ({ label: bodyLabel(p.body, p.retrograde, words), sign: signOf(p.body), ...detail(p) }));
  const lagna = { label: words.lagna, sign: signOf('Lagna'), ...detail(k.placements[0]) };
  const vargaName = (words.vargas as Record<string, string>)[String(division)] ?? VARGA_RULES[division].split(':')[0];
  return chartSvg(style, lagna, bodies, `D${division} ${vargaName}`, words);
}
