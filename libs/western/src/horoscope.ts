import type { SafetyMode, Tone } from '@astro/contracts';
import { bodyAt, BodyName, BodyPosition, EclipseType, instantFromLocal, julianDayUt, ZodiacSign } from '@astro/ephemeris';
import { fill } from '@astro/text';
import { horoscopeContent } from './horoscope-content';
import { readerDays, readerDay, readerMonth, readerYear } from './horoscope-dates';
import { eclipseEvents, SkyEvent, skyEvents } from './horoscope-events';
import { HoroscopeReader, horoscopeReader, HoroscopeTarget } from './horoscope-reader';
import {
  bodiesOfEvents,
  Cadence,
  eclipseNearSentence,
  eventSentences,
  HoroscopeWriting,
  moonSentence,
  planetInHouse,
  sentence,
  signName,
  whereOf,
} from './horoscope-sky-text';
import { chosenTransits, HoroscopeTransit, NATAL_ORB, wholeSignTransit } from './horoscope-transits';
import { VariedText } from './horoscope-variety';
import { moonDaysSentences, retrogradeSentence } from './horoscope-period-notes';

export { horoscopeContent, HOROSCOPE_LOCALES } from './horoscope-content';
export type { HoroscopeTarget } from './horoscope-reader';
export type { Cadence } from './horoscope-sky-text';
export type { HoroscopeTransit } from './horoscope-transits';

/**
 * Horoscopes from the real sky (docs/horoscopes.md): the period's events (lunations, eclipses,
 * changes of sign, stations, for a day the Moon's change of sign; Swiss Ephemeris) and the places
 * of the planets, each read in the reader's houses: a natal chart's, or a sun sign's solar houses.
 * Text comes from content/horoscope/; this module only chooses and assembles.
 */
const SLOW: BodyName[] = ['Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const OUTER: BodyName[] = ['Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const TRANSITING: BodyName[] = ['Sun', 'Moon', ...SLOW];
/** An eclipse colours the days around it: a day's text reads one this many days before or after. */
export const ECLIPSE_NEAR_DAYS = 3;
const DAY_MS = 86_400_000;

/** Days of the period that starts on `startDate`: 1, 7, the days of the month or of the year. */
export function cadenceDays(cadence: Cadence, startDate: string): number {
  if (cadence === 'daily') return 1;
  if (cadence === 'weekly') return 7;
  const [year, month] = startDate.split('-').map(Number);
  if (cadence === 'monthly') return new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY_MS;
}

/** A dated event the text was written from, placed in the reader's house. */
export interface HoroscopeEvent {
  kind: SkyEvent['kind'];
  /** the body that changes sign or direction; null for lunations and eclipses */
  body: string | null;
  /** null unless an eclipse */
  eclipse: EclipseType | null;
  utc: string;
  sign: ZodiacSign;
  longitude: number;
  /** the reader's house: natal (Placidus) or solar */
  house: number;
}

export interface Horoscope {
  locale: string;
  cadence: Cadence;
  period: { start: string; end: string; reference_instant_utc: string };
  sun_sign: ZodiacSign | null;
  moon_sign: ZodiacSign;
  title: string;
  text: string;
  transits: HoroscopeTransit[];
  events: HoroscopeEvent[];
  disclaimer: string;
  method: string;
}

/** The voice of a text: the safety mode words its themes; a tone adds the published texts' opening line. */
export interface HoroscopeVoice {
  safety_mode?: SafetyMode;
  tone?: Tone;
}

export interface HoroscopePeriod {
  cadence: Cadence;
  /** first day, YYYY-MM-DD, on the reader's clock */
  startDate: string;
  timezoneOffsetMinutes: number;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The period's number in its own unit (days, weeks, months, years since 1970), which turns the written variants. */
function periodNumber(cadence: Cadence, startDate: string): number {
  const [y, m] = startDate.split('-').map(Number);
  const days = Math.floor(Date.parse(`${startDate}T00:00:00Z`) / DAY_MS);
  return { daily: days, weekly: Math.floor(days / 7), monthly: (y - 1970) * 12 + m, yearly: y }[cadence];
}

/** The events that date a period: a day sees the Moon change sign; a year only the eclipses and the outer planets. */
function periodEvents(cadence: Cadence, start: Date, end: Date, ephemerisPath: string): SkyEvent[] {
  if (cadence === 'yearly') return skyEvents(start, end, ephemerisPath, { lunations: false, ingresses: OUTER, stations: [] });
  const ingresses: BodyName[] = cadence === 'daily' ? ['Sun', 'Moon', ...SLOW] : ['Sun', ...SLOW];
  return skyEvents(start, end, ephemerisPath, { lunations: true, ingresses, stations: SLOW });
}

/** The sign Jupiter holds longest in the year (sampled monthly): the year's focus. */
function jupiterOfTheYear(start: Date, ephemerisPath: string) {
  const samples = Array.from({ length: 12 }, (_, i) => bodyAt(julianDayUt(start) + 15 + i * 30.4, 'Jupiter', ephemerisPath));
  const count = (s: ZodiacSign) => samples.filter((p) => p.sign === s).length;
  return samples.reduce((best, p) => (count(p.sign) > count(best.sign) ? p : best));
}

function titleOf(w: HoroscopeWriting, cadence: Cadence, start: string, end: string, name: string): string {
  const d = w.c.dates;
  const date = {
    daily: readerDay(d, start),
    weekly: readerDays(d, start, end),
    monthly: readerMonth(d, start),
    yearly: readerYear(d, start),
  }[cadence];
  return fill(w.c.titles[cadence], { name, date });
}

const eventView = (reader: HoroscopeReader, e: SkyEvent): HoroscopeEvent => ({
  kind: e.kind,
  body: 'body' in e ? e.body : null,
  eclipse: 'eclipse' in e ? e.eclipse : null,
  utc: e.utc,
  sign: e.sign,
  longitude: Math.round(e.longitude * 100) / 100,
  house: reader.houseOf(e.longitude),
});

/** What a period's text is written from. */
interface Frame {
  /** Sun to Pluto at the middle of the period */
  sky: BodyPosition[];
  events: SkyEvent[];
  start: Date;
  end: Date;
  ephemerisPath: string;
  /** the tone's opening line, if any */
  opening: string | null;
}
interface Written {
  paragraphs: (string | null)[][];
  transits: HoroscopeTransit[];
  /** eclipses outside the period that a day's text reads */
  nearEclipses: SkyEvent[];
}

/**
 * A day: the eclipse within three days, the day's events in time order (or one sentence saying
 * there are none), the Moon in its house; for a birth chart also the transits within the orb.
 */
function writeDay(w: HoroscopeWriting, f: Frame, day: string): Written {
  const nearEclipses = eclipseEvents(
    new Date(f.start.getTime() - ECLIPSE_NEAR_DAYS * DAY_MS),
    new Date(f.end.getTime() + ECLIPSE_NEAR_DAYS * DAY_MS),
    f.ephemerisPath,
  ).filter((e) => e.utc < f.start.toISOString() || e.utc >= f.end.toISOString());
  const news = [...nearEclipses.map((e) => eclipseNearSentence(w, e, day)), ...f.events.flatMap((e) => eventSentences(w, e))];
  const quiet =
    news.length === 0
      ? sentence(w, w.varied.pick('daily.quiet', w.c.daily.quiet), { sign: w.reader.name ?? signName(w, w.reader.sunSign) })
      : null;
  const moon = f.sky[1];
  const moonText = moonSentence(w, moon.longitude);
  if (w.reader.kind === 'natal') {
    const transits = chosenTransits(w, f.sky, new Set());
    return { paragraphs: [[f.opening, quiet, ...news], [moonText], transits.map((t) => t.text)], transits, nearEclipses };
  }
  // a sun sign's transit of the day is the Moon's, in the words of its house
  const transits = moonText ? [{ ...wholeSignTransit(w, moon), text: moonText }] : [];
  return { paragraphs: [[f.opening, quiet, ...news], [moonText]], transits, nearEclipses };
}

/**
 * A week, a month or a year: the focus (the Sun's house at the start, or the house of the sign
 * Jupiter holds longest in a year), the strongest placements, one paragraph per dated event, and
 * for a week or a month the planets retrograde and the days of the Moon in the reader's sign.
 */
function writePeriod(w: HoroscopeWriting, f: Frame): Written {
  const yearly = w.cadence === 'yearly';
  const focus = yearly ? jupiterOfTheYear(f.start, f.ephemerisPath) : bodyAt(julianDayUt(f.start), 'Sun', f.ephemerisPath);
  const focusText = [
    sentence(w, w.varied.pick('period.focus', yearly ? w.c.period.focus_jupiter : w.c.period.focus_sun), {
      sign: signName(w, focus.sign),
      where: whereOf(w, focus.longitude),
    }),
    planetInHouse(w, focus.name, focus.longitude),
  ];
  const readWithEvents = bodiesOfEvents(f.events);
  const transits = chosenTransits(w, f.sky, new Set([focus.name, ...readWithEvents]));
  // one paragraph per dated event, in time order, so a reader finds a day at a glance
  const dated = f.events.map((e) => eventSentences(w, e));
  const notes = yearly ? [] : [retrogradeSentence(w, f.sky, readWithEvents), ...moonDaysSentences(w, f.start, f.end, f.ephemerisPath)];
  return { paragraphs: [[f.opening, ...focusText], transits.map((t) => t.text), ...dated, notes], transits, nearEclipses: [] };
}

/**
 * A horoscope and its text as paragraphs of sentences (the text is these joined): the sentences
 * are what the variety rules speak of (docs/horoscopes.md, "Variety").
 */
export function composeHoroscope(
  target: HoroscopeTarget,
  period: HoroscopePeriod,
  locale: string,
  ephemerisPath: string,
  voice: HoroscopeVoice = {},
): { horoscope: Horoscope; paragraphs: string[][] } {
  const { c, locale: used } = horoscopeContent(locale, voice.safety_mode ?? 'default');
  const reader = horoscopeReader(target, ephemerisPath);
  const days = cadenceDays(period.cadence, period.startDate);
  const start = instantFromLocal(period.startDate, '00:00', period.timezoneOffsetMinutes * 60);
  const end = new Date(start.getTime() + days * DAY_MS);
  const reference = new Date(start.getTime() + (days * DAY_MS) / 2);
  const sky = TRANSITING.map((name) => bodyAt(julianDayUt(reference), name, ephemerisPath));
  const moon = sky[1];
  const w: HoroscopeWriting = {
    c,
    locale: used,
    reader,
    cadence: period.cadence,
    offsetSeconds: period.timezoneOffsetMinutes * 60,
    varied: new VariedText(periodNumber(period.cadence, period.startDate) + reader.seed),
  };
  const events = periodEvents(period.cadence, start, end, ephemerisPath);
  const ownName = reader.name ?? signName(w, reader.sunSign);
  const opening = voice.tone
    ? sentence(w, w.varied.pick(`tone.${voice.tone}`, c.tones[voice.tone]), { sign: ownName, period: c.periods[period.cadence] })
    : null;

  const frame: Frame = { sky, events, start, end, ephemerisPath, opening };
  const { paragraphs, transits, nearEclipses } = period.cadence === 'daily' ? writeDay(w, frame, period.startDate) : writePeriod(w, frame);
  const finished = paragraphs.map((p) => p.filter((s): s is string => Boolean(s))).filter((p) => p.length > 0);
  const endDate = addDays(period.startDate, days - 1);
  const horoscope: Horoscope = {
    locale: used,
    cadence: period.cadence,
    period: { start: period.startDate, end: endDate, reference_instant_utc: reference.toISOString() },
    sun_sign: reader.sunSign,
    moon_sign: moon.sign,
    title: titleOf(w, period.cadence, period.startDate, endDate, ownName),
    text: finished.map((p) => p.join(' ')).join('\n'),
    transits,
    events: [...nearEclipses, ...events].sort((a, b) => (a.utc < b.utc ? -1 : 1)).map((e) => eventView(reader, e)),
    disclaimer: c.disclaimer,
    method: methodOf(reader, period.cadence),
  };
  return { horoscope, paragraphs: finished };
}

function methodOf(reader: HoroscopeReader, cadence: Cadence): string {
  const events =
    cadence === 'yearly'
      ? 'the eclipses and the changes of sign of Jupiter to Pluto in the period'
      : `the lunations, eclipses, changes of sign${cadence === 'daily' ? ' (the Moon’s too)' : ''} and stations in the period`;
  return reader.kind === 'natal'
    ? `${events}, read in the natal houses (Placidus); tropical transits at the middle of the period to natal Sun–Pluto, Ascendant and Midheaven, major aspects within ${NATAL_ORB[cadence]}°`
    : `${events}, read in the solar houses (whole signs from the sun sign); tropical places of the planets at the middle of the period`;
}

export function horoscopeFor(
  target: HoroscopeTarget,
  period: HoroscopePeriod,
  locale: string,
  ephemerisPath: string,
  voice: HoroscopeVoice = {},
): Horoscope {
  return composeHoroscope(target, period, locale, ephemerisPath, voice).horoscope;
}
