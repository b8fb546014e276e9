import { FourPillarsChart } from './chart';
import { FourPillarsData } from './compute';
import { DocSection, paragraph, sentences, tableBlock } from './document';
import { Voice } from './voice';

/** The practical advice of the useful element, and the conventions the chart was cast by. */

const ADVICE_ITEMS = ['colours', 'directions', 'careers', 'numbers', 'timing', 'habits'] as const;

export function adviceSection(v: Voice, chart: FourPillarsChart): DocSection {
  const t = v.t;
  const a = t.advice;
  const [useful, second] = chart.favourable;
  const advice = a.elements[useful];
  const unfavourable = chart.unfavourable;
  return {
    heading: t.headings.advice,
    blocks: [
      paragraph(v.say(a.intro, { element: v.element(useful) })),
      tableBlock(
        [t.table.item, v.elementWord(useful)],
        ADVICE_ITEMS.map((item) => [t.subheadings[item], advice[item]]),
      ),
      sentences(
        second
          ? v.say(a.second, { element: v.element(second), colours: a.elements[second].colours, directions: a.elements[second].directions })
          : null,
        ...unfavourable.map((e) => v.say(a.moderate, { elements: v.element(e), text: a.elements[e].moderate })),
      ),
    ],
  };
}

/** The hour pillar as the conventions table names it: the pillar and the clock (or solar) time it was read from. */
function hourRow(v: Voice, data: FourPillarsData): [string, string, string] {
  const c = v.t.conventions;
  const chart = data.chart;
  const solar = chart.basis.solarTime;
  const hour = v.pillar(chart.pillars.hour.stem + chart.pillars.hour.branch);
  const [label, rule] = solar ? c.rows.hour.solar : c.rows.hour.clock;
  const here = solar
    ? v.say(c.here.hour_solar, { hour, time: solar.time.slice(0, 5) })
    : v.say(c.here.hour_clock, { hour, time: data.birth.time.slice(0, 5) });
  return [label, rule, here];
}

function summerText(v: Voice, data: FourPillarsData): string {
  const s = v.t.conventions.summer;
  const basis = data.chart.basis.summerTime;
  if (basis.timezone === null) return s.offset;
  const zone = basis.timezone;
  if (basis.summer_time_minutes === 0) return v.say(s.none, { zone });
  return basis.removed_minutes > 0 ? v.say(s.removed, { zone, minutes: basis.removed_minutes }) : v.say(s.kept, { zone });
}

export function conventionsSection(v: Voice, data: FourPillarsData): DocSection {
  const t = v.t;
  const c = t.conventions;
  const chart = data.chart;
  const luck = chart.luck;
  const born23 = data.birth.time.startsWith('23:');
  const [zi, ziRule] = c.rows.zi[chart.basis.hourConvention];
  const [luckLabel, luckRule] = c.rows.luck_start[luck.ageRule];
  const age = luck.periods[0].age;
  const luckHere = v.say(luck.ageRule === 'rounded' ? c.here.luck_rounded : c.here.luck_years, {
    years: luck.start.years,
    months: luck.start.months,
    days: luck.start.days,
    age,
  });
  const rows: [string, string, string][] = [
    [
      c.rows.year_month[0],
      c.rows.year_month[1],
      v.say(c.here.year_month, {
        year: v.pillar(chart.pillars.year.stem + chart.pillars.year.branch),
        month: v.pillar(chart.pillars.month.stem + chart.pillars.month.branch),
      }),
    ],
    [c.rows.day[0], c.rows.day[1], v.say(c.here.day, { day: v.pillar(chart.pillars.day.stem + chart.pillars.day.branch) })],
    hourRow(v, data),
    [zi, ziRule, born23 ? c.here.zi_applied : c.here.zi_none],
    [c.rows.summer[0], c.rows.summer[1], summerText(v, data)],
    [luckLabel, luckRule, luckHere],
    [c.rows.direction[0], c.rows.direction[1], v.say(c.here.direction, { direction: c.directions[luck.direction] })],
  ];
  // The one difference of convention between the two readings of a birth: how the start age is labelled.
  const rounded = Math.round(luck.minutesToTerm / 4320);
  const difference =
    v.tradition === 'saju'
      ? v.say(c.difference.saju, { years: luck.start.years, months: luck.start.months, chinese: luck.start.years, age })
      : v.say(c.difference.bazi, { years: luck.start.years, months: luck.start.months, korean: rounded });
  return {
    heading: t.headings.conventions,
    blocks: [paragraph(c.intro), tableBlock([t.table.item, t.table.rule, t.table.here], rows, 'labelled'), paragraph(difference)],
  };
}
