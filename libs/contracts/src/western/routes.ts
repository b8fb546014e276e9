import { PlanetsQuery, PlanetsResponse } from '../shared/planets';
import { CompositeChartRequest, CompositeChartResponse, NatalChartRequest, NatalChartResponse } from './chart';
import { ProgressionsRequest, ProgressionsResponse } from './progressions';
import { ReturnsRequest, ReturnsResponse } from './returns';
import { SynastryRequest, SynastryResponse } from './synastry';
import { TransitsRequest, TransitsResponse } from './transits';
import { CalculationSpec } from '../shared/calculation';
import { ok, routesWith } from '../shared/route-spec';

const WESTERN = { tag: 'Western', method: 'POST', auth: 'api_key' } as const;

/** Western charts: tropical, Swiss Ephemeris, the true node; houses as the request asks. */
const WESTERN_CHART: CalculationSpec = { zodiac: 'tropical', ephemeris: true, houses: { input: 'house_system' }, nodes: 'true' };

/** Routes of the `Western` tag. */
export const planetRoutes = routesWith(WESTERN)({
  planets: {
    calculation: {
      zodiac: 'tropical',
      ephemeris: true,
      nodes: 'true',
      instant: ({ query }) => new Date(String((query as { dt: string }).dt)),
    },
    operationId: 'getPlanets',
    method: 'GET',
    path: '/v1/planets',
    summary: 'Geocentric positions of Sun to Pluto, the true node and Chiron at a UTC moment',
    description: 'Swiss Ephemeris (files for 1800–2399). Also the authentication smoke test of the spec.',
    minTier: 'free',
    operation: 'planets',
    query: PlanetsQuery,
    success: ok('positions', PlanetsResponse),
  },
});

const IMAGE_NOTE =
  'With `image: "svg"` or `"png"` the response also carries the chart wheel in `image` (the PDF reports\' wheel; the PNG, base64, is 1200 pixels wide, twice the SVG\'s 600 units, and as tall as its legend needs, 1200×1302 for a natal chart: read `width` and `height`), drawn in the primary colour of `branding` or of the brand profile `brand_profile_id`; docs/western.md.';

/** Routes of the `Western` tag. */
export const westernChartRoutes = routesWith(WESTERN)({
  natalChart: {
    calculation: WESTERN_CHART,
    operationId: 'createNatalChart',
    path: '/v1/natal-chart',
    summary: 'Natal chart: planets in signs and houses, cusps, angles, aspects, balance, optional interpretation',
    description:
      'Tropical zodiac, Swiss Ephemeris. Placidus and Koch are undefined inside the polar circles: there the chart uses Porphyry and says so in `warnings`. Aspect orbs: conjunction and opposition 8°, square and trine 7°, sextile 5°, quincunx 3°, semi-sextile 2°. With `interpret: true` the response carries a written reading in `language` (en, th) shaped by tone, audience and safety_mode. ' +
      IMAGE_NOTE,
    operation: 'natal_chart',
    body: NatalChartRequest,
    success: ok('the chart', NatalChartResponse),
  },
  compositeChart: {
    calculation: WESTERN_CHART,
    operationId: 'createCompositeChart',
    path: '/api/v3/western/composite-chart',
    summary: 'Midpoint composite chart of two people, their cross aspects and the next 30 days of transits to it',
    description: IMAGE_NOTE,
    operation: 'composite_chart',
    body: CompositeChartRequest,
    success: ok('the composite chart', CompositeChartResponse),
  },
  westernSynastry: {
    calculation: WESTERN_CHART,
    operationId: 'createSynastry',
    path: '/api/v3/western/synastry',
    summary:
      'Synastry of two people: both charts, inter-aspects, house overlays both ways, element balance, a compatibility score with its factors, en/th snippets',
    description:
      'The same calculation and sentences as the premium synastry PDF report. Inter-aspects use the natal orbs, with applying/separating from both natal speeds. ' +
      IMAGE_NOTE +
      ' (here a bi-wheel)',
    operation: 'western_synastry',
    body: SynastryRequest,
    success: ok('the synastry', SynastryResponse),
  },
  westernTransits: {
    calculation: WESTERN_CHART,
    operationId: 'searchTransits',
    path: '/api/v3/western/transits',
    summary:
      'Every exact transit to the natal chart in a window of up to 366 days, with orb entry and exit, retrograde passes, stations and ingresses',
    description:
      'Each instant is a root of the Swiss Ephemeris longitude to 0.1 s (checked against swetest within 1″): perfections (all passes of a retrograde loop), the entry into and exit from the orb, stations and sign ingresses. The Moon only for windows of at most 31 days. Orbs default to 1°.',
    operation: 'western_transits',
    body: TransitsRequest,
    success: ok('the transits', TransitsResponse),
  },
  westernProgressions: {
    calculation: WESTERN_CHART,
    operationId: 'createProgressions',
    path: '/api/v3/western/progressions',
    summary:
      'Secondary progressed chart, solar arc directions, the progressed Moon (phase, sign and phase changes ahead) and progressed-to-natal aspects within 1°',
    description:
      'A day after birth for each tropical year of life; the progressed MC by `mc_method` (docs/western.md). ' +
      IMAGE_NOTE +
      ' (natal inside, progressed outside)',
    operation: 'western_progressions',
    body: ProgressionsRequest,
    success: ok('the progressions', ProgressionsResponse),
  },
  westernReturns: {
    calculation: WESTERN_CHART,
    operationId: 'createReturns',
    path: '/api/v3/western/returns',
    summary:
      'Solar or lunar return instants (to the second) with their charts at the birth place or a relocation place, angular planets and house emphasis',
    description:
      'A solar return `year` gives the return of that year; a lunar `year` every return of the calendar year (13 or 14); `date` the return in force on that date. ' +
      IMAGE_NOTE +
      ' (one wheel per return)',
    operation: 'western_returns',
    body: ReturnsRequest,
    success: ok('the returns', ReturnsResponse),
  },
});
