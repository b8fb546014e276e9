export * from './branding';
export * from './html';
export * from './layout';
export * from './logo';
export * from './pdf-renderer';
export * from './reports';
export * from './reports/common';
