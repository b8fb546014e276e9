import { equationOfTimeMinutes, instantFromJulianDayUt, localDate, nextRiseSet } from '@astro/ephemeris';
import { VedicInputError } from './errors';
import { Graha } from './graha-rules';
import { NatalChart } from './natal-chart';

/** Lords of the weekdays, Sunday first. */
export const WEEKDAY_LORDS: readonly Graha[] = ['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn'];
/** Order of the hora lords: each hour's lord is the next slower planet (Saturn → Jupiter → … → Moon). */
const HORA_SEQUENCE: readonly Graha[] = ['Saturn', 'Jupiter', 'Mars', 'Sun', 'Venus', 'Mercury', 'Moon'];

/**
 * Surya Siddhanta: 1,577,917,828 civil days in a Mahayuga of 4,320,000 years, and 1,955,880,000
 * years from creation (a Sunday) to the start of Kali Yuga (JD 588465.5, Friday midnight at Ujjain).
 */
const DAYS_CREATION_TO_KALI = (1_955_880_000 / 4_320_000) * 1_577_917_828;
const KALI_EPOCH_JD = 588465.5;

/** When the birth falls in the Hindu day (sunrise to sunrise) and what that makes of the time lords. */
export interface DayFrame {
  sunriseJd: number;
  sunsetJd: number;
  nextSunriseJd: number;
  astrologicalDate: string;
  period: 'day' | 'night';
  third: 1 | 2 | 3;
  periodStartJd: number;
  periodEndJd: number;
  elapsedMinutesSinceSunrise: number;
  equationOfTimeMinutes: number;
  /** Local apparent solar time of the birth, hours 0–24. */
  localApparentHours: number;
  /** Distance of the birth from apparent midnight, ghatis 0–30 (1 ghati = 24 minutes). */
  nataGhatis: number;
  /** Days from creation (Surya Siddhanta) to the astrological date. */
  ahargana: number;
  dayLord: Graha;
  horaLord: Graha;
  yearLord: Graha;
  monthLord: Graha;
}

function sunEvent(fromJd: number, event: 'rise' | 'set', chart: NatalChart, ephemerisPath: string): number {
  const place = { latitude: chart.birth.latitude, longitude: chart.birth.longitude };
  // Hindu sunrise is the rise of the centre of the Sun's disc (refraction included).
  const jd = nextRiseSet(fromJd, 'Sun', event, place, ephemerisPath, { discCenter: true });
  if (jd === null) {
    throw new VedicInputError(
      `latitude: the Sun does not ${event} at latitude ${chart.birth.latitude} around ${localDate(chart.birth.instant, chart.birth.offsetSeconds)} (polar day or night), and Kala Bala needs the sunrise and sunset`,
    );
  }
  return jd;
}

const weekdayOf = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();
const julianDayOfDate = (isoDate: string) => Date.parse(`${isoDate}T00:00:00Z`) / 86_400_000 + 2440587.5;

export function dayFrame(chart: NatalChart, ephemerisPath: string): DayFrame {
  const jd = chart.jdUt;
  // The last sunrise at or before the birth starts the astrological day.
  let sunriseJd = sunEvent(jd - 1.5, 'rise', chart, ephemerisPath);
  for (
    let next = sunEvent(sunriseJd + 0.01, 'rise', chart, ephemerisPath);
    next <= jd;
    next = sunEvent(next + 0.01, 'rise', chart, ephemerisPath)
  ) {
    sunriseJd = next;
  }
  const sunsetJd = sunEvent(sunriseJd, 'set', chart, ephemerisPath);
  const nextSunriseJd = sunEvent(sunsetJd, 'rise', chart, ephemerisPath);
  const period = jd < sunsetJd ? 'day' : 'night';
  const [periodStartJd, periodEndJd] = period === 'day' ? [sunriseJd, sunsetJd] : [sunsetJd, nextSunriseJd];
  const third = Math.min(3, Math.floor(((jd - periodStartJd) / (periodEndJd - periodStartJd)) * 3) + 1) as 1 | 2 | 3;
  const elapsedMinutesSinceSunrise = (jd - sunriseJd) * 1440;

  const astrologicalDate = localDate(instantFromJulianDayUt(sunriseJd), chart.birth.offsetSeconds);
  const eot = equationOfTimeMinutes(jd, ephemerisPath);
  const utHours = (chart.instant.getTime() / 3_600_000) % 24;
  const localApparentHours = (((utHours + chart.birth.longitude / 15 + eot / 60) % 24) + 24) % 24;
  const fromMidnight = Math.min(localApparentHours, 24 - localApparentHours);

  const ahargana = Math.round(julianDayOfDate(astrologicalDate) - KALI_EPOCH_JD) + DAYS_CREATION_TO_KALI;
  // Creation began on a Sunday, so day N of the count is weekday N mod 7 (0 = Sunday).
  const lordOfDay = (dayCount: number) => WEEKDAY_LORDS[dayCount % 7];
  const dayLord = WEEKDAY_LORDS[weekdayOf(astrologicalDate)];
  const horaIndex = Math.floor(elapsedMinutesSinceSunrise / 60);
  const horaLord = HORA_SEQUENCE[(HORA_SEQUENCE.indexOf(dayLord) + horaIndex) % 7];
  return {
    sunriseJd,
    sunsetJd,
    nextSunriseJd,
    astrologicalDate,
    period,
    third,
    periodStartJd,
    periodEndJd,
    elapsedMinutesSinceSunrise,
    equationOfTimeMinutes: eot,
    localApparentHours,
    nataGhatis: fromMidnight * 2.5,
    ahargana,
    dayLord,
    horaLord,
    // The lord of the weekday on which the current 360-day year and 30-day month of the count began.
    yearLord: lordOfDay(ahargana - (ahargana % 360)),
    monthLord: lordOfDay(ahargana - (ahargana % 30)),
  };
}
