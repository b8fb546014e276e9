export * from './search-attributes';
