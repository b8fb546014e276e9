export * from './database';
export * from './roles';
