import { definitionsFor } from './definitions';
import { DetectedFace } from './landmark-models';
import { along, dist, mid, round } from './geometry';
import { FACE_REFERENCES, percentileOf, Reference, referenceMiddle } from './reference-norms';

/**
 * Indices of the MediaPipe face mesh (468 points, plus 10 iris points in the 478-point model) that
 * the measurements use. Subject's right is on the image's left in an unmirrored photo.
 */
export const MESH = {
  foreheadTop: 10,
  glabella: 9,
  subnasale: 2,
  chin: 152,
  cheekRight: 234,
  cheekLeft: 454,
  rightEyeOuter: 33,
  rightEyeInner: 133,
  leftEyeInner: 362,
  leftEyeOuter: 263,
  // Human appends the iris points of its 478-point model with the subject's left iris first (468,
  // on the image's right in an unmirrored photo), the right iris second (473): measured here.
  rightIris: 473,
  leftIris: 468,
  rightBrow: [70, 63, 105, 66, 107],
  leftBrow: [336, 296, 334, 293, 300],
  rightBrowMid: 105,
  leftBrowMid: 334,
  noseRightWing: 129,
  noseLeftWing: 358,
  nasion: 168,
  noseTip: 1,
  mouthRight: 61,
  mouthLeft: 291,
  upperLipTop: 0,
  lowerLipBottom: 17,
} as const;

/** What each proportion measures (content/en.json; a Thai reading carries th.json's, see definitionsFor). */
const DEFINITIONS = definitionsFor('en');

export interface Measurement {
  value: number;
  definition: string;
  /** where the value stands among adults of the published reference (reference-norms.ts), 1–99 */
  percentile?: number;
  /** the upper zone when the hairline could not be seen: taken at the reference's mean, not measured */
  estimated?: true;
}

/** What one photo's face mesh gives: its mesh and the hairline found above it (hairline.ts), if any. */
export interface FaceView {
  face: DetectedFace;
  hairline: [number, number] | null;
}

export interface FaceAnalysis {
  /** `mesh`: all 478 points (x, y in photo pixels), drawn on the premium annotated photo */
  landmarks: { count: number; box: [number, number, number, number]; score: number; mesh: [number, number][] };
  points: Record<string, [number, number]>;
  measurements: Record<string, Measurement>;
}

/** The forehead's share of the face height in the reference: the upper zone of a face whose hairline is hidden. */
const UPPER_SHARE = referenceMiddle(FACE_REFERENCES.upper_third);

/**
 * The proportions of one view. Every value is a ratio of distances in the photo, so it does not
 * depend on the photo's size; the mesh points stand in for the anthropometric landmarks named in
 * the definitions (docs/reports.md). The three zones are measured along the face's own
 * axis (chin to the point between the brows), so a tilted head does not skew them; without a
 * hairline the forehead is taken at the reference's mean share.
 */
function viewValues({ face, hairline }: FaceView): Record<string, number> {
  const p = (i: number) => face.mesh[i];
  const faceWidth = dist(p(MESH.cheekRight), p(MESH.cheekLeft));
  const chin = p(MESH.chin);
  const glabella = p(MESH.glabella);
  const height = (q: readonly number[]) => along(chin, glabella, q as [number, number]);
  const lower = height(p(MESH.subnasale));
  const middle = height(glabella) - lower;
  const upper = hairline ? height(hairline) - height(glabella) : ((middle + lower) * UPPER_SHARE) / (1 - UPPER_SHARE);
  const zones = upper + middle + lower;
  const rightEyeWidth = dist(p(MESH.rightEyeOuter), p(MESH.rightEyeInner));
  const leftEyeWidth = dist(p(MESH.leftEyeOuter), p(MESH.leftEyeInner));
  const eyeWidth = (rightEyeWidth + leftEyeWidth) / 2;
  const innerCanthal = dist(p(MESH.rightEyeInner), p(MESH.leftEyeInner));
  const rightEyeCentre = mid(p(MESH.rightEyeOuter), p(MESH.rightEyeInner));
  const leftEyeCentre = mid(p(MESH.leftEyeOuter), p(MESH.leftEyeInner));
  const noseWidth = dist(p(MESH.noseRightWing), p(MESH.noseLeftWing));
  const noseLength = dist(p(MESH.nasion), p(MESH.subnasale));
  const mouthWidth = dist(p(MESH.mouthRight), p(MESH.mouthLeft));
  return {
    face_width_to_height: faceWidth / dist(p(MESH.nasion), chin),
    upper_third: upper / zones,
    middle_third: middle / zones,
    lower_third: lower / zones,
    eye_spacing: innerCanthal / dist(p(MESH.rightEyeOuter), p(MESH.leftEyeOuter)),
    interpupillary_to_face_width: dist(p(MESH.rightIris), p(MESH.leftIris)) / faceWidth,
    brow_height: (dist(p(MESH.rightBrowMid), rightEyeCentre) + dist(p(MESH.leftBrowMid), leftEyeCentre)) / 2 / eyeWidth,
    brow_length: (dist(p(MESH.rightBrow[0]), p(MESH.rightBrow[4])) + dist(p(MESH.leftBrow[0]), p(MESH.leftBrow[4]))) / 2 / eyeWidth,
    nose_width_to_length: noseWidth / noseLength,
    nose_width_to_eye_spacing: noseWidth / innerCanthal,
    mouth_width_to_nose_width: mouthWidth / noseWidth,
    lip_fullness: dist(p(MESH.upperLipTop), p(MESH.lowerLipBottom)) / mouthWidth,
  };
}

/** One view's proportions, plain numbers (they travel between activities), and whether its hairline was seen. */
export interface ViewProportions {
  values: Record<string, number>;
  hairline: boolean;
}

export function proportionsOf(view: FaceView): ViewProportions {
  return { values: viewValues(view), hairline: view.hairline !== null };
}

/**
 * The face measured as the mean of several views' proportions (visual-analysis.ts measures the
 * photo and its mirror image, each at several sizes and offsets): the face mesh is neither
 * mirror-symmetric nor steady under a few pixels' change of the detector's crop (on the test
 * portrait the lip height moves by a pixel, 7 % of lip fullness, between the photo and a re-encoded
 * copy of it), so one reading would make a mirrored or re-saved selfie read as another face. The
 * zones come from the views in which a hairline was found. Landmarks and points are the photo's own.
 */
export function measureFace(photo: FaceView, views: ViewProportions[]): FaceAnalysis {
  const all = views.length > 0 ? views : [proportionsOf(photo)];
  const values = all.map((v) => v.values);
  const withHairline = all.filter((v) => v.hairline).map((v) => v.values);
  const zoneValues = withHairline.length > 0 ? withHairline : values;
  const measurements: Record<string, Measurement> = {};
  for (const key of Object.keys(values[0])) {
    const source = key.endsWith('_third') ? zoneValues : values;
    const value = round(source.reduce((sum, v) => sum + v[key], 0) / source.length);
    const reference = (FACE_REFERENCES as Record<string, Reference>)[key];
    measurements[key] = {
      value,
      definition: DEFINITIONS.face(key)!,
      ...(reference ? { percentile: percentileOf(value, reference) } : {}),
      ...(key === 'upper_third' && withHairline.length === 0 ? { estimated: true as const } : {}),
    };
  }
  const m = photo.face.mesh;
  const points: Record<string, [number, number]> = {};
  for (const [name, index] of Object.entries(MESH)) {
    if (typeof index === 'number') points[name] = [round(m[index][0], 1), round(m[index][1], 1)];
  }
  if (photo.hairline) points.hairline = [round(photo.hairline[0], 1), round(photo.hairline[1], 1)];
  return {
    landmarks: {
      count: m.length,
      box: photo.face.box.map((v) => round(v, 1)) as FaceAnalysis['landmarks']['box'],
      score: round(photo.face.score),
      mesh: m.map((q) => [round(q[0], 1), round(q[1], 1)] as [number, number]),
    },
    points,
    measurements,
  };
}
