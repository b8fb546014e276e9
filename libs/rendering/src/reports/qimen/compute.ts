import { PALACES, QimenChart, qimenChart, QimenPalace, QimenPattern } from '@astro/chinese';
import { BRANCHES, controlledBy, Element, producedBy, sexagenaryIndex, STEMS, SummerTimeRule } from '@astro/saju';
import { QIMEN_PURPOSES } from '@astro/contracts';
import { NamedPlace } from '../common';
import { VedicSubjectInput, vedicBirth } from '../vedic-common';

export type QimenPurpose = (typeof QIMEN_PURPOSES)[number];

/** What the Qi Men report is asked for: the moment (resolved when the job is queued) and place, the purpose, the question. */
export interface QimenReportInput {
  /** the moment as a birth subject: its date, time, clock and place */
  moment: VedicSubjectInput;
  purpose: QimenPurpose;
  question: string | null;
  name: string | null;
  true_solar_time: boolean;
  dst: SummerTimeRule;
}

/**
 * The useful symbol (用神) of each purpose, as the classical texts assign it: 开门 for work, 生门 for
 * money, 六合 for unions, the hour's 驿马 for a journey, 天芮 for illness, 景门 for papers and
 * examinations, 惊门 for lawsuits (docs/chinese.md, "The Qi Men report").
 */
const USEFUL: Record<QimenPurpose, { kind: 'door' | 'deity' | 'star' | 'mark'; key: string; zh: string }> = {
  career: { kind: 'door', key: 'kai', zh: '开门' },
  wealth: { kind: 'door', key: 'sheng', zh: '生门' },
  relationships: { kind: 'deity', key: 'liu_he', zh: '六合' },
  travel: { kind: 'mark', key: 'yi_ma', zh: '驿马' },
  health: { kind: 'star', key: 'rui', zh: '天芮' },
  study: { kind: 'door', key: 'jing_view', zh: '景门' },
  legal: { kind: 'door', key: 'jing_fear', zh: '惊门' },
};

// The classical grades: three good doors 开休生, 景 lesser good, 杜 neutral, 伤惊 bad, 死 worst;
// great stars 辅禽心, lesser 任冲, lesser bad 英柱, great bad 蓬芮; four good deities and three harsh ones.
const DOOR_WEIGHT: Record<string, number> = { 开门: 2, 休门: 2, 生门: 2, 景门: 1, 杜门: 0, 伤门: -1, 惊门: -1, 死门: -2 };
const STAR_WEIGHT: Record<string, number> = { 天辅: 2, 天禽: 2, 天心: 2, 天任: 1, 天冲: 1, 天英: -1, 天柱: -1, 天蓬: -2, 天芮: -2 };
const DEITY_WEIGHT: Record<string, number> = { 值符: 1, 太阴: 1, 六合: 1, 九地: 1, 九天: 1, 螣蛇: -1, 白虎: -1, 玄武: -1 };
const MARK_WEIGHT: Record<string, number> = { men_po: -1, ru_mu: -1, ji_xing: -1, kong_wang: -1, yi_ma: 0 };
const PATTERN_WEIGHT: Record<QimenPattern['kind'], number> = { auspicious: 2, inauspicious: -2, mixed: 0 };
const RELATION_WEIGHT: Record<SelfRelation, number> = {
  together: 2,
  generates_self: 2,
  same: 1,
  self_controls: 1,
  self_generates: 0,
  controls_self: -2,
};

export type SelfRelation = 'together' | 'same' | 'self_generates' | 'generates_self' | 'self_controls' | 'controls_self';

/** One sign of a palace and what it weighs in the verdict. */
export interface Factor {
  kind: 'door' | 'star' | 'deity' | 'mark' | 'pattern' | 'self' | 'board';
  key: string;
  weight: number;
}

export interface PalaceReading {
  palace: number;
  score: number;
  factors: Factor[];
}

export type Verdict = 'favourable' | 'mixed' | 'unfavourable';
export const verdictOf = (score: number): Verdict => (score >= 3 ? 'favourable' : score <= -1 ? 'unfavourable' : 'mixed');

export interface HourReading {
  /** local clock date and start of the double hour */
  date: string;
  start: string;
  end: string;
  hourPillar: string;
  palace: number;
  door: string | null;
  star: string | null;
  deity: string | null;
  score: number;
  verdict: Verdict;
}

export interface QimenReportData {
  purpose: QimenPurpose;
  question: string | null;
  name: string | null;
  moment: VedicSubjectInput;
  place: NamedPlace | null;
  /** the chart of POST /api/v3/chinese/qimen for the moment (meanings in English; the report prints its own words) */
  chart: QimenChart;
  useful: { kind: 'door' | 'deity' | 'star' | 'mark'; key: string; zh: string; palace: number };
  /** the asker: the day stem (a 甲 day: the instrument it hides under) and the palace it stands in on the heaven plate */
  self: { stem: string; palace: number; relation: SelfRelation };
  reading: PalaceReading;
  verdict: Verdict;
  /** the outer palace with the highest score, the direction to face */
  best: PalaceReading;
  hours: HourReading[];
}

/** The palace where the useful symbol stands on a board. */
function usefulPalace(chart: QimenChart, purpose: QimenPurpose): number {
  const u = USEFUL[purpose];
  const found = chart.palaces.find((p) => {
    if (u.kind === 'door') return p.door?.zh === u.zh;
    if (u.kind === 'deity') return p.deity?.zh === u.zh;
    if (u.kind === 'star') return p.star?.zh === u.zh || p.star_lodged?.zh === u.zh;
    return p.marks.some((m) => m.key === u.key);
  });
  return found!.number;
}

/** The stem that stands for the asker: the day stem, or for a 甲 day the instrument of its decade (旬) that hides it. */
function askerStem(chart: QimenChart): string {
  const [stem, branch] = [...chart.pillars.day.gan_zhi];
  if (stem !== '甲') return stem;
  const index = sexagenaryIndex(
    STEMS.findIndex((s) => s.hanja === stem),
    BRANCHES.findIndex((b) => b.hanja === branch),
  );
  return '戊己庚辛壬癸'[Math.floor(index / 10)];
}

function relation(self: Element, matter: Element, samePalace: boolean): SelfRelation {
  if (samePalace) return 'together';
  if (self === matter) return 'same';
  if (producedBy(self) === matter) return 'self_generates';
  if (producedBy(matter) === self) return 'generates_self';
  return controlledBy(self) === matter ? 'self_controls' : 'controls_self';
}

const BOARD_CHANTS = new Set(['fu_yin', 'fan_yin', 'men_fu_yin', 'men_fan_yin']);

/**
 * The signs of a palace weighed: its door, star and deity by their grades (leaving out the useful
 * symbol itself, which only says where to look), its marks, the patterns standing in it.
 */
function readPalace(chart: QimenChart, p: QimenPalace, skip: { kind: string; key: string } | null): PalaceReading {
  const factors: Factor[] = [];
  const add = (kind: Factor['kind'], key: string, weight: number) => {
    if (skip && skip.kind === kind && skip.key === key) return;
    factors.push({ kind, key, weight });
  };
  if (p.door) add('door', doorKey(p.door.zh), DOOR_WEIGHT[p.door.zh]);
  if (p.star) add('star', starKey(p.star.zh), STAR_WEIGHT[p.star.zh]);
  if (p.deity) add('deity', deityKey(p.deity.zh), DEITY_WEIGHT[p.deity.zh]);
  for (const m of p.marks) add('mark', m.key, MARK_WEIGHT[m.key]);
  for (const pattern of chart.patterns.filter((x) => x.palace === p.number)) add('pattern', pattern.key, PATTERN_WEIGHT[pattern.kind]);
  return { palace: p.number, score: factors.reduce((s, f) => s + f.weight, 0), factors };
}

const DOOR_KEYS: Record<string, string> = {
  休门: 'xiu',
  死门: 'si',
  伤门: 'shang',
  杜门: 'du',
  开门: 'kai',
  惊门: 'jing_fear',
  生门: 'sheng',
  景门: 'jing_view',
};
const STAR_KEYS: Record<string, string> = {
  天蓬: 'peng',
  天芮: 'rui',
  天冲: 'chong',
  天辅: 'fu',
  天禽: 'qin',
  天心: 'xin',
  天柱: 'zhu',
  天任: 'ren',
  天英: 'ying',
};
const DEITY_KEYS: Record<string, string> = {
  值符: 'zhi_fu',
  螣蛇: 'teng_she',
  太阴: 'tai_yin',
  六合: 'liu_he',
  白虎: 'bai_hu',
  玄武: 'xuan_wu',
  九地: 'jiu_di',
  九天: 'jiu_tian',
};
export const doorKey = (zh: string) => DOOR_KEYS[zh];
export const starKey = (zh: string) => STAR_KEYS[zh];
export const deityKey = (zh: string) => DEITY_KEYS[zh];

const palaceOf = (chart: QimenChart, n: number) => chart.palaces.find((p) => p.number === n)!;

/** The chart of a moment with the report's options (the request of POST /api/v3/chinese/qimen). */
function chartAt(input: QimenReportInput, date: string, time: string, ephemerisPath: string): QimenChart {
  const m = input.moment;
  return qimenChart(
    {
      date,
      time,
      timezoneOffsetMinutes: m.timezoneOffsetMinutes,
      ...(m.timezone ? { timezone: m.timezone } : {}),
      latitude: m.latitude,
      longitude: m.longitude,
      true_solar_time: input.true_solar_time,
      dst: input.dst,
      language: 'en',
    },
    ephemerisPath,
  );
}

/** The purpose's palace on a board, weighed: the useful symbol's palace and the asker's relation to it. */
function judge(chart: QimenChart, purpose: QimenPurpose) {
  const useful = { ...USEFUL[purpose], palace: usefulPalace(chart, purpose) };
  const stem = askerStem(chart);
  const selfPalace = chart.palaces.find((p) => p.heaven_stem === stem || p.heaven_stem_lodged === stem)?.number ?? 2;
  const rel = relation(PALACES[selfPalace].element, PALACES[useful.palace].element, selfPalace === useful.palace);
  const reading = readPalace(chart, palaceOf(chart, useful.palace), useful);
  reading.factors.push({ kind: 'self', key: rel, weight: RELATION_WEIGHT[rel] });
  for (const p of chart.patterns) if (BOARD_CHANTS.has(p.key)) reading.factors.push({ kind: 'board', key: p.key, weight: -1 });
  reading.score = reading.factors.reduce((s, f) => s + f.weight, 0);
  return { useful, self: { stem, palace: selfPalace, relation: rel }, reading };
}

const HOUR_MS = 3_600_000;
const clock = (ms: number, offsetSeconds: number) => {
  const iso = new Date(ms + offsetSeconds * 1000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};

/** The twelve double hours after the one of the moment, each read at its middle (the even clock hour). */
function hoursAhead(input: QimenReportInput, instant: number, ephemerisPath: string): HourReading[] {
  const offset = input.moment.timezoneOffsetMinutes * 60;
  // the double hours begin at the odd clock hours (23:00 子, 01:00 丑, …): counted in whole local hours since the epoch's midnight
  const localHours = Math.floor((instant + offset * 1000) / HOUR_MS);
  const startOfThis = (Math.floor((localHours + 1) / 2) * 2 - 1) * HOUR_MS - offset * 1000;
  const hours: HourReading[] = [];
  for (let k = 1; k <= 12; k++) {
    const start = startOfThis + k * 2 * HOUR_MS;
    const middle = clock(start + HOUR_MS, offset);
    const chart = chartAt(input, middle.date, middle.time, ephemerisPath);
    const judged = judge(chart, input.purpose);
    const palace = palaceOf(chart, judged.useful.palace);
    hours.push({
      date: clock(start, offset).date,
      start: clock(start, offset).time,
      end: clock(start + 2 * HOUR_MS, offset).time,
      hourPillar: chart.pillars.hour.gan_zhi,
      palace: judged.useful.palace,
      door: palace.door?.zh ?? null,
      star: palace.star?.zh ?? null,
      deity: palace.deity?.zh ?? null,
      score: judged.reading.score,
      verdict: verdictOf(judged.reading.score),
    });
  }
  return hours;
}

/** The Qi Men report's data: the board of POST /api/v3/chinese/qimen for the moment, read for the purpose. */
export function computeQimenReport(input: QimenReportInput, ephemerisPath: string): QimenReportData {
  const { birth, person } = vedicBirth(input.moment, input.name ?? '');
  const chart = chartAt(input, input.moment.date, input.moment.time, ephemerisPath);
  const judged = judge(chart, input.purpose);
  const outer = chart.palaces.filter((p) => p.number !== 5).map((p) => readPalace(chart, p, null));
  const best = outer.reduce((a, b) => (b.score > a.score ? b : a));
  return {
    purpose: input.purpose,
    question: input.question,
    name: input.name,
    moment: input.moment,
    place: person.place,
    chart,
    useful: judged.useful,
    self: judged.self,
    reading: judged.reading,
    verdict: verdictOf(judged.reading.score),
    best,
    hours: hoursAhead(input, birth.instant.getTime(), ephemerisPath),
  };
}
