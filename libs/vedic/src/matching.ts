import { GANAS, VARNAS, VASHYAS, YONIS } from '@astro/contracts';
import { Graha, naturalRelation, SIGN_LORDS, signIndex } from './chart/graha-rules';
import { manglikDosha } from './manglik';
import { nakshatraOf } from './nakshatra';
import { NatalChart } from './chart/natal-chart';
import { fillTemplate as fill } from './text';
import en from './content/en.json';
import th from './content/th.json';

/**
 * Ashtakoot (Guna Milan) matching of a groom and a bride from their Moons, as the North Indian
 * almanacs reckon it. Every table and rule is listed with its source in docs/vedic.md ("Ashtakoot matching").
 */

export type MatchLocale = 'en' | 'th';
const CONTENT = { en: en.matching, th: th.matching };

export const KOOTAS = ['varna', 'vashya', 'tara', 'yoni', 'graha_maitri', 'gana', 'bhakoot', 'nadi'] as const;
export type Koota = (typeof KOOTAS)[number];
export const KOOTA_MAX: Record<Koota, number> = { varna: 1, vashya: 2, tara: 3, yoni: 4, graha_maitri: 5, gana: 6, bhakoot: 7, nadi: 8 };

/** Varna of each Moon sign: watery Brahmin, fiery Kshatriya, earthy Vaishya, airy Shudra. */
const SIGN_VARNA = [1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0];

/** Vashya points, groom's group (row) against the bride's (column). */
const VASHYA_POINTS = [
  [2, 1, 1, 0.5, 1],
  [1, 2, 0.5, 0, 1],
  [1, 0.5, 2, 1, 1],
  [0.5, 0, 1, 2, 0],
  [1, 1, 1, 0, 2],
];

/** Vashya group of a Moon: Sagittarius is human in its first half and quadruped in its second, Capricorn quadruped then watery. */
function vashyaOf(moonLongitude: number): number {
  const sign = signIndex(moonLongitude);
  const secondHalf = moonLongitude - sign * 30 >= 15;
  if (sign === 8) return secondHalf ? 0 : 1;
  if (sign === 9) return secondHalf ? 2 : 0;
  return [0, 0, 1, 2, 3, 1, 1, 4, -1, -1, 1, 2][sign];
}

export const TARAS = ['Janma', 'Sampat', 'Vipat', 'Kshema', 'Pratyari', 'Sadhaka', 'Vadha', 'Mitra', 'Ati-mitra'] as const;

/** Yoni of each nakshatra, Ashwini to Revati. */
const NAKSHATRA_YONI = [0, 1, 2, 3, 3, 4, 5, 2, 5, 6, 6, 7, 8, 9, 8, 9, 10, 10, 4, 11, 12, 11, 13, 0, 13, 7, 1];
/** Yoni points: 4 the same animal, 3 friendly, 2 neutral, 1 inimical, 0 the sworn enemy (horse–buffalo, elephant–lion, …). */
const YONI_POINTS = [
  [4, 2, 2, 3, 2, 2, 2, 1, 0, 1, 1, 3, 2, 1],
  [2, 4, 3, 3, 2, 2, 2, 2, 3, 1, 2, 3, 2, 0],
  [2, 3, 4, 2, 1, 2, 1, 3, 3, 1, 2, 0, 3, 1],
  [3, 3, 2, 4, 2, 1, 1, 1, 1, 2, 2, 2, 0, 2],
  [2, 2, 1, 2, 4, 2, 1, 2, 2, 1, 0, 2, 1, 1],
  [2, 2, 2, 1, 2, 4, 0, 2, 2, 1, 3, 3, 2, 1],
  [2, 2, 1, 1, 1, 0, 4, 2, 2, 2, 2, 2, 1, 2],
  [1, 2, 3, 1, 2, 2, 2, 4, 3, 0, 3, 2, 2, 1],
  [0, 3, 3, 1, 2, 2, 2, 3, 4, 1, 2, 2, 2, 1],
  [1, 1, 1, 2, 1, 1, 2, 0, 1, 4, 1, 1, 2, 1],
  [1, 2, 2, 2, 0, 3, 2, 3, 2, 1, 4, 2, 2, 1],
  [3, 3, 0, 2, 2, 3, 2, 2, 2, 1, 2, 4, 3, 2],
  [2, 2, 3, 0, 1, 2, 1, 2, 2, 2, 2, 3, 4, 2],
  [1, 0, 1, 2, 1, 1, 2, 1, 1, 1, 1, 2, 2, 4],
];

const NAKSHATRA_GANA = [0, 1, 2, 1, 0, 1, 0, 0, 2, 2, 1, 1, 0, 2, 0, 2, 0, 2, 2, 1, 1, 0, 2, 2, 1, 1, 0];
/** Gana points (the same either way round): same gana 6, Deva–Manushya 5, Manushya–Rakshasa 1, Deva–Rakshasa 0. */
const GANA_POINTS = [
  [6, 5, 0],
  [5, 6, 1],
  [0, 1, 6],
];

export const NADIS = ['Adi', 'Madhya', 'Antya'] as const;
/** Nadi runs Adi, Madhya, Antya, Antya, Madhya, Adi along the nakshatras, Ashwini first. */
const nadiOf = (nakshatra: number) => [0, 1, 2, 2, 1, 0][nakshatra % 6];

const MAITRI_POINTS = {
  'friend,friend': 5,
  'friend,neutral': 4,
  'neutral,neutral': 3,
  'enemy,friend': 1,
  'enemy,neutral': 0.5,
  'enemy,enemy': 0,
} as const;

export interface MoonFacts {
  moon_longitude: number;
  moon_sign: string;
  nakshatra: string;
  pada: number;
  varna: (typeof VARNAS)[number];
  vashya: (typeof VASHYAS)[number];
  yoni: (typeof YONIS)[number];
  gana: (typeof GANAS)[number];
  nadi: (typeof NADIS)[number];
  sign_lord: Graha;
}

interface Moon {
  longitude: number;
  sign: number;
  nakshatra: number;
  pada: number;
}

function moonOf(longitude: number): Moon {
  const nak = nakshatraOf(longitude);
  return { longitude, sign: signIndex(longitude), nakshatra: nak.index, pada: nak.pada };
}

function facts(m: Moon): MoonFacts {
  return {
    moon_longitude: Math.round(m.longitude * 1e6) / 1e6,
    moon_sign: en.sign_names[m.sign],
    nakshatra: nakshatraOf(m.longitude).name,
    pada: m.pada,
    varna: VARNAS[SIGN_VARNA[m.sign]],
    vashya: VASHYAS[vashyaOf(m.longitude)],
    yoni: YONIS[NAKSHATRA_YONI[m.nakshatra]],
    gana: GANAS[NAKSHATRA_GANA[m.nakshatra]],
    nadi: NADIS[nadiOf(m.nakshatra)],
    sign_lord: SIGN_LORDS[m.sign],
  };
}

/** Tara counted from one nakshatra to another, inclusive, as a remainder of 9 (1 Janma … 9 Ati-mitra). */
const taraFrom = (from: number, to: number) => (((to - from + 27) % 27) % 9) + 1;
/** Signs counted from one to another, inclusive (same sign = 1). */
const signsFrom = (from: number, to: number) => ((to - from + 12) % 12) + 1;

export interface KootaScore {
  koota: Koota;
  points: number;
  max: number;
  groom: string;
  bride: string;
  reason: string;
}

export interface Cancellation {
  koota: 'nadi' | 'bhakoot' | 'gana';
  rule:
    | 'same_sign_different_nakshatra'
    | 'same_nakshatra_different_sign'
    | 'same_nakshatra_different_pada'
    | 'same_sign_lord'
    | 'friendly_sign_lords';
  text: string;
}

export interface Ashtakoot {
  groom: MoonFacts;
  bride: MoonFacts;
  kootas: KootaScore[];
  total: number;
  max: 36;
  doshas: { koota: 'nadi' | 'bhakoot' | 'gana'; cancelled: boolean }[];
  cancellations: Cancellation[];
}

/** The eight kootas from the two Moons' sidereal longitudes. */
export function ashtakoot(groomMoon: number, brideMoon: number, locale: MatchLocale = 'en'): Ashtakoot {
  const text = CONTENT[locale];
  const g = moonOf(groomMoon);
  const b = moonOf(brideMoon);
  const gf = facts(g);
  const bf = facts(b);
  const name = (list: keyof typeof text.names, value: string) => (text.names[list] as Record<string, string>)[value];
  const signName = (sign: number) => (locale === 'th' ? th : en).sign_names[sign];
  const planet = (p: Graha) => (locale === 'th' ? th : en).planet_names[p];
  const kootas: KootaScore[] = [];
  const add = (koota: Koota, points: number, groom: string, bride: string, reason: string) =>
    kootas.push({ koota, points, max: KOOTA_MAX[koota], groom, bride, reason });

  // 1 Varna: the groom's varna equal to or above the bride's.
  const gv = SIGN_VARNA[g.sign];
  const bv = SIGN_VARNA[b.sign];
  const varna = gv <= bv ? 1 : 0;
  add(
    'varna',
    varna,
    gf.varna,
    bf.varna,
    fill(text.reasons.varna[varna ? 'ok' : 'low'], { groom: name('varna', gf.varna), bride: name('varna', bf.varna) }),
  );

  // 2 Vashya.
  const gvs = vashyaOf(g.longitude);
  const bvs = vashyaOf(b.longitude);
  const vashya = VASHYA_POINTS[gvs][bvs];
  add(
    'vashya',
    vashya,
    gf.vashya,
    bf.vashya,
    fill(text.reasons.vashya[gvs === bvs ? 'same' : vashya >= 1 ? 'friendly' : vashya > 0 ? 'partial' : 'none'], {
      groom: name('vashya', gf.vashya),
      bride: name('vashya', bf.vashya),
      points: vashya,
    }),
  );

  // 3 Tara: counted both ways; Vipat (3), Pratyari (5) and Vadha (7) are inauspicious.
  const fromBride = taraFrom(b.nakshatra, g.nakshatra);
  const fromGroom = taraFrom(g.nakshatra, b.nakshatra);
  const good = (t: number) => ![3, 5, 7].includes(t);
  const tara = (good(fromBride) ? 1.5 : 0) + (good(fromGroom) ? 1.5 : 0);
  add(
    'tara',
    tara,
    TARAS[fromGroom - 1],
    TARAS[fromBride - 1],
    fill(text.reasons.tara[tara === 3 ? 'both' : tara === 0 ? 'neither' : 'one'], {
      from_bride: name('tara', TARAS[fromBride - 1]),
      from_groom: name('tara', TARAS[fromGroom - 1]),
    }),
  );

  // 4 Yoni.
  const gy = NAKSHATRA_YONI[g.nakshatra];
  const by = NAKSHATRA_YONI[b.nakshatra];
  const yoni = YONI_POINTS[gy][by];
  add(
    'yoni',
    yoni,
    gf.yoni,
    bf.yoni,
    fill(text.reasons.yoni[String(yoni) as '0' | '1' | '2' | '3' | '4'], { groom: name('yoni', gf.yoni), bride: name('yoni', bf.yoni) }),
  );

  // 5 Graha maitri: the natural relationship of the two Moon-sign lords, both ways.
  const gl = SIGN_LORDS[g.sign];
  const bl = SIGN_LORDS[b.sign];
  const relations = [naturalRelation(gl, bl), naturalRelation(bl, gl)].sort().join(',') as keyof typeof MAITRI_POINTS;
  const maitri = gl === bl ? 5 : MAITRI_POINTS[relations];
  add(
    'graha_maitri',
    maitri,
    gl,
    bl,
    fill(text.reasons.graha_maitri[gl === bl ? 'same' : maitri >= 4 ? 'friends' : maitri >= 3 ? 'neutral' : 'strained'], {
      groom: planet(gl),
      bride: planet(bl),
      to_bride: name('relation', naturalRelation(gl, bl)),
      to_groom: name('relation', naturalRelation(bl, gl)),
    }),
  );

  // 6 Gana.
  const gg = NAKSHATRA_GANA[g.nakshatra];
  const bg = NAKSHATRA_GANA[b.nakshatra];
  const gana = GANA_POINTS[gg][bg];
  add(
    'gana',
    gana,
    gf.gana,
    bf.gana,
    fill(text.reasons.gana[gg === bg ? 'same' : gana >= 5 ? 'close' : 'apart'], {
      groom: name('gana', gf.gana),
      bride: name('gana', bf.gana),
    }),
  );

  // 7 Bhakoot: the signs counted from each other; 2/12, 5/9 and 6/8 are the doshas.
  const fromBrideSign = signsFrom(b.sign, g.sign);
  const fromGroomSign = signsFrom(g.sign, b.sign);
  const pair = [fromBrideSign, fromGroomSign].sort((x, y) => x - y).join('/');
  const bhakootDosha = ['2/12', '5/9', '6/8'].includes(pair);
  const bhakoot = bhakootDosha ? 0 : 7;
  add(
    'bhakoot',
    bhakoot,
    signName(g.sign),
    signName(b.sign),
    fill(text.reasons.bhakoot[bhakootDosha ? 'dosha' : 'ok'], { pair, groom: signName(g.sign), bride: signName(b.sign) }),
  );

  // 8 Nadi.
  const gn = nadiOf(g.nakshatra);
  const bn = nadiOf(b.nakshatra);
  const nadi = gn === bn ? 0 : 8;
  add(
    'nadi',
    nadi,
    gf.nadi,
    bf.nadi,
    fill(text.reasons.nadi[nadi ? 'ok' : 'dosha'], { groom: name('nadi', gf.nadi), bride: name('nadi', bf.nadi) }),
  );

  // Cancellations (parihara) of the three doshas, named.
  const cancellations: Cancellation[] = [];
  const cancel = (koota: Cancellation['koota'], rule: Cancellation['rule']) =>
    cancellations.push({
      koota,
      rule,
      text: fill(text.cancellations[rule], { koota: text.koota_names[koota], groom: planet(gl), bride: planet(bl) }),
    });
  const friendlyLords = naturalRelation(gl, bl) === 'friend' && naturalRelation(bl, gl) === 'friend';
  if (nadi === 0) {
    if (g.sign === b.sign && g.nakshatra !== b.nakshatra) cancel('nadi', 'same_sign_different_nakshatra');
    if (g.nakshatra === b.nakshatra && g.sign !== b.sign) cancel('nadi', 'same_nakshatra_different_sign');
    if (g.nakshatra === b.nakshatra && g.sign === b.sign && g.pada !== b.pada) cancel('nadi', 'same_nakshatra_different_pada');
  }
  for (const koota of ['bhakoot', 'gana'] as const) {
    const afflicted = koota === 'bhakoot' ? bhakootDosha : gana === 0;
    if (!afflicted) continue;
    if (gl === bl) cancel(koota, 'same_sign_lord');
    else if (friendlyLords) cancel(koota, 'friendly_sign_lords');
  }
  const doshas: Ashtakoot['doshas'] = [];
  if (nadi === 0) doshas.push({ koota: 'nadi', cancelled: cancellations.some((c) => c.koota === 'nadi') });
  if (bhakootDosha) doshas.push({ koota: 'bhakoot', cancelled: cancellations.some((c) => c.koota === 'bhakoot') });
  if (gana === 0) doshas.push({ koota: 'gana', cancelled: cancellations.some((c) => c.koota === 'gana') });

  return { groom: gf, bride: bf, kootas, total: kootas.reduce((s, k) => s + k.points, 0), max: 36, doshas, cancellations };
}

export type VerdictBand = 'excellent' | 'good' | 'average' | 'not_recommended';

/**
 * The band of the total (below 18 not recommended, 18–24 average, 25–32 good, 33–36 excellent); a
 * Nadi or Bhakoot dosha that no rule cancels keeps the match out of the two upper bands.
 */
export function verdictBand(match: Pick<Ashtakoot, 'total' | 'doshas'>): VerdictBand {
  const band: VerdictBand = match.total < 18 ? 'not_recommended' : match.total < 25 ? 'average' : match.total < 33 ? 'good' : 'excellent';
  const severe = match.doshas.some((d) => (d.koota === 'nadi' || d.koota === 'bhakoot') && !d.cancelled);
  return severe && (band === 'good' || band === 'excellent') ? 'average' : band;
}

export interface ManglikSide {
  has_dosha: boolean;
  severity: 'none' | 'low' | 'medium' | 'high';
  description: string;
}

export interface Matching extends Ashtakoot {
  locale: MatchLocale;
  manglik: { groom: ManglikSide; bride: ManglikSide; compatible: boolean; text: string };
  verdict: { band: VerdictBand; text: string };
}

/** Ashtakoot, both partners' Manglik dosha and the verdict, in English or Thai. */
export function matching(groom: NatalChart, bride: NatalChart, locale: MatchLocale): Matching {
  const text = CONTENT[locale];
  const match = ashtakoot(groom.grahas.Moon.longitude, bride.grahas.Moon.longitude, locale);
  const side = (chart: NatalChart): ManglikSide => {
    const m = manglikDosha(chart, locale);
    return { has_dosha: m.has_dosha, severity: m.severity, description: m.description };
  };
  const gm = side(groom);
  const bm = side(bride);
  // Manglik marries Manglik: the dosha of one is balanced by the same dosha in the other.
  const compatible = gm.has_dosha === bm.has_dosha;
  const manglikText =
    text.manglik[
      gm.has_dosha && bm.has_dosha ? 'both' : !gm.has_dosha && !bm.has_dosha ? 'neither' : gm.has_dosha ? 'groom_only' : 'bride_only'
    ];
  const band = verdictBand(match);
  return {
    ...match,
    locale,
    manglik: { groom: gm, bride: bm, compatible, text: manglikText },
    verdict: { band, text: fill(text.verdict[band], { total: match.total }) },
  };
}

/** The names the matching texts give the kootas and the classes within them (varna, vashya, tara, yoni, gana, nadi), in English or Thai. */
export function matchingLabels(locale: MatchLocale) {
  const text = CONTENT[locale];
  return { kootas: text.koota_names, ...text.names };
}
