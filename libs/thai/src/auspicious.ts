import { fill } from '@astro/text';
import content from './content/auspicious.json';
import { calendarContent, describeCivilDate, lunarDayText, lunarDayTextEn, ThaiDateDescription } from './date-text';
import { birthPlanet, POSITION_ORDER, ThaksaBirth, ThaksaPlanet, WHEEL_ORDER } from './maha-thaksa';

/**
 * Day-level auspiciousness (ฤกษ์วัน) by the traditional Thai rules (docs/thai.md, "Auspicious days"):
 *
 * - กาลโยค (Kalayoka) of the Chula Sakarat year: the weekday and the lunar day (ดิถี 1–30) that are
 *   ธงชัย, อธิบดี, อุบาทว์ and โลกาวินาศ for the whole year, from เถลิงศก (16 April) to 15 April.
 *   Each is a เกณฑ์ (base number) from the C.S. year, divided by 7 for the weekday (1 Sunday … 7
 *   Saturday), 8 for the watch, 27 for the lunar mansion, 12 for the sign and 30 for the lunar day,
 *   a zero remainder counting as the divisor (the sign keeps 0 = Aries):
 *     ธงชัย C.S. × 10 + 3 · อธิบดี C.S. mod 498 · อุบาทว์ C.S. × 10 + 2 · โลกาวินาศ C.S. + 1120.
 * - ดิถีมหาสูญ: by the lunar month, one lunar day both waxing and waning, from the traditional verse
 *   (เดือน ๖ เดือน ๓ ห้าม ๔ ค่ำ; ๗, ๑๐ ห้าม ๘ ค่ำ; ๘, ๕ ห้าม ๖ ค่ำ; ๑๑, ยี่ ๑๒ ค่ำ; ๙, ๑๒ ห้าม ๑๐ ค่ำ;
 *   อ้าย, ๔ ห้าม ๒ ค่ำ). It overrides every good omen ("ถึงฤกษ์อื่นหมื่นดีไม่ต้านทาน").
 * - The person's birth weekday, when a birth is given: by the Maha Thaksa wheel, the weekday of the
 *   planet in กาลกิณี is forbidden ("อย่าให้วันนั้นเป็นวันกาลกิณีเดิมของผู้ประกอบการ"); those of ศรี,
 *   เดช and มนตรี are good. Rahu rules no whole civil day.
 *
 * The score (0–100 from 50) and the activity weights are this API's convention, not a traditional
 * text: the texts name the rules but not their relative weight.
 */
export const ACTIVITIES = ['wedding', 'moving_house', 'opening_business', 'travel', 'ordination'] as const;
export type Activity = (typeof ACTIVITIES)[number];

export type KalayokaKind = 'thongchai' | 'athibodi' | 'ubat' | 'lokawinat';
const KALAYOKA_KINDS: KalayokaKind[] = ['thongchai', 'athibodi', 'ubat', 'lokawinat'];

export interface KalayokaEntry {
  /** 0 Sunday … 6 Saturday */
  weekday: number;
  /** the almanac's number: 1 Sunday … 7 Saturday */
  weekday_number: number;
  /** watch 1–8 */
  yam: number;
  /** lunar mansion 1–27 */
  rerk: number;
  /** sign 0 (Aries) … 11 */
  rasi: number;
  /** lunar day 1–30 (waxing 1–15 = 1–15, waning n = 15 + n) */
  dithi: number;
}

export interface Kalayoka {
  chula_sakarat: number;
  valid_from: string;
  valid_to: string;
  thongchai: KalayokaEntry;
  athibodi: KalayokaEntry;
  ubat: KalayokaEntry;
  lokawinat: KalayokaEntry;
}

const BASES: Record<KalayokaKind, (cs: number) => number> = {
  thongchai: (cs) => cs * 10 + 3,
  athibodi: (cs) => cs % 498,
  ubat: (cs) => cs * 10 + 2,
  lokawinat: (cs) => cs + 1120,
};

/** a zero remainder counts as the divisor (7, 8, 27, 30) */
const remainder = (base: number, divisor: number) => base % divisor || divisor;

function entry(base: number): KalayokaEntry {
  const weekdayNumber = remainder(base, 7);
  return {
    weekday: weekdayNumber - 1,
    weekday_number: weekdayNumber,
    yam: remainder(base, 8),
    rerk: remainder(base, 27),
    rasi: base % 12,
    dithi: remainder(base, 30),
  };
}

/** The Kalayoka table of a Chula Sakarat year (valid from 16 April of C.S. + 638 to 15 April of the next year). */
export function kalayoka(chulaSakarat: number): Kalayoka {
  const ce = chulaSakarat + 638;
  return {
    chula_sakarat: chulaSakarat,
    valid_from: `${ce}-04-16`,
    valid_to: `${ce + 1}-04-15`,
    thongchai: entry(BASES.thongchai(chulaSakarat)),
    athibodi: entry(BASES.athibodi(chulaSakarat)),
    ubat: entry(BASES.ubat(chulaSakarat)),
    lokawinat: entry(BASES.lokawinat(chulaSakarat)),
  };
}

/** ดิถีมหาสูญ: lunar month → the forbidden day number (waxing and waning). Month 8/8 counts as 8. */
export const MAHASUN_DAY: Record<number, number> = { 1: 2, 2: 12, 3: 4, 4: 2, 5: 6, 6: 4, 7: 8, 8: 6, 9: 10, 10: 8, 11: 12, 12: 10 };

export function isDithiMahasun(month: number, day: number): boolean {
  return MAHASUN_DAY[month] === day;
}

/** ดิถี 1–30 of a lunar date. */
export function dithiOf(phase: 'waxing' | 'waning', day: number): number {
  return phase === 'waxing' ? day : 15 + day;
}

export type RuleName = keyof typeof content.rules;
type RuleGroup = KalayokaKind | 'mahasun' | 'birth_bad' | 'birth_good';

export interface DayRule {
  rule: RuleName;
  name: { th: string; en: string };
  effect: 'good' | 'bad';
  /** signed contribution to the score after the activity's weight */
  points: number;
  /** a prohibition: whatever else the day has, the verdict is `avoid` (ดิถีมหาสูญ, the person's กาลกิณี day) */
  forbids: boolean;
  reason: { th: string; en: string };
}

export interface DayVerdict {
  score: number;
  verdict: 'good' | 'fair' | 'avoid';
  rules: DayRule[];
  summary: { th: string; en: string };
}

/** Points of each rule before weighting. A forbidding rule also caps the score and forces `avoid`. */
const POINTS = { weekday: 15, dithi: 8, mahasun: -30, birthBad: -15, birthGood: 8 };
const FORBIDDEN_CAP = 25;

/**
 * How much each group of rules matters for an activity (this API's convention, docs/thai.md):
 * travel looks above all at โลกาวินาศ and อุบาทว์, opening a business at อธิบดี, a wedding and an
 * ordination at ธงชัย and the person's own days.
 */
const WEIGHTS: Record<Activity | 'general', Partial<Record<RuleGroup, number>>> = {
  general: {},
  wedding: { thongchai: 1.5, ubat: 1.5, birth_bad: 1.5, birth_good: 1.5 },
  moving_house: { thongchai: 1.5, lokawinat: 1.5 },
  opening_business: { athibodi: 2, thongchai: 1.5, birth_good: 1.5 },
  travel: { lokawinat: 2, ubat: 1.5, thongchai: 0.5, athibodi: 0.5 },
  ordination: { thongchai: 1.5, ubat: 1.5, birth_bad: 1.5 },
};

const PLANET_WEEKDAY: Partial<Record<ThaksaPlanet, number>> = { sun: 0, moon: 1, mars: 2, mercury: 3, jupiter: 4, venus: 5, saturn: 6 };

export interface BirthDays {
  birth_planet: ThaksaPlanet;
  birth_day: { th: string; en: string };
  /** weekday (0 Sunday … 6 Saturday) of the planet in each position; null for Rahu (Wednesday night only) */
  kalakini: number | null;
  sri: number | null;
  det: number | null;
  montri: number | null;
}

/** The person's good and bad weekdays by the Maha Thaksa wheel of the birth weekday. */
export function birthDays(birth: ThaksaBirth): BirthDays {
  const born = birthPlanet(birth);
  const first = WHEEL_ORDER.indexOf(born);
  const weekdayOf = (position: (typeof POSITION_ORDER)[number]) =>
    PLANET_WEEKDAY[WHEEL_ORDER[(first + POSITION_ORDER.indexOf(position)) % 8]] ?? null;
  const weekday = new Date(`${birth.date}T00:00:00Z`).getUTCDay();
  return {
    birth_planet: born,
    birth_day:
      born === 'rahu'
        ? { th: 'วันพุธกลางคืน', en: 'Wednesday night' }
        : { th: calendarContent.weekdays.th[weekday], en: calendarContent.weekdays.en[weekday] },
    kalakini: weekdayOf('kalakini'),
    sri: weekdayOf('sri'),
    det: weekdayOf('det'),
    montri: weekdayOf('montri'),
  };
}

export interface VerdictOptions {
  activity?: Activity;
  birth?: BirthDays;
}

/** The day-level rules, score and verdict of one civil date (its lunar date already described). */
export function dayVerdict(day: ThaiDateDescription, options: VerdictOptions = {}): DayVerdict {
  const activity = options.activity ?? 'general';
  const weights = WEIGHTS[activity];
  const table = kalayoka(day.chula_sakarat);
  const dithi = dithiOf(day.phase, day.day);
  const values = {
    weekday: calendarContent.weekdays.th[day.weekday],
    cs: day.chula_sakarat,
    lunar: lunarDayText(day),
    lunar_en: lunarDayTextEn(day),
    birth_day: options.birth?.birth_day.th ?? '',
    birth_day_en: options.birth?.birth_day.en ?? '',
  };
  const valuesEn = { ...values, weekday: calendarContent.weekdays.en[day.weekday] };
  const rules: DayRule[] = [];
  const add = (rule: RuleName, group: RuleGroup, points: number, forbids = false) => {
    const text = content.rules[rule];
    rules.push({
      rule,
      name: text.name,
      effect: points > 0 ? 'good' : 'bad',
      points: Math.round(points * (weights[group] ?? 1) * 10) / 10,
      forbids,
      reason: { th: fill(text.reason.th, values), en: fill(text.reason.en, valuesEn) },
    });
  };
  for (const kind of KALAYOKA_KINDS) {
    const sign = kind === 'thongchai' || kind === 'athibodi' ? 1 : -1;
    if (table[kind].weekday === day.weekday) add(`wan_${kind}` as RuleName, kind, sign * POINTS.weekday);
    if (table[kind].dithi === dithi) add(`dithi_${kind}` as RuleName, kind, sign * POINTS.dithi);
  }
  if (isDithiMahasun(day.month, day.day)) add('dithi_mahasun', 'mahasun', POINTS.mahasun, true);
  const birth = options.birth;
  if (birth) {
    if (birth.kalakini === day.weekday) add('birth_kalakini', 'birth_bad', POINTS.birthBad, true);
    if (birth.sri === day.weekday) add('birth_sri', 'birth_good', POINTS.birthGood);
    if (birth.det === day.weekday) add('birth_det', 'birth_good', POINTS.birthGood);
    if (birth.montri === day.weekday) add('birth_montri', 'birth_good', POINTS.birthGood);
  }
  const forbidden = rules.some((r) => r.forbids);
  let score = Math.max(0, Math.min(100, Math.round(50 + rules.reduce((sum, r) => sum + r.points, 0))));
  if (forbidden) score = Math.min(score, FORBIDDEN_CAP);
  const verdict = forbidden || score < 40 ? 'avoid' : score >= 65 ? 'good' : 'fair';
  const activityName = content.activities[activity];
  const head = content.verdicts[verdict];
  const reasons = rules.length ? rules.map((r) => r.reason) : [content.no_rule];
  return {
    score,
    verdict,
    rules,
    summary: {
      th: [fill(head.th, { activity: activityName.th }), ...reasons.map((r) => r.th)].join(' · '),
      en: [fill(head.en, { activity_en: activityName.en }), ...reasons.map((r) => r.en)].join(' · '),
    },
  };
}

/** Convenience: the verdict of a civil date ISO string. */
export function dayVerdictOf(iso: string, options: VerdictOptions = {}): DayVerdict {
  return dayVerdict(describeCivilDate(iso), options);
}

export const auspiciousContent = content;
