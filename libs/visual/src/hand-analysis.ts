import sharp from 'sharp';
import { DetectedHand, LandmarkModels, Point3 } from './landmark-models';
import { angleBetween, dist, pathLength, round } from './geometry';
import { Measurement } from './face-measurements';
import { definitionsFor } from './definitions';
import { INDEX_TO_RING_REFERENCE, percentileOf } from './reference-norms';

/** The 21 hand keypoints of the MediaPipe hand model. */
export const HAND = {
  wrist: 0,
  thumb: [1, 2, 3, 4],
  index: [5, 6, 7, 8],
  middle: [9, 10, 11, 12],
  ring: [13, 14, 15, 16],
  pinky: [17, 18, 19, 20],
} as const;
const FINGERS = ['thumb', 'index', 'middle', 'ring', 'pinky'] as const;

/** The orientations tried, clockwise degrees. The landmark model wants the fingers pointing up. */
const ROTATIONS = [0, 90, 180, 270] as const;
/**
 * A border added around the photo (this fraction of its long side, edge pixels repeated): the hand
 * detector was trained on whole bodies and misses a hand that fills the frame. Measured on the test
 * palm: found at 0.25 with score 0.48–0.91 depending on the rotation, at 0.5 with 0.79–0.97.
 */
const PAD = 0.5;

export interface LocatedHand {
  score: number;
  fingerScore: number;
  /** the rotation (clockwise degrees) under which the models found the most plausible hand */
  rotation: number;
  /** the 21 keypoints in the coordinates of the analysed photo */
  keypoints: [number, number][];
  /** the same keypoints in the upright frame the model saw (fingers up), before the border */
  upright: [number, number][];
  plausible: boolean;
}

/** How far the hand may lean from fingers-up, in the rotated frame, and still count as upright. */
const MAX_LEAN_DEGREES = 50;

/**
 * A hand is plausible when, in the frame the model saw, it stands upright (wrist below the
 * middle-finger knuckle: the landmark model's geometry is only trustworthy there; sideways it
 * still answers, with a squashed palm) and all five fingertips lie farther from the wrist than
 * their own knuckles (an open hand, as palm reading needs).
 */
export function openHandPlausible(k: readonly (readonly number[])[]): boolean {
  const wrist = k[HAND.wrist] as [number, number];
  const knuckle = k[HAND.middle[0]] as [number, number];
  const palm = dist(wrist, knuckle);
  if (palm < 10) return false;
  const lean = (Math.atan2(Math.abs(knuckle[0] - wrist[0]), wrist[1] - knuckle[1]) * 180) / Math.PI;
  if (lean > MAX_LEAN_DEGREES) return false;
  return FINGERS.every((f) => {
    const [base, , , tip] = HAND[f];
    return dist(wrist, k[tip] as [number, number]) > dist(wrist, k[base] as [number, number]);
  });
}

/** Maps a point of the photo rotated clockwise by `rotation` back to the photo (width × height). */
export function unrotate(x: number, y: number, rotation: number, width: number, height: number): [number, number] {
  switch (rotation) {
    case 90:
      return [y, height - 1 - x];
    case 180:
      return [width - 1 - x, height - 1 - y];
    case 270:
      return [width - 1 - y, x];
    default:
      return [x, y];
  }
}

/**
 * The photo turned by `rotation` with the border around it: what the hand model sees; mirrored, its
 * mirror image. The mirror is a second step: sharp flops before it rotates within one pipeline.
 */
async function prepare(image: Buffer, rotation: number, pad: number, mirror: boolean): Promise<Buffer> {
  const turned = await sharp(image)
    .rotate(rotation)
    .extend({ top: pad, bottom: pad, left: pad, right: pad, extendWith: 'copy' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return mirror ? sharp(turned).flop().png({ compressionLevel: 0 }).toBuffer() : turned;
}

/**
 * The model's reading of the same upright hand in its mirror image, mapped back (x → width − x)
 * and averaged with the direct reading, point by point (a keypoint's index names the same joint in
 * both). The hand model is not mirror-symmetric: on the test palm, whose wrist lies just outside
 * the photo, the direct readings of the photo and of its mirror image put the wrist 14 px apart and
 * give palm length to width 1.58 and 1.70. The mean of both readings is the same for a photo and
 * its mirror image, so a mirrored photo measures the same hand.
 */
function mirrorAveraged(direct: [number, number][], mirrored: [number, number][], width: number): [number, number][] {
  return direct.map(([x, y], i) => [(x + width - mirrored[i][0]) / 2, (y + mirrored[i][1]) / 2]);
}

/**
 * Finds the hand: tries each rotation on the padded photo and keeps the plausible detection with the
 * highest score (or the best implausible one, so the caller can say why it refuses it); a plausible
 * hand's keypoints are then averaged with the model's reading of its mirror image (mirrorAveraged).
 */
export async function locateHand(models: LandmarkModels, image: Buffer): Promise<LocatedHand | null> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const pad = Math.round(PAD * Math.max(width, height));
  const located = (rotation: number, points: [number, number][], hand: DetectedHand): LocatedHand => {
    const upright = points.map(([x, y]) => [x - pad, y - pad] as [number, number]);
    return {
      score: hand.score,
      fingerScore: hand.fingerScore,
      rotation,
      upright,
      keypoints: upright.map(([x, y]) => unrotate(x, y, rotation, width, height)),
      plausible: openHandPlausible(upright),
    };
  };
  const xy = (hand: DetectedHand) => hand.keypoints.map((p: Point3) => [p[0], p[1]] as [number, number]);
  let best: { hand: LocatedHand; detected: DetectedHand } | null = null;
  for (const rotation of ROTATIONS) {
    for (const hand of await models.hands(await prepare(image, rotation, pad, false))) {
      if (hand.keypoints.length !== 21) continue;
      const candidate = located(rotation, xy(hand), hand);
      const better =
        !best ||
        (candidate.plausible && !best.hand.plausible) ||
        (candidate.plausible === best.hand.plausible && candidate.score > best.hand.score);
      if (better) best = { hand: candidate, detected: hand };
    }
  }
  if (!best?.hand.plausible) return best?.hand ?? null;
  const { rotation } = best.hand;
  const preparedWidth = (rotation % 180 === 0 ? width : height) + 2 * pad;
  const unmirror = (p: Point3[]) => p.map(([x, y]) => [preparedWidth - x, y] as [number, number]);
  const mirrored = (await models.hands(await prepare(image, rotation, pad, true)))
    .filter((h) => h.keypoints.length === 21 && openHandPlausible(unmirror(h.keypoints)))
    .sort((a, b) => b.score - a.score)[0];
  if (!mirrored) return best.hand;
  return located(rotation, mirrorAveraged(xy(best.detected), xy(mirrored), preparedWidth), best.detected);
}

/**
 * Which hand the keypoints show, assuming the palm faces the camera (as palm photos do): with the
 * fingers up, a right palm has its thumb on the image's right, so the index knuckle lies to the
 * right of the little-finger knuckle. Rotation does not change the sign of the cross product.
 */
export function handednessOf(k: readonly (readonly number[])[]): 'left' | 'right' {
  const up = [k[HAND.middle[0]][0] - k[HAND.wrist][0], k[HAND.middle[0]][1] - k[HAND.wrist][1]];
  const across = [k[HAND.pinky[0]][0] - k[HAND.index[0]][0], k[HAND.pinky[0]][1] - k[HAND.index[0]][1]];
  return up[0] * across[1] - up[1] * across[0] < 0 ? 'right' : 'left';
}

export interface HandMeasurements {
  measurements: Record<string, Measurement>;
  hand_shape: { class: 'earth' | 'air' | 'fire' | 'water'; palm: 'square' | 'long'; fingers: 'short' | 'long'; definition: string };
}

/**
 * Thresholds of the traditional four hand shapes, on the knuckle-line palm width (index to little
 * finger knuckles, narrower than the whole palm) and the middle finger.
 */
export const LONG_PALM_RATIO = 1.1;
export const LONG_FINGER_RATIO = 0.9;
const DEFINITIONS = definitionsFor('en');

export function measureHand(k: readonly (readonly number[])[]): HandMeasurements {
  const pt = (i: number) => k[i] as [number, number];
  const palmWidth = dist(pt(HAND.index[0]), pt(HAND.pinky[0]));
  const palmLength = dist(pt(HAND.wrist), pt(HAND.middle[0]));
  const length = (f: (typeof FINGERS)[number]) => pathLength(HAND[f].map(pt));
  const lengths = Object.fromEntries(FINGERS.map((f) => [f, length(f)])) as Record<(typeof FINGERS)[number], number>;
  const values: Record<string, number> = {
    palm_length_to_width: round(palmLength / palmWidth),
    thumb_angle_degrees: round(angleBetween(pt(1), pt(4), pt(5), pt(8)), 1),
    index_to_ring: round(lengths.index / lengths.ring),
  };
  for (const f of FINGERS) values[`${f}_to_palm_length`] = round(lengths[f] / palmLength);
  const measurements: Record<string, Measurement> = {};
  for (const [key, value] of Object.entries(values)) measurements[key] = { value, definition: DEFINITIONS.hand(key)! };
  measurements.index_to_ring.percentile = percentileOf(values.index_to_ring, INDEX_TO_RING_REFERENCE);
  const palm = palmLength / palmWidth >= LONG_PALM_RATIO ? 'long' : 'square';
  const fingers = lengths.middle / palmLength >= LONG_FINGER_RATIO ? 'long' : 'short';
  const shape = palm === 'square' ? (fingers === 'short' ? 'earth' : 'air') : fingers === 'short' ? 'fire' : 'water';
  return {
    measurements,
    hand_shape: {
      class: shape,
      palm,
      fingers,
      definition: DEFINITIONS.handShape({ long_palm: LONG_PALM_RATIO, long_fingers: LONG_FINGER_RATIO }),
    },
  };
}
