export * from './payload-codec';
export * from './idempotency-seal';
