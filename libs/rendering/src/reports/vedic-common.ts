import en from '../content/vedic.en.json';
import th from '../content/vedic.th.json';
import { birthPlaceOf } from '@astro/contracts';
import { Birth, birthOf, localDate } from '@astro/ephemeris';
import { compose, fill } from '@astro/text';
import { ChartStyle, Kundli, kundliChartSvg, SIGN_NAMES, ShodashVarga } from '@astro/vedic';
import { escapeHtml } from '../html';
import { birthFacts, BirthSubjectInput, NamedPlace, namedPlace, RenderContext, ReportLocale } from './common';

/** The words of the Vedic reports (content/vedic.<locale>.json): names, and each report's texts. */
export type VedicText = typeof en;
export const vedicText = (locale: ReportLocale): VedicText => (locale === 'th' ? th : en);

/** A birth subject of a Vedic report request: the parsed subject (place fields kept) with its resolved offset. */
export type VedicSubjectInput = BirthSubjectInput & { place_country?: string; place_id?: number; ayanamsa?: string };

/** A person as a Vedic report prints them: the name, the birth as given, and the gazetteer's place. */
export interface VedicPerson {
  name: string;
  birth: BirthSubjectInput;
  place: NamedPlace | null;
}

/**
 * The one place a Vedic report turns a request's birth subject into what it computes with (a
 * Birth) and what it prints (the person): the compute steps of both products call it.
 */
export function vedicBirth(subject: VedicSubjectInput, name: string): { birth: Birth; person: VedicPerson } {
  const place = birthPlaceOf(subject, '');
  const birth: BirthSubjectInput = {
    date: subject.date,
    time: subject.time,
    latitude: subject.latitude,
    longitude: subject.longitude,
    timezoneOffsetMinutes: subject.timezoneOffsetMinutes,
    ...(subject.timezone ? { timezone: subject.timezone } : {}),
  };
  return {
    birth: birthOf(subject),
    person: {
      name,
      birth,
      place: place
        ? namedPlace(
            { geonamesId: place.geonames_id, country: place.country, admin1Code: place.admin1_code },
            place.place_display,
            place.distance_km,
          )
        : null,
    },
  };
}

/** A person's birth as label and value rows (birthFacts, with the place the request resolved). */
export const personFacts = (ctx: RenderContext, person: VedicPerson) => birthFacts(ctx, person.birth, person.place);

export { fill };
/** A sentence from a template: filled and, in English, given its articles and capital (the templating step of @astro/text). */
export const sentence = (ctx: RenderContext, template: string, values: Record<string, string | number> = {}) =>
  compose(ctx.locale, template, values);

type Names = VedicText['names'];
const nameIn = (table: Record<string, string>, key: string) => table[key] ?? key;
export const grahaName = (t: VedicText, graha: string) => nameIn(t.names.grahas, graha);
export const grahaLabel = (t: VedicText, graha: string) => nameIn(t.names.graha_labels, graha);
export const signName = (t: VedicText, sign: string | number) =>
  t.names.signs[typeof sign === 'number' ? sign : SIGN_NAMES.indexOf(sign as never)];
export const nakshatraName = (t: VedicText, nakshatra: string) => nameIn(t.names.nakshatras, nakshatra);
export const houseName = (t: VedicText, house: number) => fill(t.names.house, { ordinal: t.names.ordinals[house - 1] });
export const dignityName = (t: VedicText, dignity: string | null) => (dignity ? nameIn(t.names.dignities, dignity) : '');
export const namesOf = <K extends keyof Names>(t: VedicText, table: K) => t.names[table] as Record<string, string>;

/** Items as a sentence lists them: "A, B and C" in English, "A B และ C" in Thai. */
export function listed(ctx: RenderContext, items: string[]): string {
  if (items.length <= 1) return items.join('');
  const [comma, and] = ctx.locale === 'th' ? [' ', ' และ'] : [', ', ' and '];
  return `${items.slice(0, -1).join(comma)}${and}${items[items.length - 1]}`;
}

/** An instant (ISO) as a date on the person's birth clock, as the edition writes it ("10 Mar 1985", "10 มี.ค. 2528"). */
export function birthClockDate(ctx: RenderContext, iso: string, birth: BirthSubjectInput, style: 'long' | 'short' = 'short'): string {
  return ctx.date(localDate(new Date(iso), birth.timezoneOffsetMinutes * 60), style);
}

/** A chart of the kundli in the report's style and language, as a figure with its caption. */
export function chartFigure(
  k: Pick<Kundli, 'placements' | 'vargas'>,
  division: ShodashVarga,
  style: ChartStyle,
  ctx: RenderContext,
  caption: string,
  size: 'large' | 'small',
): string {
  return `<figure class="vedic-chart ${size}">${kundliChartSvg(k, division, style, ctx.locale)}<figcaption>${escapeHtml(caption)}</figcaption></figure>`;
}

/**
 * The layout of the Vedic figures: charts side by side, scaled to their boxes, never split across
 * pages, and never apart from the sentence that introduces them.
 */
export const VEDIC_STYLE = `<style>
  p:has(+ .vedic-figures) { break-after: avoid; }
  .vedic-figures { display: flex; flex-wrap: wrap; gap: 10pt; justify-content: center; margin: 6pt 0 10pt; }
  .vedic-chart { margin: 0; break-inside: avoid; text-align: center; }
  .vedic-chart.large { width: 48%; } .vedic-chart.small { width: 31%; }
  .vedic-chart svg { width: 100%; height: auto; }
  .vedic-chart figcaption { font-size: 9pt; color: #555; margin-top: 3pt; }
  .vedic-note { font-size: 9pt; color: #555; }
  .vedic-facts td.label { width: 26%; color: #444; font-weight: 600; }
</style>`;
