export * from './reconciliation';
export * from './load';
export * from './format';
export * from './statement';
