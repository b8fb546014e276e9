import * as path from 'node:path';
import sharp from 'sharp';
import en from './content/en.json';
import th from './content/th.json';
import { handednessOf, measureHand, openHandPlausible } from './hand-analysis';
import { measureQuality, qualityProblem } from './image-quality';
import { FACE_BANDS } from './reading';

const FIXTURES = path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'visual');

/** Every key path of a JSON tree, e.g. "palm.lines.heart.deep". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * An upright right palm facing the camera, fingers up (image y grows downwards), in the 21-point
 * layout: the thumb on the image's right, knuckles at y = 100, fingertips at y = 0.
 */
function rightPalm(): [number, number][] {
  const k: [number, number][] = [[100, 220]];
  const finger = (x: number, baseY: number, tipY: number) =>
    [0, 1, 2, 3].map((j) => [x, baseY + ((tipY - baseY) * j) / 3] as [number, number]);
  k.push(...[0, 1, 2, 3].map((j) => [150 + 15 * j, 190 - 25 * j] as [number, number])); // thumb 1–4
  k.push(...finger(130, 100, 10)); // index 5–8
  k.push(...finger(105, 100, 0)); // middle 9–12
  k.push(...finger(80, 100, 10)); // ring 13–16
  k.push(...finger(55, 105, 35)); // little 17–20
  return k;
}
const rotate = (k: [number, number][], degrees: number): [number, number][] => {
  const a = (degrees * Math.PI) / 180;
  return k.map(([x, y]) => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)]);
};
const mirror = (k: [number, number][]): [number, number][] => k.map(([x, y]) => [400 - x, y]);

describe('reading content', () => {
  it('has the same keys in Thai and English, and a band for every face feature', () => {
    expect(keyPaths(th).sort()).toEqual(keyPaths(en).sort());
    expect(Object.keys(FACE_BANDS).sort()).toEqual(Object.keys(en.face.features).sort());
    for (const [low, high] of Object.values(FACE_BANDS)) expect(low).toBeLessThan(high);
  });
});

describe('photo quality', () => {
  it('passes the test photos and fails a blurred, a darkened and an overexposed copy with their codes', async () => {
    for (const file of ['face-astronaut.png', 'palm-left-opencv.jpg']) {
      const photo = await sharp(path.join(FIXTURES, file)).jpeg().toBuffer();
      expect(qualityProblem(await measureQuality(photo))).toBeNull();
      expect(qualityProblem(await measureQuality(await sharp(photo).blur(8).jpeg().toBuffer()))?.code).toBe('image_too_blurry');
      expect(qualityProblem(await measureQuality(await sharp(photo).linear(0.2, 0).jpeg().toBuffer()))?.code).toBe('image_too_dark');
      expect(qualityProblem(await measureQuality(await sharp(photo).linear(0.3, 200).jpeg().toBuffer()))?.code).toBe('image_too_bright');
    }
  });

  it('measures sharpness independently of the photo size', async () => {
    const photo = path.join(FIXTURES, 'face-astronaut.png');
    const small = await measureQuality(await sharp(photo).png().toBuffer());
    const large = await measureQuality(await sharp(photo).resize(1024).png().toBuffer());
    expect(Math.abs(large.sharpness - small.sharpness) / small.sharpness).toBeLessThan(0.35);
  });
});

describe('hand geometry', () => {
  it('tells a right palm from a left one in any rotation', () => {
    for (const degrees of [0, 30, 90, 180, 270]) {
      expect(handednessOf(rotate(rightPalm(), degrees))).toBe('right');
      expect(handednessOf(rotate(mirror(rightPalm()), degrees))).toBe('left');
    }
  });

  it('accepts an upright open hand only', () => {
    expect(openHandPlausible(rightPalm())).toBe(true);
    expect(openHandPlausible(rotate(rightPalm(), 90))).toBe(false); // sideways: the model's geometry is not trusted there
    const fist = rightPalm().map(([x, y], i) => ([8, 12, 16, 20].includes(i) ? [x, 140] : [x, y]) as [number, number]);
    expect(openHandPlausible(fist)).toBe(false);
  });

  it('measures the palm and classifies its shape', () => {
    const m = measureHand(rightPalm());
    // wrist (100,220) → middle knuckle (105,100): 120.1; index knuckle (130,100) → little (55,105): 75.2
    expect(m.measurements.palm_length_to_width.value).toBeCloseTo(120.1 / 75.17, 2);
    expect(m.measurements.middle_to_palm_length.value).toBeCloseTo(100 / 120.1, 2);
    expect(m.measurements.index_to_ring.value).toBe(1);
    expect(m.hand_shape).toMatchObject({ palm: 'long', fingers: 'short', class: 'fire' });
  });
});
