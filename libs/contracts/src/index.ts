// The public entry of @astro/contracts. registry.ts comes first: it fixes the order of the OpenAPI
// document (its components and its paths), whatever the order of the exports below.
export * from './registry';

// The shared floor the areas build on (src/shared/).
export * from './shared/errors';
export * from './shared/ids';
export * from './shared/cursor';
export * from './shared/tiers';
export * from './shared/pricing';
export * from './shared/birth-subject';
export * from './shared/birth-place';
export * from './shared/calculation';
export * from './shared/voice';
export { HouseSystemField, JA_HOUR_CONVENTION, TRUE_SOLAR_TIME, ZI_HOUR } from './shared/chart-options';
export * from './openapi';
export * from './shared/stable-json';

// The areas, one folder each: schemas, routes (in the registry), prices and examples.
export * from './platform/health';
export * from './platform/places';
export * from './accounts/schemas';
export * from './shared/instants';
export * from './shared/planets';
export * from './western/planets-document';
export * from './western/chart';
export * from './western/synastry';
export * from './western/transits';
export * from './western/progressions';
export * from './western/returns';
export * from './reports/jobs';
export * from './shared/logo';
export * from './shared/branding';
export * from './reports/schemas';
export * from './reports/four-pillars';
export * from './reports/vedic-schemas';
export * from './reports/thai-qimen';
export * from './chinese-korean/saju';
export * from './chinese-korean/chinese';
export * from './vedic/schemas';
export * from './vedic/everyday';
export * from './vedic/panchang-matching';
export * from './delivery/schemas';
export * from './visual-readings/schemas';
export * from './cultural-intelligence/schemas';
export * from './thai/schemas';
export * from './tarot-numerology/numerology';
export * from './tarot-numerology/tarot';
export * from './uranian/schemas';
export * from './horoscopes/schemas';
export * from './admin/schemas';
export * from './developer/schemas';
export * from './shared/livemode';
