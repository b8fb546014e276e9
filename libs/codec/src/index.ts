export * from './payload-codec';
