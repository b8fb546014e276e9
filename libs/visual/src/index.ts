export * from './landmark-models';
export * from './upload-cleanup';
export * from './upload-image';
export * from './uploads';
export * from './visual-analysis';
export * from './visual-document';
export * from './economics';
