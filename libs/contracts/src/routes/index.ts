import { accountRoutes } from './account';
import { chineseKoreanRoutes } from './chinese-korean';
import { culturalIntelligenceRoutes } from './cultural-intelligence';
import { horoscopeDeliveryRoutes, reportWebhookRoutes } from './customer-delivery';
import { brandProfileRoutes } from './customer-reports';
import { sessionRoutes } from './customer-sessions';
import { visualReadingSubscriptionRoutes } from './customer-visual-readings';
import { platformRoutes } from './platform';
import { jobRoutes, reportRoutes } from './reports';
import { horoscopeRoutes } from './horoscopes';
import { RouteSpec } from './route-spec';
import { thaiRoutes } from './thai';
import { tarotNumerologyRoutes } from './tarot-numerology';
import { uranianRoutes } from './uranian';
import { vedicRoutes } from './vedic';
import { visualReadingRoutes } from './visual-readings';
import { planetRoutes, westernChartRoutes } from './western';
import { adminRoutes } from './admin';
import { developerRoutes } from './developer';
import { placeRoutes } from './places';

export * from './route-spec';
export { subscriptionRouteNames } from './subscription-routes';

/**
 * Every route of the API, composed from one file per tag. The controllers take method, path,
 * validation and policy from here and the OpenAPI document is generated from the same objects, so
 * the two cannot drift apart. The order is the order of the document's paths; a new tag adds its
 * file and one line at the end.
 */
export const ROUTES = {
  ...platformRoutes,
  ...sessionRoutes,
  ...accountRoutes,
  ...planetRoutes,
  ...jobRoutes,
  ...westernChartRoutes,
  ...reportRoutes,
  ...brandProfileRoutes,
  ...chineseKoreanRoutes,
  ...vedicRoutes,
  ...reportWebhookRoutes,
  ...visualReadingSubscriptionRoutes,
  ...horoscopeDeliveryRoutes,
  ...visualReadingRoutes,
  ...culturalIntelligenceRoutes,
  ...thaiRoutes,
  ...tarotNumerologyRoutes,
  ...uranianRoutes,
  ...horoscopeRoutes,
  ...developerRoutes,
  ...adminRoutes,
  ...placeRoutes,
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;

/**
 * A route by a name built at start-up (`get${kind}`, `subscriptionRouteNames`), for the
 * controllers generated per family; a name the table lacks fails at start-up, naming `forWhat`.
 */
export function routeNamed(name: string, forWhat: string): RouteSpec {
  const spec = (ROUTES as Record<string, RouteSpec>)[name];
  if (!spec) throw new Error(`the route table has no ${name} for ${forWhat}`);
  return spec;
}
