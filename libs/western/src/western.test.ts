import { loadConfig } from '@astro/config';
import { birthAt, housesFromArmc, julianDayUt, trueObliquity } from '@astro/ephemeris';
import { aspectBetween, aspectsWithin } from './aspects';
import { balanceOf } from './balance';
import { armcFromMidheaven, shorterArcMidpoint } from './composite';
import { natalChart } from './natal';

const ephemerisPath = loadConfig({}).ephemerisPath;

describe('aspects', () => {
  it('finds the closest aspect within its orb and none outside', () => {
    expect(aspectBetween({ name: 'A', longitude: 10, speed: 0 }, { name: 'B', longitude: 127, speed: 0 })).toMatchObject({
      type: 'trine',
      exact_angle: 120,
      orb: 3,
    });
    expect(aspectBetween({ name: 'A', longitude: 10, speed: 0 }, { name: 'B', longitude: 138, speed: 0 })).toBeNull(); // 128°: trine orb 8 > 7
    expect(aspectBetween({ name: 'A', longitude: 355, speed: 0 }, { name: 'B', longitude: 3, speed: 0 })).toMatchObject({
      type: 'conjunction',
      orb: 8,
    });
    expect(aspectBetween({ name: 'A', longitude: 0, speed: 0 }, { name: 'B', longitude: 151, speed: 0 })).toMatchObject({
      type: 'quincunx',
      orb: 1,
    });
  });

  it('is applying when the faster body closes the gap to the exact angle, separating otherwise', () => {
    // Moon (fast) 5° behind an exact square to Saturn: the square is forming.
    const moon = { name: 'Moon', longitude: 85, speed: 13 };
    const saturn = { name: 'Saturn', longitude: 180, speed: 0.05 };
    expect(aspectBetween(moon, saturn)).toMatchObject({ type: 'square', applying: true });
    expect(aspectBetween({ ...moon, longitude: 95 }, saturn)).toMatchObject({ type: 'square', applying: false });
    // Across 0° Aries: 358° moving forward onto 2° is an applying conjunction.
    expect(aspectBetween({ name: 'Sun', longitude: 358, speed: 1 }, { name: 'Pluto', longitude: 2, speed: 0 })).toMatchObject({
      type: 'conjunction',
      applying: true,
    });
    // A retrograde body backing away from an exact trine is separating.
    expect(aspectBetween({ name: 'Mercury', longitude: 123, speed: 1.2 }, { name: 'Mars', longitude: 0, speed: 0.5 })).toMatchObject({
      type: 'trine',
      applying: false,
    });
  });

  it('lists each pair once, tightest first', () => {
    const found = aspectsWithin([
      { name: 'A', longitude: 0, speed: 0 },
      { name: 'B', longitude: 91, speed: 0 },
      { name: 'C', longitude: 180.5, speed: 0 },
    ]);
    expect(found.map((a) => `${a.a}-${a.b}:${a.type}`)).toEqual(['A-C:opposition', 'B-C:square', 'A-B:square']);
  });
});

describe('balance', () => {
  it('counts the ten planets by element and modality of their signs', () => {
    const { elements, modalities } = balanceOf([
      { name: 'Sun', sign: 'Aries' },
      { name: 'Moon', sign: 'Taurus' },
      { name: 'Mars', sign: 'Leo' },
      { name: 'Chiron', sign: 'Aries' }, // not counted
    ]);
    expect(elements).toEqual({ fire: 2, earth: 1, air: 0, water: 0 });
    expect(modalities).toEqual({ cardinal: 1, fixed: 2, mutable: 0 });
  });
});

describe('composite geometry', () => {
  it.each([
    [350, 10, 0],
    [10, 350, 0],
    [170, 190, 180],
    [100, 120, 110],
    [300, 40, 350],
    [0, 180, 90],
  ])('the shorter-arc midpoint of %d° and %d° is %d°', (a, b, expected) => {
    expect(shorterArcMidpoint(a, b)).toBeCloseTo(expected, 9);
  });

  it('derives an ARMC whose houses put the MC exactly on the composite midheaven', () => {
    const eps = trueObliquity(julianDayUt(new Date('1990-01-01T00:00:00Z')), ephemerisPath);
    for (const mc of [0, 45.5, 89.9, 90, 135, 180, 271.25, 359.9]) {
      const h = housesFromArmc(armcFromMidheaven(mc, eps), 40, eps, 'P', ephemerisPath);
      expect(Math.abs(((h.midheaven - mc + 540) % 360) - 180)).toBeLessThan(1e-7);
    }
  });
});

describe('natal chart', () => {
  const input = { birth: birthAt(new Date('1990-06-15T08:30:00Z'), 40.7128, -74.006) };

  it.each(['P', 'K', 'W', 'E'] as const)('puts every planet in the house its cusps contain (%s)', (houseSystem) => {
    const { chart } = natalChart({ ...input, houseSystem }, ephemerisPath);
    expect(chart.houses).toHaveLength(12);
    expect(chart.planets).toHaveLength(12);
    for (const p of chart.planets) {
      const start = chart.houses[p.house - 1].cusp;
      const end = chart.houses[p.house % 12].cusp;
      const span = (end - start + 360) % 360;
      expect((p.longitude - start + 360) % 360).toBeLessThan(span + 1e-6);
    }
    expect(Object.values(chart.elements).reduce((a, b) => a + b, 0)).toBe(10);
    expect(chart.angles.descendant).toBeCloseTo((chart.angles.ascendant + 180) % 360, 5);
  });
});
