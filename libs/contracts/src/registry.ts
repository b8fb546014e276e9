/**
 * The registry of the API contracts: which areas there are, in what order the OpenAPI document lists
 * them, and the one table of every route. Each area is a folder beside this file (`western/`,
 * `vedic/`, …) holding its schemas, its routes (`routes.ts`) and the examples its schemas show; it
 * imports only its own files and the shared floor (`shared/`: instants, ids, branding, the birth
 * forms, the route spec, the price table, …), which imports no area. The files at the top
 * (this one, openapi*.ts, index.ts) assemble the areas.
 *
 * Two orders of the OpenAPI document come from here, not from the export order of index.ts:
 * - `components.schemas`: a schema takes its place in the document when its module first loads
 *   (zod registers its id then). The imports below load the areas' schema modules first of all, in
 *   this order; index.ts and openapi.ts load this file before anything else. A schema module
 *   missing from the list would register when its routes load, after all of these
 *   (registry.test.ts keeps the list complete).
 * - `paths`: the order of ROUTES below.
 */
import './shared/errors';
import './shared/pricing';
import './accounts/schemas';
import './platform/health';
import './shared/planets';
import './reports/jobs';
import './shared/birth-place';
import './shared/birth-subject';
import './platform/places';
import './shared/calculation';
import './shared/branding';
import './western/chart';
import './western/synastry';
import './western/transits';
import './western/progressions';
import './western/returns';
import './visual-readings/schemas';
import './reports/schemas';
import './shared/summer-time';
import './chinese-korean/saju';
import './vedic/schemas';
import './delivery/schemas';
import './chinese-korean/chinese';
import './reports/four-pillars';
import './cultural-intelligence/schemas';
import './horoscopes/schemas';
import './thai/schemas';
import './tarot-numerology/numerology';
import './tarot-numerology/tarot';
import './uranian/schemas';
import './vedic/everyday';
import './vedic/panchang-matching';
import './admin/schemas';
import './developer/schemas';
import './reports/vedic-schemas';
import './reports/thai-qimen';

import { accountRoutes } from './accounts/routes';
import { sessionRoutes } from './accounts/session-routes';
import { adminRoutes } from './admin/routes';
import { chineseKoreanRoutes } from './chinese-korean/routes';
import { culturalIntelligenceRoutes } from './cultural-intelligence/routes';
import { horoscopeDeliveryRoutes, reportWebhookRoutes } from './delivery/routes';
import { visualReadingDeliveryRoutes } from './delivery/visual-reading-routes';
import { developerRoutes } from './developer/routes';
import { horoscopeRoutes } from './horoscopes/routes';
import { placeRoutes } from './platform/place-routes';
import { platformRoutes } from './platform/routes';
import { brandProfileRoutes } from './reports/brand-profile-routes';
import { jobRoutes, reportRoutes } from './reports/routes';
import { vedicReportRoutes } from './reports/vedic-routes';
import { thaiQimenReportRoutes } from './reports/thai-qimen-routes';
import { RouteSpec } from './shared/route-spec';
import { tarotNumerologyRoutes } from './tarot-numerology/routes';
import { thaiRoutes } from './thai/routes';
import { uranianRoutes } from './uranian/routes';
import { vedicRoutes } from './vedic/routes';
import { visualReadingEconomicsRoutes } from './visual-readings/customer-routes';
import { visualReadingRoutes } from './visual-readings/routes';
import { planetRoutes, westernChartRoutes } from './western/routes';

export * from './shared/route-spec';
export { subscriptionRouteNames } from './delivery/subscription-routes';

/**
 * Every route of the API, composed from the areas' route tables (one table per OpenAPI tag; some
 * areas have two). The route classes take method, path, validation and policy from here and the
 * OpenAPI document is generated from the same objects, so the two cannot drift apart. The order is
 * the order of the document's paths; a new table adds one line at the end.
 */
export const ROUTES = {
  ...platformRoutes, // platform/routes.ts: health, pricing
  ...sessionRoutes, // accounts/session-routes.ts
  ...accountRoutes, // accounts/routes.ts
  ...planetRoutes, // western/routes.ts
  ...jobRoutes, // reports/routes.ts: pipeline probe, jobs, artifacts
  ...westernChartRoutes, // western/routes.ts
  ...reportRoutes, // reports/routes.ts: the PDF reports
  ...brandProfileRoutes, // reports/brand-profile-routes.ts
  ...chineseKoreanRoutes, // chinese-korean/routes.ts
  ...vedicRoutes, // vedic/routes.ts
  ...reportWebhookRoutes, // delivery/routes.ts
  ...visualReadingEconomicsRoutes, // visual-readings/customer-routes.ts: tag Customer visual readings
  ...visualReadingDeliveryRoutes, // delivery/visual-reading-routes.ts: tag Customer visual readings
  ...horoscopeDeliveryRoutes, // delivery/routes.ts
  ...visualReadingRoutes, // visual-readings/routes.ts
  ...culturalIntelligenceRoutes, // cultural-intelligence/routes.ts
  ...thaiRoutes, // thai/routes.ts
  ...tarotNumerologyRoutes, // tarot-numerology/routes.ts
  ...uranianRoutes, // uranian/routes.ts
  ...horoscopeRoutes, // horoscopes/routes.ts
  ...developerRoutes, // developer/routes.ts
  ...adminRoutes, // admin/routes.ts
  ...placeRoutes, // platform/place-routes.ts: place search
  ...vedicReportRoutes, // reports/vedic-routes.ts: the Vedic PDF reports
  ...thaiQimenReportRoutes, // reports/thai-qimen-routes.ts: the Thai life and Qi Men PDF reports
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;

/**
 * A route by a name built at start-up (`get${kind}`, `subscriptionRouteNames`), for the
 * route classes generated per family; a name the table lacks fails at start-up, naming `forWhat`.
 */
export function routeNamed(name: string, forWhat: string): RouteSpec {
  const spec = (ROUTES as Record<string, RouteSpec>)[name];
  if (!spec) throw new Error(`the route table has no ${name} for ${forWhat}`);
  return spec;
}
