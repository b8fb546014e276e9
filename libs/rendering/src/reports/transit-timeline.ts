import { TransitPeriod } from '@astro/western';
import { thaiDate, fill } from '@astro/text';
import { DEFAULT_BRANDING } from '../branding';
import { escapeHtml, hexColour } from '../html';
import { planetName, RenderContext } from './common';
import { depthText } from './depth-text';

/** The order of the rows: slow planets first (their transits are the long chapters), then by entry. */
const SLOW_FIRST = ['Pluto', 'Neptune', 'Uranus', 'Saturn', 'Jupiter', 'Mars', 'Sun', 'Venus', 'Mercury', 'Moon'];
/** Rows drawn at most: beyond this a timeline stops being readable on a page. */
export const TIMELINE_MAX_ROWS = 40;

const WIDTH = 700;
const LABEL_WIDTH = 210;
const RIGHT = 14;
const AXIS = 30;
const ROW = 13;
const BAR = 8;
const LEGEND = 34;
const DAY_MS = 86_400_000;

export interface TimelineInput {
  /** the periods to draw, already chosen (at most TIMELINE_MAX_ROWS) */
  periods: TransitPeriod[];
  fromMs: number;
  toMs: number;
  /** the local date (YYYY-MM-DD) of an instant on the report's clock */
  localDate: (utcMs: number) => string;
  /** the instant a local date starts on the report's clock */
  dayStart: (date: string) => number;
}

const round = (x: number) => Math.round(x * 10) / 10;

/** A date on the axis: "8 Mar" / "8 มี.ค.". */
function tickLabel(ctx: RenderContext, date: string): string {
  if (ctx.locale === 'th') return thaiDate(date, 'short').split(' ').slice(0, 2).join(' ');
  const [, m, d] = date.split('-').map(Number);
  return `${d} ${depthText(ctx).dates.months[m - 1].slice(0, 3)}`;
}

/** Tick dates: every 7th day for a month, the 1st and 15th for two months, else each month's 1st. */
function ticks(input: TimelineInput): string[] {
  const days = (input.toMs - input.fromMs) / DAY_MS;
  const keep = (day: number, index: number) => (days <= 35 ? index % 7 === 0 : days <= 75 ? day === 1 || day === 15 : day === 1);
  const out: string[] = [];
  let index = 0;
  for (let ms = input.fromMs; ms < input.toMs; ms += DAY_MS, index++) {
    const date = input.localDate(ms + DAY_MS / 2);
    if (keep(Number(date.slice(8, 10)), index) && !out.includes(date)) out.push(date);
  }
  return out;
}

const diamond = (x: number, y: number, r: number) =>
  `${round(x)},${round(y - r)} ${round(x + r)},${round(y)} ${round(x)},${round(y + r)} ${round(x - r)},${round(y)}`;

/**
 * The transit timeline as an SVG: one row per transit period, its bar from orb entry to exit
 * across the window (an arrowhead at an edge when the period began before the window or goes on
 * after it), each exact pass a diamond (hollow when the planet is retrograde), a date axis and a
 * legend. Every text is escaped; the colour is held to #rrggbb.
 */
export function transitTimelineSvg(ctx: RenderContext, input: TimelineInput): string {
  const w = depthText(ctx).transit_window.timeline;
  const color = hexColour(ctx.branding.primary_color, DEFAULT_BRANDING.primary_color);
  const rows = [...input.periods].sort(
    (x, y) => SLOW_FIRST.indexOf(x.transiting) - SLOW_FIRST.indexOf(y.transiting) || (x.enters_orb_utc < y.enters_orb_utc ? -1 : 1),
  );
  const plot = WIDTH - LABEL_WIDTH - RIGHT;
  const x = (ms: number) =>
    LABEL_WIDTH + (plot * (Math.min(Math.max(ms, input.fromMs), input.toMs) - input.fromMs)) / (input.toMs - input.fromMs);
  const height = AXIS + rows.length * ROW + LEGEND;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="100%" role="img" aria-label="${escapeHtml(w.title)}" font-family="inherit" font-size="10.5">`,
  ];
  rows.forEach((_, i) => {
    if (i % 2 === 0) parts.push(`<rect x="0" y="${AXIS + i * ROW}" width="${WIDTH}" height="${ROW}" fill="#f3f3f3"/>`);
  });
  for (const date of ticks(input)) {
    const tx = round(x(input.dayStart(date)));
    parts.push(
      `<line x1="${tx}" y1="${AXIS - 6}" x2="${tx}" y2="${AXIS + rows.length * ROW}" stroke="#c8c8c8" stroke-width="0.6"/>`,
      `<text x="${tx}" y="${AXIS - 10}" text-anchor="middle" fill="#444">${escapeHtml(tickLabel(ctx, date))}</text>`,
    );
  }
  rows.forEach((p, i) => {
    const cy = AXIS + i * ROW + ROW / 2;
    const [enters, leaves] = [Date.parse(p.enters_orb_utc), Date.parse(p.leaves_orb_utc)];
    const label = `${planetName(ctx, p.transiting)} ${depthText(ctx).aspect_noun[p.aspect]} ${planetName(ctx, p.natal_point)}`;
    parts.push(`<text x="${LABEL_WIDTH - 8}" y="${round(cy + 3.5)}" text-anchor="end" fill="#222">${escapeHtml(label)}</text>`);
    const [x1, x2] = [x(enters), x(leaves)];
    // a retrograde loop that leaves the orb between passes: a thin line joins its stays
    if (p.stretches.length > 1)
      parts.push(
        `<line x1="${round(x1)}" y1="${round(cy)}" x2="${round(x2)}" y2="${round(cy)}" stroke="${color}" stroke-opacity="0.5" stroke-width="1"/>`,
      );
    for (const stretch of p.stretches) {
      const [s1, s2] = [x(Date.parse(stretch.enters_orb_utc)), x(Date.parse(stretch.leaves_orb_utc))];
      if (s2 <= LABEL_WIDTH || s1 >= LABEL_WIDTH + plot) continue;
      parts.push(
        `<rect x="${round(s1)}" y="${round(cy - BAR / 2)}" width="${round(Math.max(s2 - s1, 1.5))}" height="${BAR}" rx="2" fill="${color}" fill-opacity="0.3"/>`,
      );
    }
    if (enters < input.fromMs)
      parts.push(
        `<polygon points="${round(x1 - 6)},${round(cy)} ${round(x1)},${round(cy - 5)} ${round(x1)},${round(cy + 5)}" fill="${color}"/>`,
      );
    if (leaves > input.toMs)
      parts.push(
        `<polygon points="${round(x2 + 6)},${round(cy)} ${round(x2)},${round(cy - 5)} ${round(x2)},${round(cy + 5)}" fill="${color}"/>`,
      );
    for (const pass of p.perfections) {
      const ms = Date.parse(pass.utc);
      if (ms < input.fromMs || ms >= input.toMs) continue;
      parts.push(
        `<polygon points="${diamond(x(ms), cy, 5)}" fill="${pass.retrograde ? '#ffffff' : color}" stroke="${color}" stroke-width="1.4"/>`,
      );
    }
  });
  const ly = AXIS + rows.length * ROW + 22;
  let lx = LABEL_WIDTH;
  const legend = (mark: string, text: string) => {
    parts.push(mark, `<text x="${lx + 10}" y="${ly + 3.5}" fill="#333">${escapeHtml(text)}</text>`);
    lx += 30 + text.length * (ctx.locale === 'th' ? 6.2 : 5.8);
  };
  legend(`<polygon points="${diamond(lx, ly, 5)}" fill="${color}" stroke="${color}" stroke-width="1.4"/>`, w.legend_exact);
  legend(`<polygon points="${diamond(lx, ly, 5)}" fill="#ffffff" stroke="${color}" stroke-width="1.4"/>`, w.legend_retrograde);
  legend(`<polygon points="${lx + 5},${ly} ${lx - 1},${ly - 5} ${lx - 1},${ly + 5}" fill="${color}"/>`, w.legend_beyond);
  parts.push('</svg>');
  return parts.join('');
}

/** The caption under the timeline: what the marks mean, and how many of the window's transits it shows. */
export function timelineCaption(ctx: RenderContext, shown: number, total: number): string {
  const w = depthText(ctx).transit_window.timeline;
  return shown < total ? `${w.caption} ${fill(w.caption_more, { shown, total })}` : w.caption;
}
