export * from './config';
export * from './retry-schedule';
export * from './secrets';
