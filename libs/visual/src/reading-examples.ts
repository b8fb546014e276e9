import { definitionsFor } from './definitions';
import { HandMeasurements, LONG_FINGER_RATIO, LONG_PALM_RATIO } from './hand-analysis';
import { Measurement } from './face-measurements';
import { PalmLine } from './palm-lines';
import { CANON_BANDS, FACE_GROUPS, FaceFeature, INDEX_RING_BALANCED, LINE_DEEP, LINE_LONG, THUMB_ANGLE } from './reading';
import { FACE_REFERENCES, Reference, referenceMiddle } from './reference-norms';
import { FaceImageAnalysis, PalmImageAnalysis } from './visual-analysis';
import { VisualAnalysis } from './visual-document';

/**
 * Made-up analyses (no photo, no person) that between them reach every band of every face feature,
 * every hand shape, both depths and lengths of each palm line, every finger and thumb band and
 * every path of the two summaries. For the prose check (scripts/prose-samples.ts) and the tests of
 * the reading's text; readings of real photos come from the landmark models.
 */
const DEFINITIONS = definitionsFor('en');
const QUALITY = { width: 1000, height: 1000, brightness: 120, sharpness: 100 };
const measured = (value: number, definition: string | undefined): Measurement => ({ value, definition: definition ?? '' });

type Band = 'low' | 'typical' | 'high';
const FEATURES = Object.values(FACE_GROUPS).flat();
/** A measurement in the band: a canon measure by its value, the others by a percentile (low 15, typical 50, high 85). */
function inBand(feature: FaceFeature, band: Band): Measurement {
  const canon = (CANON_BANDS as Record<string, [number, number]>)[feature];
  if (canon) {
    const [low, high] = canon;
    const step = (high - low) / 4;
    return measured(
      Math.round((band === 'low' ? low - step : band === 'high' ? high + step : (low + high) / 2) * 1000) / 1000,
      DEFINITIONS.face(feature),
    );
  }
  const percentile = { low: 15, typical: 50, high: 85 }[band];
  const reference = (FACE_REFERENCES as Record<string, Reference>)[feature];
  return { ...measured(Math.round(referenceMiddle(reference) * 1000) / 1000, DEFINITIONS.face(feature)), percentile };
}

function face(bands: Partial<Record<FaceFeature, Band>>, otherwise: Band): FaceImageAnalysis {
  const measurements: Record<string, Measurement> = {};
  for (const feature of FEATURES) measurements[feature] = inBand(feature, bands[feature] ?? otherwise);
  return { landmarks: { count: 0, box: [0, 0, 0, 0], score: 0, mesh: [] }, points: {}, measurements, quality: QUALITY };
}

/** The face with its upper zone taken at the reference's mean: the hairline was not found. */
function hairlineHidden(analysis: FaceImageAnalysis): FaceImageAnalysis {
  const upper = { ...analysis.measurements.upper_third, percentile: 50, estimated: true as const };
  return { ...analysis, measurements: { ...analysis.measurements, upper_third: upper } };
}

interface HandSpec {
  shape: HandMeasurements['hand_shape']['class'];
  lines: Record<'heart' | 'head' | 'life', 'deep_long' | 'deep_short' | 'faint_long' | 'faint_short'>;
  fingers: 'index_longer' | 'balanced' | 'ring_longer';
  thumb: 'wide' | 'middle' | 'close';
}

function hand(side: 'left' | 'right', spec: HandSpec): PalmImageAnalysis {
  const long = { earth: [false, false], air: [false, true], fire: [true, false], water: [true, true] }[spec.shape];
  const values: Record<string, number> = {
    palm_length_to_width: long[0] ? LONG_PALM_RATIO + 0.2 : LONG_PALM_RATIO - 0.2,
    middle_to_palm_length: long[1] ? LONG_FINGER_RATIO + 0.1 : LONG_FINGER_RATIO - 0.1,
    index_to_ring: { index_longer: INDEX_RING_BALANCED[1] + 0.03, balanced: 1, ring_longer: INDEX_RING_BALANCED[0] - 0.03 }[spec.fingers],
    thumb_angle_degrees: { wide: THUMB_ANGLE[1] + 10, middle: (THUMB_ANGLE[0] + THUMB_ANGLE[1]) / 2, close: THUMB_ANGLE[0] - 8 }[
      spec.thumb
    ],
  };
  const line = (name: 'heart' | 'head' | 'life'): PalmLine => {
    const [depth, length] = spec.lines[name].split('_');
    return {
      prominence: depth === 'deep' ? LINE_DEEP + 0.3 : LINE_DEEP - 0.3,
      length: length === 'long' ? LINE_LONG + 0.2 : LINE_LONG - 0.2,
      path: [],
      definition: DEFINITIONS.line(name),
    };
  };
  return {
    hand: side,
    quality: QUALITY,
    landmarks: { score: 0, rotation_degrees: 0, keypoints: [] },
    measurements: Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, measured(Math.round(v * 1000) / 1000, DEFINITIONS.hand(k))]),
    ),
    hand_shape: {
      class: spec.shape,
      palm: long[0] ? 'long' : 'square',
      fingers: long[1] ? 'long' : 'short',
      definition: DEFINITIONS.handShape({ long_palm: LONG_PALM_RATIO, long_fingers: LONG_FINGER_RATIO }),
    },
    lines: { heart: line('heart'), head: line('head'), life: line('life'), region: [0, 0, 0, 0] },
  };
}

export function exampleAnalyses(): VisualAnalysis[] {
  const faces: FaceImageAnalysis[] = [
    face({}, 'low'),
    hairlineHidden(face({}, 'typical')),
    face({}, 'high'),
    face({ upper_third: 'high' }, 'typical'),
    face({ middle_third: 'high', face_width_to_height: 'low' }, 'typical'),
    face({ lower_third: 'high', face_width_to_height: 'high' }, 'typical'),
  ];
  const same: HandSpec = {
    shape: 'earth',
    lines: { heart: 'deep_long', head: 'deep_long', life: 'deep_long' },
    fingers: 'index_longer',
    thumb: 'wide',
  };
  const palms: [HandSpec, HandSpec][] = [
    [same, same],
    [
      { shape: 'air', lines: { heart: 'faint_short', head: 'faint_short', life: 'faint_short' }, fingers: 'ring_longer', thumb: 'close' },
      { shape: 'fire', lines: { heart: 'deep_long', head: 'deep_long', life: 'deep_long' }, fingers: 'balanced', thumb: 'middle' },
    ],
    [
      { shape: 'water', lines: { heart: 'deep_short', head: 'faint_long', life: 'faint_long' }, fingers: 'balanced', thumb: 'middle' },
      { shape: 'water', lines: { heart: 'deep_long', head: 'faint_long', life: 'faint_long' }, fingers: 'balanced', thumb: 'middle' },
    ],
  ];
  return [
    ...faces.map((f): VisualAnalysis => ({ family: 'face', face: f })),
    ...palms.map(([l, r]): VisualAnalysis => ({ family: 'palm', left: hand('left', l), right: hand('right', r) })),
  ];
}
