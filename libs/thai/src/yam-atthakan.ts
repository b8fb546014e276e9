import { formatOffset, instantFromJulianDayUt, instantFromLocal, julianDayUt, nextRiseSet } from '@astro/ephemeris';
import content from './content/yam.json';

/**
 * ยามอัฐกาล: the daytime (sunrise → sunset) and the night (sunset → next sunrise) each cut into eight
 * equal watches (about 1 h 30 m at the equinoxes). The first watch of the day and of the night is
 * ruled by the weekday's planet; the day watches follow the order 1 6 4 2 7 5 3 (Sun, Venus, Mercury,
 * Moon, Saturn, Jupiter, Mars), the night watches 1 5 2 6 3 7 4 (Sun, Jupiter, Moon, Venus, Mars,
 * Saturn, Mercury), each cyclic from the weekday's planet, so the eighth watch returns to it.
 * Quality: a watch of a benefic (ศุภเคราะห์: Moon, Mercury, Jupiter, Venus) is good, of a malefic
 * (บาปเคราะห์: Sun, Mars, Saturn) unfavourable. Sunrise and sunset: Swiss Ephemeris (swe_rise_trans,
 * upper limb, refraction) at the place. Sources and the conventions: docs/thai.md.
 */
const DAY_ORDER = [1, 6, 4, 2, 7, 5, 3];
const NIGHT_ORDER = [1, 5, 2, 6, 3, 7, 4];
/** Weekday (0 Sunday) → planet number (Sun 1, Moon 2, Mars 3, Mercury 4, Jupiter 5, Venus 6, Saturn 7). */
const WEEKDAY_PLANET = [1, 2, 3, 4, 5, 6, 7];
const BENEFICS = new Set([2, 4, 5, 6]);

export interface YamPlace {
  latitude: number;
  longitude: number;
  timezoneOffsetMinutes: number;
}

export interface Watch {
  part: 'day' | 'night';
  index: number;
  start: string;
  end: string;
  planet: { number: number; th: string; en: string };
  quality: 'good' | 'bad';
  reason: { th: string; en: string };
}

export interface YamDay {
  date: string;
  sunrise: string | null;
  sunset: string | null;
  watches: Watch[];
  good_watches: number;
}

/** An instant as local ISO 8601 at an offset (seconds east): 2026-01-14T06:21:09+07:00. */
function local(instant: Date, offsetSeconds: number): string {
  const shifted = new Date(instant.getTime() + offsetSeconds * 1000).toISOString().slice(0, 19);
  return `${shifted}${formatOffset(offsetSeconds)}`;
}

function watches(part: 'day' | 'night', from: Date, to: Date, weekday: number, offsetSeconds: number): Watch[] {
  const order = part === 'day' ? DAY_ORDER : NIGHT_ORDER;
  const first = order.indexOf(WEEKDAY_PLANET[weekday]);
  const length = (to.getTime() - from.getTime()) / 8;
  return Array.from({ length: 8 }, (_, i) => {
    const number = order[(first + i) % 7];
    const quality = BENEFICS.has(number) ? 'good' : 'bad';
    const planet = content.planets[String(number) as keyof typeof content.planets];
    return {
      part,
      index: i + 1,
      start: local(new Date(from.getTime() + i * length), offsetSeconds),
      end: local(new Date(from.getTime() + (i + 1) * length), offsetSeconds),
      planet: { number, ...planet },
      quality,
      reason: {
        th: `ยามของดาว${planet.th}: ${content.quality[quality].th}`,
        en: `watch of ${planet.en}: ${content.quality[quality].en}`,
      },
    };
  });
}

/** The sixteen watches of one local civil date at a place; empty on a polar day or night. */
export function yamAtthakan(date: string, place: YamPlace, ephemerisPath: string): YamDay {
  const offsetSeconds = place.timezoneOffsetMinutes * 60;
  const midnight = julianDayUt(instantFromLocal(date, '00:00', offsetSeconds));
  const sunriseJd = nextRiseSet(midnight, 'Sun', 'rise', place, ephemerisPath);
  const sunsetJd = sunriseJd === null ? null : nextRiseSet(sunriseJd, 'Sun', 'set', place, ephemerisPath);
  const nextSunriseJd = sunsetJd === null ? null : nextRiseSet(sunsetJd, 'Sun', 'rise', place, ephemerisPath);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  if (sunriseJd === null || sunsetJd === null || nextSunriseJd === null)
    return { date, sunrise: null, sunset: null, watches: [], good_watches: 0 };
  const [sunrise, sunset, nextSunrise] = [sunriseJd, sunsetJd, nextSunriseJd].map(instantFromJulianDayUt);
  const all = [
    ...watches('day', sunrise, sunset, weekday, offsetSeconds),
    ...watches('night', sunset, nextSunrise, weekday, offsetSeconds),
  ];
  return {
    date,
    sunrise: local(sunrise, offsetSeconds),
    sunset: local(sunset, offsetSeconds),
    watches: all,
    good_watches: all.filter((w) => w.quality === 'good').length,
  };
}
