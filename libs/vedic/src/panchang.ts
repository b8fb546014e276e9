import { LUNAR_MONTHS } from '@astro/contracts';
import {
  assertSupportedInstant,
  bodyAt,
  formatOffset,
  instantFromJulianDayUt,
  instantFromLocal,
  julianDayUt,
  lahiriAyanamsa,
  nextRiseSet,
  signedArc,
} from '@astro/ephemeris';
import { VedicInputError } from './chart/errors';
import { Graha, normalize360, signIndex } from './chart/graha-rules';
import { DashaLord, NAKSHATRA_SPAN, NAKSHATRAS, VIMSHOTTARI_LORDS } from './nakshatra';
import { WEEKDAY_LORDS } from './chart/day-frame';

/**
 * The panchang (five limbs) of a civil day at a place: vara, tithi, nakshatra, yoga and karana, with
 * the day's rise and set times, the inauspicious periods, the lunar month and the samvat years.
 * Conventions and sources: docs/vedic.md ("Panchang").
 */

export const VARAS = ['Ravivara', 'Somavara', 'Mangalavara', 'Budhavara', 'Guruvara', 'Shukravara', 'Shanivara'] as const;
export const TITHIS = [
  'Pratipada',
  'Dvitiya',
  'Tritiya',
  'Chaturthi',
  'Panchami',
  'Shashthi',
  'Saptami',
  'Ashtami',
  'Navami',
  'Dashami',
  'Ekadashi',
  'Dvadashi',
  'Trayodashi',
  'Chaturdashi',
] as const;
export const YOGAS = [
  'Vishkambha',
  'Priti',
  'Ayushman',
  'Saubhagya',
  'Shobhana',
  'Atiganda',
  'Sukarma',
  'Dhriti',
  'Shula',
  'Ganda',
  'Vriddhi',
  'Dhruva',
  'Vyaghata',
  'Harshana',
  'Vajra',
  'Siddhi',
  'Vyatipata',
  'Variyan',
  'Parigha',
  'Shiva',
  'Siddha',
  'Sadhya',
  'Shubha',
  'Shukla',
  'Brahma',
  'Indra',
  'Vaidhriti',
] as const;
const MOVABLE_KARANAS = ['Bava', 'Balava', 'Kaulava', 'Taitila', 'Gara', 'Vanija', 'Vishti'] as const;
/** Which eighth of the daytime (1–8, from sunrise) each period takes, Sunday first (the almanac table; docs/vedic.md). */
const RAHU_KAAL_PART = [8, 2, 7, 5, 6, 4, 3];
const YAMAGANDA_PART = [5, 4, 3, 2, 1, 7, 6];
const GULIKA_PART = [7, 6, 5, 4, 3, 2, 1];

const TITHI_SPAN = 12;
const KARANA_SPAN = 6;
const MEAN_SYNODIC_MONTH = 29.530589;

export interface PanchangPlace {
  date: string;
  latitude: number;
  longitude: number;
  timezoneOffsetMinutes: number;
}

export interface Interval {
  start: string;
  end: string;
}
export interface TithiSpan extends Interval {
  number: number;
  name: string;
  paksha: 'shukla' | 'krishna';
}
export interface NakshatraSpan extends Interval {
  number: number;
  name: string;
  lord: DashaLord;
}
export interface YogaSpan extends Interval {
  number: number;
  name: string;
}
export interface KaranaSpan extends Interval {
  number: number;
  name: string;
  /** 1 for the first half of its tithi, 2 for the second. */
  half: 1 | 2;
  tithi: number;
}
export interface LunarMonth {
  name: (typeof LUNAR_MONTHS)[number];
  adhika: boolean;
}

export interface Panchang {
  date: string;
  place: { latitude: number; longitude: number; timezoneOffsetMinutes: number };
  ayanamsa: { name: 'lahiri'; degrees: number };
  vara: { number: number; name: (typeof VARAS)[number]; lord: Graha };
  sunrise: string;
  sunset: string;
  next_sunrise: string;
  moonrise: string | null;
  moonset: string | null;
  /** Every tithi from the one running at sunrise to the one running at the next sunrise. */
  tithi: TithiSpan[];
  nakshatra: NakshatraSpan[];
  yoga: YogaSpan[];
  /** Both halves of every tithi listed in `tithi`. */
  karana: KaranaSpan[];
  at_sunrise: { tithi: string; nakshatra: string; yoga: string; karana: string; paksha: 'shukla' | 'krishna' };
  rahu_kaal: Interval;
  yamaganda: Interval;
  gulika_kaal: Interval;
  abhijit_muhurta: Interval;
  lunar_month: { amanta: LunarMonth; purnimanta: LunarMonth; new_moon_start: string; new_moon_end: string };
  samvat: { vikram: number; shaka: number };
}

interface Angle {
  value: number;
  rate: number;
}
type AngleOf = (jd: number) => Angle;

/** Sidereal (Lahiri) longitudes and daily motions of the Sun and the Moon at a Julian day (UT). */
function luminaries(jd: number, ephemerisPath: string) {
  const sun = bodyAt(jd, 'Sun', ephemerisPath, 'sidereal_lahiri');
  const moon = bodyAt(jd, 'Moon', ephemerisPath, 'sidereal_lahiri');
  return { sun, moon };
}

/** The three angles of the panchang; each grows steadily (the Moon is always faster than the Sun). */
function angles(ephemerisPath: string): Record<'elongation' | 'moon' | 'sum', AngleOf> {
  return {
    elongation: (jd) => {
      const { sun, moon } = luminaries(jd, ephemerisPath);
      return { value: normalize360(moon.longitude - sun.longitude), rate: moon.speed - sun.speed };
    },
    moon: (jd) => {
      const moon = bodyAt(jd, 'Moon', ephemerisPath, 'sidereal_lahiri');
      return { value: moon.longitude, rate: moon.speed };
    },
    sum: (jd) => {
      const { sun, moon } = luminaries(jd, ephemerisPath);
      return { value: normalize360(moon.longitude + sun.longitude), rate: moon.speed + sun.speed };
    },
  };
}

/**
 * The instant (JD UT) near `guessJd` at which the angle equals `target`, by Newton's method on the
 * ephemeris positions and their daily motions, to 1e-9 day (0.1 ms). The angle is monotonic, so
 * the iteration converges in three or four steps from a guess within one span.
 */
export function angleInstant(angle: AngleOf, target: number, guessJd: number): number {
  let jd = guessJd;
  for (let i = 0; i < 40; i++) {
    const { value, rate } = angle(jd);
    const step = signedArc(target, value) / rate;
    jd += step;
    if (Math.abs(step) < 1e-9) return jd;
  }
  throw new Error(`panchang: no convergence towards ${target}°`);
}

/** The spans of width `span` degrees that the angle runs through from `fromJd` until `toJd`. */
function spans(angle: AngleOf, span: number, fromJd: number, toJd: number): { index: number; startJd: number; endJd: number }[] {
  const first = angle(fromJd);
  const count = Math.round(360 / span);
  let index = Math.floor(first.value / span) % count;
  let startJd = angleInstant(angle, index * span, fromJd - (first.value - index * span) / first.rate);
  const out: { index: number; startJd: number; endJd: number }[] = [];
  for (;;) {
    const guess = startJd + span / angle(startJd).rate;
    const endJd = angleInstant(angle, ((index + 1) * span) % 360, guess);
    out.push({ index, startJd, endJd });
    if (endJd >= toJd) return out;
    index = (index + 1) % count;
    startJd = endJd;
  }
}

/** An instant as ISO 8601 at the place's offset (seconds east), to the second: 2026-01-14T07:15:32+05:30. */
export function localIso(jd: number, offsetSeconds: number): string {
  const ms = Math.round(instantFromJulianDayUt(jd).getTime() / 1000) * 1000 + offsetSeconds * 1000;
  return `${new Date(ms).toISOString().slice(0, 19)}${formatOffset(offsetSeconds)}`;
}

function tithiName(index: number): { number: number; name: string; paksha: 'shukla' | 'krishna' } {
  const paksha = index < 15 ? 'shukla' : 'krishna';
  const name = index === 14 ? 'Purnima' : index === 29 ? 'Amavasya' : TITHIS[index % 15];
  return { number: index + 1, name, paksha };
}

/** Karana of the half-tithi k (0–59): Kimstughna, then Bava … Vishti eight times, then Shakuni, Chatushpada, Naga. */
export function karanaName(k: number): string {
  if (k === 0) return 'Kimstughna';
  if (k >= 57) return ['Shakuni', 'Chatushpada', 'Naga'][k - 57];
  return MOVABLE_KARANAS[(k - 1) % 7];
}

/**
 * Hindu sunrise: the centre of the Sun's disc on the horizon, refraction included. A place and
 * date where the Sun does not rise or set within the civil day cannot have a panchang.
 */
function sunEvent(fromJd: number, withinDays: number, event: 'rise' | 'set', place: PanchangPlace, ephemerisPath: string): number {
  const jd = nextRiseSet(fromJd, 'Sun', event, place, ephemerisPath, { discCenter: true });
  if (jd === null || jd >= fromJd + withinDays) {
    throw new VedicInputError(
      `latitude: the Sun does not ${event} at latitude ${place.latitude} on ${place.date} (polar day or night), and a panchang is reckoned from sunrise`,
    );
  }
  return jd;
}

/** Moonrise or moonset within the civil day (upper limb, refraction included), or null when there is none that day. */
function moonEvent(dayStartJd: number, event: 'rise' | 'set', place: PanchangPlace, ephemerisPath: string): string | null {
  const jd = nextRiseSet(dayStartJd, 'Moon', event, place, ephemerisPath);
  return jd === null || jd >= dayStartJd + 1 ? null : localIso(jd, place.timezoneOffsetMinutes * 60);
}

/** The amanta month from the new moons before and after an instant (the sidereal sign of the Sun at each). */
function lunarMonthAt(jd: number, elongation: AngleOf, ephemerisPath: string) {
  const now = elongation(jd);
  const startJd = angleInstant(elongation, 0, jd - now.value / 12.19);
  const endJd = angleInstant(elongation, 0, jd + (360 - now.value) / 12.19);
  const sunSign = (t: number) => signIndex(bodyAt(t, 'Sun', ephemerisPath, 'sidereal_lahiri').longitude);
  const startSign = sunSign(startJd);
  // Named by the solar month in which the month begins: the new moon with the Sun in Pisces begins Chaitra.
  const index = (startSign + 1) % 12;
  // No sankranti between the two new moons: the month is adhika and takes the name of the next one.
  const adhika = sunSign(endJd) === startSign;
  return { index, adhika, startJd, endJd };
}

/** The panchang of a civil date at a place. */
export function panchang(place: PanchangPlace, ephemerisPath: string): Panchang {
  const dayStart = instantFromLocal(place.date, '00:00', place.timezoneOffsetMinutes * 60);
  assertSupportedInstant(dayStart, 'date');
  assertSupportedInstant(new Date(dayStart.getTime() + 2 * 86_400_000), 'date');
  const dayStartJd = julianDayUt(dayStart);
  const iso = (jd: number) => localIso(jd, place.timezoneOffsetMinutes * 60);

  const sunriseJd = sunEvent(dayStartJd, 1, 'rise', place, ephemerisPath);
  const sunsetJd = sunEvent(sunriseJd, 1, 'set', place, ephemerisPath);
  const nextSunriseJd = sunEvent(sunsetJd, 1, 'rise', place, ephemerisPath);

  const a = angles(ephemerisPath);
  const tithiSpans = spans(a.elongation, TITHI_SPAN, sunriseJd, nextSunriseJd);
  const tithi = tithiSpans.map((s) => ({ ...tithiName(s.index), start: iso(s.startJd), end: iso(s.endJd) }));
  const nakshatra = spans(a.moon, NAKSHATRA_SPAN, sunriseJd, nextSunriseJd).map((s) => ({
    number: s.index + 1,
    name: NAKSHATRAS[s.index],
    lord: VIMSHOTTARI_LORDS[s.index % 9],
    start: iso(s.startJd),
    end: iso(s.endJd),
  }));
  const yoga = spans(a.sum, NAKSHATRA_SPAN, sunriseJd, nextSunriseJd).map((s) => ({
    number: s.index + 1,
    name: YOGAS[s.index],
    start: iso(s.startJd),
    end: iso(s.endJd),
  }));
  const karana: KaranaSpan[] = [];
  for (const t of tithiSpans) {
    const midJd = angleInstant(a.elongation, t.index * TITHI_SPAN + KARANA_SPAN, (t.startJd + t.endJd) / 2);
    karana.push({
      number: 2 * t.index + 1,
      name: karanaName(2 * t.index),
      half: 1,
      tithi: t.index + 1,
      start: iso(t.startJd),
      end: iso(midJd),
    });
    karana.push({
      number: 2 * t.index + 2,
      name: karanaName(2 * t.index + 1),
      half: 2,
      tithi: t.index + 1,
      start: iso(midJd),
      end: iso(t.endJd),
    });
  }
  const sunriseElongation = a.elongation(sunriseJd).value;
  const karanaAtSunrise = karanaName(Math.floor(sunriseElongation / KARANA_SPAN));

  const weekday = new Date(`${place.date}T00:00:00Z`).getUTCDay();
  const eighth = (sunsetJd - sunriseJd) / 8;
  const part = (n: number): Interval => ({ start: iso(sunriseJd + (n - 1) * eighth), end: iso(sunriseJd + n * eighth) });
  const muhurta = (sunsetJd - sunriseJd) / 15;

  const month = lunarMonthAt(sunriseJd, a.elongation, ephemerisPath);
  const paksha = tithi[0].paksha;
  const amanta: LunarMonth = { name: LUNAR_MONTHS[month.index], adhika: month.adhika };
  // Purnimanta months end at the full moon: the dark fortnight already belongs to the next month's name.
  const purnimanta: LunarMonth =
    month.adhika || paksha === 'shukla' ? amanta : { name: LUNAR_MONTHS[(month.index + 1) % 12], adhika: false };
  // The year begins with Chaitra (Chaitradi reckoning): find the civil year in which this lunar year's Chaitra began.
  const chaitraYear = instantFromJulianDayUt(month.startJd - month.index * MEAN_SYNODIC_MONTH + 20).getUTCFullYear();

  return {
    date: place.date,
    place: { latitude: place.latitude, longitude: place.longitude, timezoneOffsetMinutes: place.timezoneOffsetMinutes },
    ayanamsa: { name: 'lahiri', degrees: Math.round(lahiriAyanamsa(sunriseJd, ephemerisPath) * 1e6) / 1e6 },
    vara: { number: weekday + 1, name: VARAS[weekday], lord: WEEKDAY_LORDS[weekday] },
    sunrise: iso(sunriseJd),
    sunset: iso(sunsetJd),
    next_sunrise: iso(nextSunriseJd),
    moonrise: moonEvent(dayStartJd, 'rise', place, ephemerisPath),
    moonset: moonEvent(dayStartJd, 'set', place, ephemerisPath),
    tithi,
    nakshatra,
    yoga,
    karana,
    at_sunrise: { tithi: tithi[0].name, nakshatra: nakshatra[0].name, yoga: yoga[0].name, karana: karanaAtSunrise, paksha },
    rahu_kaal: part(RAHU_KAAL_PART[weekday]),
    yamaganda: part(YAMAGANDA_PART[weekday]),
    gulika_kaal: part(GULIKA_PART[weekday]),
    abhijit_muhurta: { start: iso(sunriseJd + 7 * muhurta), end: iso(sunriseJd + 8 * muhurta) },
    lunar_month: { amanta, purnimanta, new_moon_start: iso(month.startJd), new_moon_end: iso(month.endJd) },
    samvat: { vikram: chaitraYear + 57, shaka: chaitraYear - 78 },
  };
}
