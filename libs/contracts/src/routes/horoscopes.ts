import {
  HoroscopeQuery,
  HoroscopeRange,
  HoroscopeRangeQuery,
  HoroscopeSignParams,
  HoroscopeSignPeriodParams,
  PersonalHoroscope,
  PersonalHoroscopeRequest,
  PublishedHoroscope,
} from '../horoscopes';
import { CHARGED_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Horoscopes` tag. */
export const horoscopeRoutes = {
  horoscopeForPeriod: {
    operationId: 'horoscopeForPeriod',
    method: 'GET',
    path: '/api/v3/horoscopes/{sign}/{period}',
    tag: 'Horoscopes',
    summary: 'The published horoscope of a sign for a day, week, month or year',
    description:
      'One text per sign, period start, locale and voice, published once (ahead of time by the `horoscope-publishing` schedule, or by the first request) and served identically to every caller all period long (docs/horoscopes.md).',
    auth: 'api_key',
    operation: 'horoscope_published',
    params: HoroscopeSignPeriodParams,
    query: HoroscopeQuery,
    success: { status: 200, description: 'the published text', schema: PublishedHoroscope },
    errors: CHARGED_ERRORS,
  },
  horoscopeRange: {
    operationId: 'horoscopeRange',
    method: 'GET',
    path: '/api/v3/horoscopes/{sign}',
    tag: 'Horoscopes',
    summary: 'The published daily horoscopes of a sign from `from` to `to` (at most 31 days)',
    auth: 'api_key',
    operation: 'horoscope_range',
    params: HoroscopeSignParams,
    query: HoroscopeRangeQuery,
    success: { status: 200, description: 'one published daily text per day', schema: HoroscopeRange },
    errors: CHARGED_ERRORS,
  },
  horoscopePersonal: {
    operationId: 'horoscopePersonal',
    method: 'POST',
    path: '/api/v3/horoscopes/personal',
    tag: 'Horoscopes',
    summary: 'A personal horoscope from the natal chart: transits to natal Sun–Pluto, Ascendant and Midheaven',
    auth: 'api_key',
    operation: 'horoscope_personal',
    body: PersonalHoroscopeRequest,
    success: { status: 200, description: 'the personal horoscope', schema: PersonalHoroscope },
    errors: CHARGED_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;
