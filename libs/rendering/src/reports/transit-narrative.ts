import { Ingress, Station, TransitEvent, TransitPeriod } from '@astro/western';
import { isSlowPeriod } from './transit-readings';
import { escapeHtml } from '../html';
import { degree, heading, paragraph, planetName, RenderContext, signName } from './common';
import { DepthText, depthText, longDate, MajorAspect, Planet, transitSentence, VariantPicker } from './depth-text';
import { fill } from '@astro/text';

type TwText = DepthText['transit_window'];

/** An instant's local date (YYYY-MM-DD) and time as the report prints it, on the report's clock. */
export type LocalClock = (iso: string) => { date: string; time: string };

/** One day of the window: its local date and the day's sentences in time order. */
export interface NarrativeDay {
  date: string;
  /** each sentence with the factor it reads (body|aspect|point, station or ingress) */
  items: { factor: string; time: string; text: string }[];
  /** the Moon's passing contacts of the day, listed rather than narrated */
  moon: string | null;
}

/**
 * The transit window day by day: every exact transit of the Sun to Pluto (the Moon's contacts,
 * a few hours each, listed in a line), every station and every sign ingress, at its local time.
 */
export function transitNarrative(
  ctx: RenderContext,
  data: { transits: TransitEvent[]; stations: Station[]; ingresses: Ingress[]; periods?: TransitPeriod[] },
  at: LocalClock,
): NarrativeDay[] {
  const periods = data.periods ?? [];
  const d = depthText(ctx);
  const w = d.transit_window;
  const picker = new VariantPicker();
  const described = new Set<string>();
  const days = new Map<string, { items: (NarrativeDay['items'][number] & { utc: string })[]; moon: { utc: string; text: string }[] }>();
  const day = (iso: string) => {
    const { date } = at(iso);
    if (!days.has(date)) days.set(date, { items: [], moon: [] });
    return days.get(date)!;
  };
  for (const x of data.transits) {
    const { time } = at(x.exact_utc);
    const point = planetName(ctx, x.natal_point);
    if (x.transiting === 'Moon') {
      day(x.exact_utc).moon.push({
        utc: x.exact_utc,
        text: fill(w.moon_item, { time, aspect: d.aspect_noun[x.aspect as MajorAspect], point }),
      });
      continue;
    }
    // A slow transit has its reading among the periods: its day names which pass it is, not its meaning again.
    const pass = isSlowPeriod(x) ? passOf(periods, x) : null;
    const r = w.readings;
    const leadValues = {
      time,
      planet: planetName(ctx, x.transiting),
      subject: d.subject[x.transiting as Planet],
      verb: d.aspect_verb[x.aspect as MajorAspect],
      point,
      pass: pass
        ? fill(r.day_pass[pass.total === 1 ? 'only' : pass.n === 1 ? 'first' : pass.n === pass.total ? 'last' : 'middle'], pass)
        : '',
    };
    const lead = pass
      ? fill(x.retrograde ? r.day_lead_retrograde : r.day_lead, leadValues)
      : fill(x.retrograde ? w.lead_retrograde : w.lead, leadValues);
    // A point's area of life in full the first time, in a few words after that.
    const key = x.natal_point as keyof TwText['point_area'];
    const area = described.has(key) ? w.point_area_again[key] : w.point_area[key];
    if (!pass) described.add(key);
    const sentence = pass ? null : transitSentence(ctx, picker, { transiting: x.transiting, aspect: x.aspect, point: x.natal_point }, area);
    day(x.exact_utc).items.push({
      factor: `${x.transiting}|${x.aspect}|${x.natal_point}`,
      time,
      utc: x.exact_utc,
      text: sentence ? `${lead} ${sentence}` : lead,
    });
  }
  for (const s of data.stations) {
    const { time } = at(s.utc);
    const texts = w.station[s.body as keyof TwText['station']];
    if (!texts) continue;
    const lead = fill(s.kind === 'retrograde' ? w.station_retrograde_lead : w.station_direct_lead, {
      time,
      subject: d.subject[s.body as Planet],
      degree: degree(s.longitude % 30),
      sign: signName(ctx, s.sign),
    });
    day(s.utc).items.push({ factor: `station|${s.body}|${s.kind}`, time, utc: s.utc, text: `${lead} ${texts[s.kind]}` });
  }
  const signs = ctx.chart.signs;
  for (const g of data.ingresses) {
    const { time } = at(g.utc);
    if (g.body === 'Moon') {
      day(g.utc).moon.push({ utc: g.utc, text: fill(w.moon_ingress_item, { time, sign: signName(ctx, g.sign) }) });
      continue;
    }
    const style = signs[g.sign as keyof typeof signs].style;
    const template = w.ingress[g.body as keyof TwText['ingress']];
    if (!template) continue;
    const text = fill(g.retrograde ? w.ingress_retrograde_lead : w.ingress_lead, {
      time,
      subject: d.subject[g.body as Planet],
      sign: signName(ctx, g.sign),
    });
    day(g.utc).items.push({
      factor: `ingress|${g.body}|${g.sign}`,
      time,
      utc: g.utc,
      text: `${text} ${fill(template, { style, sign: signName(ctx, g.sign) })}`,
    });
  }
  return [...days.entries()]
    .sort(([x], [y]) => (x < y ? -1 : 1))
    .map(([date, v]) => ({
      date,
      items: v.items.sort((x, y) => (x.utc < y.utc ? -1 : 1)).map(({ factor, time, text }) => ({ factor, time, text })),
      moon:
        v.moon.length === 0
          ? null
          : fill(w.moon_line, {
              list: v.moon
                .sort((x, y) => (x.utc < y.utc ? -1 : 1))
                .map((m) => m.text)
                .join(d.list.semicolon),
            }),
    }));
}

/** A slow transit's exact moment as the pass of its period (1-based, of how many); null when no period holds it. */
function passOf(periods: TransitPeriod[], x: TransitEvent): { n: number; total: number } | null {
  const exact = Date.parse(x.exact_utc);
  for (const p of periods) {
    if (p.transiting !== x.transiting || p.aspect !== x.aspect || p.natal_point !== x.natal_point) continue;
    // the two searches find the same instant to within minutes
    const i = p.perfections.findIndex((q) => Math.abs(Date.parse(q.utc) - exact) < 6 * 3_600_000);
    if (i >= 0) return { n: i + 1, total: p.perfections.length };
  }
  return null;
}

/** The day-by-day section of the transit window report. */
export function transitNarrativeSection(
  ctx: RenderContext,
  data: { transits: TransitEvent[]; stations: Station[]; ingresses: Ingress[]; periods?: TransitPeriod[] },
  at: LocalClock,
  zoneLabel: string,
): string {
  const w = depthText(ctx).transit_window;
  const days = transitNarrative(ctx, data, at);
  const parts = [heading(2, w.days_heading), paragraph(fill(w.days_intro, { zone: zoneLabel }))];
  if (days.length === 0) parts.push(paragraph(ctx.text.transit_window.no_transits));
  for (const day of days) {
    parts.push(heading(3, longDate(ctx, day.date)));
    if (day.items.length > 0) parts.push(paragraph(day.items.map((i) => i.text).join(depthText(ctx).sentence_gap)));
    if (day.moon) parts.push(`<p class="muted">${escapeHtml(day.moon)}</p>`);
  }
  return parts.join('\n');
}
