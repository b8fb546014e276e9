// The public entry of @astro/contracts. The order of these modules is the order in which their
// schemas register, which is the order of `components.schemas` in the OpenAPI document.
export * from './errors';
export * from './ids';
export * from './tiers';
export * from './pricing';
export * from './account';
export * from './health';
export * from './planets';
export * from './jobs';
export * from './birth-subject';
export * from './voice';
export * from './western';
export * from './reports';
export * from './saju';
export * from './visual';
export * from './vedic';
export * from './delivery';
export * from './routes';
export * from './openapi';
export * from './planets-document';
export * from './stable-json';
export * from './cultural-intelligence';
export * from './chinese';
export * from './finance';
