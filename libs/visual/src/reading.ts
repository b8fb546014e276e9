import en from './content/en.json';
import th from './content/th.json';
import { VisualLocale, VisualSku } from '@astro/contracts';
import { FaceAnalysis, Measurement } from './face-measurements';
import { HandMeasurements } from './hand-analysis';
import { PalmLine } from './palm-lines';

export type ReadingText = typeof en;
const TEXTS: Record<VisualLocale, ReadingText> = { en, th };
export const readingText = (locale: VisualLocale): ReadingText => TEXTS[locale];

/**
 * Where a face proportion counts as low or high (between the two: typical), on the scale the face
 * mesh measures: its top point (10) sits on the forehead below the hairline, so the upper third
 * comes out near 0.2 rather than the classical 0.33, and its eye and nose points are the mesh's,
 * not an anatomist's. Rough bands set around the proportions of adult faces as the mesh places
 * them (the test portrait: 0.88, 0.18 / 0.42 / 0.40, eye spacing 1.32, lips 0.34); the tradition
 * reads the departures from the middle.
 */
export const FACE_BANDS: Record<keyof ReadingText['face']['features'], [number, number]> = {
  face_width_to_height: [0.8, 0.95],
  upper_third: [0.15, 0.23],
  middle_third: [0.36, 0.44],
  lower_third: [0.36, 0.44],
  eye_spacing: [1.15, 1.4],
  brow_height: [0.75, 1.05],
  nose_width_to_eye_spacing: [1.05, 1.35],
  mouth_width_to_nose_width: [1.3, 1.65],
  lip_fullness: [0.25, 0.4],
};
/** A palm line is deep when its crease response is this many times the palm's mean, long beyond this share. */
export const LINE_DEEP = 1.6;
export const LINE_LONG = 0.55;
/** Index-to-ring ratio band read as "alike"; thumb angles read as close / wide. */
export const INDEX_RING_BALANCED: [number, number] = [0.97, 1.03];
export const THUMB_ANGLE: [number, number] = [20, 40];

export interface ReadingItem {
  feature: string;
  name: string;
  value: number | string;
  band?: string;
  text: string;
  detail?: string;
}

const band = (value: number, [low, high]: [number, number]) => (value < low ? 'low' : value > high ? 'high' : 'typical');

export function faceReading(analysis: FaceAnalysis, locale: VisualLocale, sku: VisualSku): ReadingItem[] {
  const t = readingText(locale).face.features;
  return (Object.keys(FACE_BANDS) as (keyof typeof FACE_BANDS)[]).map((feature) => {
    const value = (analysis.measurements[feature] as Measurement).value;
    const b = band(value, FACE_BANDS[feature]) as 'low' | 'typical' | 'high';
    return {
      feature,
      name: t[feature].name,
      value,
      band: b,
      text: t[feature][b],
      ...(sku === 'premium' ? { detail: t[feature].detail } : {}),
    };
  });
}

export interface PalmAnalysisForReading {
  hand: 'left' | 'right';
  shape: HandMeasurements;
  lines: { heart: PalmLine; head: PalmLine; life: PalmLine };
}

export function palmReading(palm: PalmAnalysisForReading, locale: VisualLocale, sku: VisualSku): ReadingItem[] {
  const t = readingText(locale).palm;
  const m = palm.shape.measurements;
  const items: ReadingItem[] = [
    {
      feature: 'hand_shape',
      name: readingText(locale).labels.hand_shape,
      value: palm.shape.hand_shape.class,
      text: t.shapes[palm.shape.hand_shape.class],
    },
  ];
  for (const line of ['heart', 'head', 'life'] as const) {
    const measured = palm.lines[line];
    const depth = measured.prominence >= LINE_DEEP ? 'deep' : 'faint';
    const length = measured.length >= LINE_LONG ? 'long' : 'short';
    items.push({
      feature: `${line}_line`,
      name: t.lines[line].name,
      value: measured.prominence,
      band: `${depth}, ${length}`,
      text: sku === 'json' ? t.lines[line][depth] : `${t.lines[line][depth]} ${t.lines[line][length]}`,
    });
  }
  const ratio = m.index_to_ring.value;
  const fingers = ratio > INDEX_RING_BALANCED[1] ? 'index_longer' : ratio < INDEX_RING_BALANCED[0] ? 'ring_longer' : 'balanced';
  items.push({ feature: 'index_to_ring', name: 'index / ring', value: ratio, band: fingers, text: t.fingers[fingers] });
  const angle = m.thumb_angle_degrees.value;
  const thumb = angle > THUMB_ANGLE[1] ? 'wide' : angle < THUMB_ANGLE[0] ? 'close' : 'middle';
  items.push({
    feature: 'thumb_angle_degrees',
    name: 'thumb',
    value: angle,
    band: thumb,
    text: t.thumb[thumb],
    ...(sku === 'premium' ? { detail: t.detail } : {}),
  });
  return items;
}
