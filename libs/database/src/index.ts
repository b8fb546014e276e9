export * from './database';
export * from './roles';
export * from './rounds';
export { redactPersonalDataFromEvents } from './migrations/1733747100000-personal-data-out-of-events';
