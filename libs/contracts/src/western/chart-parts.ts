import { z } from 'zod';
import { ZODIAC_SIGNS } from '@astro/ephemeris';

// The pieces the Western chart answers share (a chart's planets, cusps, angles, aspects and balance); they
// have no component id of their own, so the answers write them in place. Not part of the package's entry.

export const Sign = z.enum(ZODIAC_SIGNS);

export const AspectRecord = z.object({
  a: z.string(),
  b: z.string(),
  type: z.enum(['conjunction', 'opposition', 'square', 'trine', 'sextile', 'quincunx', 'semi_sextile']),
  exact_angle: z.number(),
  orb: z.number(),
  applying: z.boolean(),
});

export const HouseCusp = z.object({ house: z.number().int().min(1).max(12), cusp: z.number(), sign: Sign });
export const Angles = z.object({
  ascendant: z.number(),
  midheaven: z.number(),
  descendant: z.number(),
  imum_coeli: z.number(),
  vertex: z.number(),
});
export const ChartPlanet = z.object({
  name: z.string(),
  longitude: z.number(),
  latitude: z.number(),
  distance_au: z.number(),
  speed: z.number().describe('degrees per day'),
  retrograde: z.boolean(),
  sign: Sign,
  sign_degree: z.number(),
  house: z.number().int().min(1).max(12),
});
export const Elements = z.object({ fire: z.number().int(), earth: z.number().int(), air: z.number().int(), water: z.number().int() });
export const Modalities = z.object({ cardinal: z.number().int(), fixed: z.number().int(), mutable: z.number().int() });
