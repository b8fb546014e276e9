import en from '../content/depth.en.json';
import th from '../content/depth.th.json';
import synastryEn from '../content/synastry.en.json';
import synastryTh from '../content/synastry.th.json';
import { ForMode, modeCache, fill } from '@astro/text';
import { localDateTime, planetName, RenderContext } from './common';

/**
 * The written depth of the reports (solar return in full, synastry overlays and composite, the
 * transit narrative): content/depth.<locale>.json, one file per language that a writer edits
 * without code, in the variant of the report's safety mode (ForMode). This module only chooses
 * and assembles the pieces.
 */
export type DepthText = ForMode<typeof en>;
const depth = modeCache<typeof en>({ en, th });
export const depthText = (ctx: RenderContext): DepthText => depth(ctx.locale, ctx.branding.safety_mode);

/**
 * The synastry factors, each with its own paragraph (content/synastry.<locale>.json): every
 * planet pair in every aspect (`contacts`, keyed by the pair in traditional order; `{x}` owns the
 * first planet, `{y}` the second), every planet in every house of the partner (`overlays`;
 * `{from}` owns the planet, `{to}` the house) and every pair of leading elements (`balance`).
 * Used by the synastry PDF and by POST /api/v3/western/synastry.
 */
export type SynastryText = ForMode<typeof synastryEn>;
const synastry = modeCache<typeof synastryEn>({ en: synastryEn, th: synastryTh });
export const synastryText = (ctx: RenderContext): SynastryText => synastry(ctx.locale, ctx.branding.safety_mode);

/** The ten planets the texts interpret, in their traditional order (the order of pair keys). */
export const PLANET_ORDER = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
export type Planet = (typeof PLANET_ORDER)[number];
export const isPlanet = (name: string): name is Planet => (PLANET_ORDER as readonly string[]).includes(name);

/** Major aspects by the way they work: one body fused with another, flowing (trine, sextile) or tense (square, opposition). */
export type AspectFamily = 'conjunction' | 'flowing' | 'tense';
export function aspectFamily(type: string): AspectFamily | null {
  if (type === 'conjunction') return 'conjunction';
  if (type === 'trine' || type === 'sextile') return 'flowing';
  if (type === 'square' || type === 'opposition') return 'tense';
  return null;
}
export type MajorAspect = 'conjunction' | 'opposition' | 'square' | 'trine' | 'sextile';
/** Every aspect of the synastry inter-aspects (`ASPECTS` of @astro/western): a contact text each. */
export const CONTACT_ASPECTS = ['conjunction', 'opposition', 'square', 'trine', 'sextile', 'quincunx', 'semi_sextile'] as const;
export type ContactAspect = (typeof CONTACT_ASPECTS)[number];

/**
 * Hands out the variants of a text in turn: the second time a text comes up in a report it reads
 * the next variant, and `once` gives each variant at most once, so a report never prints the same
 * sentence twice (nor the same sentence with only its slot words changed).
 */
export class VariantPicker {
  private readonly seen = new Map<string, number>();
  pick(key: string, variants: readonly string[]): string {
    const n = this.seen.get(key) ?? 0;
    this.seen.set(key, n + 1);
    return variants[n % variants.length];
  }
  /** The next unused variant, or null once every variant of `key` has been printed. */
  once(key: string, variants: readonly string[]): string | null {
    const n = this.seen.get(key) ?? 0;
    if (n >= variants.length) return null;
    this.seen.set(key, n + 1);
    return variants[n];
  }
}

/** A calendar date (YYYY-MM-DD) as a reader writes it: "Tuesday 3 March 2026", "วันอังคารที่ 3 มีนาคม พ.ศ. 2569". */
export function longDate(ctx: RenderContext, date: string, options: { weekday?: boolean; year?: boolean } = {}): string {
  const d = depthText(ctx).dates;
  const [y, m, day] = date.split('-').map(Number);
  const weekday = d.weekdays[new Date(Date.UTC(y, m - 1, day)).getUTCDay()];
  const template =
    options.weekday === false
      ? options.year === false
        ? d.day_month
        : d.day_month_year
      : options.year === false
        ? d.weekday_day_month
        : d.full;
  return fill(template, { weekday, day, month: d.months[m - 1], year: y + d.year_offset });
}

/** An instant's local date and time at the report's offset (seconds east), for sentences. */
export function when(
  ctx: RenderContext,
  iso: string,
  offsetSeconds: number,
  year = false,
): { date: string; time: string; isoDate: string } {
  const local = localDateTime(iso, offsetSeconds);
  return { date: longDate(ctx, local.date, { weekday: false, year }), time: local.time, isoDate: local.date };
}

/**
 * The sentence of one transit (Sun to Pluto over a point), written per transiting body and
 * aspect family, naming the aspect and the point's area of life. Each written variant of a body
 * and family is printed once per report: after that the transit is named without it (null), since
 * the same sentence over another point would only change its slot words.
 */
export function transitSentence(
  ctx: RenderContext,
  picker: VariantPicker,
  event: { transiting: string; aspect: string; point: string },
  area: string,
): string | null {
  const family = aspectFamily(event.aspect);
  const byBody = depthText(ctx).transit[event.transiting as keyof DepthText['transit']];
  if (!family || !byBody) return null;
  const variants = byBody[family];
  const variant = picker.once(`${event.transiting}|${family}`, variants);
  if (variant === null) return null;
  return fill(variant, {
    area,
    aspect: depthText(ctx).aspect_noun[event.aspect as MajorAspect],
    planet: planetName(ctx, event.transiting),
  });
}

/** "Sun and Mercury", "ดวงอาทิตย์และดาวพุธ": a list of names joined as the language does. */
export function joinNames(ctx: RenderContext, names: string[]): string {
  const d = depthText(ctx).list;
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(d.comma)}${d.and}${names[names.length - 1]}`;
}

/** Traditional rulers of the signs (Ptolemy, Tetrabiblos I.17), the convention for the ruler of a return chart. */
export const TRADITIONAL_RULER: Record<string, Planet> = {
  Aries: 'Mars',
  Taurus: 'Venus',
  Gemini: 'Mercury',
  Cancer: 'Moon',
  Leo: 'Sun',
  Virgo: 'Mercury',
  Libra: 'Venus',
  Scorpio: 'Mars',
  Sagittarius: 'Jupiter',
  Capricorn: 'Saturn',
  Aquarius: 'Saturn',
  Pisces: 'Jupiter',
};
