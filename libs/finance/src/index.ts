export * from './reconciliation';
export * from './load';
export * from './format';
export * from './statement';
export * from './checkpoints';
export * from './event-pages';
