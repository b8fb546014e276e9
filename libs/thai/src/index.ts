export * from './year-types';
export * from './calendar';
export * from './date-text';
export * from './observances';
export * from './almanac';
export * from './holy-days';
export * from './maha-thaksa';
export * from './yam-atthakan';
