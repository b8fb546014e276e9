export * from './database';
export * from './roles';
export * from './rounds';
export { redactPersonalDataFromEvents } from './migrations/1733747100000-personal-data-out-of-events';
export { moveQueueIdempotencyKeys } from './migrations/1733900000000-one-idempotency-store';
