import {
  ThaiAlmanacRequest,
  ThaiAlmanacResponse,
  ThaiAuspiciousTimingRequest,
  ThaiAuspiciousTimingResponse,
  ThaiCivilDateRequest,
  ThaiHolyDaysRequest,
  ThaiHolyDaysResponse,
  ThaiLunarDate,
  ThaiLunarDateRequest,
  MahaThaksaRequest,
  MahaThaksaResponse,
  YamAtthakanRequest,
  YamAtthakanResponse,
} from './schemas';
import { answerInstant, CalculationSpec } from '../shared/calculation';
import { ok, routesWith } from '../shared/route-spec';

/** The Thai lunar calendar: its year types and month lengths, no ephemeris. */
const LUNAR_CALENDAR: CalculationSpec = {
  zodiac: null,
  ephemeris: false,
  method: 'the Thai lunar calendar by its rules (year types Athikamat and Athikawan, 29- and 30-day months); no ephemeris',
};
/** Watches from the real sunrise and sunset of each day; the instant is the first day's sunrise. */
const SUNRISE_WATCHES: CalculationSpec = {
  zodiac: null,
  ephemeris: true,
  instant: answerInstant('days.0.sunrise'),
  method:
    "sunrise and sunset of the upper limb of the Sun's disc with refraction (1013.25 hPa, 0 °C, sea level), Swiss Ephemeris swe_rise_trans",
};

/** Routes of the `Thai Astrology` tag (conventions and sources: docs/thai.md). */
export const thaiRoutes = routesWith({ tag: 'Thai Astrology', method: 'POST', auth: 'api_key' })({
  thaiLunarDate: {
    calculation: LUNAR_CALENDAR,
    path: '/api/v3/thai/lunar-date',
    summary:
      'Thai lunar date of a civil date (1901–2199): B.E., C.S., animal year, month (8/8), waxing or waning day, year type, almanac text',
    description:
      'The Thai lunisolar calendar as Thailand observes it: the published year types (Athikamat, Athikawan) for lunar years 1914–2157, an extrapolation outside (`year_type_source`). Conventions: docs/thai.md.',
    operation: 'thai_lunar_date',
    body: ThaiLunarDateRequest,
    success: ok('the lunar date', ThaiLunarDate),
  },
  thaiCivilDate: {
    calculation: LUNAR_CALENDAR,
    path: '/api/v3/thai/civil-date',
    summary: 'Civil date of a Thai lunar date (the reverse of lunar-date)',
    description:
      'An impossible lunar date (waning 15 of a 29-day month, a second 8th month in a year that is not Athikamat) is a 400 naming the field.',
    operation: 'thai_lunar_date',
    body: ThaiCivilDateRequest,
    success: ok('the civil date with its full lunar description', ThaiLunarDate),
  },
  thaiHolyDays: {
    calculation: LUNAR_CALENDAR,
    path: '/api/v3/thai/holy-days',
    summary: 'Wan Phra and Buddhist festivals of a civil year, with Songkran and New Year',
    description:
      'Wan Phra: waxing 8 and 15, waning 8 and the last day of each month. Makha, Visakha, Atthami, Asarnha Bucha, Khao Phansa, Ok Phansa, Loy Krathong by the lunar rules (a month later in an Athikamat year where the rule says so). Chinese New Year is not included.',
    operation: 'thai_holy_days',
    body: ThaiHolyDaysRequest,
    success: ok('the holy days and festivals', ThaiHolyDaysResponse),
  },
  thaiAlmanac: {
    calculation: LUNAR_CALENDAR,
    path: '/api/v3/thai/almanac',
    summary: "Thai almanac page of a civil month: every day's lunar date, Wan Phra, observances and day-level auspiciousness",
    description:
      'Each day carries its verdict for auspicious undertakings in general: the กาลโยค weekday and lunar day of the Chula Sakarat year (ธงชัย, อธิบดี, อุบาทว์, โลกาวินาศ) and ดิถีมหาสูญ. For an activity or a birth use /api/v3/thai/auspicious-timing. Conventions: docs/thai.md.',
    operation: 'thai_almanac',
    body: ThaiAlmanacRequest,
    success: ok('the month', ThaiAlmanacResponse),
  },
  thaiMahaThaksa: {
    calculation: {
      zodiac: null,
      ephemeris: false,
      method:
        'the planet of the weekday of birth (a Wednesday birth from 18:00 is Rahu) and the fixed years of the eight planets; no ephemeris',
    },
    path: '/api/v3/thai/maha-thaksa',
    summary:
      'Maha Thaksa wheel of a birth: the eight positions and their planets, lucky and unlucky colours and letters, the current planetary period, SVG',
    description:
      'Birth weekday from the local clock date; Wednesday from 18:00 counts as Rahu. Periods 6, 15, 8, 17, 10, 19, 12, 21 years in wheel order from the birth planet. Conventions: docs/thai.md.',
    operation: 'thai_maha_thaksa',
    body: MahaThaksaRequest,
    success: ok('the wheel', MahaThaksaResponse),
  },
  thaiYamAtthakan: {
    calculation: SUNRISE_WATCHES,
    path: '/api/v3/thai/yam-atthakan',
    summary: 'ยามอัฐกาล: the eight day and eight night watches of each date (at most 31 days) from the real sunrise and sunset at the place',
    description:
      'Day watches in the order 1 6 4 2 7 5 3 and night watches 1 5 2 6 3 7 4 from the weekday planet; benefics good, malefics unfavourable. Sunrise and sunset: Swiss Ephemeris. Conventions: docs/thai.md.',
    operation: 'thai_yam_atthakan',
    body: YamAtthakanRequest,
    success: ok('the watches of each date', YamAtthakanResponse),
  },
  thaiAuspiciousTiming: {
    calculation: SUNRISE_WATCHES,
    path: '/api/v3/thai/auspicious-timing',
    summary:
      "ฤกษ์ยาม for up to 31 days: each day's traditional verdicts, score and reasons (th/en) for an activity and a birth, with the ยามอัฐกาล watches",
    description:
      "Day-level rules: the กาลโยค of the Chula Sakarat year (ธงชัย, อธิบดี good; อุบาทว์, โลกาวินาศ bad; by weekday and by lunar day), ดิถีมหาสูญ (forbids), and with a birth the person's Maha Thaksa days (กาลกิณี forbids; ศรี, เดช, มนตรี good). The activity (wedding, moving_house, opening_business, travel, ordination) weighs the rules. Hour level: the ยามอัฐกาล watches from the Swiss Ephemeris sunrise and sunset at the place. Conventions and sources: docs/thai.md.",
    operation: 'thai_auspicious_timing',
    body: ThaiAuspiciousTimingRequest,
    success: ok('the verdicts and watches of each date', ThaiAuspiciousTimingResponse),
  },
});
