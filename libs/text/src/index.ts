export * from './template';
export * from './thai';
export * from './dates';
export * from './prose-samples';
export * from './workplace-words';
export * from './safety-modes';
