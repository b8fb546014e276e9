export * from './errors';
export * from './time';
export * from './zodiac';
export * from './planets';
export { useEphemerisPath, REQUIRED_EPHEMERIS_FILES } from './swisseph-binding';
