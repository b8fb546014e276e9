import en from '../../content/thai-life.en.json';
import th from '../../content/thai-life.th.json';
import {
  calendarContent,
  lunarDayText,
  lunarDayTextEn,
  mahaThaksaContent,
  mahaThaksaSvg,
  ThaksaPlanet,
  ThaksaPosition,
  thaiDigits,
} from '@astro/thai';
import { fill, readerYear } from '@astro/text';
import { escapeHtml } from '../../html';
import { birthFacts, disclaimer, heading, paragraph, EditionWords, RenderContext, table } from '../common';
import { BoardSeat, ThaiLifeData } from './compute';

export { computeThaiLife } from './compute';
export type { ThaiLifeData, ThaiLifeInput } from './compute';

type Text = typeof en;

/** The names the Thai life report prints, in the edition's language. */
class Words extends EditionWords<Text> {
  constructor(ctx: RenderContext) {
    super(ctx, { en, th });
  }
  planet(p: ThaksaPlanet): string {
    return mahaThaksaContent.planets[p][this.ctx.locale];
  }
  /** the planet's number, in Thai digits in a Thai edition as almanacs print it */
  number(p: ThaksaPlanet): string {
    const n = mahaThaksaContent.planets[p].number;
    return this.thai ? thaiDigits(n) : String(n);
  }
  colour(p: ThaksaPlanet): string {
    return mahaThaksaContent.planets[p].colour[this.ctx.locale];
  }
  position(p: ThaksaPosition): string {
    return this.t.position_names[p];
  }
  weekday(index: number): string {
    return calendarContent.weekdays[this.ctx.locale][index];
  }
  /** the weekday a planet rules; Rahu rules only Wednesday evening */
  planetDay(weekday: number | null): string {
    return weekday === null ? this.t.lucky.rahu_day : this.weekday(weekday);
  }
  year(y: number): number {
    return readerYear(this.ctx.locale, y);
  }
  /** a civil year, with its Buddhist Era year in an English edition */
  years(from: string, to: string): string {
    const [a, b] = [Number(from.slice(0, 4)), Number(to.slice(0, 4))];
    return this.thai ? `${this.year(a)}–${this.year(b)}` : `${a}–${b} (B.E. ${a + 543}–${b + 543})`;
  }
  list(items: string[]): string {
    const { separator, last } = this.t.list;
    return items.length <= 1 ? items.join('') : items.slice(0, -1).join(separator) + last + items[items.length - 1];
  }
  date(iso: string, style: 'long' | 'short' = 'long') {
    return this.ctx.date(iso, style);
  }
}

export function thaiLifeTitle(ctx: RenderContext, data: ThaiLifeData): { title: string; subtitle: string } {
  const w = new Words(ctx);
  return { title: w.t.title, subtitle: w.say(w.t.subtitle, { name: data.name, year: w.year(data.year) }) };
}

/** The cover's rows: birth and place, then the birth day's planet, the lunar date and the year read. */
export function thaiLifeCover(ctx: RenderContext, data: ThaiLifeData): [string, string][] {
  const w = new Words(ctx);
  const c = w.t.cover_values;
  const weekday = data.birthPlanet === 'rahu' ? w.t.lucky.rahu_day : w.weekday(data.lunar.weekday);
  return [
    ...birthFacts(ctx, data.birth, data.place),
    [w.t.cover.birth_day, fill(c.birth_day, { weekday, planet: w.planet(data.birthPlanet), number: w.number(data.birthPlanet) })],
    [w.t.cover.lunar, fill(c.lunar, { lunar: lunarText(w, data), animal: data.lunar.animal[ctx.locale], be: data.lunar.buddhist_era })],
    [w.t.cover.year, fill(c.year, { year: w.year(data.year), be: data.year + 543 })],
  ];
}

const lunarText = (w: Words, data: ThaiLifeData) => (w.thai ? lunarDayText(data.lunar) : lunarDayTextEn(data.lunar));

function birthSection(w: Words, data: ThaiLifeData): string {
  const t = w.t.birth;
  const weekday = data.birthPlanet === 'rahu' ? w.t.lucky.rahu_day : w.weekday(data.lunar.weekday);
  const facts = w.say(t.facts, {
    name: data.name,
    weekday,
    lunar: lunarText(w, data),
    animal: data.lunar.animal[w.ctx.locale],
    be: data.lunar.buddhist_era,
    cs: data.lunar.chula_sakarat,
  });
  return [
    heading(2, w.t.headings.birth, true),
    paragraph([facts, data.birthPlanet === 'rahu' ? t.rahu_note : ''].filter(Boolean).join(' ')),
    paragraph(t.planets[data.birthPlanet]),
  ].join('\n');
}

function boardSection(w: Words, data: ThaiLifeData): string {
  const t = w.t;
  const meaning = (p: ThaksaPosition) => mahaThaksaContent.positions[p].meaning[w.ctx.locale];
  const svg = mahaThaksaSvg({ positions: data.board }, w.thai ? 'none' : 'english');
  const rows = data.board.map((s) => [w.position(s.position), w.planet(s.planet), w.number(s.planet), meaning(s.position)]);
  return [
    heading(2, t.headings.board, true),
    paragraph(t.board.intro),
    `<figure class="thaksa">${svg}<figcaption>${escapeHtml(t.board.caption)}</figcaption></figure>`,
    `<div class="whole">${table([t.table.position, t.table.planet, t.table.number, t.table.meaning], rows)}</div>`,
    ...data.board.map((s) => paragraph(w.say(t.board.positions[s.position], { planet: w.planet(s.planet), number: w.number(s.planet) }))),
  ].join('\n');
}

function periodsSection(w: Words, data: ThaiLifeData): string {
  const t = w.t;
  const rows = data.periods.map((p, i) => [
    `${w.planet(p.planet)} (${w.number(p.planet)})`,
    String(p.years),
    `${p.fromAge}–${p.toAge}`,
    w.years(p.start, p.end),
    i === data.currentPeriod ? t.current_mark : '',
  ]);
  const readings = data.periods.map((p, i) => {
    const lead = fill(t.periods.row, {
      from: p.fromAge,
      to: p.toAge,
      start: w.year(Number(p.start.slice(0, 4))),
      end: w.year(Number(p.end.slice(0, 4))),
    });
    const current =
      i === data.currentPeriod
        ? w.say(t.periods.current, {
            year: w.year(data.year),
            remaining: p.toAge - (data.year - Number(data.birth.date.slice(0, 4))),
            years: p.years,
          })
        : '';
    return `<p><strong>${escapeHtml(lead)}</strong> ${escapeHtml([t.periods.planets[p.planet], current].filter(Boolean).join(' '))}</p>`;
  });
  return [
    heading(2, t.headings.periods, true),
    paragraph(t.periods.intro),
    `<div class="whole">${table([t.table.period, t.table.years, t.table.ages, t.table.calendar, t.table.now], rows)}</div>`,
    ...readings,
  ].join('\n');
}

function yearlySection(w: Words, data: ThaiLifeData): string {
  const t = w.t;
  const y = data.yearly;
  const natal = new Map(data.board.map((s) => [s.planet, s.position]));
  const rows = y.board.map((s) => [
    w.position(s.position),
    `${w.planet(s.planet)} (${w.number(s.planet)})`,
    w.position(natal.get(s.planet)!),
  ]);
  return [
    heading(2, w.say(t.headings.yearly, { year: w.year(data.year) }), true),
    paragraph(
      w.say(t.yearly.intro, {
        from: w.date(y.from),
        to: w.date(y.to),
        step: y.ageStep,
        birth_planet: w.planet(data.birthPlanet),
        year_planet: w.planet(y.board[0].planet),
      }),
    ),
    `<div class="whole">${table([t.table.position, t.table.this_year, t.table.at_birth], rows)}</div>`,
    ...y.board.map((s) => paragraph(w.say(t.yearly.positions[s.position], { planet: w.planet(s.planet) }))),
  ].join('\n');
}

function luckySection(w: Words, data: ThaiLifeData): string {
  const t = w.t;
  const at = (board: BoardSeat[], p: ThaksaPosition) => board.find((s) => s.position === p)!.planet;
  const colour = (p: ThaksaPosition) => w.colour(at(data.board, p));
  const dayOf = { det: data.days.det, sri: data.days.sri, montri: data.days.montri, kalakini: data.days.kalakini };
  const seats: ThaksaPosition[] = ['sri', 'det', 'montri', 'kalakini'];
  const rows = seats.map((p) => {
    const planet = at(data.board, p);
    return [
      t.lucky.roles[p as keyof typeof t.lucky.roles],
      w.planet(planet),
      w.colour(planet),
      w.planetDay(dayOf[p as keyof typeof dayOf]),
      mahaThaksaContent.planets[planet].letters.join(' '),
    ];
  });
  for (const p of ['sri', 'kalakini'] as const) {
    const planet = at(data.yearly.board, p);
    rows.push([t.lucky.roles[`year_${p}`], w.planet(planet), w.colour(planet), '—', '—']);
  }
  return [
    heading(2, t.headings.lucky, true),
    paragraph(
      [
        w.say(t.lucky.colours, { sri: colour('sri'), det: colour('det'), montri: colour('montri'), kalakini: colour('kalakini') }),
        w.say(t.lucky.year_colours, {
          year_sri: w.colour(at(data.yearly.board, 'sri')),
          year_kalakini: w.colour(at(data.yearly.board, 'kalakini')),
        }),
        // the year's lucky colour can be the birth's unlucky one: the reader is told which wins
        at(data.yearly.board, 'sri') === at(data.board, 'kalakini') ? t.lucky.year_clash : '',
      ]
        .filter(Boolean)
        .join(' '),
    ),
    paragraph(
      w.say(t.lucky.days, {
        sri: w.planetDay(dayOf.sri),
        det: w.planetDay(dayOf.det),
        montri: w.planetDay(dayOf.montri),
        kalakini: w.planetDay(dayOf.kalakini),
      }),
    ),
    `<div class="whole">${table([t.table.position, t.table.planet, t.table.colour, t.table.day, t.table.letters], rows)}</div>`,
    paragraph(t.lucky.letters),
  ].join('\n');
}

/** Days of a month as a list of day numbers with their weekday: "Sat 7, Tue 10". */
function dayList(w: Words, dates: { date: string; weekday: number }[]): string {
  return dates.map((d) => `${w.t.weekdays_short[d.weekday]} ${Number(d.date.slice(8, 10))}`).join(w.thai ? ' ' : ', ');
}
const weekdayOfIso = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

function holySection(w: Words, data: ThaiLifeData): string {
  const t = w.t;
  const h = data.holyDays;
  const rows = w.t.months.map((name, i) => {
    const dates = h.wan_phra
      .filter((d) => Number(d.date.slice(5, 7)) === i + 1)
      .map((d) => ({ date: d.date, weekday: weekdayOfIso(d.date) }));
    return [name, dayList(w, dates)];
  });
  const festivals = h.festivals.filter((f) => f.calendar === 'lunar').map((f) => [w.date(f.date, 'short'), f.name[w.ctx.locale]]);
  return [
    heading(2, w.say(t.headings.holy, { year: w.year(data.year) }), true),
    paragraph(w.say(t.holy.intro, { count: h.wan_phra.length, year: w.year(data.year) })),
    `<div class="whole">${table([t.table.month, t.table.dates], rows)}</div>`,
    paragraph(t.holy.festivals),
    `<div class="whole">${table([t.table.date, t.table.festival], festivals)}</div>`,
  ].join('\n');
}

function bestSection(w: Words, data: ThaiLifeData): string {
  const t = w.t;
  const rows = data.months.map((m) => [
    t.months[m.month - 1],
    m.best.length > 0 ? dayList(w, m.best) : t.best.none,
    dayList(
      w,
      m.mahasun.map((date) => ({ date, weekday: weekdayOfIso(date) })),
    ),
  ]);
  return [
    heading(2, w.say(t.headings.best, { year: w.year(data.year) }), true),
    paragraph(
      [t.best.intro, data.days.kalakini === null ? '' : w.say(t.best.kalakini, { day: w.weekday(data.days.kalakini) })]
        .filter(Boolean)
        .join(' '),
    ),
    `<div class="whole">${table([t.table.month, t.table.best, t.table.mahasun], rows)}</div>`,
  ].join('\n');
}

function conventionsSection(w: Words): string {
  const c = w.t.conventions;
  return [heading(2, w.t.headings.conventions, true), paragraph([c.weekday, c.lunar, c.periods, c.yearly, c.days].join(' '))].join('\n');
}

const STYLE = `<style>
  figure.thaksa { margin: 6pt auto 10pt; width: 62%; break-inside: avoid; text-align: center; }
  figure.thaksa svg { width: 100%; height: auto; }
  figure.thaksa figcaption { font-size: 8.5pt; color: #666; margin-top: 3pt; }
  .whole { break-inside: avoid; }
  p:has(+ .whole), p:has(+ figure) { break-after: avoid; }
</style>`;

/** The HTML body of the Thai life report. */
export function thaiLifeBody(ctx: RenderContext, data: ThaiLifeData): string {
  const w = new Words(ctx);
  return [
    STYLE,
    birthSection(w, data),
    boardSection(w, data),
    periodsSection(w, data),
    yearlySection(w, data),
    luckySection(w, data),
    holySection(w, data),
    bestSection(w, data),
    `<section class="closing">${conventionsSection(w)}\n${disclaimer(ctx)}</section>`,
  ].join('\n');
}
