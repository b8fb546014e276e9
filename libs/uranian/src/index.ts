export * from './dial';
export { FACTORS, factorName, pictureMeaning, URANIAN_CONTENT } from './factors';
export type { Factor, Localized as UranianLocalized, UranianLocale } from './factors';
export * from './chart';
export * from './dial-svg';
