import {
  HoroscopeQuery,
  HoroscopeRange,
  HoroscopeRangeQuery,
  HoroscopeSignParams,
  HoroscopeSignPeriodParams,
  PersonalHoroscope,
  PersonalHoroscopeRequest,
  PublishedHoroscope,
} from './schemas';
import { CalculationSpec, periodMiddle } from '../shared/calculation';
import { ok, routesWith } from '../shared/route-spec';

/** Sun-sign texts: the tropical sky at the middle of the period (UTC calendar), solar whole-sign houses from the sign. */
const SKY_OF_THE_PERIOD = (path?: string): CalculationSpec => ({
  zodiac: 'tropical',
  ephemeris: true,
  instant: periodMiddle(path),
  method:
    'the events of the period (UTC calendar days: lunations, eclipses, changes of sign, stations) and the sky at its middle, read in the solar houses (whole signs, the sign itself as the 1st)',
});

/** Routes of the `Horoscopes` tag. */
export const horoscopeRoutes = routesWith({ tag: 'Horoscopes', auth: 'api_key' })({
  horoscopeForPeriod: {
    calculation: SKY_OF_THE_PERIOD(),
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
    calculation: SKY_OF_THE_PERIOD('days.0'),
    method: 'GET',
    path: '/api/v3/horoscopes/{sign}',
    summary: 'The published daily horoscopes of a sign from `from` to `to` (at most 31 days)',
    operation: 'horoscope_range',
    params: HoroscopeSignParams,
    query: HoroscopeRangeQuery,
    success: ok('one published daily text per day', HoroscopeRange),
  },
  horoscopePersonal: {
    calculation: {
      zodiac: 'tropical',
      ephemeris: true,
      houses: { system: 'P' },
      method:
        'natal chart (Placidus) at the birth, the instant here; the events of the period (lunations, eclipses, changes of sign, stations) in its houses, and transits from the sky at the middle of the period (the birth subject’s offset)',
    },
    method: 'POST',
    path: '/api/v3/horoscopes/personal',
    summary: 'A personal horoscope: the period’s events in the natal houses, and transits to natal Sun–Pluto, Ascendant and Midheaven',
    operation: 'horoscope_personal',
    body: PersonalHoroscopeRequest,
    success: ok('the personal horoscope', PersonalHoroscope),
  },
});
