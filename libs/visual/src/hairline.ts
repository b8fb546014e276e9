import sharp from 'sharp';
import { along, dist, Pt } from './geometry';

/** Mesh points the search uses: chin, the point between the brows, the top of the forehead mesh. */
const CHIN = 152;
const GLABELLA = 9;
const FOREHEAD_TOP = 10;
/** The walk above the forehead mesh goes at most this many times the mesh's forehead height. */
const MAX_REACH = 1.5;
/** A colour this far (RGB distance, 0–441) from the forehead's skin on this many steps in a row is the hairline. */
const HAIR_DISTANCE = 45;
const HAIR_STEPS = 3;

/**
 * The hairline at the middle of the forehead (trichion), which the face mesh does not reach (its
 * top point lies on the forehead, about half way up): from the top of the mesh the search walks up
 * the face's own axis, comparing a short row of pixels across the axis with the forehead's skin,
 * and stops where the colour stays different for a few steps. Null when none is found within reach
 * (a bald head, a hat, hair the colour of the skin, the photo's edge).
 */
export async function findHairline(image: Buffer, mesh: readonly Pt[]): Promise<[number, number] | null> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const [chin, glabella, top] = [mesh[CHIN], mesh[GLABELLA], mesh[FOREHEAD_TOP]];
  const axisLength = dist(chin, top);
  const up = [(top[0] - chin[0]) / axisLength, (top[1] - chin[1]) / axisLength];
  const across = [-up[1], up[0]];
  const foreheadHeight = along(chin, top, top) - along(chin, top, glabella);
  const halfRow = Math.max(2, Math.round(0.04 * axisLength));
  /** Mean colour of the row of pixels across the axis, `t` pixels above the top of the mesh. */
  const rowColour = (t: number): number[] | null => {
    const sum = [0, 0, 0];
    let count = 0;
    for (let k = -halfRow; k <= halfRow; k++) {
      const x = Math.round(top[0] + up[0] * t + across[0] * k);
      const y = Math.round(top[1] + up[1] * t + across[1] * k);
      if (x < 0 || y < 0 || x >= width || y >= height) return null;
      for (let c = 0; c < 3; c++) sum[c] += data[(y * width + x) * 3 + c];
      count++;
    }
    return sum.map((s) => s / count);
  };
  // The skin: the rows just below the top of the mesh, between it and the brows.
  const skinRows = [-0.1, -0.2, -0.3].map((f) => rowColour(f * foreheadHeight)).filter((c): c is number[] => c !== null);
  if (skinRows.length === 0) return null;
  const skin = [0, 1, 2].map((c) => skinRows.reduce((s, row) => s + row[c], 0) / skinRows.length);
  let run = 0;
  for (let t = 0; t <= MAX_REACH * foreheadHeight; t++) {
    const colour = rowColour(t);
    if (!colour) return null;
    run = Math.hypot(colour[0] - skin[0], colour[1] - skin[1], colour[2] - skin[2]) > HAIR_DISTANCE ? run + 1 : 0;
    if (run === HAIR_STEPS) {
      const at = t - HAIR_STEPS + 1;
      return [top[0] + up[0] * at, top[1] + up[1] * at];
    }
  }
  return null;
}
