import { execFileSync } from 'node:child_process';
import { loadConfig } from '@astro/config';
import { birthAt, hamburgBodyPositions, julianDayUt } from '@astro/ephemeris';
import { uranianChart } from './chart';
import { dialDistance, dialPosition } from './dial';
import { dialSvg } from './dial-svg';
import { URANIAN_FACTORS } from '@astro/contracts';
import { FACTORS, URANIAN_CONTENT } from './factors';

const ephemerisPath = loadConfig({}).ephemerisPath;
const ARCSECOND = 1 / 3600;
const BIRTH = birthAt(new Date('1990-05-14T03:15:00Z'), 13.75, 100.5);
const arc = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);

/**
 * The outside reference: swetest (the Swiss Ephemeris' own program), bodies J…Q = Cupido…Poseidon
 * and m = mean node, at the same Julian day in TT (so the two ΔT extrapolations after 2015 cannot differ).
 */
function swetestLongitudes(jdUt: number): number[] {
  const out = execFileSync(
    'swetest',
    [`-bj${jdUt.toFixed(9)}`, '-ut', '-pJKLMNOPQm', '-fl', '-g,', '-head', '-eswe', `-edir${ephemerisPath}`],
    { encoding: 'utf8' },
  );
  return out
    .trim()
    .split('\n')
    .map((line) => Number(line.trim()));
}

describe('transneptunian points against swetest', () => {
  const instants = [
    '1850-03-01T00:00:00Z',
    '1920-07-15T06:30:00Z',
    '1966-01-01T12:00:00Z',
    '1990-05-14T03:15:00Z',
    '2000-01-01T12:00:00Z',
    '2014-12-31T23:00:00Z',
    '2026-11-23T08:00:00Z',
    '2150-06-30T18:00:00Z',
  ];
  it.each(instants)('%s: Cupido … Poseidon and the mean node within 1″', (iso) => {
    const jd = julianDayUt(new Date(iso));
    const ours = hamburgBodyPositions(jd, ephemerisPath).map((b) => b.longitude);
    const reference = swetestLongitudes(jd);
    expect(reference).toHaveLength(9);
    ours.forEach((longitude, i) => expect(arc(longitude, reference[i])).toBeLessThan(ARCSECOND));
  });
});

describe('uranianChart', () => {
  const chart = uranianChart({ birth: BIRTH }, ephemerisPath);

  it('places 22 factors on the dial and sorts all 231 midpoints with them', () => {
    expect(chart.factors).toHaveLength(22);
    expect(chart.factors[0]).toMatchObject({ factor: 'AR', longitude: 0, dial_position: 0 });
    for (const f of chart.factors) expect(f.dial_position).toBeCloseTo(dialPosition(f.longitude), 5);
    expect(chart.midpoint_sort).toHaveLength(22 + 231);
    const positions = chart.midpoint_sort.map((m) => m.dial_position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('builds midpoint trees within the orb and pictures whose sensitive point A+B−C falls on D', () => {
    const byFactor = new Map(chart.factors.map((f) => [f.factor, f.longitude]));
    for (const tree of chart.midpoint_trees) for (const m of tree.midpoints) expect(m.orb).toBeLessThanOrEqual(1.5);
    expect(chart.planetary_pictures.length).toBeGreaterThan(0);
    for (const p of chart.planetary_pictures) {
      const sensitive = byFactor.get(p.a)! + byFactor.get(p.b)! - byFactor.get(p.c)!;
      expect(dialDistance(sensitive, byFactor.get(p.d)!)).toBeCloseTo(p.orb, 3);
      expect(p.orb).toBeLessThanOrEqual(1.5);
      expect(p.meaning.th).toMatch(/[\u0E00-\u0E7F]/);
      expect(p.meaning.th).not.toMatch(/[A-Za-z]{3,}/);
    }
  });

  it('narrows with a smaller orb', () => {
    const tight = uranianChart({ birth: BIRTH, orbDegrees: 0.25 }, ephemerisPath);
    expect(tight.planetary_pictures_found).toBeLessThan(chart.planetary_pictures_found);
    expect(chart.planetary_pictures).toHaveLength(Math.min(100, chart.planetary_pictures_found));
    for (const p of tight.planetary_pictures) expect(p.orb).toBeLessThanOrEqual(0.25);
  });

  it('has a meaning and a name for every factor in both languages', () => {
    for (const locale of ['en', 'th'] as const) expect(Object.keys(URANIAN_CONTENT[locale].factors)).toHaveLength(22);
    expect([...URANIAN_FACTORS]).toEqual([...FACTORS]);
  });

  it('draws the dial with every factor and the pointer', () => {
    const svg = dialSvg(chart.factors, 12.5);
    expect(svg.startsWith('<svg')).toBe(true);
    for (const f of chart.factors) expect(svg).toContain(`>${f.factor}</text>`);
    expect(svg).toContain('pointer 12°30′');
  });
});
