import { definitionsFor } from './definitions';
import { DetectedFace } from './landmark-models';
import { along, dist, mid, round } from './geometry';

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
}

export interface FaceAnalysis {
  /** `mesh`: all 478 points (x, y in photo pixels), drawn on the premium annotated photo */
  landmarks: { count: number; box: [number, number, number, number]; score: number; mesh: [number, number][] };
  points: Record<string, [number, number]>;
  measurements: Record<string, Measurement>;
}

/**
 * Proportions from the face mesh. Every value is a ratio of distances in the photo, so it does not
 * depend on the photo's size; each carries its definition so the JSON artifact explains itself.
 */
export function measureFace(face: DetectedFace): FaceAnalysis {
  const m = face.mesh;
  const p = (i: number) => m[i];
  const faceWidth = dist(p(MESH.cheekRight), p(MESH.cheekLeft));
  const faceHeight = dist(p(MESH.foreheadTop), p(MESH.chin));
  // Thirds measured along the face's own vertical axis (top of the mesh to the chin), so a tilted head does not skew them.
  const top = p(MESH.foreheadTop);
  const chin = p(MESH.chin);
  const atGlabella = along(top, chin, p(MESH.glabella));
  const atSubnasale = along(top, chin, p(MESH.subnasale));
  const upper = atGlabella;
  const middle = atSubnasale - atGlabella;
  const lower = faceHeight - atSubnasale;
  const rightEyeWidth = dist(p(MESH.rightEyeOuter), p(MESH.rightEyeInner));
  const leftEyeWidth = dist(p(MESH.leftEyeOuter), p(MESH.leftEyeInner));
  const eyeWidth = (rightEyeWidth + leftEyeWidth) / 2;
  const innerCanthal = dist(p(MESH.rightEyeInner), p(MESH.leftEyeInner));
  const interpupillary = dist(p(MESH.rightIris), p(MESH.leftIris));
  const rightEyeCentre = mid(p(MESH.rightEyeOuter), p(MESH.rightEyeInner));
  const leftEyeCentre = mid(p(MESH.leftEyeOuter), p(MESH.leftEyeInner));
  const browHeight = (dist(p(MESH.rightBrowMid), rightEyeCentre) + dist(p(MESH.leftBrowMid), leftEyeCentre)) / 2;
  const browLength = (dist(p(MESH.rightBrow[0]), p(MESH.rightBrow[4])) + dist(p(MESH.leftBrow[0]), p(MESH.leftBrow[4]))) / 2;
  const noseWidth = dist(p(MESH.noseRightWing), p(MESH.noseLeftWing));
  const noseLength = dist(p(MESH.nasion), p(MESH.subnasale));
  const mouthWidth = dist(p(MESH.mouthRight), p(MESH.mouthLeft));
  const lipHeight = dist(p(MESH.upperLipTop), p(MESH.lowerLipBottom));
  const thirdsTotal = upper + middle + lower;
  const values: Record<string, number> = {
    face_width_to_height: faceWidth / faceHeight,
    upper_third: upper / thirdsTotal,
    middle_third: middle / thirdsTotal,
    lower_third: lower / thirdsTotal,
    eye_spacing: innerCanthal / eyeWidth,
    interpupillary_to_face_width: interpupillary / faceWidth,
    brow_height: browHeight / eyeWidth,
    brow_length: browLength / eyeWidth,
    nose_width_to_length: noseWidth / noseLength,
    nose_width_to_eye_spacing: noseWidth / innerCanthal,
    mouth_width_to_nose_width: mouthWidth / noseWidth,
    lip_fullness: lipHeight / mouthWidth,
  };
  const measurements: Record<string, Measurement> = {};
  for (const [key, value] of Object.entries(values)) {
    measurements[key] = { value: round(value), definition: DEFINITIONS.face(key)! };
  }
  const points: Record<string, [number, number]> = {};
  for (const [name, index] of Object.entries(MESH)) {
    if (typeof index === 'number') points[name] = [round(m[index][0], 1), round(m[index][1], 1)];
  }
  return {
    landmarks: {
      count: m.length,
      box: face.box.map((v) => round(v, 1)) as FaceAnalysis['landmarks']['box'],
      score: round(face.score),
      mesh: m.map((p) => [round(p[0], 1), round(p[1], 1)] as [number, number]),
    },
    points,
    measurements,
  };
}
