import { normalize360 } from './chart/graha-rules';

/** The 27 nakshatras of 13°20′ from 0° sidereal Aries (Ashwini), each in four padas of 3°20′. */
export const NAKSHATRAS = [
  'Ashwini',
  'Bharani',
  'Krittika',
  'Rohini',
  'Mrigashira',
  'Ardra',
  'Punarvasu',
  'Pushya',
  'Ashlesha',
  'Magha',
  'Purva Phalguni',
  'Uttara Phalguni',
  'Hasta',
  'Chitra',
  'Swati',
  'Vishakha',
  'Anuradha',
  'Jyeshtha',
  'Mula',
  'Purva Ashadha',
  'Uttara Ashadha',
  'Shravana',
  'Dhanishta',
  'Shatabhisha',
  'Purva Bhadrapada',
  'Uttara Bhadrapada',
  'Revati',
] as const;

export const VIMSHOTTARI_LORDS = ['Ketu', 'Venus', 'Sun', 'Moon', 'Mars', 'Rahu', 'Jupiter', 'Saturn', 'Mercury'] as const;
export type DashaLord = (typeof VIMSHOTTARI_LORDS)[number];
/** Years of each Vimshottari period (BPHS 46.12–17); they add up to 120. */
export const VIMSHOTTARI_YEARS: Record<DashaLord, number> = {
  Ketu: 7,
  Venus: 20,
  Sun: 6,
  Moon: 10,
  Mars: 7,
  Rahu: 18,
  Jupiter: 16,
  Saturn: 19,
  Mercury: 17,
};

export const NAKSHATRA_SPAN = 360 / 27;

export interface NakshatraPlacement {
  /** 0 (Ashwini) to 26 (Revati). */
  index: number;
  name: (typeof NAKSHATRAS)[number];
  pada: number;
  lord: DashaLord;
  /** Fraction of the nakshatra already traversed, 0 to 1. */
  traversed: number;
}

export function nakshatraOf(longitude: number): NakshatraPlacement {
  const lon = normalize360(longitude);
  const index = Math.min(26, Math.floor(lon / NAKSHATRA_SPAN));
  const within = lon - index * NAKSHATRA_SPAN;
  return {
    index,
    name: NAKSHATRAS[index],
    pada: Math.min(4, Math.floor(within / (NAKSHATRA_SPAN / 4)) + 1),
    lord: VIMSHOTTARI_LORDS[index % 9],
    traversed: within / NAKSHATRA_SPAN,
  };
}
