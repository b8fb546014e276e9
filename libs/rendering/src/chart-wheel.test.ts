import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { ASPECT_STYLES, chartWheelSvg, layoutOfWheel, SIGN_GLYPHS, spreadLongitudes, WheelInput, wheelLabels } from './chart-wheel';
import { segmentHitsBox } from './wheel-labels';
import { chartImage, wheelPng } from './chart-image';

/**
 * The wheel against the way astrologers read one (Astrodienst's chart drawings, kerykeion's SVG,
 * docs/rendering.md): the Ascendant at nine o'clock, the zodiac counter-clockwise, the MC in the
 * upper half. Positions come from swetest (fixtures/wheels/charts.json quotes each call), never
 * from our own code. Angles below are read back from the SVG: degrees counter-clockwise from three
 * o'clock with y pointing up, the usual mathematical angle, so "counter-clockwise" means "increasing".
 */
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'wheels');
type FixtureChart = {
  ascendant: number;
  midheaven: number;
  cusps: number[];
  planets: { name: string; longitude: number; speed: number }[];
};
const CHARTS: Record<string, FixtureChart> = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'charts.json'), 'utf8')).charts;
const wheel = (key: string, extra: Partial<WheelInput> = {}): WheelInput => {
  const c = CHARTS[key];
  return { ascendant: c.ascendant, midheaven: c.midheaven, cusps: c.cusps, inner: c.planets, color: '#4b2e83', ...extra };
};

/** Every element with `attr="value"`, as a map of its attributes. */
function elements(svg: string, tag: string, attr: string, value?: string): Record<string, string>[] {
  const found: Record<string, string>[] = [];
  for (const m of svg.matchAll(new RegExp(`<${tag}\\s([^>]*)>`, 'g'))) {
    const attrs = Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    if (attr in attrs && (value === undefined || attrs[attr] === value)) found.push(attrs);
  }
  return found;
}
/** The drawing's centre: the wheel is the square at the top of the viewBox. */
const centre = (svg: string) => Number(/viewBox="0 0 (\d+)/.exec(svg)![1]) / 2;
function angleOf(svg: string, x: number | string, y: number | string): { angle: number; radius: number } {
  const c = centre(svg);
  const dx = Number(x) - c;
  const dy = c - Number(y);
  return { angle: ((((Math.atan2(dy, dx) * 180) / Math.PI) % 360) + 360) % 360, radius: Math.hypot(dx, dy) };
}
const arc = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);
/** The planet groups: `<g class="planet" …>…</g>` with their inner markup. */
function planetGroups(svg: string): Map<string, { attrs: Record<string, string>; body: string }> {
  const groups = new Map<string, { attrs: Record<string, string>; body: string }>();
  for (const m of svg.matchAll(/<g class="planet" ([^>]*)>(.*?)<\/g>/g)) {
    const attrs = Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    groups.set(`${groups.has(attrs['data-name']) ? 'outer:' : ''}${attrs['data-name']}`, { attrs, body: m[2] });
  }
  return groups;
}
const firstText = (body: string, cls: string) => elements(body, 'text', 'class', cls)[0];
const lineAngle = (svg: string, l: Record<string, string>) => angleOf(svg, l.x2, l.y2).angle;

describe('chart wheel orientation (bangkok_1985: ASC 10°34′ Gemini, MC 1°15′ Pisces, Sun 19°32′ Pisces)', () => {
  const chart = CHARTS.bangkok_1985;
  const svg = chartWheelSvg(wheel('bangkok_1985'));

  it("draws the Ascendant at nine o'clock and the Descendant at three", () => {
    // the name is the upper line of a block centred on the axis, its degree the lower one
    const asc = elements(svg, 'text', 'data-angle', 'ASC')[0];
    expect(arc(angleOf(svg, asc.x, asc.y).angle, 180)).toBeLessThan(1.5);
    expect(Number(asc.y)).toBeLessThan(centre(svg));
    const dsc = elements(svg, 'text', 'data-angle', 'DSC')[0];
    expect(arc(angleOf(svg, dsc.x, dsc.y).angle, 0)).toBeLessThan(1.5);
    expect(svg).toContain('>10°<tspan fill="#4b2e83">♊\uFE0E</tspan>34′</text>');
    // the horizon axis itself, drawn from the hub outwards
    const axis = elements(svg, 'line', 'data-angle', 'ASC')[0];
    expect(Number(axis.y1)).toBeCloseTo(centre(svg), 1);
    expect(Number(axis.x2)).toBeLessThan(Number(axis.x1));
  });

  it('draws the MC in the upper half, where its longitude falls counter-clockwise from the Ascendant', () => {
    const mc = elements(svg, 'text', 'data-angle', 'MC')[0];
    const { angle } = angleOf(svg, mc.x, mc.y);
    expect(Number(mc.y)).toBeLessThan(centre(svg) - 250);
    // MC − ASC = 331.26 − 70.57 = 260.68°, i.e. 99.32° clockwise of the ASC: 80.68°, just right of twelve o'clock
    expect(arc(angle, 180 + chart.midheaven - chart.ascendant - 360)).toBeLessThan(0.5);
    const ic = elements(svg, 'text', 'data-angle', 'IC')[0];
    expect(Number(ic.y)).toBeGreaterThan(centre(svg) + 250);
  });

  it('draws the Sun (349.54°, 10th house) near the top, left of the MC line, with its degree and minute', () => {
    const sun = planetGroups(svg).get('Sun')!;
    const tick = elements(sun.body, 'line', 'class', 'true-longitude')[0];
    // 180° + (349.54° − 70.57°) = 98.97°: the upper half, counter-clockwise of the MC (80.68°)
    expect(lineAngle(svg, tick)).toBeCloseTo(98.97, 1);
    const glyph = firstText(sun.body, 'glyph');
    const at = angleOf(svg, glyph.x, glyph.y);
    expect(at.angle).toBeGreaterThan(90);
    expect(at.angle).toBeLessThan(110);
    expect(sun.body).toContain('>19°</text>');
    expect(sun.body).toContain('>32′</text>');
    expect(sun.body).toContain('<title>Sun 19°32′ ♓</title>');
    expect(sun.body).not.toContain('℞');
  });

  it('runs the signs counter-clockwise, Aries to Pisces, 30° apart, Gemini at the Ascendant', () => {
    const signs = elements(svg, 'text', 'class', 'sign').sort((a, b) => Number(a['data-sign']) - Number(b['data-sign']));
    expect(signs).toHaveLength(12);
    const angles = signs.map((s) => angleOf(svg, s.x, s.y).angle);
    for (let s = 0; s < 12; s++) expect(arc(angles[(s + 1) % 12] - angles[s], 30)).toBeLessThan(0.1);
    // ASC 70.57° is in Gemini (60°–90°): the middle of Gemini, 75°, sits 4.43° counter-clockwise of nine o'clock
    expect(angles[2]).toBeCloseTo(184.43, 1);
  });

  it('numbers the houses counter-clockwise from the Ascendant: the 1st just below it, the 10th above', () => {
    const house = (n: number) => {
      const t = elements(svg, 'text', 'class', 'house-number').find((h) => h['data-house'] === String(n))!;
      return angleOf(svg, t.x, t.y).angle;
    };
    expect(house(1)).toBeGreaterThan(180);
    expect(house(1)).toBeLessThan(225);
    expect(house(4)).toBeGreaterThan(250);
    expect(house(10)).toBeGreaterThan(60);
    expect(house(10)).toBeLessThan(120);
    const cusp2 = elements(svg, 'line', 'data-house', '2')[0];
    expect(lineAngle(svg, cusp2)).toBeCloseTo(180 + chart.cusps[1] - chart.ascendant, 1);
  });

  it('marks the retrograde planets (negative speed) and only those', () => {
    const groups = planetGroups(svg);
    for (const p of chart.planets) {
      const body = groups.get(p.name)!.body;
      expect([p.name, body.includes('class="retrograde"')]).toEqual([p.name, p.speed < 0]);
    }
    expect(chart.planets.filter((p) => p.speed < 0).map((p) => p.name)).toEqual(['Saturn', 'Pluto', 'North Node']);
  });

  it('draws the Sun square Uranus (349.54° and 257.91°, 91.63° apart) in the square colour between their true longitudes', () => {
    const line = elements(svg, 'line', 'data-aspect', 'square').find((l) => [l['data-a'], l['data-b']].sort().join() === 'Sun,Uranus')!;
    expect(line.stroke).toBe(ASPECT_STYLES.square.color);
    // Uranus at 180° + 257.91° − 70.57° = 367.34° ≡ 7.34°, the Sun at 98.97°
    const ends = [angleOf(svg, line.x1, line.y1).angle, angleOf(svg, line.x2, line.y2).angle].sort((a, b) => a - b);
    expect(arc(ends[0], 180 + 257.9135 - chart.ascendant)).toBeLessThan(0.05);
    expect(arc(ends[1], 180 + 349.5434 - chart.ascendant)).toBeLessThan(0.05);
    expect(elements(svg, 'line', 'data-aspect', 'conjunction')).toHaveLength(0);
    // the legend names every aspect that has a line
    for (const type of Object.keys(ASPECT_STYLES))
      expect(svg).toContain(`>${wheelLabels('en').aspects[type as keyof typeof ASPECT_STYLES]}</text>`);
  });
});

describe('cusp and angle degrees, the zodiac and the house system', () => {
  const chart = CHARTS.bangkok_1985;
  const svg = chartWheelSvg(wheel('bangkok_1985', { houseSystem: 'P' }));
  /** `10°♊34′`: the swetest longitude written the way the wheel writes it, computed here on its own. */
  const written = (lon: number) => {
    const minutes = Math.floor(lon * 60);
    return `${Math.floor((minutes % 1800) / 60)}°${'♈♉♊♋♌♍♎♏♐♑♒♓'[Math.floor(minutes / 1800)]}${String(minutes % 60).padStart(2, '0')}′`;
  };
  const labelText = (markup: string) => markup.replace(/<[^>]+>/g, '').replace(/\uFE0E/g, '');

  it('writes the degree, sign and minute of each of the eight cusps that are not angles', () => {
    for (const house of [2, 3, 5, 6, 8, 9, 11, 12]) {
      const group = new RegExp(`<g class="cusp-label" data-longitude="[^"]*" data-house="${house}">(.*?)</g>`).exec(svg);
      expect([house, group && labelText(group[1])]).toEqual([house, written(chart.cusps[house - 1])]);
    }
    // Placidus, Bangkok 1985: the 2nd cusp at 6°43′ Cancer (swetest 96.7195°)
    expect(written(chart.cusps[1])).toBe('6°♋43′');
  });

  it('names the four angles with their degrees: ASC, IC, DSC, MC on the 1st, 4th, 7th and 10th cusps', () => {
    const angles = [...svg.matchAll(/<g class="angle-group" data-longitude="([^"]*)" data-house="(\d+)">(.*?)<\/g>/g)].map((m) => [
      Number(m[2]),
      labelText(m[3]),
    ]);
    expect(angles).toEqual([
      [1, `ASC${written(chart.ascendant)}`],
      [4, `IC${written((chart.midheaven + 180) % 360)}`],
      [7, `DSC${written((chart.ascendant + 180) % 360)}`],
      [10, `MC${written(chart.midheaven)}`],
    ]);
    expect(angles[0][1]).toBe('ASC10°♊34′');
  });

  it('names the zodiac and the house system in the corner, in the wheel’s language', () => {
    expect(svg).toContain('>Tropical zodiac</text>');
    expect(svg).toContain('>Placidus houses</text>');
    const thai = chartWheelSvg(wheel('bangkok_1985', { houseSystem: 'W', locale: 'th' }));
    expect(thai).toContain('>จักรราศีสายนะ</text>');
    expect(thai).toContain('>ระบบเรือนราศีเต็ม</text>');
  });

  it('writes the angles in Thai on a Thai wheel', () => {
    const thai = chartWheelSvg(wheel('bangkok_1985', { locale: 'th' }));
    const names = elements(thai, 'text', 'class', 'angle-label').map((t) => t['data-angle']);
    expect(names).toEqual(['ASC', 'IC', 'DSC', 'MC']);
    for (const word of ['ลัคนา', 'ก้นฟ้า', 'จุดตก', 'กลางฟ้า']) expect(thai).toContain(`>${word}</text>`);
    expect(thai).not.toMatch(/>(ASC|MC|IC|DSC)</);
  });

  it('labels an angle that is no cusp on its own (the MC in whole-sign houses), and every cusp', () => {
    // whole-sign cusps from the Ascendant's sign: 0° Gemini, 0° Cancer…; the MC (1°15′ Pisces) is none of them
    const cusps = Array.from({ length: 12 }, (_, i) => 60 + i * 30);
    const whole = chartWheelSvg({ ...wheel('bangkok_1985'), cusps });
    expect(elements(whole, 'text', 'class', 'angle-label')).toHaveLength(4);
    expect(whole.match(/class="cusp-label"/g)).toHaveLength(12);
  });
});

describe('a planet just past an angle (New Delhi 1962: Mars 2°21′ Aquarius, 11.8° past the Ascendant at 20°33′ Capricorn)', () => {
  it('is drawn below the horizon, on its own side of the axis, not on it', () => {
    const chart = CHARTS.delhi_1962_stellium;
    const mars = chart.planets.find((p) => p.name === 'Mars')!;
    expect(mars.longitude - chart.ascendant).toBeCloseTo(11.8, 1);
    const svg = chartWheelSvg(wheel('delhi_1962_stellium'));
    const group = planetGroups(svg).get('Mars')!;
    for (const t of elements(group.body, 'text', 'class')) {
      // the 1st house lies below the Ascendant, i.e. below the centre line on screen, clear of the axis
      expect(Number(t.y) - Number(t['font-size']) / 2).toBeGreaterThan(centre(svg));
    }
  });
});

describe('stellium spreading (the 5 February 1962 Aquarius stellium, New Delhi)', () => {
  const chart = CHARTS.delhi_1962_stellium;
  const svg = chartWheelSvg(wheel('delhi_1962_stellium'));
  const groups = planetGroups(svg);
  const crowd = ['Sun', 'Moon', 'Mercury', 'Venus', 'Jupiter'];

  it('keeps the five glyphs within 3° of each other apart, in zodiacal order, each with a tick at its true longitude', () => {
    const glyphs = crowd.map((name) => {
      const g = groups.get(name)!;
      const glyph = firstText(g.body, 'glyph');
      const tick = elements(g.body, 'line', 'class', 'true-longitude')[0];
      const lon = chart.planets.find((p) => p.name === name)!.longitude;
      expect(lineAngle(svg, tick)).toBeCloseTo((180 + lon - chart.ascendant + 360) % 360, 1);
      return {
        name,
        lon,
        x: Number(glyph.x),
        y: Number(glyph.y),
        size: Number(glyph['font-size']),
        angle: angleOf(svg, glyph.x, glyph.y).angle,
      };
    });
    const trueSpan = Math.max(...glyphs.map((g) => g.lon)) - Math.min(...glyphs.map((g) => g.lon));
    expect(trueSpan).toBeLessThan(3);
    for (let i = 0; i < glyphs.length; i++) {
      for (let j = i + 1; j < glyphs.length; j++) {
        expect([
          glyphs[i].name,
          glyphs[j].name,
          Math.hypot(glyphs[i].x - glyphs[j].x, glyphs[i].y - glyphs[j].y) >= glyphs[i].size,
        ]).toEqual([glyphs[i].name, glyphs[j].name, true]);
      }
    }
    const byLongitude = [...glyphs].sort((a, b) => a.lon - b.lon).map((g) => g.name);
    const byDrawnAngle = [...glyphs].sort((a, b) => a.angle - b.angle).map((g) => g.name);
    expect(byDrawnAngle).toEqual(byLongitude);
  });

  it('spreads nothing that has room, and wraps a cluster across 0° Aries', () => {
    expect(spreadLongitudes([10, 100, 200], 7)).toEqual([10, 100, 200]);
    const spread = spreadLongitudes([358, 359.5, 1], 7);
    const sep = (a: number, b: number) => arc(a, b);
    expect(sep(spread[0], spread[1])).toBeGreaterThanOrEqual(7 - 1e-9);
    expect(sep(spread[1], spread[2])).toBeGreaterThanOrEqual(7 - 1e-9);
    // centred on the cluster's mean (359.5°), not pushed round the circle
    expect(sep(spread[1], 359.5)).toBeLessThan(0.01);
    expect(sep(spread[0], 352.5)).toBeLessThan(0.01);
  });
});

describe('bi-wheel', () => {
  const svg = chartWheelSvg(wheel('bangkok_1985', { outer: CHARTS.bangkok_1990.planets, labels: wheelLabels('en', 'Ploy', 'Niran') }));

  it('draws the second chart on a ring outside the zodiac, both rings named in the legend', () => {
    const zodiacRadius = Math.max(...elements(svg, 'text', 'class', 'sign').map((s) => angleOf(svg, s.x, s.y).radius));
    const groups = planetGroups(svg);
    const outerSun = groups.get('outer:Sun')!;
    const innerSun = groups.get('Sun')!;
    expect(angleOf(svg, firstText(outerSun.body, 'glyph').x, firstText(outerSun.body, 'glyph').y).radius).toBeGreaterThan(zodiacRadius);
    expect(angleOf(svg, firstText(innerSun.body, 'glyph').x, firstText(innerSun.body, 'glyph').y).radius).toBeLessThan(zodiacRadius);
    // the 1990 Sun at 55.38° (25°22′ Taurus), still measured from the inner chart's Ascendant
    expect(lineAngle(svg, elements(outerSun.body, 'line', 'class', 'true-longitude')[0])).toBeCloseTo(
      180 + 55.3802 - CHARTS.bangkok_1985.ascendant,
      1,
    );
    expect(svg.match(/<title>/g)).toHaveLength(24);
    expect(svg).toContain('>Ploy</text>');
    expect(svg).toContain('>Niran</text>');
  });

  it('draws the aspects from the outer ring to the inner chart', () => {
    // 1990 Saturn 295.23° square 1985 Venus 22.04°: 86.81° apart, orb 3.19°
    const line = elements(svg, 'line', 'data-aspect', 'square').find((l) => l['data-a'] === 'Saturn' && l['data-b'] === 'Venus');
    expect(line).toBeDefined();
    expect(elements(svg, 'line', 'data-aspect').every((l) => l['data-a'] && l['data-b'])).toBe(true);
  });
});

describe('legend language and brand colour', () => {
  it('writes the legend in Thai for a Thai report and draws the zodiac in the brand colour', () => {
    const svg = chartWheelSvg(wheel('bangkok_1985', { color: '#c0ffee', labels: wheelLabels('th') }));
    expect(svg).toContain('ฉากกัน (90°)');
    expect(svg).toContain('เดินพักร์');
    expect(svg).not.toMatch(/>(square|trine|opposition|retrograde)</);
    expect(elements(svg, 'path', 'fill', '#c0ffee')).toHaveLength(12);
  });
});

/**
 * Golden images: each wheel kind rasterised by sharp (librsvg) and compared pixel by pixel with the
 * committed PNG. Both go through the same 64-colour PNG encoding, so an unchanged drawing differs in
 * no pixel; a font or librsvg update may move a few antialiased edges, hence the tolerance.
 * UPDATE_GOLDEN=1 rewrites the goldens (look at them before committing).
 */
const GOLDEN_TOLERANCE = 0.003; // share of pixels allowed to differ
const KINDS: [string, () => WheelInput][] = [
  ['single', () => wheel('bangkok_1985')],
  ['bi-wheel', () => wheel('bangkok_1985', { outer: CHARTS.bangkok_1990.planets, labels: wheelLabels('en', 'Ploy', 'Niran') })],
  ['branded', () => wheel('delhi_1962_stellium', { color: '#0a7e5c', labels: wheelLabels('th') })],
];
async function encoded(input: WheelInput): Promise<Buffer> {
  return sharp((await wheelPng({ ...input, size: 600 }, 1)).data)
    .png({ palette: true, colours: 64, compressionLevel: 9 })
    .toBuffer();
}
async function pixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
/** The share of pixels whose colour differs by more than 40 (of 255) in some channel. */
async function pixelDiff(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = [await pixels(a), await pixels(b)];
  if (x.width !== y.width || x.height !== y.height) return 1;
  let differ = 0;
  for (let i = 0; i < x.data.length; i += 3) {
    if (Math.max(Math.abs(x.data[i] - y.data[i]), Math.abs(x.data[i + 1] - y.data[i + 1]), Math.abs(x.data[i + 2] - y.data[i + 2])) > 40)
      differ++;
  }
  return differ / (x.width * x.height);
}

describe('golden images', () => {
  it.each(KINDS)('%s wheel matches its golden PNG', async (kind, input) => {
    const file = path.join(FIXTURES, `golden-${kind}.png`);
    const png = await encoded(input());
    if (process.env.UPDATE_GOLDEN) fs.writeFileSync(file, png);
    expect(await pixelDiff(png, fs.readFileSync(file))).toBeLessThanOrEqual(GOLDEN_TOLERANCE);
  });

  it('tells different wheels apart (the comparison can fail)', async () => {
    const single = fs.readFileSync(path.join(FIXTURES, 'golden-single.png'));
    const moved = await encoded({ ...wheel('bangkok_1985'), ascendant: CHARTS.bangkok_1985.ascendant + 2 });
    expect(await pixelDiff(moved, single)).toBeGreaterThan(GOLDEN_TOLERANCE * 5);
  });

  it('gives the PNG of the chart-image endpoints the size it reports', async () => {
    const image = await chartImage('png', wheel('bangkok_1985'));
    const meta = await sharp(Buffer.from(image.data, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([image.width, image.height]);
    expect(image.width).toBe(1200);
  });
});

/**
 * Planets a degree or two from an angle, in both rings of a bi-wheel (Ploy's chart inside, points
 * placed on purpose just past each of the four angles outside and inside): every label is drawn
 * beside its axis line, never across it, on the same side as the planet; and every label of the
 * outer ring names its sign beside the degree (19°♓), as the inner ring of a single wheel does.
 */
describe('planets beside the angles, and the outer ring’s signs', () => {
  const base = wheel('bangkok_1985');
  const mc = base.midheaven!;
  const near = (offsets: number[], prefix: string) =>
    [base.ascendant, mc, base.ascendant + 180, mc + 180].flatMap((axis, k) =>
      offsets.map((d, j) => ({ name: `${prefix}${k}${j}`, longitude: (((axis + d) % 360) + 360) % 360, speed: 1 })),
    );
  const outer = near([1.2, -2.1], 'Outer').map((p, i) => ({
    ...p,
    name: ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus'][i],
  }));
  const inner = [
    ...base.inner.filter((p) => !['Sun', 'Moon'].includes(p.name)),
    ...near([0.6], 'x')
      .slice(0, 2)
      .map((p, i) => ({ ...p, name: ['Sun', 'Moon'][i] })),
  ];
  const input: WheelInput = { ...base, inner, outer, labels: wheelLabels('en', 'Ploy', 'Niran') };
  const layout = layoutOfWheel(input);
  const axes = [base.ascendant, mc, base.ascendant + 180, mc + 180];

  it('draws every label of a planet near an angle beside the axis line, on the planet’s side of it', () => {
    const g = layout.geometry;
    const crossing: string[] = [];
    for (const p of layout.planets) {
      const [from, to] = p.ring === 'inner' ? [g.houseOut, g.zodiacIn] : [g.zodiacOut, g.rim];
      for (const it of p.items)
        for (const a of axes)
          if (segmentHitsBox(layout.at(a, from), layout.at(a, to), it)) crossing.push(`${p.ring} ${p.point.name} ${it.cls}`);
      // the column stays on the planet's own side of the nearest axis
      const axis = axes.reduce((best, a) => (arc(a, p.point.longitude) < arc(best, p.point.longitude) ? a : best));
      if (arc(axis, p.point.longitude) < 5) {
        const side = (lon: number) => Math.sign(((((lon - axis) % 360) + 540) % 360) - 180);
        expect([p.point.name, side(p.shown)]).toEqual([p.point.name, side(p.point.longitude)]);
      }
    }
    expect(crossing).toEqual([]);
  });

  it('names the sign beside the degree of every planet of the outer ring', () => {
    const ring = layout.planets.filter((p) => p.ring === 'outer');
    expect(ring).toHaveLength(8);
    for (const p of ring) {
      const sign = Math.floor((((p.point.longitude % 360) + 360) % 360) / 30);
      const degree = p.items.find((it) => it.cls === 'degree')!;
      expect([p.point.name, degree.content]).toEqual([p.point.name, expect.stringContaining(SIGN_GLYPHS[sign])]);
    }
    // and in the drawing: the outer ring's degree texts carry the glyphs
    const svg = chartWheelSvg(input);
    const outerRing = svg.slice(svg.indexOf('<g class="ring-outer">'));
    expect(elements(outerRing, 'text', 'class', 'degree').length).toBe(8);
    expect(outerRing).toMatch(/class="degree"[^>]*>\d+°[♈♉♊♋♌♍♎♏♐♑♒♓]/);
  });
});
