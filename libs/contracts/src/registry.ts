import { accountRoutes } from './accounts/routes';
import { chineseKoreanRoutes } from './chinese-korean/routes';
import { culturalIntelligenceRoutes } from './cultural-intelligence/routes';
import { horoscopeDeliveryRoutes, reportWebhookRoutes } from './delivery/routes';
import { brandProfileRoutes } from './reports/brand-profile-routes';
import { sessionRoutes } from './accounts/session-routes';
import { visualReadingSubscriptionRoutes } from './visual-readings/customer-routes';
import { platformRoutes } from './platform/routes';
import { jobRoutes, reportRoutes } from './reports/routes';
import { horoscopeRoutes } from './horoscopes/routes';
import { RouteSpec } from './route-spec';
import { thaiRoutes } from './thai/routes';
import { tarotNumerologyRoutes } from './tarot-numerology/routes';
import { uranianRoutes } from './uranian/routes';
import { vedicRoutes } from './vedic/routes';
import { visualReadingRoutes } from './visual-readings/routes';
import { planetRoutes, westernChartRoutes } from './western/routes';
import { adminRoutes } from './admin/routes';
import { developerRoutes } from './developer/routes';
import { placeRoutes } from './platform/place-routes';

export * from './route-spec';
export { subscriptionRouteNames } from './delivery/subscription-routes';

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
