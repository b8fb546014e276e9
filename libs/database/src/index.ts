export * from './database';
export * from './roles';
export * from './rounds';
