export * from './template';
export * from './thai';
export * from './prose-check';
