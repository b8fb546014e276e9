import sharp from 'sharp';
import { FaceAnalysis, FaceView, MESH, measureFace, proportionsOf, ViewProportions } from './face-measurements';
import { findHairline } from './hairline';
import { HAND, handednessOf, HandMeasurements, LocatedHand, locateHand, measureHand, unrotate } from './hand-analysis';
import { dist } from './geometry';
import { ImageQuality, measureQuality, qualityProblem } from './image-quality';
import { DetectedFace, LandmarkModels } from './landmark-models';
import { estimatePalmLines, PalmLine } from './palm-lines';

/** A photo the job cannot read; `code` becomes the job's error_code. */
export class VisualRejection extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'VisualRejection';
  }
}

/** The photo as the models see it: a mirrored preview is flipped back so left is left again. */
export async function analysisImage(stored: Buffer, mirrored: boolean): Promise<Buffer> {
  return mirrored ? sharp(stored).flop().jpeg({ quality: 95 }).toBuffer() : stored;
}

async function checkQuality(image: Buffer, what: string): Promise<ImageQuality> {
  const quality = await measureQuality(image);
  const problem = qualityProblem(quality);
  if (problem) throw new VisualRejection(problem.code, `${what}: ${problem.message}`);
  return quality;
}

/**
 * A face is accepted when the mesh is complete and both iris centres lie inside the face box,
 * above the nose tip, which lies above the mouth and the chin: a real, upright, frontal face.
 */
export function facePlausible(face: DetectedFace): boolean {
  if (face.mesh.length < 478) return false;
  const [x, y, w, h] = face.box;
  const inside = (i: number) => face.mesh[i][0] >= x && face.mesh[i][0] <= x + w && face.mesh[i][1] >= y && face.mesh[i][1] <= y + h;
  const yOf = (i: number) => face.mesh[i][1];
  return (
    inside(MESH.rightIris) &&
    inside(MESH.leftIris) &&
    Math.max(yOf(MESH.rightIris), yOf(MESH.leftIris)) < yOf(MESH.noseTip) &&
    yOf(MESH.noseTip) < yOf(MESH.upperLipTop) &&
    yOf(MESH.lowerLipBottom) < yOf(MESH.chin)
  );
}

export interface ValidatedFace {
  quality: ImageQuality;
  face: DetectedFace;
  hairline: [number, number] | null;
  /** the proportions of every view of the face that was measured (faceViews); measureFace averages them */
  views: ViewProportions[];
}

async function faceView(models: LandmarkModels, image: Buffer): Promise<{ view: FaceView | null; found: number }> {
  const faces = await models.faces(image);
  const face = faces.find(facePlausible);
  return { view: face ? { face, hairline: await findHairline(image, face.mesh) } : null, found: faces.length };
}

/**
 * The sizes (face box width in pixels) and offsets at which the face is measured, each in the photo
 * and in its mirror image: 20 views. The face mesh follows the detector's crop, which moves by a few
 * pixels with the photo's JPEG noise, and the mesh with it (a single reading of the test portrait
 * and of its mirrored copy differ by 7 % in lip fullness). The sizes lie at and below the mesh
 * model's own input (192 px for the face with its margin), so scaling averages pixel noise away
 * rather than magnifying it; the mean over the views keeps a mirrored copy of a photo within 2 % of
 * the photo's own measurements (test/visual-readings.test.ts).
 */
const VIEW_FACE_SIZES = [80, 100, 120, 140, 160];
const VIEW_OFFSETS = [0, 5];
/** Around the face box, this share of its size on every side is kept (the hairline lies above the mesh). */
const VIEW_MARGIN = 0.6;

type Region = { left: number; top: number; width: number; height: number };

/** The part of the photo a view shows: the face box and its margin, within the photo. */
function viewRegion(box: DetectedFace['box'], width: number, height: number): Region {
  const [x, y, w, h] = box;
  const left = Math.max(0, Math.floor(x - VIEW_MARGIN * w));
  const top = Math.max(0, Math.floor(y - VIEW_MARGIN * h));
  return {
    left,
    top,
    width: Math.min(width, Math.ceil(x + w + VIEW_MARGIN * w)) - left,
    height: Math.min(height, Math.ceil(y + h + VIEW_MARGIN * h)) - top,
  };
}

/**
 * The face measured in each view: the region around the face cut out (so a large photo costs no
 * more than a small one), mirrored or not, scaled to each size and shifted by each offset. The
 * hairline is searched once at full resolution, in the photo and in its mirror image, and carried
 * into each view (a small view has too few pixels above the brow to find it again). `progress` is
 * called after each view (the activity heartbeats).
 */
async function faceViews(models: LandmarkModels, image: Buffer, photo: FaceView, progress: () => void): Promise<ViewProportions[]> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const region = viewRegion(photo.face.box, width, height);
  const mirror = await faceView(models, await sharp(image).flop().png().toBuffer());
  const hairlines = {
    photo: photo.hairline,
    // the mirror's hairline, in the photo's coordinates
    mirror: mirror.view?.hairline ? ([width - mirror.view.hairline[0], mirror.view.hairline[1]] as [number, number]) : null,
  };
  const views: ViewProportions[] = [];
  for (const mirrored of [false, true]) {
    const hairline = mirrored ? hairlines.mirror : hairlines.photo;
    for (const size of VIEW_FACE_SIZES) {
      const scale = size / photo.face.box[2];
      const base = await sharp(image)
        .extract(region)
        .flop(mirrored)
        .resize(Math.round(region.width * scale), Math.round(region.height * scale))
        .png({ compressionLevel: 1 })
        .toBuffer();
      for (const offset of VIEW_OFFSETS) {
        const shifted =
          offset === 0
            ? base
            : await sharp(base).extend({ top: offset, left: offset, background: '#808080' }).png({ compressionLevel: 1 }).toBuffer();
        const face = (await models.faces(shifted)).find(facePlausible);
        if (face) {
          const x = hairline && (mirrored ? region.left + region.width - hairline[0] : hairline[0] - region.left);
          const inView =
            hairline && x !== null ? ([x * scale + offset, (hairline[1] - region.top) * scale + offset] as [number, number]) : null;
          views.push(proportionsOf({ face, hairline: inView }));
        }
        progress();
      }
    }
  }
  return views;
}

export async function validateFacePhoto(
  models: LandmarkModels,
  image: Buffer,
  progress: () => void = () => undefined,
): Promise<ValidatedFace> {
  const quality = await checkQuality(image, 'face photo');
  const { view, found } = await faceView(models, image);
  if (!view) {
    throw new VisualRejection(
      'no_face_detected',
      found === 0 ? 'face photo: no face was found' : 'face photo: the face found is not frontal and upright enough to measure',
    );
  }
  return { quality, ...view, views: await faceViews(models, image, view, progress) };
}

export interface ValidatedHand {
  quality: ImageQuality;
  hand: LocatedHand;
  detected: 'left' | 'right';
}

/**
 * A palm reading needs a close-up: the palm (wrist to middle-finger knuckle) must span at least
 * this share of the photo's short side. Measured: the test palm spans 0.61; the hand the models
 * find at the edge of the test portrait (upright and open, score 0.81) spans 0.09.
 */
export const MIN_PALM_SHARE = 0.2;

export async function validatePalmPhoto(
  models: LandmarkModels,
  image: Buffer,
  declared: 'left' | 'right',
  what: string,
): Promise<ValidatedHand> {
  const quality = await checkQuality(image, what);
  const hand = await locateHand(models, image);
  if (!hand) throw new VisualRejection('no_hand_detected', `${what}: no hand was found in any orientation`);
  if (!hand.plausible)
    throw new VisualRejection(
      'hand_not_open',
      `${what}: the hand is not open (every fingertip must lie beyond its knuckle); photograph the open palm`,
    );
  const palmShare = dist(hand.keypoints[HAND.wrist], hand.keypoints[HAND.middle[0]]) / Math.min(quality.width, quality.height);
  if (palmShare < MIN_PALM_SHARE) {
    throw new VisualRejection(
      'hand_too_small',
      `${what}: the palm spans ${Math.round(palmShare * 100)} % of the photo's short side, at least ${MIN_PALM_SHARE * 100} % is needed; photograph the palm close up`,
    );
  }
  const detected = handednessOf(hand.upright);
  if (detected !== declared) {
    throw new VisualRejection(
      'handedness_mismatch',
      `${what}: declared a ${declared} hand but the photo shows a ${detected} palm (check capture_handedness and mirrored_preview)`,
    );
  }
  return { quality, hand, detected };
}

export interface FaceImageAnalysis extends FaceAnalysis {
  quality: ImageQuality;
}

export function analyseFace(validated: ValidatedFace): FaceImageAnalysis {
  return { ...measureFace({ face: validated.face, hairline: validated.hairline }, validated.views), quality: validated.quality };
}

export interface PalmImageAnalysis extends HandMeasurements {
  hand: 'left' | 'right';
  quality: ImageQuality;
  landmarks: { score: number; rotation_degrees: number; keypoints: [number, number][] };
  lines: { heart: PalmLine; head: PalmLine; life: PalmLine; region: [number, number, number, number] };
}

export async function analysePalm(image: Buffer, validated: ValidatedHand): Promise<PalmImageAnalysis> {
  const { rotation } = validated.hand;
  const upright = await sharp(image).rotate(rotation).toBuffer();
  const { width, height } = validated.quality;
  // With the fingers up a right palm has its thumb on the image's right (see handednessOf).
  const lines = await estimatePalmLines(upright, validated.hand.upright, validated.detected, (x, y) =>
    unrotate(x, y, rotation, width, height),
  );
  return {
    hand: validated.detected,
    quality: validated.quality,
    landmarks: {
      score: Math.round(validated.hand.score * 1000) / 1000,
      rotation_degrees: validated.hand.rotation,
      keypoints: validated.hand.keypoints.map(([x, y]) => [Math.round(x * 10) / 10, Math.round(y * 10) / 10]),
    },
    ...measureHand(validated.hand.upright),
    lines,
  };
}
