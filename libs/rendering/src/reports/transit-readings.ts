import { rankTransitPeriods, TransitPeriod } from '@astro/western';
import { readerDate, fill } from '@astro/text';
import { heading, paragraph, planetName, RenderContext } from './common';
import { aspectFamily, depthText, MajorAspect, VariantPicker } from './depth-text';

/** The planets whose transits last weeks to years: each gets a reading of its own as a period. */
export const SLOW_BODIES = ['Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
export const isSlowPeriod = (p: { transiting: string }) => (SLOW_BODIES as readonly string[]).includes(p.transiting);

/** A span this long or longer is dated by month in its reading: its passes carry the days. */
const MONTHS_SPAN_MS = 60 * 86_400_000;

export interface ReadingWindow {
  fromMs: number;
  toMs: number;
  /** an instant's local calendar date (YYYY-MM-DD) on the report's clock */
  localDate: (iso: string) => string;
}

type Phase = 'building' | 'peak_single' | 'peak_first' | 'peak_middle' | 'closing' | 'middle' | 'easing';

/** Where the window stands in the period: before its first pass, at a pass (which), between passes, after its last. */
function phaseOf(period: TransitPeriod, w: ReadingWindow): { phase: Phase; pass?: string; prev?: string; next?: string } {
  const times = period.perfections.map((p) => p.utc);
  const ms = times.map((t) => Date.parse(t));
  const inside = ms.map((t, i) => (t >= w.fromMs && t < w.toMs ? i : -1)).filter((i) => i >= 0);
  const last = times.length - 1;
  if (inside.length > 0) {
    // the window's last pass tells the most: a closing pass, or the pass the transit stands at
    const i = inside[inside.length - 1];
    const pass = times[i];
    if (times.length === 1) return { phase: 'peak_single', pass };
    if (i === last) return { phase: 'closing', pass };
    return { phase: inside[0] === 0 ? 'peak_first' : 'peak_middle', pass: times[inside[0]] };
  }
  const before = ms.filter((t) => t < w.fromMs).length;
  if (before === 0) return { phase: 'building', next: times[0] };
  if (before === times.length) return { phase: 'easing', prev: times[last] };
  return { phase: 'middle', prev: times[before - 1], next: times[before] };
}

/**
 * One reading of a slow transit, written from its own dates: its span, every exact pass (the
 * retrograde ones named), where the window stands in it, then what it means: the transiting
 * planet's way of working in that aspect family, and what the natal point holds.
 */
function periodReading(ctx: RenderContext, picker: VariantPicker, period: TransitPeriod, w: ReadingWindow): string[] {
  const d = depthText(ctx);
  const r = d.transit_window.readings;
  const family = aspectFamily(period.aspect);
  const planetTexts = r.planet[period.transiting as keyof typeof r.planet];
  const pointTexts = r.point[period.natal_point as keyof typeof r.point];
  if (!family || !planetTexts || !pointTexts) return [];
  const date = (iso: string) => readerDate(ctx.locale, w.localDate(iso));
  const long = Date.parse(period.leaves_orb_utc) - Date.parse(period.enters_orb_utc) >= MONTHS_SPAN_MS;
  const monthYear = (iso: string) => {
    const [y, m] = w.localDate(iso).split('-').map(Number);
    return fill(r.month_year, { month: d.dates.months[m - 1], year: y + d.dates.year_offset });
  };
  const span = (iso: string) => (long ? monthYear(iso) : date(iso));
  const passes = period.perfections.map((p) => (p.retrograde ? fill(r.retrograde_pass, { date: date(p.utc) }) : date(p.utc)));
  const planet = planetName(ctx, period.transiting);
  const point = planetName(ctx, period.natal_point);
  const lead = fill(passes.length === 1 ? r.lead_one : r.lead_many, {
    start: span(period.enters_orb_utc),
    end: span(period.leaves_orb_utc),
    passes: passes.length > 1 ? `${passes.slice(0, -1).join(r.pass_list.comma)}${r.pass_list.and}${passes[passes.length - 1]}` : passes[0],
    planet,
    verb: d.aspect_verb[period.aspect as MajorAspect],
    point,
  });
  const at = phaseOf(period, w);
  const phaseText = picker.once(`phase|${at.phase}`, r.phase[at.phase]);
  const phase =
    phaseText &&
    fill(phaseText, {
      pass: at.pass ? date(at.pass) : '',
      prev: at.prev ? date(at.prev) : '',
      next: at.next ? date(at.next) : '',
      last: date(period.perfections[period.perfections.length - 1].utc),
      opened: monthYear(period.enters_orb_utc),
    });
  const retrograde = period.perfections.find((p) => p.retrograde);
  const loopText = retrograde && period.perfections.length > 1 ? picker.once('loop', r.loop) : null;
  const sentences = [
    lead,
    phase,
    picker.once(`planet|${period.transiting}|${family}`, planetTexts[family]),
    period.transiting === period.natal_point ? picker.once('cycle', [r.cycle]) : null,
    picker.once(`point|${period.natal_point}`, pointTexts),
    loopText && retrograde && fill(loopText, { date: date(retrograde.utc) }),
  ];
  const title = fill(r.title, {
    planet,
    aspect: d.aspect_noun[period.aspect as MajorAspect],
    verb: d.aspect_verb[period.aspect as MajorAspect],
    point,
  });
  return [heading(3, title), paragraph(sentences.filter((s): s is string => !!s).join(d.sentence_gap))];
}

/** The readings of the window's slow transits (Jupiter to Pluto), heaviest first; empty when there are none. */
export function longTransitReadings(ctx: RenderContext, periods: TransitPeriod[], w: ReadingWindow): string {
  const slow = rankTransitPeriods(periods).filter(isSlowPeriod);
  if (slow.length === 0) return '';
  const r = depthText(ctx).transit_window.readings;
  const picker = new VariantPicker();
  return [heading(2, r.heading), paragraph(r.intro), ...slow.flatMap((p) => periodReading(ctx, picker, p, w))].join('\n');
}
