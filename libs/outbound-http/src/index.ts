export * from './address';
export * from './client';
