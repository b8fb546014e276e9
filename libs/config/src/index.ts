export * from './config';
export * from './retry-schedule';
