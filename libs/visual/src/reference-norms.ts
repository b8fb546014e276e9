/**
 * The published figures the face and hand measurements are placed against (docs/reports.md,
 * "Reference figures"), and the percentile of a measured value among them.
 */

/** One anthropometric dimension of one sex: mean and standard deviation in millimetres. */
interface Dimension {
  mean: number;
  sd: number;
}
type Sexes = { male: Dimension; female: Dimension };
const dim = (mean: number, sd: number): Dimension => ({ mean, sd });

/**
 * Adult Korean facial dimensions, direct anthropometry, Maxillofacial Plastic and Reconstructive
 * Surgery (2019), doi:10.1186/s40902-019-0191-7, Table 9 (male mean, SD; female mean, SD). The
 * table's male nasion–menton (101.8 mm) contradicts its own nasion–subnasale plus subnasale–menton
 * (127.4 mm; the female row's 117.1 mm equals that sum), so face height is taken as that sum.
 */
const KOREAN_ADULTS: Record<string, Sexes> = {
  trichion_glabella: { male: dim(61.4, 3.2), female: dim(55.4, 3.3) },
  glabella_subnasale: { male: dim(64.8, 6.5), female: dim(65.3, 5.7) },
  nasion_subnasale: { male: dim(51.0, 1.9), female: dim(47.6, 3.1) },
  subnasale_menton: { male: dim(76.4, 3.6), female: dim(69.5, 4.8) },
  intercanthal: { male: dim(32.2, 1.9), female: dim(32.1, 1.4) },
  biocular: { male: dim(98.2, 3.5), female: dim(94.4, 4.9) },
  nasal_width: { male: dim(43.2, 3.8), female: dim(40.7, 3.7) },
  mouth_width: { male: dim(55.9, 3.3), female: dim(52.0, 4.0) },
  bizygomatic: { male: dim(133.8, 4.6), female: dim(130.1, 3.5) },
};
type KoreanDimension = keyof typeof KOREAN_ADULTS;

/** A measure's distribution in one sex: mean and standard deviation. */
export interface Normal {
  mean: number;
  sd: number;
}
export interface Reference {
  male: Normal;
  female: Normal;
  /** where the figures come from, as the documents cite it */
  source: 'korean_adults_2019' | 'granada_2d4d';
}

/**
 * The distribution of a ratio of sums of dimensions, Σ numerator / Σ denominator, by the delta
 * method with the dimensions taken as independent (the table gives no correlations; independence
 * widens the spread, so a percentile errs toward the middle, never away from it).
 */
export function ratioOf(numerator: KoreanDimension[], denominator: KoreanDimension[], sex: 'male' | 'female'): Normal {
  const parts = [...new Set([...numerator, ...denominator])];
  const n = numerator.reduce((s, d) => s + KOREAN_ADULTS[d][sex].mean, 0);
  const m = denominator.reduce((s, d) => s + KOREAN_ADULTS[d][sex].mean, 0);
  const variance = parts.reduce((s, d) => {
    const slope = (numerator.includes(d) ? 1 / m : 0) - (denominator.includes(d) ? n / m ** 2 : 0);
    return s + (slope * KOREAN_ADULTS[d][sex].sd) ** 2;
  }, 0);
  return { mean: n / m, sd: Math.sqrt(variance) };
}
const korean = (numerator: KoreanDimension[], denominator: KoreanDimension[]): Reference => ({
  male: ratioOf(numerator, denominator, 'male'),
  female: ratioOf(numerator, denominator, 'female'),
  source: 'korean_adults_2019',
});

const FACE_HEIGHT: KoreanDimension[] = ['nasion_subnasale', 'subnasale_menton'];
const ZONES: KoreanDimension[] = ['trichion_glabella', 'glabella_subnasale', 'subnasale_menton'];

/**
 * The reference of each face measure that has one. The brows have none (the table does not measure
 * them), nor have the lips: the table's vermilion heights are taken with the mouth at rest, and the
 * smile of most portraits thins the lips in a photo by more than the whole spread of the table.
 */
export const FACE_REFERENCES = {
  face_width_to_height: korean(['bizygomatic'], FACE_HEIGHT),
  upper_third: korean(['trichion_glabella'], ZONES),
  middle_third: korean(['glabella_subnasale'], ZONES),
  lower_third: korean(['subnasale_menton'], ZONES),
  eye_spacing: korean(['intercanthal'], ['biocular']),
  nose_width_to_eye_spacing: korean(['nasal_width'], ['intercanthal']),
  mouth_width_to_nose_width: korean(['mouth_width'], ['nasal_width']),
} satisfies Record<string, Reference>;

/**
 * The index-to-ring finger ratio (2D:4D) of 1,011 adults of Granada, right hands, fingers measured
 * from the basal crease on scans (Brañas-Garza, Kovářík and Neyse's sample): the mean is the middle
 * of the published 95 % interval (men 0.954–0.961, women 0.966–0.972), the standard deviation
 * follows from the published spread (men: 10 % below 0.918 and 10 % above 1.001; women: 80 %
 * between 0.926 and 1.011), the width of the middle 80 % of a normal distribution being 2.563 SD.
 */
export const INDEX_TO_RING_REFERENCE: Reference = {
  male: { mean: 0.9575, sd: (1.001 - 0.918) / 2.563 },
  female: { mean: 0.969, sd: (1.011 - 0.926) / 2.563 },
  source: 'granada_2d4d',
};

/** The standard normal distribution function (Abramowitz and Stegun 26.2.17, error below 7.5e-8). */
export function normalCdf(z: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(z));
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  const tail = (Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI)) * poly;
  return z >= 0 ? 1 - tail : tail;
}

/**
 * The percentile (0–100, whole) of a value among adults of either sex: the reading is not told the
 * subject's sex, so the two sexes are mixed in equal parts.
 */
export function percentileOf(value: number, reference: Reference): number {
  const share =
    (normalCdf((value - reference.male.mean) / reference.male.sd) + normalCdf((value - reference.female.mean) / reference.female.sd)) / 2;
  return Math.min(99, Math.max(1, Math.round(share * 100)));
}

/** The mean of the two sexes' means: the middle the documents print beside a measure. */
export const referenceMiddle = (reference: Reference) => (reference.male.mean + reference.female.mean) / 2;

/** Percentile bands: well below (under 10), below (10–30), middle (30–70), above (70–90), well above (over 90). */
export type PercentileBand = 'well_below' | 'below' | 'middle' | 'above' | 'well_above';
export function percentileBand(percentile: number): PercentileBand {
  if (percentile < 10) return 'well_below';
  if (percentile < 30) return 'below';
  if (percentile <= 70) return 'middle';
  if (percentile <= 90) return 'above';
  return 'well_above';
}
