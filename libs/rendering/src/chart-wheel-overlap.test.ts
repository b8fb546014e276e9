import { loadConfig } from '@astro/config';
import { birthAt, HouseSystem } from '@astro/ephemeris';
import { natalChart, NatalChartResult } from '@astro/western';
import sharp from 'sharp';
import { chartWheelSvg, layoutOfWheel, WheelInput } from './chart-wheel';
import { boxDistances, boxesTouch, segmentHitsBox, textBox } from './wheel-labels';
import { CENTRE, layoutBoxes, TICK, WHEEL_VIEW } from './wheel-layout';

/**
 * The wheel's labels, checked as geometry over many real charts: 200 dates drawn at random between
 * 1900 and 2050 (a fixed seed, so a failure can be reproduced) at latitudes from 55° S to 60° N in
 * all four house systems, and 20 stelliums picked by hand, each drawn as a single wheel and as the
 * inner chart of a bi-wheel. Positions come from the project's ephemeris (Swiss Ephemeris files);
 * the boxes are the layout's (wheel-layout.ts), the same numbers the SVG is written from, and the
 * text sizes behind them are checked against what librsvg draws at the end.
 */
const ephemerisPath = loadConfig({}).ephemerisPath;

/** Dates with four to seven of the ten planets within 30° (the test checks each holds at least four). */
const STELLIUMS = [
  '1962-02-04T12:00:00Z', // seven planets in Aquarius, the eclipse of 5 February 1962
  '1962-02-05T06:00:00Z',
  '1941-05-11T12:00:00Z', // Sun, Mercury, Jupiter, Saturn and Uranus in Taurus
  '2020-01-12T12:00:00Z', // Sun, Mercury, Saturn, Pluto conjunct in Capricorn
  '1994-01-11T12:00:00Z', // Sun, Mercury, Venus, Mars, Uranus, Neptune in Capricorn
  '1989-12-26T12:00:00Z',
  '1990-01-01T12:00:00Z',
  '2000-05-05T12:00:00Z', // Sun, Moon, Mercury, Venus, Mars, Jupiter, Saturn in Taurus
  '1984-11-20T12:00:00Z', // Scorpio
  '1997-02-07T12:00:00Z', // Aquarius
  '2019-12-26T05:00:00Z', // the annular eclipse in Capricorn
  '2011-03-22T12:00:00Z', // Pisces and Aries
  '1988-01-05T12:00:00Z', // Capricorn
  '2006-11-20T12:00:00Z', // Scorpio
  '2024-04-08T18:00:00Z', // the total eclipse in Aries
  '2017-08-21T18:00:00Z', // the total eclipse in Leo
  '2021-02-11T12:00:00Z', // six planets in Aquarius
  '1986-12-10T12:00:00Z', // Sagittarius
  '2002-05-10T12:00:00Z', // Taurus and Gemini
  '2008-12-27T12:00:00Z', // Capricorn
];
const PLACES = [
  [28.61, 77.21],
  [13.75, 100.5],
  [51.51, -0.13],
  [40.71, -74.01],
  [-33.87, 151.21],
];
const SYSTEMS: HouseSystem[] = ['P', 'K', 'W', 'E'];

interface Case {
  label: string;
  chart: NatalChartResult;
  system: HouseSystem;
}
function cases(): Case[] {
  const out: Case[] = [];
  STELLIUMS.forEach((iso, k) => {
    // each stellium at a different hour and place, so that it falls at a different place on the wheel
    const instant = new Date(Date.parse(iso) + ((k * 5) % 24) * 3_600_000);
    const [latitude, longitude] = PLACES[k % PLACES.length];
    const system = SYSTEMS[k % 4];
    out.push({
      label: `stellium ${instant.toISOString()}`,
      chart: natalChart({ birth: birthAt(instant, latitude, longitude), houseSystem: system }, ephemerisPath),
      system,
    });
  });
  let seed = 20260127;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const [from, to] = [Date.UTC(1900, 0, 1), Date.UTC(2050, 0, 1)];
  for (let i = 0; i < 200; i++) {
    const instant = new Date(from + random() * (to - from));
    const latitude = -55 + random() * 115;
    const longitude = -180 + random() * 360;
    const system = SYSTEMS[i % 4];
    out.push({
      label: `${instant.toISOString()} ${latitude.toFixed(2)} ${longitude.toFixed(2)} ${system}`,
      chart: natalChart({ birth: birthAt(instant, latitude, longitude), houseSystem: system }, ephemerisPath),
      system,
    });
  }
  return out;
}
const CASES = cases();

const wheelOf = (c: Case, k: number, outer?: NatalChartResult): WheelInput => ({
  ascendant: c.chart.chart.angles.ascendant,
  midheaven: c.chart.chart.angles.midheaven,
  cusps: c.chart.chart.houses.map((h) => h.cusp),
  inner: c.chart.chart.planets,
  outer: outer?.chart.planets,
  houseSystem: c.chart.houseSystemUsed,
  locale: k % 2 ? 'th' : 'en',
  color: '#4b2e83',
});
/** Every wheel of the test: each chart alone, and inside a bi-wheel with the next chart outside. */
const WHEELS: [string, WheelInput][] = CASES.flatMap((c, k) => [
  [c.label, wheelOf(c, k)],
  [`${c.label} (bi-wheel)`, wheelOf(c, k, CASES[(k + 1) % CASES.length].chart)],
]);

/** Each wheel's layout, computed once for all the tests below. */
let laidOut: { label: string; input: WheelInput; layout: ReturnType<typeof layoutOfWheel> }[] | null = null;
const LAYOUTS = () => (laidOut ??= WHEELS.map(([label, input]) => ({ label, input, layout: layoutOfWheel(input) })));

describe('the hand-picked stelliums', () => {
  it.each(CASES.slice(0, 20).map((c) => [c.label, c] as const))('%s has four or more planets within 30°', (_label, c) => {
    const lons = c.chart.chart.planets.filter((p) => !['North Node', 'Chiron'].includes(p.name)).map((p) => p.longitude);
    const most = Math.max(...lons.map((a) => lons.filter((b) => (((b - a) % 360) + 360) % 360 < 30).length));
    expect(most).toBeGreaterThanOrEqual(4);
  });
});

describe(`wheel labels over ${CASES.length} charts (${WHEELS.length} wheels)`, () => {
  it('never overlap, and stay inside the drawing', () => {
    const problems: string[] = [];
    for (const { label, layout } of LAYOUTS()) {
      const boxes = layoutBoxes(layout);
      boxes.forEach((a, i) => {
        const { x, y, w, h } = a.box;
        if (x - w / 2 < 0 || y - h / 2 < 0 || x + w / 2 > WHEEL_VIEW || y + h / 2 > WHEEL_VIEW)
          problems.push(`${label}: ${a.owner} ${a.cls} outside`);
        for (const b of boxes.slice(i + 1))
          if (a.owner !== b.owner && boxesTouch(a.box, b.box)) problems.push(`${label}: ${a.owner} ${a.cls} × ${b.owner} ${b.cls}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it("keep each planet's column clear of the circles around its band and off the four axes", () => {
    const problems: string[] = [];
    for (const { label, input, layout } of LAYOUTS()) {
      const g = layout.geometry;
      const chartAngles = [input.ascendant, input.midheaven!, input.ascendant + 180, input.midheaven! + 180];
      for (const p of layout.planets) {
        const [inner, outer] = p.ring === 'inner' ? [g.houseOut, g.zodiacIn] : [g.zodiacOut, g.rim];
        for (const it of p.items) {
          const { near, far } = boxDistances(it, CENTRE, CENTRE);
          if (near < inner + 0.5 || far > outer - 0.5)
            problems.push(`${label}: ${p.point.name} ${it.cls} touches a circle (${near.toFixed(1)}–${far.toFixed(1)})`);
          for (const a of chartAngles)
            if (segmentHitsBox(layout.at(a, inner), layout.at(a, outer), it))
              problems.push(`${label}: ${p.point.name} ${it.cls} on an axis`);
        }
      }
      for (const c of layout.cusps)
        if (boxDistances(c.item, CENTRE, CENTRE).near < g.rim + 1) problems.push(`${label}: cusp ${c.house} on the rim`);
    }
    expect(problems).toEqual([]);
  });

  it("draws each planet's tick at its true longitude and its leader from there to its column", () => {
    const angle = (x: number, y: number) => ((((Math.atan2(CENTRE - y, x - CENTRE) * 180) / Math.PI) % 360) + 360) % 360;
    const arc = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);
    let checked = 0;
    // every tenth wheel through its SVG: the drawing is written from the layout the other tests read
    for (const { label, input, layout } of LAYOUTS().filter((_, k) => k % 10 === 0)) {
      const svg = chartWheelSvg(input);
      const groups = [
        ...svg.matchAll(/<g class="planet" data-name="([^"]*)" data-longitude="([^"]*)" data-shown="([^"]*)"[^>]*>(.*?)<\/g>/g),
      ];
      expect([label, groups.length]).toEqual([label, input.inner.length + (input.outer?.length ?? 0)]);
      groups.forEach((m, k) => {
        const [, name, longitude, , body] = m;
        const num = (re: RegExp) => re.exec(body)!.slice(1).map(Number);
        const [tx1, ty1, tx2, ty2] = num(/<line x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="([^"]+)"[^>]*class="true-longitude"/);
        const [lx1, ly1, lx2, ly2] = num(/<line x1="([^"]+)" y1="([^"]+)" x2="([^"]+)" y2="([^"]+)"[^>]*class="leader"/);
        const truth = (180 + Number(longitude) - input.ascendant + 360) % 360;
        const placed = layout.planets[k];
        expect([label, name, placed.point.name]).toEqual([label, name, name]);
        // the tick lies along the true longitude, from the zodiac's edge TICK units into the band
        expect([name, arc(angle(tx1, ty1), truth) < 0.05, arc(angle(tx2, ty2), truth) < 0.05]).toEqual([name, true, true]);
        expect(Math.abs(Math.hypot(tx2 - tx1, ty2 - ty1) - TICK)).toBeLessThan(0.05);
        // the leader starts where the tick ends and ends at the column's first box, on its display longitude
        expect([name, Math.hypot(lx1 - tx2, ly1 - ty2) < 0.02]).toEqual([name, true]);
        const glyph = placed.items[0];
        expect([name, arc(angle(lx2, ly2), angle(glyph.x, glyph.y)) < 0.1]).toEqual([name, true]);
        // and the SVG draws the column where the layout put it
        for (const it of placed.items) expect(body).toContain(`x="${it.x}" y="${it.y}"`);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(400);
  });
});

describe('text sizes the layout uses, against the glyphs librsvg draws', () => {
  const SAMPLES = [
    '☉\uFE0E',
    '♆\uFE0E',
    '⚷\uFE0E',
    '19°',
    '32′',
    '℞',
    '10°♊34′',
    '28°♒14′',
    'ASC',
    'DSC',
    'ลัคนา',
    'กลางฟ้า',
    'ก้นฟ้า',
    'จุดตก',
  ];
  it.each(SAMPLES)('%s is no wider and no taller than its box', async (content) => {
    const font = 100;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="300"><rect width="1400" height="300" fill="#fff"/><text x="700" y="150" font-size="${font}" text-anchor="middle" dominant-baseline="central" font-family="'DejaVu Sans', 'Noto Sans Thai', 'Noto Sans Symbols', 'Noto Sans Symbols2', sans-serif">${content}</text></svg>`;
    const { info } = await sharp(Buffer.from(svg)).trim({ threshold: 40 }).toBuffer({ resolveWithObject: true });
    const box = textBox(content, font);
    expect(info.width).toBeLessThanOrEqual(box.w);
    expect(info.height).toBeLessThanOrEqual(box.h);
    // and the box is no gross overestimate (nor the measurement empty)
    expect(info.width).toBeGreaterThan(box.w * 0.4);
  });
});
