import { BodyPosition } from '@astro/ephemeris';
import { readerDayInYear, localDay } from './horoscope-dates';
import { skyEvents } from './horoscope-events';
import { bodyName, HoroscopeWriting, sentence, signName } from './horoscope-sky-text';

const DAY_MS = 86_400_000;

/** "A, B and C" (or the locale's separators). */
const listed = (items: string[], separator: string, and: string) =>
  items.length <= 1 ? items.join('') : items.slice(0, -1).join(separator) + and + items[items.length - 1];

/**
 * The planets retrograde through a week or a month, other than those whose station or change of
 * sign the text already reads.
 */
export function retrogradeSentence(w: HoroscopeWriting, sky: BodyPosition[], readElsewhere: Set<string>): string | null {
  const retrograde = sky.filter((t) => t.retrograde && !['Sun', 'Moon'].includes(t.name) && !readElsewhere.has(t.name));
  if (retrograde.length === 0) return null;
  return sentence(w, w.varied.pick('period.retrograde', w.c.period.retrograde), {
    bodies: listed(
      retrograde.map((t) => bodyName(w, t.name)),
      w.c.list_sep,
      w.c.list_and,
    ),
    verb: retrograde.length > 1 ? w.c.retrograde_many : w.c.retrograde_one,
  });
}

/**
 * The days of a week or a month when the Moon crosses the reader's sun sign, from its ingress to
 * its next one (the traditional days on which a sign "has the Moon"), for every stay that touches
 * the period.
 */
export function moonDaysSentences(w: HoroscopeWriting, start: Date, end: Date, ephemerisPath: string): string[] {
  // the Moon stays under three days in a sign, so an ingress three days before the start is early enough
  const ingresses = skyEvents(new Date(start.getTime() - 3 * DAY_MS), new Date(end.getTime() + 3 * DAY_MS), ephemerisPath, {
    lunations: false,
    ingresses: ['Moon'],
    stations: [],
  }).filter((e) => e.kind === 'ingress');
  return ingresses.flatMap((arrival, i) => {
    const departure = ingresses[i + 1];
    if (arrival.sign !== w.reader.sunSign || !departure) return [];
    if (departure.utc <= start.toISOString() || arrival.utc >= end.toISOString()) return [];
    return [
      sentence(w, w.varied.pick('period.moon_days', w.c.period.moon_days), {
        sign: signName(w, arrival.sign),
        from: readerDayInYear(w.c.dates, localDay(arrival.utc, w.offsetSeconds)),
        to: readerDayInYear(w.c.dates, localDay(departure.utc, w.offsetSeconds)),
        span: w.c.spans[w.cadence],
      }),
    ];
  });
}
