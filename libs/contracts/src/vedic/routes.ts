import {
  ManglikDoshaRequest,
  ManglikDoshaResponse,
  SadeSatiRequest,
  SadeSatiResponse,
  ShadbalaRequest,
  ShadbalaResponse,
  VedicRemediesRequest,
  VedicRemediesResponse,
} from './schemas';
import { AshtakavargaRequest, AshtakavargaResponse, DashaRequest, DashaResponse, KundliRequest, KundliResponse } from './everyday';
import { DoshasRequest, DoshasResponse, MatchingRequest, MatchingResponse, PanchangRequest, PanchangResponse } from './panchang-matching';
import { answerInstant, CalculationSpec } from '../shared/calculation';
import { ok, routesWith } from '../shared/route-spec';

/** Vedic answers: sidereal (Lahiri), Swiss Ephemeris; houses counted by sign (whole-sign) where houses are read. */
const SIDEREAL: CalculationSpec = { zodiac: 'sidereal_lahiri', ephemeris: true };
const WHOLE_SIGN: CalculationSpec = { ...SIDEREAL, houses: { system: 'W' } };

/** Routes of the `Vedic` tag. */
export const vedicRoutes = routesWith({ tag: 'Vedic', method: 'POST', auth: 'api_key' })({
  vedicShadbala: {
    calculation: {
      ...WHOLE_SIGN,
      method:
        "Kendradi bala counts houses by sign from the Lagna; sunrise of the centre of the Sun's disc with refraction (1013.25 hPa, 0 °C)",
    },
    path: '/api/v3/vedic/shadbala',
    summary: 'Complete six-family Shadbala of Sun to Saturn (sidereal, Lahiri)',
    description:
      "Sthana, dig, kala, cheshta, naisargika and drik bala with every component, V. P. Jain's method (see `result.aggregate.method` and docs/shadbala.md), and the derivation of the time factors (sunrise by swe_rise_trans, astrological date, day or night third, nata ghatis, equation of time).",
    minTier: 'pro',
    operation: 'shadbala',
    body: ShadbalaRequest,
    success: ok('the Shadbala of the seven planets', ShadbalaResponse),
  },
  vedicSadeSati: {
    calculation: SIDEREAL,
    path: '/api/v3/vedic/sade-sati',
    summary: 'Sade Sati: Saturn over the 12th, 1st and 2nd signs from the natal Moon',
    description:
      "Dates are Saturn's real sidereal sign ingresses (retrograde re-entries included) as calendar dates at the birth offset; a period is one continuous stay of Saturn in the three signs.",
    operation: 'sade_sati',
    body: SadeSatiRequest,
    success: ok('the current or next Sade Sati period', SadeSatiResponse),
  },
  vedicManglikDosha: {
    calculation: { ...WHOLE_SIGN, method: 'Mars counted by sign from the Lagna, the Moon and Venus' },
    path: '/api/v3/vedic/manglik-dosha',
    summary: 'Manglik (Kuja) dosha from the Lagna, the Moon and Venus, with cancellations',
    operation: 'manglik_dosha',
    body: ManglikDoshaRequest,
    success: ok('presence, severity and remedies', ManglikDoshaResponse),
  },
  vedicRemedies: {
    calculation: WHOLE_SIGN,
    path: '/api/v3/vedic/remedies',
    summary: 'Traditional remedies for signals read from the chart (English and Thai)',
    description: 'Signals: planets below their Shadbala requirement, debilitated planets, active Sade Sati, Manglik dosha.',
    operation: 'vedic_remedies',
    body: VedicRemediesRequest,
    success: ok('signals and recommendations', VedicRemediesResponse),
  },
  vedicKundli: {
    calculation: { ...SIDEREAL, houses: { system: 'W', bhava: 'S' }, nodes: { input: 'node' } },
    path: '/api/v3/vedic/kundli',
    summary: 'Kundli: lagna and nine grahas (sidereal, Lahiri) with the sixteen divisional charts',
    description:
      'Each body with sidereal longitude, sign, nakshatra and pada, nakshatra lord, whole-sign house, retrograde and combustion flags and dignity; the Shodashvarga (D1 to D60) by Parashara\'s rules, each named (docs/vedic.md). Rahu and Ketu from the mean node unless `node: "true"`.',
    operation: 'vedic_kundli',
    body: KundliRequest,
    success: ok('the kundli and its sixteen vargas', KundliResponse),
  },
  vedicDasha: {
    calculation: SIDEREAL,
    path: '/api/v3/vedic/dasha',
    summary: 'Vimshottari dasha: maha, antar and pratyantar periods from birth, the balance at birth and the running periods',
    description:
      "The balance is the untraversed part of the Moon's nakshatra times its lord's years. A year is 365.25 days unless `year_days: 360`.",
    operation: 'vedic_dasha',
    body: DashaRequest,
    success: ok('the 120-year Vimshottari timeline', DashaResponse),
  },
  vedicAshtakavarga: {
    calculation: WHOLE_SIGN,
    path: '/api/v3/vedic/ashtakavarga',
    summary: 'Bhinnashtakavarga of the seven grahas and the Sarvashtakavarga (BPHS 66)',
    operation: 'vedic_ashtakavarga',
    body: AshtakavargaRequest,
    success: ok('bindus per sign', AshtakavargaResponse),
  },
  vedicPanchang: {
    calculation: {
      ...SIDEREAL,
      instant: answerInstant('sunrise'),
      method:
        "the day runs from sunrise to sunrise: the centre of the Sun's disc with refraction (1013.25 hPa, 0 °C); the instant is this sunrise",
    },
    path: '/api/v3/vedic/panchang',
    summary:
      'Panchang of a day at a place: vara, tithi, nakshatra, yoga, karana with their end times, rise and set, Rahu kaal, muhurtas, lunar month, samvat',
    description:
      'The Hindu day from sunrise (centre of the disc) to the next sunrise. Tithi, nakshatra, yoga and karana ends are found by root finding on the Swiss Ephemeris (sidereal, Lahiri). A place and date without a sunrise (polar day or night) is a 400 naming `latitude`. Conventions and sources: docs/vedic.md.',
    operation: 'vedic_panchang',
    body: PanchangRequest,
    success: ok('the panchang of the day', PanchangResponse),
  },
  vedicMatching: {
    calculation: {
      ...WHOLE_SIGN,
      method:
        "Ashtakoot from the Moon's sidereal sign and nakshatra of each birth, Manglik by sign from the Lagna, the Moon and Venus; the instant is the first birth (groom)",
    },
    path: '/api/v3/vedic/matching',
    summary: 'Ashtakoot (Guna Milan) matching of a groom and a bride: eight kootas out of 36, cancellations, Manglik of both, verdict',
    description:
      'Varna, vashya, tara, yoni, graha maitri, gana, bhakoot and nadi from the two Moons, each with its points and reason; the named cancellations of Nadi, Bhakoot and Gana dosha; Manglik dosha of both charts; texts in `en` or `th`.',
    operation: 'vedic_matching',
    body: MatchingRequest,
    success: ok('the Ashtakoot score with its parts and the verdict', MatchingResponse),
  },
  vedicDoshas: {
    calculation: { ...WHOLE_SIGN, nodes: { input: 'node' } },
    path: '/api/v3/vedic/doshas',
    summary: 'Manglik, Kaal Sarp (with its type), Pitra, Guru Chandal and Kemadruma doshas, each with its rule and cancellations',
    description:
      "Each dosha in the Manglik endpoint's shape (has_dosha, severity, description, remedies) plus the rule applied and the cancellations found; texts in `en` or `th`.",
    operation: 'vedic_doshas',
    body: DoshasRequest,
    success: ok('the five doshas', DoshasResponse),
  },
});
