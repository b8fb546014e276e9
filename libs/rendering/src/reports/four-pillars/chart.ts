import { BaziReport, LIFE_STAGES, strengthContributions, StrengthContribution, SymbolicStar } from '@astro/chinese';
import {
  BranchInteraction,
  branchInteractions,
  BRANCHES,
  controlledBy,
  controllerOf,
  Element,
  FourPillars,
  ipchunOf,
  LuckDirection,
  pairRelations,
  PairRelation,
  Pillar,
  pillarAt,
  PILLAR_NAMES,
  PillarName,
  Polarity,
  producedBy,
  sexagenaryIndex,
  stemRelation,
  STEMS,
  Strength,
  SummerTimeBasis,
  tenGod,
  TenGodName,
  hiddenStems,
  yearPillarOfCivilYear,
} from '@astro/saju';

/**
 * The one view of a chart both four-pillar reports print, built in the compute step from the
 * answers of the calculation routes (POST /api/v3/korean/saju and POST /api/v3/chinese/bazi, the
 * same library functions with the same inputs), plus what a reader adds to them: how each luck
 * period and each year meets the natal chart. Plain data: it travels through Temporal.
 */
export type PillarsTradition = 'saju' | 'bazi';
export type ElementRole = 'favourable' | 'unfavourable' | 'neutral';
/** The month branch's element seen from the day master: its own season (得令), or the element that feeds, drains, is ruled by or rules it. */
export type Season = 'companion' | 'resource' | 'output' | 'wealth' | 'officer';

export interface NatalPillar {
  stem: string;
  branch: string;
  stemElement: Element;
  stemPolarity: Polarity;
  branchElement: Element;
  /** the branch's index 0 (子) … 11 (亥), which names its animal */
  branchIndex: number;
  /** the stem's ten god; `Day Master` for the day stem */
  god: TenGodName;
  hidden: { stem: string; element: Element; god: TenGodName }[];
  /** Na Yin: its index 0–29 in the cycle of thirty names, its Chinese name and element */
  naYin: { index: number; zh: string; en: string; element: Element };
  /** the day master's life stage in this branch, 0 (长生) … 11 (养) */
  lifeStage: number;
}

/** The natal pillars a branch from outside the chart meets in one relation. */
export interface Meeting {
  relation: PairRelation;
  pillars: PillarName[];
}

export interface LuckPeriod {
  index: number;
  stem: string;
  branch: string;
  stemGod: TenGodName;
  /** the ten god of the branch's main hidden stem */
  branchGod: TenGodName;
  lifeStage: number;
  /** the age the period is labelled by (the tradition's reckoning, `luck.ageRule`) */
  age: number;
  /** local dates (YYYY-MM-DD) of the start and the end */
  startDate: string;
  endDate: string;
  stemRole: ElementRole;
  branchRole: ElementRole;
  /** the period's stem with the day master: they combine (合), clash (沖) or neither */
  stemWithDayMaster: 'combination' | 'clash' | null;
  meetings: Meeting[];
  /** the branch counts double (运重地支): supportive from +2, demanding from −2 */
  rating: 'supportive' | 'mixed' | 'demanding';
}

export interface YearReading {
  /** the civil year whose 立春 (Ipchun) begins this sexagenary year */
  civilYear: number;
  /** the local date of that 立春 */
  startDate: string;
  stem: string;
  branch: string;
  stemGod: TenGodName;
  branchGod: TenGodName;
  stemRole: ElementRole;
  branchRole: ElementRole;
  stemWithDayMaster: 'combination' | 'clash' | null;
  /** the year branch against the birth-year branch (太岁): the same branch, and the relations */
  taiSui: { same: boolean; relations: PairRelation[] };
  /** the other natal pillars the year branch meets */
  meetings: Meeting[];
  /** the luck period in force when the year begins, and how the year branch meets its branch */
  luckIndex: number | null;
  luckRelations: PairRelation[];
  rating: 'supportive' | 'mixed' | 'demanding';
}

export interface FourPillarsChart {
  tradition: PillarsTradition;
  pillars: Record<PillarName, NatalPillar>;
  dayMaster: { stem: string; element: Element; polarity: Polarity };
  season: Season;
  strength: { label: Strength; points: number; contributions: StrengthContribution[] };
  counts: Record<Element, number>;
  strongest: Element[];
  missing: Element[];
  /** least present first; the first is the useful god (用神) */
  favourable: Element[];
  unfavourable: Element[];
  interactions: BranchInteraction[];
  stars: SymbolicStar[];
  voids: Record<'day' | 'year', { branches: string[]; pillars: PillarName[] }>;
  luck: {
    direction: LuckDirection;
    /** whole minutes from the birth to the jeol term that sets the start, and the start they give */
    minutesToTerm: number;
    start: { years: number; months: number; days: number; hours: number; date: string; time: string };
    /** `rounded` (Korean 대운수: the start rounded to whole years) or `years` (Chinese 起运: whole years and months) */
    ageRule: 'rounded' | 'years';
    periods: LuckPeriod[];
    currentIndex: number | null;
  };
  asOf: { date: string; age: number };
  years: YearReading[];
  basis: {
    summerTime: SummerTimeBasis;
    hourConvention: 'next_day' | 'split';
    solarTime: BaziReport['time_basis']['solar_time'];
  };
}

export const stemOf = (char: string) => STEMS.find((s) => s.hanja === char)!;
export const branchOf = (char: string) => BRANCHES.find((b) => b.hanja === char)!;
export const pillarOfGanZhi = (ganZhi: string): Pillar => pillarAt(sexagenaryIndex(stemOf(ganZhi[0]).index, branchOf(ganZhi[1]).index));

/** The four pillars of a BaZi answer as the engine's pillars. */
export const fourPillarsOf = (bazi: BaziReport): FourPillars => ({
  year: pillarOfGanZhi(bazi.pillars.year.gan_zhi),
  month: pillarOfGanZhi(bazi.pillars.month.gan_zhi),
  day: pillarOfGanZhi(bazi.pillars.day.gan_zhi),
  hour: pillarOfGanZhi(bazi.pillars.hour.gan_zhi),
});

function natalPillar(view: BaziReport['pillars'][PillarName]): NatalPillar {
  const cycle = pillarOfGanZhi(view.gan_zhi).cycleIndex;
  return {
    stem: view.stem,
    branch: view.branch,
    stemElement: view.stem_element,
    stemPolarity: view.stem_polarity,
    branchElement: view.branch_element,
    branchIndex: branchOf(view.branch).index,
    god: view.stem_ten_god.en,
    hidden: view.hidden_stems.map((h) => ({ stem: h.stem, element: h.element, god: h.ten_god.en })),
    naYin: { index: Math.floor(cycle / 2), ...view.na_yin },
    lifeStage: LIFE_STAGES.findIndex((s) => s.zh === view.life_stage.zh),
  };
}

function seasonOf(dm: Element, month: Element): Season {
  if (month === dm) return 'companion';
  if (month === producedBy(dm)) return 'output';
  if (month === controlledBy(dm)) return 'wealth';
  if (month === controllerOf(dm)) return 'officer';
  return 'resource';
}

/** How a branch from outside the chart meets the four natal branches, one entry per relation. */
export function meetingsOf(branch: string, pillars: FourPillars, only: readonly PillarName[] = PILLAR_NAMES): Meeting[] {
  const found: Meeting[] = [];
  for (const name of only)
    for (const relation of pairRelations(branchOf(branch), pillars[name].branch)) {
      const existing = found.find((m) => m.relation === relation);
      if (existing) existing.pillars.push(name);
      else found.push({ relation, pillars: [name] });
    }
  return found;
}

const ROLE_POINTS: Record<ElementRole, number> = { favourable: 1, neutral: 0, unfavourable: -1 };
/** The branch weighs twice the stem (运重地支): +2 and more is supportive, −2 and less demanding. */
export function ratingOf(stemRole: ElementRole, branchRole: ElementRole): LuckPeriod['rating'] {
  const score = ROLE_POINTS[stemRole] + 2 * ROLE_POINTS[branchRole];
  return score >= 2 ? 'supportive' : score <= -2 ? 'demanding' : 'mixed';
}

export function roleOf(element: Element, favourable: Element[], unfavourable: Element[]): ElementRole {
  return favourable.includes(element) ? 'favourable' : unfavourable.includes(element) ? 'unfavourable' : 'neutral';
}

/** The local date (YYYY-MM-DD) of an instant at a UTC offset (seconds east). */
export const localDate = (ms: number, offsetSeconds: number) => new Date(ms + offsetSeconds * 1000).toISOString().slice(0, 10);
/** Whole years from one date to another (YYYY-MM-DD), as a birthday counts them. */
export function ageOn(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export interface ChartSources {
  tradition: PillarsTradition;
  bazi: BaziReport;
  /** the Korean reckoning of the first period's age (the Saju answer's first period, rounded), for Saju */
  roundedFirstAge?: number;
  birthDate: string;
  birthOffsetSeconds: number;
  asOf: string;
  /** the civil year whose 立春 began the sexagenary year in force on `asOf` */
  civilYear: number;
  ephemerisPath: string;
}

/** The chart both reports print, from the answers of the calculation routes. */
export function fourPillarsChart(source: ChartSources): FourPillarsChart {
  const { bazi } = source;
  const pillars = fourPillarsOf(bazi);
  const dm = pillars.day.stem;
  const favourable = bazi.favourable_elements.favourable;
  const unfavourable = bazi.favourable_elements.unfavourable;
  const role = (e: Element) => roleOf(e, favourable, unfavourable);
  const start = bazi.luck_pillars.start;
  const periods: LuckPeriod[] = bazi.luck_pillars.periods.map((p, i) => {
    const stem = stemOf(p.gan_zhi[0]);
    const branch = branchOf(p.gan_zhi[1]);
    const [stemRole, branchRole] = [role(stem.element), role(branch.element)];
    return {
      index: p.index,
      stem: stem.hanja,
      branch: branch.hanja,
      stemGod: p.stem_ten_god.en,
      branchGod: p.branch_main_ten_god.en,
      lifeStage: LIFE_STAGES.findIndex((s) => s.zh === p.life_stage.zh),
      age: source.roundedFirstAge === undefined ? p.start_age.years : source.roundedFirstAge + 10 * i,
      startDate: p.start_local.slice(0, 10),
      endDate: p.end_local_exclusive.slice(0, 10),
      stemRole,
      branchRole,
      stemWithDayMaster: stemRelation(stem, dm),
      meetings: meetingsOf(branch.hanja, pillars),
      rating: ratingOf(stemRole, branchRole),
    };
  });
  const periodOn = (date: string) => periods.find((p) => p.startDate <= date && date < p.endDate) ?? null;
  const years = [source.civilYear, source.civilYear + 1].map((civilYear): YearReading => {
    // the year's pillar and ten gods as the BaZi answer's annual rows give them (libs/chinese, baziReport)
    const { stem, branch } = yearPillarOfCivilYear(civilYear);
    const startDate = localDate(ipchunOf(civilYear, source.ephemerisPath).ms, source.birthOffsetSeconds);
    const luck = periodOn(startDate);
    const [stemRole, branchRole] = [role(stem.element), role(branch.element)];
    return {
      civilYear,
      startDate,
      stem: stem.hanja,
      branch: branch.hanja,
      stemGod: tenGod(dm, stem).name,
      branchGod: tenGod(dm, hiddenStems(branch)[0]).name,
      stemRole,
      branchRole,
      stemWithDayMaster: stemRelation(stem, dm),
      taiSui: { same: branch.index === pillars.year.branch.index, relations: pairRelations(branch, pillars.year.branch) },
      meetings: meetingsOf(branch.hanja, pillars, ['month', 'day', 'hour']),
      luckIndex: luck?.index ?? null,
      luckRelations: luck ? pairRelations(branch, branchOf(luck.branch)) : [],
      rating: ratingOf(stemRole, branchRole),
    };
  });
  const counts = bazi.five_elements.counts;
  const max = Math.max(...Object.values(counts));
  return {
    tradition: source.tradition,
    pillars: {
      year: natalPillar(bazi.pillars.year),
      month: natalPillar(bazi.pillars.month),
      day: natalPillar(bazi.pillars.day),
      hour: natalPillar(bazi.pillars.hour),
    },
    dayMaster: { stem: dm.hanja, element: dm.element, polarity: dm.polarity },
    season: seasonOf(dm.element, pillars.month.branch.element),
    strength: {
      label: bazi.day_master.strength.label,
      points: bazi.day_master.strength.points,
      contributions: strengthContributions(pillars),
    },
    counts,
    strongest: (Object.keys(counts) as Element[]).filter((e) => counts[e] === max),
    missing: (Object.keys(counts) as Element[]).filter((e) => counts[e] === 0),
    favourable,
    unfavourable,
    interactions: branchInteractions(pillars),
    stars: bazi.symbolic_stars,
    voids: { day: bazi.void_branches.day, year: bazi.void_branches.year },
    luck: {
      direction: bazi.luck_pillars.direction,
      minutesToTerm: start.minutes_to_term,
      start: {
        years: start.years,
        months: start.months,
        days: start.days,
        hours: start.hours,
        date: start.start_local.slice(0, 10),
        time: start.start_local.slice(11, 16),
      },
      ageRule: source.roundedFirstAge === undefined ? 'years' : 'rounded',
      periods,
      currentIndex: periodOn(source.asOf)?.index ?? null,
    },
    asOf: { date: source.asOf, age: ageOn(source.birthDate, source.asOf) },
    years,
    basis: {
      summerTime: bazi.time_basis.summer_time,
      hourConvention: bazi.zi_hour.convention,
      solarTime: bazi.time_basis.solar_time,
    },
  };
}
