import { ChartPlanet, NatalChartResult, rankTransitPeriods, TransitPeriod } from '@astro/western';
import { escapeHtml } from '../html';
import { chartWheel, degree, heading, paragraph, planetName, RenderContext, table } from './common';
import { depthText, longDate } from './depth-text';
import { timelineCaption, TIMELINE_MAX_ROWS, transitTimelineSvg } from './transit-timeline';
import { wheelWord } from '../chart-wheel';
import { longTransitReadings } from './transit-readings';
import { fill } from '@astro/text';

/** An instant's local date (YYYY-MM-DD) and time on the report's clock, as the tables print it. */
export type PeriodClock = (iso: string) => { date: string; time: string };

export interface PeriodsView {
  periods: TransitPeriod[];
  /** the window: its first local day's start and the day after its last local day's start */
  fromMs: number;
  toMs: number;
  start_date: string;
  end_date: string;
  at: PeriodClock;
  dayStart: (date: string) => number;
}

/** An orb as the reader says it: 1°, 1°30′. */
const orbText = (orb: number) => (Number.isInteger(orb) ? `${orb}°` : degree(orb));

/** "10 March 2026, 09:59" / "10 มีนาคม พ.ศ. 2569 เวลา 09:59 น.": a customer's date and time, to the minute. */
function when(ctx: RenderContext, at: PeriodClock, iso: string): string {
  const local = at(iso);
  return fill(depthText(ctx).transit_window.periods.when, { date: longDate(ctx, local.date, { weekday: false }), time: local.time });
}

/**
 * The periods of the window, heaviest first (rankTransitPeriods): each transit with its entry into
 * the orb, every exact pass (retrograde passes marked) and its exit, wherever they fall; `figure`
 * (the timeline) stands between the table and the readings, so the readings' text flows on after
 * it and fills its page, wherever the figure lands.
 */
export function periodsSection(ctx: RenderContext, view: PeriodsView, figure = ''): string {
  const p = depthText(ctx).transit_window.periods;
  const t = ctx.text.table;
  const ranked = rankTransitPeriods(view.periods);
  const parts = [
    heading(2, p.heading),
    paragraph(
      fill(p.intro, {
        orb: orbText(ranked[0]?.orb ?? 1),
        start: longDate(ctx, view.start_date, { weekday: false }),
        end: longDate(ctx, view.end_date, { weekday: false }),
      }),
    ),
  ];
  if (ranked.length === 0) return [...parts, paragraph(ctx.text.transit_window.no_transits)].join('\n');
  const d = depthText(ctx);
  const rows = ranked.map((x) => [
    `${planetName(ctx, x.transiting)} ${d.aspect_noun[x.aspect]} ${planetName(ctx, x.natal_point)}`,
    when(ctx, view.at, x.enters_orb_utc),
    x.perfections
      .map((pass) => (pass.retrograde ? fill(p.pass_retrograde, { when: when(ctx, view.at, pass.utc) }) : when(ctx, view.at, pass.utc)))
      .join('\n'),
    when(ctx, view.at, x.leaves_orb_utc),
  ]);
  // the passes of a retrograde loop one per line: the cells are escaped, so a newline is the only one left
  // the widest column for the passes, so that a retrograde pass keeps to one line
  const widths = '<colgroup><col style="width:24%"><col style="width:23%"><col style="width:30%"><col style="width:23%"></colgroup>';
  parts.push(table([t.transit, p.enters, p.exact, p.leaves], rows).replace(/\n/g, '<br>').replace('<table>', `<table>${widths}`), figure);
  // the slow transits, read one by one from their own dates under the table that lists them
  parts.push(longTransitReadings(ctx, view.periods, { fromMs: view.fromMs, toMs: view.toMs, localDate: (iso) => view.at(iso).date }));
  return parts.join('\n');
}

/** The timeline figure: the strongest periods (at most TIMELINE_MAX_ROWS) as bars across the window. */
export function timelineSection(ctx: RenderContext, view: PeriodsView): string {
  const w = depthText(ctx).transit_window.timeline;
  if (view.periods.length === 0) return '';
  const shown = rankTransitPeriods(view.periods).slice(0, TIMELINE_MAX_ROWS);
  const svg = transitTimelineSvg(ctx, {
    periods: shown,
    fromMs: view.fromMs,
    toMs: view.toMs,
    localDate: (ms) => view.at(new Date(ms).toISOString()).date,
    dayStart: view.dayStart,
  });
  return [
    heading(2, w.heading),
    `<figure class="timeline">${svg}</figure>`,
    `<p class="muted">${escapeHtml(timelineCaption(ctx, shown.length, view.periods.length))}</p>`,
  ].join('\n');
}

/** The transit bi-wheel: the natal chart inside, the planets at the window's middle outside. */
export function transitBiwheelSection(
  ctx: RenderContext,
  natal: NatalChartResult,
  sky: { utc: string; planets: ChartPlanet[] },
  at: PeriodClock,
): string {
  const b = depthText(ctx).transit_window.biwheel;
  const local = at(sky.utc);
  const wheel = chartWheel(ctx, natal.chart, 520, {
    planets: sky.planets,
    inner: wheelWord(ctx.locale, 'natal'),
    outer: wheelWord(ctx.locale, 'transit'),
  });
  return [
    heading(2, b.heading),
    `<div class="wheel">${wheel}</div>`,
    `<p class="muted">${escapeHtml(fill(b.note, { date: longDate(ctx, local.date, { weekday: false }), time: local.time }))}</p>`,
  ].join('\n');
}
