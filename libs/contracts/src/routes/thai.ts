import {
  ThaiAlmanacRequest,
  ThaiAlmanacResponse,
  ThaiCivilDateRequest,
  ThaiHolyDaysRequest,
  ThaiHolyDaysResponse,
  ThaiLunarDate,
  ThaiLunarDateRequest,
  MahaThaksaRequest,
  MahaThaksaResponse,
} from '../thai';
import { CHARGED_ERRORS, RouteSpec } from './route-spec';

const TAG = 'Thai Astrology';

/** Routes of the `Thai Astrology` tag (conventions and sources: docs/thai.md). */
export const thaiRoutes = {
  thaiLunarDate: {
    operationId: 'thaiLunarDate',
    method: 'POST',
    path: '/api/v3/thai/lunar-date',
    tag: TAG,
    summary: 'Thai lunar date of a civil date (1901–2199): B.E., C.S., animal year, month (8/8), waxing or waning day, year type, almanac text',
    description:
      'The Thai lunisolar calendar as Thailand observes it: the published year types (Athikamat, Athikawan) for lunar years 1914–2157, an extrapolation outside (`year_type_source`). Conventions: docs/thai.md.',
    auth: 'api_key',
    operation: 'thai_lunar_date',
    body: ThaiLunarDateRequest,
    success: { status: 200, description: 'the lunar date', schema: ThaiLunarDate },
    errors: CHARGED_ERRORS,
  },
  thaiCivilDate: {
    operationId: 'thaiCivilDate',
    method: 'POST',
    path: '/api/v3/thai/civil-date',
    tag: TAG,
    summary: 'Civil date of a Thai lunar date (the reverse of lunar-date)',
    description: 'An impossible lunar date (waning 15 of a 29-day month, a second 8th month in a year that is not Athikamat) is a 400 naming the field.',
    auth: 'api_key',
    operation: 'thai_lunar_date',
    body: ThaiCivilDateRequest,
    success: { status: 200, description: 'the civil date with its full lunar description', schema: ThaiLunarDate },
    errors: CHARGED_ERRORS,
  },
  thaiHolyDays: {
    operationId: 'thaiHolyDays',
    method: 'POST',
    path: '/api/v3/thai/holy-days',
    tag: TAG,
    summary: 'Wan Phra and Buddhist festivals of a civil year, with Songkran and New Year',
    description:
      'Wan Phra: waxing 8 and 15, waning 8 and the last day of each month. Makha, Visakha, Atthami, Asarnha Bucha, Khao Phansa, Ok Phansa, Loy Krathong by the lunar rules (a month later in an Athikamat year where the rule says so). Chinese New Year is not included.',
    auth: 'api_key',
    operation: 'thai_holy_days',
    body: ThaiHolyDaysRequest,
    success: { status: 200, description: 'the holy days and festivals', schema: ThaiHolyDaysResponse },
    errors: CHARGED_ERRORS,
  },
  thaiAlmanac: {
    operationId: 'thaiAlmanac',
    method: 'POST',
    path: '/api/v3/thai/almanac',
    tag: TAG,
    summary: 'Thai almanac page of a civil month: every day\'s lunar date, Wan Phra and observances',
    auth: 'api_key',
    operation: 'thai_almanac',
    body: ThaiAlmanacRequest,
    success: { status: 200, description: 'the month', schema: ThaiAlmanacResponse },
    errors: CHARGED_ERRORS,
  },
  thaiMahaThaksa: {
    operationId: 'thaiMahaThaksa',
    method: 'POST',
    path: '/api/v3/thai/maha-thaksa',
    tag: TAG,
    summary: 'Maha Thaksa wheel of a birth: the eight positions and their planets, lucky and unlucky colours and letters, the current planetary period, SVG',
    description: 'Birth weekday from the local clock date; Wednesday from 18:00 counts as Rahu. Periods 6, 15, 8, 17, 10, 19, 12, 21 years in wheel order from the birth planet. Conventions: docs/thai.md.',
    auth: 'api_key',
    operation: 'thai_maha_thaksa',
    body: MahaThaksaRequest,
    success: { status: 200, description: 'the wheel', schema: MahaThaksaResponse },
    errors: CHARGED_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;
