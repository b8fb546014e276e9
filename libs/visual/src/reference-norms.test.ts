import sharp from 'sharp';
import { findHairline } from './hairline';
import { tracePath } from './palm-lines';
import { FACE_REFERENCES, INDEX_TO_RING_REFERENCE, normalCdf, percentileBand, percentileOf, ratioOf } from './reference-norms';

describe('reference figures', () => {
  it('derives each face ratio from the published table (doi:10.1186/s40902-019-0191-7, Table 9)', () => {
    // Worked by hand from the table: intercanthal over biocular width, men 32.2 / 98.2, women 32.1 / 94.4.
    expect(FACE_REFERENCES.eye_spacing.male.mean).toBeCloseTo(32.2 / 98.2, 6);
    expect(FACE_REFERENCES.eye_spacing.female.mean).toBeCloseTo(32.1 / 94.4, 6);
    // Delta method, independent dimensions: CV² = (1.9 / 32.2)² + (3.5 / 98.2)².
    expect(FACE_REFERENCES.eye_spacing.male.sd).toBeCloseTo((32.2 / 98.2) * Math.hypot(1.9 / 32.2, 3.5 / 98.2), 6);
    // Face height is nasion–subnasale plus subnasale–menton: men 51.0 + 76.4, women 47.6 + 69.5.
    expect(FACE_REFERENCES.face_width_to_height.male.mean).toBeCloseTo(133.8 / 127.4, 6);
    expect(FACE_REFERENCES.face_width_to_height.female.mean).toBeCloseTo(130.1 / 117.1, 6);
    // The three zones are shares of trichion–menton and sum to one.
    const zones = (['upper_third', 'middle_third', 'lower_third'] as const).map((z) => FACE_REFERENCES[z].female.mean);
    expect(zones[0]).toBeCloseTo(55.4 / (55.4 + 65.3 + 69.5), 6);
    expect(zones.reduce((a, b) => a + b)).toBeCloseTo(1, 9);
    // A share's spread counts its own dimension once: d(a/(a+b))/da = b/(a+b)².
    const share = ratioOf(['trichion_glabella'], ['trichion_glabella', 'glabella_subnasale'], 'male');
    expect(share.sd).toBeCloseTo(Math.hypot((64.8 / 126.2 ** 2) * 3.2, (61.4 / 126.2 ** 2) * 6.5), 9);
  });

  it('places a value among adults of both sexes in equal parts', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1.281552)).toBeCloseTo(0.1, 6);
    // The Granada sample: 10 % of men below 0.918; women's mean 0.969.
    const men = { male: INDEX_TO_RING_REFERENCE.male, female: INDEX_TO_RING_REFERENCE.male, source: 'granada_2d4d' as const };
    expect(percentileOf(0.918, men)).toBe(11);
    expect(percentileOf((0.9575 + 0.969) / 2, INDEX_TO_RING_REFERENCE)).toBe(50);
    expect(percentileOf(5, INDEX_TO_RING_REFERENCE)).toBe(99);
    expect([5, 20, 50, 80, 95].map(percentileBand)).toEqual(['well_below', 'below', 'middle', 'above', 'well_above']);
  });
});

describe('palm crease tracing', () => {
  it('follows a crease that wanders across the band, one position per step', () => {
    // A crease on row 10 + step/4 (rising one row every four columns) on a faint noise floor.
    const width = 40;
    const crease = (x: number) => 10 + Math.floor(x / 4);
    const at = (x: number, y: number) => (y === crease(x) ? 50 : (x * 7 + y * 13) % 5);
    const path = tracePath(width, [5, 25], at);
    expect(path).toEqual(Array.from({ length: width }, (_, x) => crease(x)));
  });
});

describe('hairline search', () => {
  it('finds where the skin of the forehead meets the hair above the mesh, and nothing on a bald head', async () => {
    // Skin below row 40, dark hair above it; the mesh's chin at row 190, brows at 110, top at 70.
    const photo = (hair: boolean) =>
      sharp({ create: { width: 200, height: 200, channels: 3, background: { r: 225, g: 180, b: 150 } } })
        .composite(
          hair
            ? [{ input: { create: { width: 200, height: 40, channels: 3, background: { r: 60, g: 40, b: 30 } } }, top: 0, left: 0 }]
            : [],
        )
        .png()
        .toBuffer();
    const mesh: [number, number][] = Array.from({ length: 478 }, () => [100, 150]);
    mesh[152] = [100, 190];
    mesh[9] = [100, 110];
    mesh[10] = [100, 70];
    const found = await findHairline(await photo(true), mesh);
    expect(found).not.toBeNull();
    expect(found![0]).toBeCloseTo(100, 6);
    expect(Math.abs(found![1] - 39.5)).toBeLessThanOrEqual(1.5);
    expect(await findHairline(await photo(false), mesh)).toBeNull();
  });
});
