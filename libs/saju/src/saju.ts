import { Element, ELEMENT_HANGUL, Polarity, Stem } from './cycle';
import { elementCounts, favorableElement, missingElements, Strength, strengthOf, strongestElements, supportScore } from './five-elements';
import { hiddenStems } from './hidden-stems';
import { BranchInteraction, branchInteractions } from './interactions';
import { Birth, EphemerisRangeError } from '@astro/ephemeris';
import { ipchunOf } from './jeol-terms';
import {
  annualLuckWindow,
  Gender,
  LuckDirection,
  luckDirection,
  MajorLuckPeriod,
  majorLuckPeriods,
  majorLuckStartYears,
  MEAN_YEAR_MS,
  TIMESCALE_NOTE,
  yearPillarOfCivilYear,
} from './luck';
import { BirthMoment, birthMoment, fourPillars, JaHourConvention, Pillar, PILLAR_NAMES, PillarName, SAJU_RANGE } from './pillars';
import { defaultQuestion, Focus, ReadingMoment, readingSummary, StarGroup, starGroupOf } from './reading';
import { pillarClock, SummerTimeBasis, SummerTimeRule } from './summer-time';
import { DAY_MASTER_GOD, TenGod, tenGod } from './ten-gods';

const RANGE_FROM_MS = Date.parse(SAJU_RANGE.from);
const RANGE_TO_MS = Date.parse(SAJU_RANGE.to);

export interface SajuInput {
  /** the birth; its IANA zone, when given, tells whether summer time was in force */
  birth: Birth;
  /** summer time: taken off before the day and hour pillars are read (default), or read as given */
  dst?: SummerTimeRule;
  locale?: string;
  focus?: Focus;
  question?: string;
  gender?: Gender;
  annual_luck_years_before?: number;
  annual_luck_years_after?: number;
  ja_hour_convention?: JaHourConvention;
  /** `YYYY-MM-DD`: the day the reading speaks of (12:00 at the birth's UTC offset); default: `asOf` */
  reference_date?: string;
}

export interface PillarView {
  stem: string;
  branch: string;
  stem_en: string;
  branch_en: string;
  animal: string;
  stem_element: Element;
  branch_element: Element;
}
export interface HiddenStemView {
  stem: string;
  element: Element;
}
export interface LuckPillarView extends PillarView {
  hidden_stems: HiddenStemView[];
  stem_ten_god: TenGod;
}

export interface SajuReport {
  system: 'korean_saju';
  /** how summer time in the birth clock was handled */
  summer_time: SummerTimeBasis;
  pillars: Record<PillarName, PillarView>;
  day_master: { stem: string; element: Element; polarity: Polarity; korean: string; strength: Strength };
  five_elements: { counts: Record<Element, number>; balance: { strongest: Element[]; missing: Element[]; favorable: Element } };
  hidden_stems: Record<PillarName, HiddenStemView[]>;
  branch_interactions: BranchInteraction[];
  ten_gods: Record<'year_stem' | 'month_stem' | 'day_stem' | 'hour_stem', TenGod>;
  major_luck: {
    direction: LuckDirection;
    direction_korean: string;
    gender_input: Gender;
    direction_assumed_default: boolean;
    approximate_timescale_note: string;
    periods: (LuckPillarView & { index: number; approximate_start_utc: string; approximate_end_utc_exclusive: string })[];
  };
  annual_luck: {
    anchor_civil_year_utc: number;
    years_before: number;
    years_after: number;
    approximate_calendar_note: string;
    years: (LuckPillarView & { civil_year: number })[];
  };
  focus: Focus;
  question: string;
  reading_summary: string;
  reading_as_of: {
    date: string;
    source: 'request_time' | 'reference_date';
    major_luck_index: number | null;
    annual_civil_year: number;
    annual_pillar: string;
  };
}

export const DEFAULT_ANNUAL_LUCK = { before: 5, after: 20 } as const;

const pillarView = (p: Pillar): PillarView => ({
  stem: p.stem.hanja,
  branch: p.branch.hanja,
  stem_en: p.stem.romanised,
  branch_en: p.branch.romanised,
  animal: p.branch.animal,
  stem_element: p.stem.element,
  branch_element: p.branch.element,
});
const hiddenView = (p: Pillar): HiddenStemView[] => hiddenStems(p.branch).map((s) => ({ stem: s.hanja, element: s.element }));
const luckView = (p: Pillar, dayMaster: Stem): LuckPillarView => ({
  ...pillarView(p),
  hidden_stems: hiddenView(p),
  stem_ten_god: tenGod(dayMaster, p.stem),
});

const DIRECTION_KOREAN: Record<LuckDirection, string> = { forward: '순행', backward: '역행' };

const pillarText = (p: Pillar) => p.stem.hanja + p.branch.hanja;

/**
 * The sexagenary year in force at an instant: the one that began at the last Ipchun (Sun at 315°)
 * before it, so 1 to about 3 February still belong to the previous civil year's pillar.
 */
export function annualPillarAt(instantMs: number, ephemerisPath: string): { civilYear: number; pillar: Pillar } {
  const utcYear = new Date(instantMs).getUTCFullYear();
  const civilYear = instantMs < ipchunOf(utcYear, ephemerisPath).ms ? utcYear - 1 : utcYear;
  return { civilYear, pillar: yearPillarOfCivilYear(civilYear) };
}

/** The moment a reading speaks of: the client's `reference_date` at 12:00 of the birth's offset, else `asOf`. */
export function referenceInstantMs(input: Pick<SajuInput, 'reference_date' | 'birth'>, asOf: Date): number {
  if (input.reference_date === undefined) return asOf.getTime();
  return Date.parse(`${input.reference_date}T12:00:00Z`) - input.birth.offsetSeconds * 1000;
}

/** The luck period and annual pillar containing the reading's moment (docs/saju.md, "Reading"). */
function readingMoment(
  referenceMs: number,
  birth: BirthMoment,
  offsetSeconds: number,
  periods: MajorLuckPeriod[],
  dm: Stem,
  ephemerisPath: string,
): ReadingMoment & { periodIndex: number | null } {
  // A moment before the birth (a chart cast ahead of time) simply finds the first period still to come.
  if (referenceMs < RANGE_FROM_MS || referenceMs >= RANGE_TO_MS - 400 * 86_400_000) {
    throw new EphemerisRangeError(
      `reference_date: must lie between ${SAJU_RANGE.from.slice(0, 10)} and 2398-12-31 (the solar terms of the ephemeris files)`,
    );
  }
  const years = (ms: number) => (ms - birth.instantMs) / MEAN_YEAR_MS;
  const period = periods.find((p) => p.startMs <= referenceMs && referenceMs < p.endMsExclusive);
  const luck: ReadingMoment['luck'] = period
    ? {
        state: 'during',
        pillar: pillarText(period.pillar),
        god: tenGod(dm, period.pillar.stem).name,
        fromAge: Math.round(years(period.startMs)),
        toAge: Math.round(years(period.endMsExclusive)),
        startYear: new Date(period.startMs).getUTCFullYear(),
        endYear: new Date(period.endMsExclusive).getUTCFullYear(),
      }
    : referenceMs < periods[0].startMs
      ? { state: 'before', first: pillarText(periods[0].pillar) }
      : { state: 'after', last: pillarText(periods[periods.length - 1].pillar) };
  const { civilYear, pillar } = annualPillarAt(referenceMs, ephemerisPath);
  const next = yearPillarOfCivilYear(civilYear + 1);
  return {
    date: new Date(referenceMs + offsetSeconds * 1000).toISOString().slice(0, 10),
    periodIndex: period?.index ?? null,
    luck,
    year: civilYear,
    yearPillar: pillarText(pillar),
    yearGod: tenGod(dm, pillar.stem).name,
    nextPillar: pillarText(next),
    nextGod: tenGod(dm, next.stem).name,
  };
}

/**
 * The complete Saju chart of the spec (POST /api/v3/korean/saju) for one birth. The reading speaks
 * of `asOf` (the request time) or of the client's `reference_date`; `annual_luck` keeps the spec's
 * rule (the window around the birth's UTC year).
 */
export function sajuReport(input: SajuInput, ephemerisPath: string, asOf: Date = new Date()): SajuReport {
  const focus = input.focus ?? 'general';
  const locale = input.locale ?? 'en';
  const gender = input.gender ?? 'unknown';
  const question = input.question ?? defaultQuestion(focus, locale);

  const birth = birthMoment(input.birth, ephemerisPath);
  const standard = pillarClock(birth, input.birth, input.dst);
  const referenceMs = referenceInstantMs(input, asOf);
  const pillars = fourPillars(standard.moment, input.ja_hour_convention ?? 'next_day_at_23', ephemerisPath);
  const dm = pillars.day.stem;

  const counts = elementCounts(pillars);
  const score = supportScore(pillars);
  const strength = strengthOf(score);
  const strongest = strongestElements(counts);
  const missing = missingElements(counts);
  const favorable = favorableElement(dm, strength, counts);
  const interactions = branchInteractions(pillars);

  const ten_gods = {
    year_stem: tenGod(dm, pillars.year.stem),
    month_stem: tenGod(dm, pillars.month.stem),
    day_stem: DAY_MASTER_GOD,
    hour_stem: tenGod(dm, pillars.hour.stem),
  };

  const { direction, assumedDefault } = luckDirection(gender, pillars.year.stem);
  const periods = majorLuckPeriods(birth, pillars.month, direction);

  const anchor = new Date(birth.instantMs).getUTCFullYear();
  const window = annualLuckWindow(
    input.annual_luck_years_before ?? DEFAULT_ANNUAL_LUCK.before,
    input.annual_luck_years_after ?? DEFAULT_ANNUAL_LUCK.after,
  );
  const years = Array.from({ length: window.before + window.after + 1 }, (_, i) => {
    const civilYear = anchor - window.before + i;
    return { civil_year: civilYear, ...luckView(yearPillarOfCivilYear(civilYear), dm) };
  });

  const now = readingMoment(referenceMs, birth, input.birth.offsetSeconds, periods, dm, ephemerisPath);

  // Star counts for the reading: the three other stems and the main hidden stem of each branch.
  const starCounts: Record<StarGroup, number> = { companion: 0, output: 0, wealth: 0, officer: 0, resource: 0 };
  for (const god of [ten_gods.year_stem, ten_gods.month_stem, ten_gods.hour_stem]) starCounts[starGroupOf(god.name)] += 1;
  for (const name of PILLAR_NAMES) starCounts[starGroupOf(tenGod(dm, hiddenStems(pillars[name].branch)[0]).name)] += 1;

  const reading = readingSummary(
    {
      dayStem: dm.hanja,
      dayElement: dm.element,
      dayPolarity: dm.polarity,
      strength,
      supportScore: score,
      counts,
      strongest,
      missing,
      favorable,
      interactions,
      dayBranch: pillars.day.branch.hanja,
      starCounts,
      monthStemGod: ten_gods.month_stem.name,
      gender,
      direction,
      directionAssumed: assumedDefault,
      firstLuckPillar: periods[0].pillar.stem.hanja + periods[0].pillar.branch.hanja,
      firstLuckAge: majorLuckStartYears(birth, direction),
      now,
    },
    focus,
    question,
    locale,
  );

  return {
    system: 'korean_saju',
    summer_time: standard.basis,
    pillars: {
      year: pillarView(pillars.year),
      month: pillarView(pillars.month),
      day: pillarView(pillars.day),
      hour: pillarView(pillars.hour),
    },
    day_master: { stem: dm.hanja, element: dm.element, polarity: dm.polarity, korean: dm.hangul + ELEMENT_HANGUL[dm.element], strength },
    five_elements: { counts, balance: { strongest, missing, favorable } },
    hidden_stems: {
      year: hiddenView(pillars.year),
      month: hiddenView(pillars.month),
      day: hiddenView(pillars.day),
      hour: hiddenView(pillars.hour),
    },
    branch_interactions: interactions,
    ten_gods,
    major_luck: {
      direction,
      direction_korean: DIRECTION_KOREAN[direction],
      gender_input: gender,
      direction_assumed_default: assumedDefault,
      approximate_timescale_note: TIMESCALE_NOTE,
      periods: periods.map((p) => ({
        index: p.index,
        ...luckView(p.pillar, dm),
        approximate_start_utc: new Date(p.startMs).toISOString(),
        approximate_end_utc_exclusive: new Date(p.endMsExclusive).toISOString(),
      })),
    },
    annual_luck: {
      anchor_civil_year_utc: anchor,
      years_before: window.before,
      years_after: window.after,
      approximate_calendar_note:
        `One row per civil year from ${anchor - window.before} to ${anchor + window.after}: the sexagenary year that begins at Ipchun (Sun at 315°, about 4 February) of that year; January and early February still belong to the previous row's pillar.` +
        (window.capped
          ? ` The years asked for were shortened to at most ${window.before + window.after + 1} rows (the limit is 121).`
          : ''),
      years,
    },
    focus,
    question,
    reading_summary: reading,
    reading_as_of: {
      date: now.date,
      source: input.reference_date === undefined ? 'request_time' : 'reference_date',
      major_luck_index: now.periodIndex,
      annual_civil_year: now.year,
      annual_pillar: now.yearPillar,
    },
  };
}
