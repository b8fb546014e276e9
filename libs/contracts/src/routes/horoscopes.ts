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
import { ok, routesWith } from './route-spec';

/** Routes of the `Horoscopes` tag. */
export const horoscopeRoutes = routesWith({ tag: 'Horoscopes', auth: 'api_key' })({
  horoscopeForPeriod: {
    method: 'GET',
    path: '/api/v3/horoscopes/{sign}/{period}',
    summary: 'The published horoscope of a sign for a day, week, month or year',
    description:
      'One text per sign, period start, locale and voice, published once (ahead of time by the `horoscope-publishing` schedule, or by the first request) and served identically to every caller all period long (docs/horoscopes.md).',
    operation: 'horoscope_published',
    params: HoroscopeSignPeriodParams,
    query: HoroscopeQuery,
    success: ok('the published text', PublishedHoroscope),
  },
  horoscopeRange: {
    method: 'GET',
    path: '/api/v3/horoscopes/{sign}',
    summary: 'The published daily horoscopes of a sign from `from` to `to` (at most 31 days)',
    operation: 'horoscope_range',
    params: HoroscopeSignParams,
    query: HoroscopeRangeQuery,
    success: ok('one published daily text per day', HoroscopeRange),
  },
  horoscopePersonal: {
    method: 'POST',
    path: '/api/v3/horoscopes/personal',
    summary: 'A personal horoscope from the natal chart: transits to natal Sun–Pluto, Ascendant and Midheaven',
    operation: 'horoscope_personal',
    body: PersonalHoroscopeRequest,
    success: ok('the personal horoscope', PersonalHoroscope),
  },
});
