import { Birth, localDate } from '@astro/ephemeris';
import { KaranaSpan, NakshatraSpan, panchang, Panchang, TithiSpan, YogaSpan } from './panchang';

/**
 * The panchang of a birth: the five limbs running at the moment of birth, read from the panchang of
 * the Hindu day that holds it (POST /api/v3/vedic/panchang for that date and place). The Hindu day
 * runs from sunrise to sunrise, so a birth before sunrise belongs to the previous civil date, whose
 * vara it takes.
 */
export interface BirthPanchang {
  /** the panchang of the Hindu day of the birth, exactly as the panchang route answers for `day.date` */
  day: Panchang;
  vara: Panchang['vara'];
  tithi: TithiSpan;
  nakshatra: NakshatraSpan;
  yoga: YogaSpan;
  karana: KaranaSpan;
}

const previousDate = (isoDate: string) => new Date(Date.parse(`${isoDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The span of a list that holds an instant (its start included, its end not). */
function running<S extends { start: string; end: string }>(spans: S[], ms: number, limb: string): S {
  const span = spans.find((s) => Date.parse(s.start) <= ms && ms < Date.parse(s.end));
  if (!span) throw new Error(`birth panchang: no ${limb} span holds the birth`);
  return span;
}

/** The panchang at a birth; a place and date without sunrise (polar day or night) is a VedicInputError, as for the route. */
export function birthPanchang(birth: Birth, ephemerisPath: string): BirthPanchang {
  const place = { latitude: birth.latitude, longitude: birth.longitude, timezoneOffsetMinutes: birth.offsetSeconds / 60 };
  const ms = birth.instant.getTime();
  const civil = localDate(birth.instant, birth.offsetSeconds);
  let day = panchang({ ...place, date: civil }, ephemerisPath);
  if (ms < Date.parse(day.sunrise)) day = panchang({ ...place, date: previousDate(civil) }, ephemerisPath);
  return {
    day,
    vara: day.vara,
    tithi: running(day.tithi, ms, 'tithi'),
    nakshatra: running(day.nakshatra, ms, 'nakshatra'),
    yoga: running(day.yoga, ms, 'yoga'),
    karana: running(day.karana, ms, 'karana'),
  };
}
