export * from './errors';
export * from './time';
export * from './zodiac';
export * from './planets';
export * from './houses';
export * from './rise-set';
export * from './crossings';
export { useEphemerisPath, REQUIRED_EPHEMERIS_FILES } from './swisseph-binding';
export * from './obliquity';
