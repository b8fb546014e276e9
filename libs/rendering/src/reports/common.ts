import en from '../content/en.json';
import th from '../content/th.json';
import { formatOffset, instantFromLocal, offsetSecondsAt, wallTimeOffset } from '@astro/ephemeris';
import { Aspect, ChartPlanet, Content as ChartContent, contentFor, NatalChartResult } from '@astro/western';
import { describePlace, nearestPlace, thaiCountryName, thaiPlaceName } from '@astro/places';
import { compose, ForMode, modeCache, thaiDate, fill } from '@astro/text';
import { WheelChart, chartWheelSvg, wheelLabels, wheelOfChart, WheelPoint } from '../chart-wheel';
import { aspectGridSvg, gridPointsOfChart } from '../aspect-grid';
import { DEFAULT_BRANDING, ResolvedBranding } from '../branding';
import { escapeHtml, hexColour } from '../html';

export type ReportLocale = 'en' | 'th';

export type ReportText = ForMode<typeof en>;
export const reportText = modeCache<typeof en>({ en, th });

export interface BirthSubjectInput {
  date: string;
  time: string;
  latitude: number;
  longitude: number;
  timezoneOffsetMinutes: number;
  /** IANA zone of the birth place, when the request named one */
  timezone?: string;
  /** the birth place as a reader names it ("Bangkok, Thailand"), when known */
  place?: string;
}

/**
 * The clock a report shows times on: an IANA zone (its offset at each instant, so a DST change inside
 * the window is honoured), or a fixed UTC offset when no zone was given.
 */
export type ReportClock = { kind: 'zone'; zone: string; source: 'timezone' | 'birth_timezone' } | { kind: 'offset'; offsetSeconds: number };

/** Offset in seconds east of UTC of a clock at an instant. */
export function clockOffsetAt(clock: ReportClock, utcMs: number): number {
  return clock.kind === 'zone' ? offsetSecondsAt(clock.zone, utcMs) : clock.offsetSeconds;
}

/** The instant a local wall time of a clock names (in a spring-forward gap: the offset after the change). */
export function clockInstant(clock: ReportClock, date: string, time: string): Date {
  if (clock.kind === 'offset') return instantFromLocal(date, time, clock.offsetSeconds);
  const w = wallTimeOffset(clock.zone, date, time);
  return instantFromLocal(date, time, w.kind === 'gap' ? w.offsetAfterSeconds : w.offsetSeconds);
}

/** An instant on a clock: local date, time and the offset in force then. */
export function clockDateTime(iso: string, clock: ReportClock): { date: string; time: string; offset: string } {
  const offset = clockOffsetAt(clock, Date.parse(iso));
  return { ...localDateTime(iso, offset), offset: offsetLabel(offset) };
}

/** Everything a report template needs besides its data: words, chart vocabulary, branding, the edition's dates. */
export interface RenderContext {
  locale: ReportLocale;
  /** the report's words (content/<locale>.json) in the variant of the branding's safety mode */
  text: ReportText;
  chart: ChartContent;
  branding: ResolvedBranding;
  logoDataUrl: string | null;
  /** Thai edition with Thai digits (๐–๙) in every text of the page */
  thaiDigits: boolean;
  /**
   * A `YYYY-MM-DD` date as the edition writes it: ISO in English; in Thai the day, the Thai month
   * and the Buddhist Era year ("4 พฤษภาคม พ.ศ. 2533" in text, "4 พ.ค. 2533" in tables).
   */
  date: (isoDate: string, style?: 'long' | 'short') => string;
}

export function renderContext(
  locale: ReportLocale,
  branding: ResolvedBranding,
  logoDataUrl: string | null,
  options: { thaiDigits?: boolean } = {},
): RenderContext {
  return {
    locale,
    text: reportText(locale, branding.safety_mode),
    chart: contentFor(locale).content,
    // Every template may print the brand colour: it is held to #rrggbb here, once (the layout, the
    // wheel and the grid check it again where they draw it).
    branding: { ...branding, primary_color: hexColour(branding.primary_color, DEFAULT_BRANDING.primary_color) },
    logoDataUrl,
    thaiDigits: locale === 'th' && options.thaiDigits === true,
    date: (isoDate, style = 'long') => (locale === 'th' ? thaiDate(isoDate, style) : englishDate(isoDate, style)),
  };
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** "10 March 1985" in text, "10 Mar 1985" in tables: the day first, as in British and Thai usage. */
export function englishDate(isoDate: string, style: 'long' | 'short' = 'long'): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  const month = MONTHS[m - 1];
  return `${d} ${style === 'short' ? month.slice(0, 3) : month} ${y}`;
}

/** A latitude or longitude in degrees and whole minutes with its hemisphere in the edition's words: 13°45′ N, 100°30′ E. */
export function coordinate(ctx: RenderContext, value: number, axis: 'lat' | 'lon'): string {
  const minutes = Math.round(Math.abs(value) * 60);
  const h = ctx.text.hemispheres;
  const hemisphere = axis === 'lat' ? (value < 0 ? h.S : h.N) : value < 0 ? h.W : h.E;
  return `${Math.floor(minutes / 60)}°${String(minutes % 60).padStart(2, '0')}′ ${hemisphere}`;
}

/** Farther than this from the nearest town, a birth place is named "near" it (a village, at sea). */
const NAMED_WITHIN_KM = 10;

/** A gazetteer place (@astro/places) as a report keeps it in its data, to name it in either edition. */
export interface NamedPlace {
  /** "Bangkok, Thailand" */
  display: string;
  /** its Thai name, for a place in Thailand whose Thai name is known */
  thai: string | null;
  /** ISO 3166 code of its country */
  country: string;
  /** the birth lies farther than NAMED_WITHIN_KM from it */
  near: boolean;
}

/** A gazetteer place and a birth's distance from it, as a report keeps it. */
export function namedPlace(
  place: { geonamesId: number; country: string; admin1Code: string },
  display: string,
  distanceKm: number,
): NamedPlace {
  return { display, thai: thaiPlaceName(place), country: place.country, near: distanceKm > NAMED_WITHIN_KM };
}

function nearestNamedPlace(latitude: number, longitude: number): NamedPlace {
  const { place, distanceKm } = nearestPlace(latitude, longitude);
  return namedPlace(place, describePlace(place).display, distanceKm);
}

/**
 * A gazetteer place as the edition names it: "Bangkok, Thailand", in Thai "กรุงเทพมหานคร ประเทศไทย"
 * where the Thai name is known, or "near …" when the birth lies outside the town's reach.
 */
function placeName(ctx: RenderContext, place: NamedPlace): string {
  let name = place.display;
  if (ctx.locale === 'th') {
    // A Thai edition names no place in Latin letters: a Thai town by its Thai name, elsewhere the country.
    if (!place.thai) return fill(ctx.text.place_in_country, { country: thaiCountryName(place.country) });
    name = fill(ctx.text.place_in_thailand, { place: place.thai });
  }
  return place.near ? fill(ctx.text.place_near, { place: name }) : name;
}

const THAI_SCRIPT = /[\u0E01-\u0E5B]/;

/**
 * A birth place as a customer reads it: its name (as given, else the gazetteer's place the report
 * resolved, else the nearest), and its coordinates in degrees and minutes. A Thai edition keeps a
 * place given in Thai script and names any other from the gazetteer in Thai.
 */
export function placeLabel(
  ctx: RenderContext,
  b: { latitude: number; longitude: number; place?: string },
  resolved?: NamedPlace | null,
): string {
  const coordinates = fill(ctx.text.coordinates, { lat: coordinate(ctx, b.latitude, 'lat'), lon: coordinate(ctx, b.longitude, 'lon') });
  return `${placeText(ctx, b, resolved)} (${coordinates})`;
}

/** A place's name alone, as placeLabel names it (for a sentence that does not want the coordinates). */
export function placeText(
  ctx: RenderContext,
  b: { latitude: number; longitude: number; place?: string },
  resolved?: NamedPlace | null,
): string {
  const given = b.place !== undefined && (ctx.locale !== 'th' || THAI_SCRIPT.test(b.place)) ? b.place : undefined;
  return given ?? placeName(ctx, resolved ?? nearestNamedPlace(b.latitude, b.longitude));
}

/** An IANA zone as the edition names it: its name in the content where there is one, else its city (English), else its id in a phrase of the edition (Thai). */
export function zoneName(ctx: RenderContext, zone: string): string {
  const named = (ctx.text.zone_names as Record<string, string>)[zone];
  if (named) return fill(ctx.text.zone_time_short, { city: named });
  return ctx.locale === 'en'
    ? fill(ctx.text.zone_time_short, { city: zone.split('/').pop()!.replace(/_/g, ' ') })
    : fill(ctx.text.zone_id, { zone });
}

/** The clock of a birth time: the zone's city and its offset ("Bangkok time, UTC+07:00"), or the offset alone. */
export function zoneLabel(ctx: RenderContext, b: { timezoneOffsetMinutes: number; timezone?: string }): string {
  const offset = `UTC${offsetLabel(b.timezoneOffsetMinutes * 60)}`;
  if (!b.timezone) return offset;
  // A zone's own name in the edition's language where the content has one, else its city (English editions).
  const named = (ctx.text.zone_names as Record<string, string>)[b.timezone];
  if (named) return fill(ctx.text.zone_time, { city: named, offset });
  if (ctx.locale !== 'en') return offset;
  return fill(ctx.text.zone_time, { city: b.timezone.split('/').pop()!.replace(/_/g, ' '), offset });
}

export const planetName = (ctx: RenderContext, name: string) =>
  ctx.chart.names.planets[name as keyof ChartContent['names']['planets']] ?? name;
export const signName = (ctx: RenderContext, sign: string) => ctx.chart.names.signs[sign as keyof ChartContent['names']['signs']] ?? sign;
export const houseName = (ctx: RenderContext, house: number) =>
  ctx.chart.names.houses[String(house) as keyof ChartContent['names']['houses']];
/** An aspect as the report's sentences and tables name it ("conjunct", "มุมกุม"), without the angle the wheel's legend gives. */
export const aspectName = (ctx: RenderContext, type: string) =>
  (ctx.text.aspect_words as Record<string, string>)[type] ??
  (ctx.chart.names.aspects[type as keyof ChartContent['names']['aspects']] ?? type).replace(/\s*\(\d+°\)$/, '');

/** A content phrase, in the variant for the voice's safety mode where the content has one. */
export function phrase(entry: Record<string, string>, ctx: RenderContext): string {
  return entry[ctx.branding.safety_mode] ?? entry.default;
}
export const houseText = (ctx: RenderContext, house: number) =>
  phrase(ctx.chart.houses[String(house) as keyof ChartContent['houses']], ctx);
export const planetText = (ctx: RenderContext, planet: string) => phrase(ctx.chart.planets[planet as keyof ChartContent['planets']], ctx);

/** "+07:00", "-04:00", "+06:42:04" from an offset in seconds (local mean time offsets keep their seconds). */
export const offsetLabel = (offsetSeconds: number): string => formatOffset(offsetSeconds);

/** An instant as local date and time at a fixed offset (seconds east): `2024-03-20 14:06`. */
export function localDateTime(iso: string, offsetSeconds: number): { date: string; time: string } {
  const shifted = new Date(Date.parse(iso) + offsetSeconds * 1000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

export const degree = (x: number) => `${Math.floor(x)}°${String(Math.floor((x % 1) * 60)).padStart(2, '0')}′`;

/** The birth data as label and value rows (the cover's table): date and time with its zone, and the place (placeLabel). */
export function birthFacts(ctx: RenderContext, b: BirthSubjectInput, resolvedPlace?: NamedPlace | null): [string, string][] {
  const c = ctx.text.cover;
  return [
    [c.born, fill(c.born_value, { date: ctx.date(b.date), time: b.time.slice(0, 5), zone: zoneLabel(ctx, b) })],
    [c.place, placeLabel(ctx, b, resolvedPlace)],
  ];
}

/**
 * A table with its header row (repeated on each page the table spans). Its first two and last two
 * rows are kept together, so a page break never leaves a single row on either side.
 */
export function table(headers: string[], rows: (string | number)[][]): string {
  const tr = (r: (string | number)[]) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`;
  const groups = rows.length >= 4 ? [rows.slice(0, 2), rows.slice(2, -2), rows.slice(-2)] : [rows];
  const body = groups
    .filter((g) => g.length > 0)
    .map((g, i, all) => `<tbody${i === 0 || i === all.length - 1 ? ' class="keep"' : ''}>${g.map(tr).join('')}</tbody>`)
    .join('');
  return `<table><thead><tr>${headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>${body}</table>`;
}

export function planetsTable(ctx: RenderContext, planets: ChartPlanet[]): string {
  const t = ctx.text.table;
  return table(
    [t.planet, t.sign, t.degree, t.house, t.motion],
    planets.map((p) => [
      planetName(ctx, p.name),
      signName(ctx, p.sign),
      degree(p.sign_degree),
      p.house,
      p.retrograde ? t.retrograde : t.direct,
    ]),
  );
}

export function aspectsTable(ctx: RenderContext, aspects: Aspect[], limit = 40): string {
  const t = ctx.text.table;
  return table(
    [t.planet, t.aspect, t.with, t.orb],
    aspects.slice(0, limit).map((a) => [planetName(ctx, a.a), aspectName(ctx, a.type), planetName(ctx, a.b), degree(a.orb)]),
  );
}

export const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
/** A heading; `major` marks a main section (more space above it; it starts where the page allows). */
export const heading = (level: 2 | 3, text: string, major = false) =>
  `<h${level}${major ? ' class="major"' : ''}>${escapeHtml(text)}</h${level}>`;

export function disclaimer(ctx: RenderContext): string {
  return `<div class="disclaimer">${escapeHtml(ctx.chart.disclaimers[ctx.branding.safety_mode])}</div>`;
}

/** The wheel of a computed chart, with the legend in the report's language; `outer` makes it a bi-wheel. */
export function chartWheel(
  ctx: RenderContext,
  chart: WheelChart,
  size: number,
  outer?: { planets: WheelPoint[]; inner: string; outer: string },
  houseSystem?: string,
): string {
  return chartWheelSvg({
    ...wheelOfChart(chart, outer?.planets, houseSystem ?? chart.house_system_used),
    locale: ctx.locale,
    labels: wheelLabels(ctx.locale, outer?.inner, outer?.outer),
    color: ctx.branding.primary_color,
    size,
  });
}

/**
 * The aspect grid of a chart (the triangle), or with `other` the inter-aspect grid of two charts
 * (this chart's points down the side, the other's across the top), as its own figure.
 */
export function aspectGrid(
  ctx: RenderContext,
  chart: WheelChart,
  other?: { chart: WheelChart; names: { rows: string; columns: string } },
): string {
  const svg = aspectGridSvg({
    rows: gridPointsOfChart(chart),
    columns: other && gridPointsOfChart(other.chart),
    names: other?.names,
    locale: ctx.locale,
    color: ctx.branding.primary_color,
    size: 460,
  });
  return `<div class="wheel aspect-grid">${svg}</div>`;
}

/** A chart's wheel above its table of planets and its aspect grid: the overview every report starts a chart with. */
export function chartOverview(ctx: RenderContext, result: NatalChartResult, size = 410): string {
  return `<div class="wheel">${chartWheel(ctx, result.chart, size, undefined, result.houseSystemUsed)}</div>${chartFacts(ctx, result)}`;
}

/**
 * The chart's planets (a compact table, so that it shares a page with the wheel above it rather
 * than leaving its last rows alone on the next) and its aspect grid.
 */
export function chartFacts(ctx: RenderContext, result: NatalChartResult): string {
  return `<div class="planets">${planetsTable(ctx, result.chart.planets)}</div>${aspectGrid(ctx, result.chart)}`;
}

/**
 * The words of one report in its edition's language: its content file's text (`t`) and its
 * templates composed for that language (`say`). Each report's own words extend it with the names it prints.
 */
export class EditionWords<Text> {
  readonly t: Text;
  constructor(
    readonly ctx: RenderContext,
    editions: { en: Text; th: Text },
  ) {
    this.t = ctx.locale === 'th' ? editions.th : editions.en;
  }
  get locale() {
    return this.ctx.locale;
  }
  get thai() {
    return this.ctx.locale === 'th';
  }
  say(template: string, values: Record<string, string | number> = {}): string {
    return compose(this.ctx.locale, template, values);
  }
}
