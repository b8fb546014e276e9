export * from './branding';
export * from './html';
export * from './layout';
export * from './logo';
export * from './svg-sanitise';
export * from './pdf-renderer';
export * from './reports';
export * from './reports/common';
export { coverPreviewHtml } from './reports/cover-preview';
export * from './chart-wheel';
export * from './chart-image';
export {
  balanceText,
  computeSynastry,
  factorText,
  synastryContactsHtml,
  synastryInterpretation,
  synastryReading,
} from './reports/synastry-report';
export { contactText, elementsText, overlayText } from './reports/synastry-depth';
export { logoRasterisations, rasteriseLogo, LOGO_RASTER_BUDGET } from './rasterise-logo';
export type { LogoFormat, RasterBudget } from './rasterise-logo';
export { runInSharpChild, SharpChildRefused, SHARP_CHILDREN_AT_ONCE } from './sharp-child';
export { rasterHeaderSize } from './raster-header';
export { SVG_LIMITS } from './svg-limits';
export * from './isolation';
export { withTestMark } from './reports/test-mark';
export * from './pillar-grid';
export * from './pillar-grid-of';
export * from './system-sheet';
export * from './tarot/tarot-spread';
export * from './aspect-grid';
export type { BaziReportInput, FourPillarsData, SajuReportInput } from './reports/four-pillars/compute';
export type { FourPillarsChart } from './reports/four-pillars/chart';
export type { FourPillarsDocument } from './reports/four-pillars/document';
export { cardFaceSvg, cardNumeral, DEFAULT_FRAME as TAROT_FRAME_COLOR } from './tarot/card-face';
export type { FaceCard } from './tarot/card-face';
