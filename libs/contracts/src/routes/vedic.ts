import { ManglikDoshaRequest, ManglikDoshaResponse, SadeSatiRequest, SadeSatiResponse, ShadbalaRequest, ShadbalaResponse, VedicRemediesRequest, VedicRemediesResponse } from '../vedic';
import { CHARGED_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Vedic` tag. */
export const vedicRoutes = {
  vedicShadbala: {
    operationId: 'vedicShadbala',
    method: 'POST',
    path: '/api/v3/vedic/shadbala',
    tag: 'Vedic',
    summary: 'Complete six-family Shadbala of Sun to Saturn (sidereal, Lahiri)',
    description:
      'Sthana, dig, kala, cheshta, naisargika and drik bala with every component, V. P. Jain\'s method (see `result.aggregate.method` and docs/shadbala.md), and the derivation of the time factors (sunrise by swe_rise_trans, astrological date, day or night third, nata ghatis, equation of time).',
    auth: 'api_key',
    minTier: 'pro',
    operation: 'shadbala',
    body: ShadbalaRequest,
    success: { status: 200, description: 'the Shadbala of the seven planets', schema: ShadbalaResponse },
    errors: [...CHARGED_ERRORS, 403],
  },
  vedicSadeSati: {
    operationId: 'vedicSadeSati',
    method: 'POST',
    path: '/api/v3/vedic/sade-sati',
    tag: 'Vedic',
    summary: 'Sade Sati: Saturn over the 12th, 1st and 2nd signs from the natal Moon',
    description:
      'Dates are Saturn\'s real sidereal sign ingresses (retrograde re-entries included) as calendar dates at the birth offset; a period is one continuous stay of Saturn in the three signs.',
    auth: 'api_key',
    operation: 'sade_sati',
    body: SadeSatiRequest,
    success: { status: 200, description: 'the current or next Sade Sati period', schema: SadeSatiResponse },
    errors: CHARGED_ERRORS,
  },
  vedicManglikDosha: {
    operationId: 'vedicManglikDosha',
    method: 'POST',
    path: '/api/v3/vedic/manglik-dosha',
    tag: 'Vedic',
    summary: 'Manglik (Kuja) dosha from the Lagna, the Moon and Venus, with cancellations',
    auth: 'api_key',
    operation: 'manglik_dosha',
    body: ManglikDoshaRequest,
    success: { status: 200, description: 'presence, severity and remedies', schema: ManglikDoshaResponse },
    errors: CHARGED_ERRORS,
  },
  vedicRemedies: {
    operationId: 'vedicRemedies',
    method: 'POST',
    path: '/api/v3/vedic/remedies',
    tag: 'Vedic',
    summary: 'Traditional remedies for signals read from the chart (English and Thai)',
    description: 'Signals: planets below their Shadbala requirement, debilitated planets, active Sade Sati, Manglik dosha.',
    auth: 'api_key',
    operation: 'vedic_remedies',
    body: VedicRemediesRequest,
    success: { status: 200, description: 'signals and recommendations', schema: VedicRemediesResponse },
    errors: CHARGED_ERRORS,
  },
  // Customer delivery (issue 7): webhook subscriptions, delivery telemetry, scheduled horoscopes.
} as const satisfies Record<string, RouteSpec>;
