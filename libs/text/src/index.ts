export * from './template';
export * from './thai';
