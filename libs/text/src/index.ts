export * from './template';
export * from './thai';
export * from './prose-check';
export * from './workplace-words';
export * from './safety-modes';
