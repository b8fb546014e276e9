import { birthAt, birthOf, HouseSystem } from '@astro/ephemeris';
import {
  ChartPlanet,
  Ingress,
  natalChart,
  NatalChartResult,
  Station,
  TransitEvent,
  TransitPeriod,
  transitPeriods,
  transitsInWindow,
} from '@astro/western';
import { longDate } from './depth-text';
import { transitNarrativeSection } from './transit-narrative';
import { periodsSection, PeriodsView, timelineSection, transitBiwheelSection } from './transit-periods-section';
import {
  BirthSubjectInput,
  chartFacts,
  chartOverview,
  clockDateTime,
  clockInstant,
  clockOffsetAt,
  degree,
  disclaimer,
  heading,
  offsetLabel,
  paragraph,
  planetName,
  RenderContext,
  ReportClock,
  signName,
  table,
  zoneName,
} from './common';
import { fill } from '@astro/text';

export interface TransitWindowInput {
  birth_subject: BirthSubjectInput;
  start_date: string;
  end_date: string;
  house_system: HouseSystem;
  name: string;
  /** the subject's current IANA time zone; else the birth's `timezone`; else the birth's fixed offset */
  timezone?: string;
}

export interface TransitWindowData {
  name: string;
  birth: BirthSubjectInput;
  natal: NatalChartResult;
  start_date: string;
  end_date: string;
  transits: TransitEvent[];
  stations: Station[];
  ingresses: Ingress[];
  /** the clock every date and time of the report is shown on (absent in jobs queued before it existed) */
  clock?: ReportClock;
  /** every transit period (Sun to Pluto) overlapping the window, with entry, passes and exit (absent in older jobs) */
  periods?: TransitPeriod[];
  /** the transiting planets at local noon of the window's middle day, for the bi-wheel (absent in older jobs) */
  transit_sky?: { utc: string; planets: ChartPlanet[] };
}

/** The bodies whose transits are read as periods: the Moon's last hours and are listed day by day instead. */
const PERIOD_BODIES = ['Sun', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;

/** The subject's current zone (request `timezone`), else the birth's zone, else the birth's fixed offset. */
export function transitWindowClock(input: Pick<TransitWindowInput, 'timezone' | 'birth_subject'>): ReportClock {
  if (input.timezone) return { kind: 'zone', zone: input.timezone, source: 'timezone' };
  if (input.birth_subject.timezone) return { kind: 'zone', zone: input.birth_subject.timezone, source: 'birth_timezone' };
  return { kind: 'offset', offsetSeconds: input.birth_subject.timezoneOffsetMinutes * 60 };
}

/** The window covers whole local days on the report's clock, start to end date inclusive. */
export function computeTransitWindow(input: TransitWindowInput, ephemerisPath: string): TransitWindowData {
  const b = input.birth_subject;
  const natal = natalChart({ birth: birthOf(b), houseSystem: input.house_system }, ephemerisPath);
  const points = [
    ...natal.chart.planets.filter((p) => p.name !== 'North Node' && p.name !== 'Chiron'),
    { name: 'Ascendant', longitude: natal.chart.angles.ascendant },
    { name: 'Midheaven', longitude: natal.chart.angles.midheaven },
  ];
  const clock = transitWindowClock(input);
  const from = clockInstant(clock, input.start_date, '00:00');
  const to = clockInstant(clock, nextDate(input.end_date), '00:00');
  const middleDay = clockDateTime(new Date((from.getTime() + to.getTime()) / 2).toISOString(), clock).date;
  const middle = clockInstant(clock, middleDay, '12:00');
  const sky = natalChart({ birth: birthAt(middle, b.latitude, b.longitude), houseSystem: input.house_system }, ephemerisPath);
  return {
    name: input.name,
    birth: b,
    natal,
    start_date: input.start_date,
    end_date: input.end_date,
    clock,
    ...transitsInWindow(points, from, to, ephemerisPath),
    periods: transitPeriods(points, from, to, ephemerisPath, PERIOD_BODIES),
    transit_sky: { utc: middle.toISOString(), planets: sky.chart.planets },
  };
}

/** A date as the customer reads it: 8 March 2026, 8 มีนาคม พ.ศ. 2569. */
const day = (ctx: RenderContext, date: string) => longDate(ctx, date, { weekday: false });

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function transitWindowTitle(ctx: RenderContext, data: TransitWindowData): { title: string; subtitle: string } {
  const subtitle = fill(ctx.text.transit_window.subtitle, {
    name: data.name,
    start: day(ctx, data.start_date),
    end: day(ctx, data.end_date),
  });
  return { title: ctx.text.transit_window.title, subtitle };
}

interface OffsetChange {
  utcMs: number;
  from: number;
  to: number;
}

/** Every change of the clock's offset inside the window (a DST change), to the minute. */
function offsetChanges(clock: ReportClock, data: TransitWindowData): OffsetChange[] {
  if (clock.kind === 'offset') return [];
  const from = clockInstant(clock, data.start_date, '00:00').getTime();
  const to = clockInstant(clock, nextDate(data.end_date), '00:00').getTime();
  const changes: OffsetChange[] = [];
  let previous = clockOffsetAt(clock, from);
  // Offsets change at most a few times a year: hourly steps find each change, a bisection its minute.
  for (let t = from + 3_600_000; t <= to; t += 3_600_000) {
    const offset = clockOffsetAt(clock, t);
    if (offset === previous) continue;
    let [lo, hi] = [t - 3_600_000, t];
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
      if (clockOffsetAt(clock, mid) === previous) lo = mid;
      else hi = mid;
    }
    changes.push({ utcMs: hi, from: previous, to: offset });
    previous = offset;
  }
  return changes;
}

/** Which clock the times are on, in words: the zone and where it came from, and each change of its offset. */
function clockNote(ctx: RenderContext, clock: ReportClock, data: TransitWindowData, changes: OffsetChange[]): string {
  const w = ctx.text.transit_window;
  if (clock.kind === 'offset') return fill(w.clock_offset, { offset: offsetLabel(clock.offsetSeconds) });
  const start = clockOffsetAt(clock, clockInstant(clock, data.start_date, '00:00').getTime());
  const zone = fill(clock.source === 'timezone' ? w.clock_zone : w.clock_birth_zone, {
    zone: zoneName(ctx, clock.zone),
    offset: offsetLabel(start),
  });
  const lines = changes.map((c) => {
    const when = clockDateTime(new Date(c.utcMs).toISOString(), clock);
    return fill(w.clock_change, { date: day(ctx, when.date), time: when.time, from: offsetLabel(c.from), to: offsetLabel(c.to) });
  });
  return [zone, ...lines].join(' ');
}

export function transitWindowBody(ctx: RenderContext, data: TransitWindowData): string {
  const w = ctx.text.transit_window;
  const t = ctx.text.table;
  const clock = data.clock ?? transitWindowClock({ birth_subject: data.birth });
  const at = (iso: string) => clockDateTime(iso, clock);
  const changes = offsetChanges(clock, data);
  // When the offset changes inside the window, every time in a table carries its offset.
  const timeCell = (when: { time: string; offset: string }) => (changes.length > 0 ? `${when.time} (UTC${when.offset})` : when.time);
  const parts: string[] = [
    paragraph(fill(w.intro, { start: ctx.date(data.start_date), end: ctx.date(data.end_date) })),
    paragraph(clockNote(ctx, clock, data, changes)),
  ];

  // The sky of the window around the natal chart first, then the transits over time. The bi-wheel
  // holds the natal chart inside, so it stands in for the natal wheel rather than repeating it.
  if (data.transit_sky)
    parts.push(
      transitBiwheelSection(ctx, data.natal, data.transit_sky, (iso) => at(iso)),
      chartFacts(ctx, data.natal),
    );
  else parts.push(chartOverview(ctx, data.natal));
  if (data.periods) {
    const view: PeriodsView = {
      periods: data.periods,
      fromMs: clockInstant(clock, data.start_date, '00:00').getTime(),
      toMs: clockInstant(clock, nextDate(data.end_date), '00:00').getTime(),
      start_date: data.start_date,
      end_date: data.end_date,
      at: (iso) => ({ date: at(iso).date, time: timeCell(at(iso)) }),
      dayStart: (date) => clockInstant(clock, date, '00:00').getTime(),
    };
    // the periods' table flows under the aspect grid above, the timeline sums them up, and the
    // readings of the slow transits flow on after the figure, so no page ends half empty before it
    parts.push(periodsSection(ctx, view, timelineSection(ctx, view)));
  }

  const zone = clock.kind === 'zone' ? zoneName(ctx, clock.zone) : `UTC${offsetLabel(clock.offsetSeconds)}`;
  parts.push(transitNarrativeSection(ctx, data, (iso) => ({ date: at(iso).date, time: timeCell(at(iso)) }), zone));

  parts.push(heading(2, w.stations));
  if (data.stations.length === 0) parts.push(paragraph(w.stations_none));
  else
    parts.push(
      table(
        [t.date, t.time, t.transit],
        data.stations.map((s) => {
          const when = at(s.utc);
          const template = s.kind === 'retrograde' ? w.station_retrograde : w.station_direct;
          return [
            day(ctx, when.date),
            timeCell(when),
            fill(template, { planet: planetName(ctx, s.body), degree: degree(s.longitude % 30), sign: signName(ctx, s.sign) }),
          ];
        }),
      ),
    );

  // The ingresses close the report with the disclaimer, printed whole (layout.ts, .closing).
  const closing: string[] = [heading(2, w.ingresses)];
  if (data.ingresses.length === 0) closing.push(paragraph(w.ingresses_none));
  else
    closing.push(
      table(
        [t.date, t.time, t.transit],
        data.ingresses.map((g) => {
          const when = at(g.utc);
          return [
            day(ctx, when.date),
            timeCell(when),
            fill(g.retrograde ? w.ingress_retrograde : w.ingress, { planet: planetName(ctx, g.body), sign: signName(ctx, g.sign) }),
          ];
        }),
      ),
    );
  parts.push(`<section class="closing">${[...closing, disclaimer(ctx)].join('\n')}</section>`);
  return parts.join('\n');
}
