export * from './event-store';
export * from './credits';
export * from './projection';
export * from './account-projection';
export * from './rebuild';
export * from './statement';
export * from './charge-batcher';
export * from './usage';
