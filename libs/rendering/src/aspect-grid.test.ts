import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '@astro/config';
import { aspectGridSvg, gridPointsOfChart, orbText } from './aspect-grid';
import { ASPECT_STYLES, WheelChart } from './chart-wheel';
import { resolveBranding } from './branding';
import { renderContext } from './reports/common';
import { computeReportData, reportHtml } from './reports';

/**
 * The aspect grid against the positions swetest gives (fixtures/wheels/charts.json): every orb
 * below is worked out here from those longitudes, never read from our own aspect code.
 */
type FixtureChart = { ascendant: number; midheaven: number; planets: { name: string; longitude: number; speed: number }[] };
const CHARTS: Record<string, FixtureChart> = JSON.parse(
  fs.readFileSync(path.join(__dirname, '..', 'fixtures', 'wheels', 'charts.json'), 'utf8'),
).charts;
const chartOf = (key: string): WheelChart => ({
  angles: { ascendant: CHARTS[key].ascendant, midheaven: CHARTS[key].midheaven },
  houses: [],
  planets: CHARTS[key].planets,
  aspects: [],
});
const lon = (key: string, name: string) => CHARTS[key].planets.find((p) => p.name === name)!.longitude;
/** The grid's cells: `data-a`, `data-b`, `data-aspect` and the two texts (glyph, orb). */
function cells(svg: string): { a: string; b: string; type: string; glyph: string; orb: string }[] {
  return [
    ...svg.matchAll(
      /<g class="aspect-cell" data-a="([^"]*)" data-b="([^"]*)" data-aspect="([^"]*)"[^>]*><text[^>]*>([^<]*)<\/text><text[^>]*>([^<]*)<\/text><\/g>/g,
    ),
  ].map((m) => ({ a: m[1], b: m[2], type: m[3], glyph: m[4].replace('\uFE0E', ''), orb: m[5] }));
}

describe('the aspect grid of one chart (Bangkok, 10 March 1985)', () => {
  const svg = aspectGridSvg({ rows: gridPointsOfChart(chartOf('bangkok_1985')), color: '#4b2e83' });
  const grid = cells(svg);

  it('puts the Sun square Uranus in its cell with the orb in degrees and minutes, separating', () => {
    // 349.5434° − 257.9135° = 91.6299°: 1.6299° from the square, 1°37′; the Sun moves away from it
    const orb = Math.abs(lon('bangkok_1985', 'Sun') - lon('bangkok_1985', 'Uranus') - 90);
    expect(orbText(orb)).toBe('1°37′');
    const cell = grid.find((c) => [c.a, c.b].sort().join() === 'Sun,Uranus')!;
    expect(cell).toMatchObject({ type: 'square', glyph: ASPECT_STYLES.square.glyph, orb: '1°37′S' });
  });

  it('holds each pair once, the points on the diagonal, and an angle among them', () => {
    const pairs = grid.map((c) => [c.a, c.b].sort().join());
    expect(new Set(pairs).size).toBe(pairs.length);
    expect(svg.match(/class="point"/g)).toHaveLength(14);
    // Uranus 257.9135° and the Ascendant 70.5661°: 187.35° apart, 7.35° from the opposition (orb 8°)
    const orb = Math.abs(lon('bangkok_1985', 'Uranus') - CHARTS.bangkok_1985.ascendant - 180);
    const cell = grid.find((c) => [c.a, c.b].sort().join() === 'Ascendant,Uranus')!;
    expect(cell.type).toBe('opposition');
    expect(cell.orb.slice(0, -1)).toBe(orbText(orb));
  });

  it('writes the legend and the note in Thai for a Thai report, with Thai marks for applying and separating', () => {
    const thai = aspectGridSvg({ rows: gridPointsOfChart(chartOf('bangkok_1985')), color: '#4b2e83', locale: 'th' });
    expect(thai).toContain('>ฉากกัน (90°)</text>');
    expect(thai).toContain('>ลัคนา</text>');
    expect(cells(thai).find((c) => [c.a, c.b].sort().join() === 'Sun,Uranus')!.orb).toBe('1°37′อ');
    expect(thai).not.toMatch(/>[^<]*\b(square|orb|applying|separating)\b/);
  });
});

describe('the inter-aspect grid of two charts (Ploy 1985 down the side, Niran 1990 across the top)', () => {
  const svg = aspectGridSvg({
    rows: gridPointsOfChart(chartOf('bangkok_1985')),
    columns: gridPointsOfChart(chartOf('bangkok_1990')),
    names: { rows: 'Ploy', columns: 'Niran' },
    color: '#4b2e83',
  });
  const grid = cells(svg);

  it("puts Ploy's Sun conjunct Niran's Mars (0°27′) in Ploy's Sun row and Niran's Mars column", () => {
    const orb = Math.abs(lon('bangkok_1985', 'Sun') - lon('bangkok_1990', 'Mars'));
    expect(orbText(orb)).toBe('0°27′');
    expect(grid.find((c) => c.a === 'Sun' && c.b === 'Mars')).toMatchObject({ type: 'conjunction', orb: '0°27′' });
    // the other way round is another pair: Ploy's Mars and Niran's Sun
    const other = Math.abs(((lon('bangkok_1985', 'Mars') - lon('bangkok_1990', 'Sun') + 540) % 360) - 180);
    const cell = grid.find((c) => c.a === 'Mars' && c.b === 'Sun');
    expect(cell?.orb).toBe(Math.abs(other - 30) <= 2 ? orbText(Math.abs(other - 30)) : undefined);
  });

  it('is a full rectangle: 14 rows, 14 columns, both names, no applying marks', () => {
    expect(svg.match(/class="point"/g)).toHaveLength(28);
    expect(svg).toContain('>Ploy →</text>');
    expect(svg).toContain('>Niran →</text>');
    expect(grid.every((c) => /′$/.test(c.orb))).toBe(true);
  });
});

describe('the grid in the reports', () => {
  const ephemerisPath = loadConfig({}).ephemerisPath;
  const PLOY = { name: 'Ploy', date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
  const NIRAN = { name: 'Niran', date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
  const { name: _name, ...birth } = PLOY;
  const ctx = renderContext('en', resolveBranding(null, {}), null);

  it('stands after the chart in the solar return, the transit window and the synastry (each natal chart and the inter-aspect grid)', () => {
    const solar = reportHtml(
      computeReportData(
        { kind: 'solar_return', input: { birth_subject: birth, target_year: 2026, house_system: 'P', name: 'Ploy' } },
        ephemerisPath,
      ),
      ctx,
    );
    const window = reportHtml(
      computeReportData(
        {
          kind: 'transit_window',
          input: { birth_subject: birth, start_date: '2026-03-01', end_date: '2026-03-31', house_system: 'P', name: 'Ploy' },
        },
        ephemerisPath,
      ),
      ctx,
    );
    const synastry = reportHtml(
      computeReportData({ kind: 'synastry_premium', input: { person_a: PLOY, person_b: NIRAN, house_system: 'P' } }, ephemerisPath),
      ctx,
    );
    for (const html of [solar, window]) expect(html.match(/<svg[^>]*class="aspect-grid"/g)).toHaveLength(1);
    expect(synastry.match(/<svg[^>]*class="aspect-grid"/g)).toHaveLength(3);
    expect(synastry).toContain('>Ploy →</text>');
    // the wheels name their house system
    expect(solar).toContain('>Placidus houses</text>');
  });
});
