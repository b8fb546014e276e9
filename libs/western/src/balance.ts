import { ZODIAC_SIGNS, ZodiacSign } from '@astro/ephemeris';

export const ELEMENTS = ['fire', 'earth', 'air', 'water'] as const;
export const MODALITIES = ['cardinal', 'fixed', 'mutable'] as const;
export type Element = (typeof ELEMENTS)[number];
export type Modality = (typeof MODALITIES)[number];

export function elementOf(sign: ZodiacSign): Element {
  return ELEMENTS[ZODIAC_SIGNS.indexOf(sign) % 4];
}

export function modalityOf(sign: ZodiacSign): Modality {
  return MODALITIES[ZODIAC_SIGNS.indexOf(sign) % 3];
}

/** The ten planets Sun–Pluto counted by the element and modality of their signs (nodes, Chiron excluded). */
export const BALANCE_BODIES = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];

export function balanceOf(placements: { name: string; sign: ZodiacSign }[]) {
  const elements: Record<Element, number> = { fire: 0, earth: 0, air: 0, water: 0 };
  const modalities: Record<Modality, number> = { cardinal: 0, fixed: 0, mutable: 0 };
  for (const p of placements) {
    if (!BALANCE_BODIES.includes(p.name)) continue;
    elements[elementOf(p.sign)]++;
    modalities[modalityOf(p.sign)]++;
  }
  return { elements, modalities };
}
