import { BodyName, signOf, ZodiacSign } from '@astro/ephemeris';
import { compose, fill } from '@astro/text';
import type { HoroscopeContent } from './horoscope-content';
import { daysFrom, localDay, readerDayInYear, readerTime } from './horoscope-dates';
import type { SkyEvent } from './horoscope-events';
import type { HoroscopeReader } from './horoscope-reader';
import { VariedText } from './horoscope-variety';

export type Cadence = 'daily' | 'weekly' | 'monthly' | 'yearly';

/** What every sentence of one text is written with: its words, its reader, its clock and its choices so far. */
export interface HoroscopeWriting {
  c: HoroscopeContent;
  locale: string;
  reader: HoroscopeReader;
  cadence: Cadence;
  /** the reader's clock, seconds east of UTC */
  offsetSeconds: number;
  varied: VariedText;
}

type House = keyof HoroscopeContent['houses'];
type Planet = keyof HoroscopeContent['meanings']['planets'];
type Station = keyof HoroscopeContent['meanings']['stations'];

export const sentence = (w: HoroscopeWriting, template: string, values: Record<string, string | number> = {}) =>
  compose(w.locale, template, values);

export const bodyName = (w: HoroscopeWriting, body: string) => w.c.bodies[body as keyof HoroscopeContent['bodies']].name;
export const signName = (w: HoroscopeWriting, sign: ZodiacSign) => w.c.signs[sign];
const topicOf = (w: HoroscopeWriting, house: number) => w.c.houses[String(house) as House];

/**
 * Where a longitude falls for the reader, as the text names it: the first house of a text with its
 * full name ("your solar 7th house of partnerships"), later houses shorter, a house already named
 * as "again" (so no text says the same phrase twice). Without `topic` the area of life is left to
 * the sentence that follows, which names it itself.
 */
export function whereOf(w: HoroscopeWriting, longitude: number, { topic = true } = {}): string {
  const house = w.reader.houseOf(longitude);
  const values = { house: w.c.ordinals[String(house) as House], topic: topicOf(w, house) };
  if (!w.varied.claim(`house:${house}`)) return fill(w.varied.pick('where.again', w.c.where.again), values);
  const solar = w.reader.kind === 'sun_sign';
  const first = w.varied.claim('where:first');
  const where = w.c.where;
  const template = topic
    ? solar
      ? first
        ? where.solar
        : where.solar_short
      : first
        ? where.natal
        : where.natal_short
    : first
      ? solar
        ? where.house_solar
        : where.house_natal
      : where.house_short;
  return fill(template, values);
}

/** "your solar 7th house" (the first house a text names) or "your 7th house", inside a sentence about that house. */
function houseRef(w: HoroscopeWriting, house: number): string {
  const first = w.varied.claim('where:first');
  const template = first ? (w.reader.kind === 'sun_sign' ? w.c.where.house_solar : w.c.where.house_natal) : w.c.where.house_short;
  return fill(template, { house: w.c.ordinals[String(house) as House] });
}

/** The Moon in its house for the reader, once per text; the variant turns with the day. */
export function moonSentence(w: HoroscopeWriting, moonLongitude: number): string | null {
  const house = w.reader.houseOf(moonLongitude);
  if (!w.varied.claim('meaning:moon')) return null;
  return sentence(w, w.varied.pick(`moon:${house}`, w.c.meanings.moon[String(house) as House]), {
    moon_sign: signName(w, signOf(moonLongitude).sign),
    house_ref: houseRef(w, house),
  });
}

/** A planet's meaning in the reader's house, said once per text. */
export function planetInHouse(w: HoroscopeWriting, body: string, longitude: number): string | null {
  const house = w.reader.houseOf(longitude);
  if (!w.varied.claim(`meaning:${body}:${house}`)) return null;
  return sentence(w, w.c.meanings.planets[body as Planet][String(house) as House]);
}

/** What an event means in the reader's house: a lunation's theme, an eclipse's added charge, a planet's new house, a station. */
function meaningOf(w: HoroscopeWriting, e: SkyEvent): (string | null)[] {
  const house = w.reader.houseOf(e.longitude);
  const h = String(house) as House;
  const topic = topicOf(w, house);
  const m = w.c.meanings;
  switch (e.kind) {
    case 'new_moon':
    case 'full_moon':
      return [w.varied.claim(`meaning:${e.kind}:${h}`) ? sentence(w, m[e.kind][h]) : null];
    case 'solar_eclipse':
    case 'lunar_eclipse': {
      const lunation = e.kind === 'solar_eclipse' ? 'new_moon' : 'full_moon';
      return [
        w.varied.claim(`meaning:${lunation}:${h}`) ? sentence(w, m[lunation][h]) : null,
        sentence(w, w.varied.pick(`eclipse_meaning:${e.kind}`, m.eclipse_meaning[e.kind]), { topic }),
      ];
    }
    case 'ingress':
      return [e.body === 'Moon' ? moonSentence(w, e.longitude) : planetInHouse(w, e.body, e.longitude)];
    case 'station_retrograde':
    case 'station_direct': {
      const kind = e.kind === 'station_retrograde' ? 'retrograde' : 'direct';
      return [sentence(w, m.stations[e.body as Station][kind], { topic })];
    }
  }
}

/** The placeholders every event template may use. */
function eventValues(w: HoroscopeWriting, e: SkyEvent) {
  return {
    sign: signName(w, e.sign),
    degree: Math.floor(e.longitude % 30),
    time: readerTime(w.c.dates, e.utc, w.offsetSeconds),
    date: readerDayInYear(w.c.dates, localDay(e.utc, w.offsetSeconds)),
    span: w.c.spans[w.cadence],
    body: 'body' in e ? bodyName(w, e.body) : '',
    eclipse: 'eclipse' in e ? (w.c.eclipses[e.kind] as Record<string, string>)[e.eclipse] : '',
  };
}

/** The template slot of an event: a day's text times it, a longer period's text dates it. */
function leadSlot(w: HoroscopeWriting, e: SkyEvent): { slot: string; variants: readonly string[] } {
  const daily = w.cadence === 'daily';
  const group = daily ? w.c.daily : w.c.period;
  const kind =
    e.kind === 'solar_eclipse' || e.kind === 'lunar_eclipse'
      ? 'eclipse'
      : e.kind === 'ingress'
        ? e.body === 'Moon'
          ? w.reader.kind === 'sun_sign'
            ? 'moon_ingress'
            : 'moon_ingress_natal'
          : e.retrograde
            ? 'ingress_retrograde'
            : 'ingress'
        : e.kind;
  return { slot: `${daily ? 'daily' : 'period'}.${kind}`, variants: (group as Record<string, readonly string[]>)[kind] };
}

/** An event of the period: where and when it happens for the reader, then what it means there. */
export function eventSentences(w: HoroscopeWriting, e: SkyEvent): string[] {
  const { slot, variants } = leadSlot(w, e);
  // a station's or an eclipse's meaning names the area of life itself
  const topic = !['station_retrograde', 'station_direct', 'solar_eclipse', 'lunar_eclipse'].includes(e.kind);
  const moonIngress = e.kind === 'ingress' && e.body === 'Moon';
  const lead = sentence(w, w.varied.pick(slot, variants), {
    ...eventValues(w, e),
    // the Moon's new house is named by its meaning; a sun sign's lead names the solar house it leaves
    where: moonIngress ? '' : whereOf(w, e.longitude, { topic }),
    previous_where: moonIngress && w.reader.kind === 'sun_sign' ? whereOf(w, e.longitude - 15, { topic: false }) : '',
  });
  return [lead, ...meaningOf(w, e)].filter((s): s is string => Boolean(s));
}

/** An eclipse a few days before or after the day: the day is read in its light. */
export function eclipseNearSentence(w: HoroscopeWriting, e: SkyEvent, day: string): string {
  const offset = String(daysFrom(localDay(e.utc, w.offsetSeconds), day)) as keyof HoroscopeContent['daily']['eclipse_near'];
  return sentence(w, w.c.daily.eclipse_near[offset], { ...eventValues(w, e), where: whereOf(w, e.longitude) });
}

/** Bodies that change sign or direction in the period: their place is read with the event, not again as a placement. */
export const bodiesOfEvents = (events: SkyEvent[]) => new Set(events.flatMap((e) => ('body' in e ? [e.body as BodyName] : [])));
