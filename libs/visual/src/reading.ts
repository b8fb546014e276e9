import en from './content/en.json';
import th from './content/th.json';
import type { SafetyMode, VisualLocale, VisualSku } from '@astro/contracts';
import { compose } from '@astro/text';
import { FaceAnalysis, Measurement } from './face-measurements';
import { PercentileBand, percentileBand } from './reference-norms';
import { HandMeasurements } from './hand-analysis';
import { PalmLine } from './palm-lines';

/**
 * The written palm and face readings (docs/content.md, "Palm and face readings"): every sentence
 * comes from content/en.json or content/th.json; this module chooses the paragraph for each
 * measured band and safety mode and fills the few templates through the templating step of
 * @astro/text.
 */
export type ReadingText = typeof en;
const TEXTS: Record<VisualLocale, ReadingText> = { en, th };
export const readingText = (locale: VisualLocale): ReadingText => TEXTS[locale];

/**
 * A paragraph with variants by safety mode (`{ default, workplace, … }`), or one text for every
 * mode. Workplace variants leave out love, health and anything that could read as judging a
 * person's ability; financial wellness variants read the palace of wealth for temperament, not money.
 */
type Variants = string | ({ default: string } & Partial<Record<SafetyMode, string>>);
export const variant = (entry: Variants, mode: SafetyMode): string => (typeof entry === 'string' ? entry : (entry[mode] ?? entry.default));

/**
 * The usual range of the two face measures that no reference table measures (reference-norms.ts):
 * set around adult faces as the mesh places them (the test portrait: brows 0.87, lips 0.33). The
 * other features are placed by their percentile among the reference's adults.
 */
export const CANON_BANDS = {
  brow_height: [0.75, 1.05],
  lip_fullness: [0.25, 0.4],
} satisfies Partial<Record<keyof ReadingText['face']['features'], [number, number]>>;
export type FaceFeature = keyof ReadingText['face']['features'];
/** The face features in reading order, in the groups the page prints them under. */
export const FACE_GROUPS: Record<keyof ReadingText['face']['groups'], FaceFeature[]> = {
  outline: ['face_width_to_height'],
  zones: ['upper_third', 'middle_third', 'lower_third'],
  features: ['eye_spacing', 'brow_height', 'nose_width_to_eye_spacing', 'mouth_width_to_nose_width', 'lip_fullness'],
};
const ZONES = { upper: 'upper_third', middle: 'middle_third', lower: 'lower_third' } as const;

/**
 * A palm line is deep when the mean crease response along its trace is this many times the palm's
 * mean, long when it stands above the threshold along this share of its band (set on the traced
 * test palm: heart 3.5 and 0.76, head 2.6 and 0.62, life 3.8 and 0.88).
 */
export const LINE_DEEP = 3;
export const LINE_LONG = 0.7;
/** Index-to-ring ratio band read as "alike"; thumb angles read as close / wide. */
export const INDEX_RING_BALANCED: [number, number] = [0.97, 1.03];
export const THUMB_ANGLE: [number, number] = [20, 40];
export const PALM_LINES = ['heart', 'head', 'life'] as const;
export type PalmLineName = (typeof PALM_LINES)[number];

export interface ReadingItem {
  feature: string;
  name: string;
  value: number | string;
  band?: string;
  /** where the value stands among adults of the published reference, 1–99 (reference-norms.ts) */
  percentile?: number;
  /** the paragraph of the reading */
  text: string;
  /** premium: what else the tradition reads in this feature */
  detail?: string;
}

export interface ReadingOptions {
  locale: VisualLocale;
  sku: VisualSku;
  safetyMode: SafetyMode;
}

type Band = 'low' | 'typical' | 'high';
export const faceBand = (value: number, [low, high]: [number, number]): Band => (value < low ? 'low' : value > high ? 'high' : 'typical');
/** Where a measure inside its usual range sits: its lower, middle or upper third. */
export type Lean = 'low' | 'mid' | 'high';
export const faceLean = (value: number, [low, high]: [number, number]): Lean => {
  const at = (value - low) / (high - low);
  return at < 1 / 3 ? 'low' : at > 2 / 3 ? 'high' : 'mid';
};

/**
 * Where a face feature stands: by its percentile (below the 30th low, above the 70th high, and
 * inside that middle its lower, middle or upper third), or for a canon measure by its usual range.
 * `standing` is the band the page prints.
 */
export interface FacePosition {
  band: Band;
  lean: Lean;
  standing: PercentileBand | `canon_${Band}`;
  percentile?: number;
}
const MIDDLE: [number, number] = [30, 70];
export function facePosition(feature: FaceFeature, measurement: Measurement): FacePosition {
  const { percentile } = measurement;
  if (percentile === undefined) {
    const range = (CANON_BANDS as Record<string, [number, number]>)[feature];
    const band = faceBand(measurement.value, range);
    return { band, lean: band === 'typical' ? faceLean(measurement.value, range) : 'mid', standing: `canon_${band}` };
  }
  const band = faceBand(percentile, MIDDLE);
  return { band, lean: band === 'typical' ? faceLean(percentile, MIDDLE) : 'mid', standing: percentileBand(percentile), percentile };
}

export function faceReading(analysis: FaceAnalysis, options: ReadingOptions): ReadingItem[] {
  const t = readingText(options.locale).face.features;
  return Object.values(FACE_GROUPS)
    .flat()
    .map((feature) => {
      const measurement = analysis.measurements[feature] as Measurement;
      const { band, lean, standing, percentile } = facePosition(feature, measurement);
      const entry = t[feature];
      // A usual measure near one end of its range still says something of its own: the paragraph
      // for the usual band goes on with the sentence for that end, so an even face is not read as
      // nine times "in proportion". A forehead whose hairline is hidden says so first.
      const text = variant(entry[band], options.safetyMode);
      const hidden = measurement.estimated ? [t.upper_third.hidden] : [];
      const leaning = lean === 'mid' ? [] : [lean === 'low' ? entry.lean_low : entry.lean_high];
      return {
        feature,
        name: entry.name,
        value: measurement.value,
        band: standing,
        ...(percentile !== undefined ? { percentile } : {}),
        text: [...hidden, text, ...leaning].join(' '),
        ...(options.sku === 'premium' ? { detail: entry.detail } : {}),
      };
    });
}

/**
 * The face read as a whole: the zone that stands highest among adults when any zone leaves the
 * middle of the reference (or an even face when none does), in the outline of the face.
 */
export function faceSummary(analysis: FaceAnalysis, locale: VisualLocale): string {
  const s = readingText(locale).face.summary;
  const position = (feature: FaceFeature) => facePosition(feature, analysis.measurements[feature] as Measurement);
  const shape = s.shapes[position('face_width_to_height').band];
  const zones = (Object.entries(ZONES) as [keyof typeof ZONES, FaceFeature][]).map(([zone, feature]) => ({
    zone,
    ...position(feature),
  }));
  const top = zones.reduce((best, z) => ((z.percentile ?? 50) > (best.percentile ?? 50) ? z : best));
  const z = s.zones[top.zone];
  if (zones.every((o) => o.band === 'typical')) {
    // An even face: name the zone in the upper third of the middle, if one is, as a lean, not a weight.
    const lean = top.lean === 'high' ? [compose(locale, s.even_lean, { zone: z.name, period: z.period })] : [];
    return [compose(locale, s.lead_even, { shape }), ...lean, s.even].join(' ');
  }
  return [compose(locale, s.lead, { zone: z.name, period: z.period, shape }), z.text].join(' ');
}

export interface PalmAnalysisForReading {
  hand: 'left' | 'right';
  shape: HandMeasurements;
  lines: Record<PalmLineName, PalmLine>;
}

export const lineBands = (line: PalmLine) =>
  ({ depth: line.prominence >= LINE_DEEP ? 'deep' : 'faint', length: line.length >= LINE_LONG ? 'long' : 'short' }) as const;
export const fingerBand = (ratio: number) =>
  ratio > INDEX_RING_BALANCED[1] ? 'index_longer' : ratio < INDEX_RING_BALANCED[0] ? 'ring_longer' : 'balanced';
export const thumbBand = (angle: number) => (angle > THUMB_ANGLE[1] ? 'wide' : angle < THUMB_ANGLE[0] ? 'close' : 'middle');

export function palmReading(palm: PalmAnalysisForReading, options: ReadingOptions): ReadingItem[] {
  const text = readingText(options.locale);
  const t = text.palm;
  const mode = options.safetyMode;
  const premium = options.sku === 'premium';
  const m = palm.shape.measurements;
  const shape = palm.shape.hand_shape.class;
  const items: ReadingItem[] = [
    {
      feature: 'hand_shape',
      name: text.labels.hand_shape,
      value: shape,
      text: t.shapes[shape],
      ...(premium ? { detail: t.shape_detail } : {}),
    },
  ];
  for (const line of PALM_LINES) {
    const { depth, length } = lineBands(palm.lines[line]);
    const content = t.lines[line];
    items.push({
      feature: `${line}_line`,
      name: content.name,
      value: palm.lines[line].prominence,
      band: `${depth}_${length}`,
      text: `${variant(content[depth], mode)} ${variant(content[length], mode)}`,
      ...(premium ? { detail: variant(content.detail, mode) } : {}),
    });
  }
  const ratio = m.index_to_ring.value;
  const fingers = fingerBand(ratio);
  items.push({
    feature: 'index_to_ring',
    name: text.labels.index_to_ring,
    value: ratio,
    band: fingers,
    percentile: m.index_to_ring.percentile,
    text: variant(t.fingers[fingers], mode),
    ...(premium ? { detail: t.fingers.detail } : {}),
  });
  const angle = m.thumb_angle_degrees.value;
  const thumb = thumbBand(angle);
  items.push({
    feature: 'thumb_angle_degrees',
    name: text.labels.thumb_angle,
    value: angle,
    band: thumb,
    text: t.thumb[thumb],
    ...(premium ? { detail: t.thumb.detail } : {}),
  });
  return items;
}

/** A list in the language's own way: "the heart line, the head line and the life line"; Thai without commas. */
function list(items: string[], s: { list_comma: string; list_and: string }): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(s.list_comma)}${s.list_and}${items[items.length - 1]}`;
}

/** The two hands compared, as palmists compare them: the hand shapes, then the lines that read differently. */
export function palmSummary(left: PalmAnalysisForReading, right: PalmAnalysisForReading, locale: VisualLocale): string {
  const t = readingText(locale).palm;
  const s = t.summary;
  const [l, r] = [left.shape.hand_shape.class, right.shape.hand_shape.class];
  const shapes =
    l === r
      ? compose(locale, s.same_shape, { shape: t.elements[l] })
      : compose(locale, s.different_shape, { left: t.elements[l], right: t.elements[r] });
  const differing = PALM_LINES.filter((line) => {
    const [a, b] = [lineBands(left.lines[line]), lineBands(right.lines[line])];
    return a.depth !== b.depth || a.length !== b.length;
  });
  const lines =
    differing.length === 0
      ? s.lines_same
      : compose(locale, differing.length === 1 ? s.lines_differ_one : s.lines_differ_many, {
          lines: list(
            differing.map((line) => t.lines[line].in_list),
            s,
          ),
        });
  return [shapes, lines].join(' ');
}
