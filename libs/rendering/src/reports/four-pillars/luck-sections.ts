import { PairRelation, STEMS, TenGodName } from '@astro/saju';
import { branchOf, FourPillarsChart, LuckPeriod, Meeting, YearReading } from './chart';
import { DocBlock, DocSection, paragraph, sentences, subheading, tableBlock } from './document';
import { Voice } from './voice';

/** The sections that read time: every ten-year luck period, then the year in force and the next. */

const yearOf = (date: string) => Number(date.slice(0, 4));

/** The partner star of the tradition: wealth for a man, officer for a woman (read once per report). */
const PARTNER_GODS: Record<'male' | 'female', TenGodName[]> = {
  male: ['Direct Wealth', 'Indirect Wealth'],
  female: ['Direct Officer', 'Seven Killings'],
};

function periodBlocks(v: Voice, chart: FourPillarsChart, p: LuckPeriod, gender: 'male' | 'female'): DocBlock[] {
  const l = v.t.luck;
  // Each natal branch has one clash, one combination, one harm and one destruction partner, but a
  // branch of 寅巳申 or 丑戌未 is punished by two: the second period that punishes it reads a text of its own.
  const meetings = p.meetings.flatMap((m: Meeting) =>
    m.pillars.map((pillar) =>
      m.relation === 'punishment'
        ? (v.picker.once(`punishment.${pillar}`, [l.meetings.punishment[pillar]]) ?? l.punishment_again[pillar])
        : l.meetings[m.relation][pillar],
    ),
  );
  const partner =
    PARTNER_GODS[gender].includes(p.stemGod) || PARTNER_GODS[gender].includes(p.branchGod)
      ? v.picker.once('partner', [l.partner[gender]])
      : null;
  const current = p.index === chart.luck.currentIndex;
  const remaining = yearOf(p.endDate) - yearOf(chart.asOf.date);
  const pillar = v.pillar(p.stem + p.branch);
  const heading = v.say(current ? v.t.subheadings.period_now : v.t.subheadings.period, {
    index: p.index,
    pillar,
    from: p.age,
    to: p.age + 10,
    start: v.year(yearOf(p.startDate)),
    end: v.year(yearOf(p.endDate)),
  });
  return [
    subheading(heading),
    sentences(
      l.stem[p.stemGod as keyof typeof l.stem][p.stemRole],
      l.branch[p.branch as keyof typeof l.branch][p.branchRole],
      l.stage[p.lifeStage],
      ...meetings,
      p.stemWithDayMaster ? l.stem_with_day_master[p.stemWithDayMaster] : null,
      partner,
      v.picker.once(`rating.${p.rating}`, l.rating[p.rating]),
      current ? v.say(l.current, { age: chart.asOf.age, date: v.date(chart.asOf.date), years: Math.max(1, remaining) }) : null,
    ),
  ];
}

export function luckSection(v: Voice, chart: FourPillarsChart, gender: 'male' | 'female'): DocSection {
  const t = v.t;
  const l = t.luck;
  const luck = chart.luck;
  const yearStem = STEMS.find((s) => s.hanja === chart.pillars.year.stem)!;
  const ages = luck.periods.slice(0, 3).map((p) => p.age);
  const current = luck.periods.find((p) => p.index === luck.currentIndex);
  const now = current
    ? v.say(l.now, { date: v.date(chart.asOf.date), age: chart.asOf.age, pillar: v.pillar(current.stem + current.branch) })
    : v.say(chart.asOf.date < luck.periods[0].startDate ? l.before : l.after, { date: v.date(chart.asOf.date) });
  const role = (r: LuckPeriod['stemRole']) => t.roles[r];
  const rows = luck.periods.map((p) => [
    `${p.index}. ${p.stem}${p.branch}`,
    `${p.age}–${p.age + 10}`,
    `${v.year(yearOf(p.startDate))}–${v.year(yearOf(p.endDate))}`,
    `${p.stem} ${v.god(p.stemGod)} · ${role(p.stemRole)}`,
    `${p.branch} ${v.god(p.branchGod)} · ${role(p.branchRole)}`,
    t.ratings[p.rating],
  ]);
  return {
    heading: t.headings.luck,
    blocks: [
      sentences(
        v.say(l.direction[luck.direction], { gender: t.cover.genders[gender], polarity: t.polarity[yearStem.polarity] }),
        v.say(l.start, {
          years: luck.start.years,
          months: luck.start.months,
          days: luck.start.days,
          date: v.date(luck.start.date),
          term: l.term[luck.direction],
        }),
        v.say(luck.ageRule === 'rounded' ? l.rounded : l.exact, { age: ages[0], next: ages[1], third: ages[2] }),
      ),
      sentences(l.halves, now),
      tableBlock([t.table.period, t.table.ages, t.table.years, t.table.stem, t.table.branch, t.table.tone], rows, 'periods'),
      ...luck.periods.flatMap((p) => periodBlocks(v, chart, p, gender)),
    ],
  };
}

/** The year branch against the birth-year branch (太岁): the strongest relation it forms, or none. */
function taiSuiKey(y: YearReading): keyof Voice['t']['years']['tai_sui'] {
  if (y.taiSui.same) return 'same';
  const order: PairRelation[] = ['clash', 'punishment', 'harm', 'destruction', 'six_combination'];
  return order.find((r) => y.taiSui.relations.includes(r)) ?? 'none';
}

function withLuckKey(y: YearReading): keyof Voice['t']['years']['with_luck'] | null {
  if (y.luckIndex === null) return null;
  if (y.luckRelations.includes('clash')) return 'clash';
  if (y.luckRelations.includes('six_combination')) return 'six_combination';
  if (y.luckRelations.length > 0) return 'tense';
  return null;
}

function yearBlocks(v: Voice, chart: FourPillarsChart, y: YearReading): DocBlock[] {
  const t = v.t.years;
  const sameAsLuck = y.luckIndex !== null && chart.luck.periods.find((p) => p.index === y.luckIndex)!.branch === y.branch;
  const luckKey = sameAsLuck ? 'same' : withLuckKey(y);
  const meetings = y.meetings.flatMap((m) => m.pillars.map((pillar) => t.meetings[m.relation][pillar as 'month' | 'day' | 'hour']));
  return [
    subheading(v.say(v.t.subheadings.year, { year: v.year(y.civilYear), pillar: v.pillar(y.stem + y.branch), date: v.date(y.startDate) })),
    sentences(
      `${v.say(t.stem_lead, { god: v.god(y.stemGod) })} ${t.stem[y.stemGod as keyof typeof t.stem][y.stemRole]}`,
      t.branch[y.branch as keyof typeof t.branch],
      v.say(v.picker.pick(`year.branch.${y.branchRole}`, t.branch_role[y.branchRole]), {
        element: v.elementWord(branchOf(y.branch).element),
      }),
      ((key) => (key === 'none' ? v.picker.pick('year.tai_sui', t.tai_sui.none) : t.tai_sui[key]))(taiSuiKey(y)),
      ...meetings,
      luckKey ? v.picker.pick(`year.luck.${luckKey}`, t.with_luck[luckKey]) : null,
      y.stemWithDayMaster ? t.stem_with_day_master[y.stemWithDayMaster] : null,
      v.picker.pick(`year.rating.${y.rating}`, t.rating[y.rating]),
    ),
  ];
}

export function yearsSection(v: Voice, chart: FourPillarsChart): DocSection {
  const t = v.t;
  const [now, next] = chart.years;
  return {
    heading: v.say(t.headings.years, { year: v.year(now.civilYear), next: v.year(next.civilYear) }),
    blocks: [
      paragraph(
        v.say(t.years.intro, {
          date: v.date(chart.asOf.date),
          pillar: v.pillar(now.stem + now.branch),
          start: v.date(now.startDate),
          next: v.pillar(next.stem + next.branch),
          next_start: v.date(next.startDate),
        }),
      ),
      ...chart.years.flatMap((y) => yearBlocks(v, chart, y)),
    ],
  };
}
