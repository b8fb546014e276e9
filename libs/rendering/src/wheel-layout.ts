import { Box, layoutRing, norm, r2, StackItem, textBox } from './wheel-labels';

/** U+FE0E asks for the text (not emoji) presentation of a symbol that has both. */
export const TEXT = '\uFE0E';
export const SIGN_GLYPHS = ['♈', '♉', '♊', '♋', '♌', '♍', '♎', '♏', '♐', '♑', '♒', '♓'];
export const PLANET_GLYPHS: Record<string, string> = {
  Sun: '☉',
  Moon: '☽',
  Mercury: '☿',
  Venus: '♀',
  Mars: '♂',
  Jupiter: '♃',
  Saturn: '♄',
  Uranus: '♅',
  Neptune: '♆',
  Pluto: '♇',
  'North Node': '☊',
  Chiron: '⚷',
};
export const RETROGRADE_GLYPH = '℞';

/** The drawing's own coordinate system: a 660-unit square for the wheel, the legend below it. */
export const WHEEL_VIEW = 660;
export const CENTRE = WHEEL_VIEW / 2;
export const INK = '#222';
export const CUSP_INK = '#555';

export interface LayoutPoint {
  name: string;
  longitude: number;
  retrograde: boolean;
}

/**
 * How one ring of planets is drawn: font sizes, and where the column names the sign: on a row of
 * its own (`row`), beside the degree where the band has no room for another row (`beside`, the
 * outer ring of a bi-wheel: 19°♓, and 32′℞ on the next row), or not at all (the inner ring of a bi-wheel, whose signs the
 * zodiac band between the rings shows).
 */
interface RingStyle {
  glyphFont: number;
  textFont: number;
  sign: 'row' | 'beside' | false;
}
/**
 * Radii of every circle, outside in. The cusp and angle degrees sit outside the outermost circle
 * (`rim`); a bi-wheel gives the outer ring its own band between the zodiac and the rim.
 */
export interface Geometry {
  rim: number;
  zodiacOut: number;
  zodiacIn: number;
  houseOut: number;
  aspect: number;
  signFont: number;
  inner: RingStyle;
  outer: RingStyle;
}
const SINGLE: Geometry = {
  rim: 262,
  zodiacOut: 262,
  zodiacIn: 228,
  houseOut: 122,
  aspect: 102,
  signFont: 20,
  inner: { glyphFont: 19, textFont: 10.5, sign: 'row' },
  outer: { glyphFont: 19, textFont: 10.5, sign: 'row' },
};
const BI: Geometry = {
  rim: 280,
  zodiacOut: 203,
  zodiacIn: 177,
  houseOut: 96,
  aspect: 80,
  signFont: 17,
  inner: { glyphFont: 16, textFont: 10, sign: false },
  outer: { glyphFont: 15, textFont: 8.5, sign: 'beside' },
};
export const geometryOf = (bi: boolean): Geometry => (bi ? BI : SINGLE);

/** Length of the tick at a planet's true longitude, the room between the items of a column, and between columns. */
export const TICK = 8;
const PAD = 1.5;
const CLEAR = { x: 14, y: 4 };
const CUSP_FONT = 9.5;
const ANGLE_FONT = 11;

/** `19°`, `49′`: whole degrees and minutes within the sign, both truncated as ephemerides print them. */
export function degreeMinute(longitude: number): { degree: string; minute: string; sign: number } {
  const totalMinutes = Math.floor(norm(longitude) * 60 + 1e-7);
  const inSign = totalMinutes % (30 * 60);
  return {
    degree: `${Math.floor(inSign / 60)}°`,
    minute: `${String(inSign % 60).padStart(2, '0')}′`,
    sign: Math.floor(totalMinutes / (30 * 60)) % 12,
  };
}

/**
 * The SVG angle (degrees, counter-clockwise from 3 o'clock, y pointing up) of an ecliptic longitude:
 * the Ascendant at 180° (9 o'clock) and longitudes increasing counter-clockwise, as every
 * Western chart is read (docs/rendering.md).
 */
export function wheelAngle(longitude: number, ascendant: number): number {
  return norm(180 + longitude - ascendant);
}

/** A label of the layout: its box and what it says, for the drawing and the overlap test. */
export interface PlacedItem extends StackItem, Box {}

export interface PlacedPlanet {
  ring: 'inner' | 'outer';
  point: LayoutPoint;
  shown: number;
  items: PlacedItem[];
  /** the tick at the true longitude, on the zodiac's edge, and the leader from its end to the column */
  tick: { from: number; to: number };
  leaderTo: { x: number; y: number };
}

/** A label outside the rim: an angle (named), or a house cusp that is not on an angle. */
export interface PlacedCusp {
  /** the house whose cusp this is, null for an angle that is no cusp (the MC in whole-sign houses) */
  house: number | null;
  longitude: number;
  angle: string | null;
  /** ASC, IC, DSC or MC whatever the language, for an angle */
  angleKey: string | null;
  shown: number;
  item: PlacedItem;
  leaderFrom: { x: number; y: number };
  leaderTo: { x: number; y: number };
}

export interface WheelLayout {
  geometry: Geometry;
  planets: PlacedPlanet[];
  cusps: PlacedCusp[];
  houseNumbers: PlacedItem[];
  caption: PlacedItem[];
  /** a point at a longitude and radius, in the drawing's coordinates */
  at: (longitude: number, radius: number) => { x: number; y: number };
}

export interface LayoutInput {
  ascendant: number;
  midheaven: number;
  cusps: number[];
  inner: LayoutPoint[];
  outer?: LayoutPoint[];
  /** the angles' names in the wheel's language, ASC, IC, DSC, MC in that order */
  angleNames: [string, string, string, string];
  /** lines written in the top left corner: the zodiac and the house system */
  caption: string[];
  color: string;
}

const item = (content: string, font: number, fill: string, cls: string, extra: Partial<StackItem> = {}): StackItem => ({
  content,
  font,
  fill,
  cls,
  box: textBox(content, font),
  ...extra,
});

/** A planet's column: glyph, degree, sign (single wheel), minute and ℞ when retrograde. */
function column(p: LayoutPoint, style: RingStyle, fill: string, signFill: string): StackItem[] {
  const dm = degreeMinute(p.longitude);
  const glyph = PLANET_GLYPHS[p.name] ?? p.name.slice(0, 2);
  return [
    { ...item(glyph + TEXT, style.glyphFont, fill, 'glyph'), box: textBox('☉', style.glyphFont) },
    item(style.sign === 'beside' ? dm.degree + SIGN_GLYPHS[dm.sign] + TEXT : dm.degree, style.textFont, fill, 'degree'),
    ...(style.sign === 'row' ? [item(SIGN_GLYPHS[dm.sign] + TEXT, style.textFont, signFill, 'planet-sign')] : []),
    // beside: the ℞ follows the minute on its row, as the sign follows the degree
    item(style.sign === 'beside' && p.retrograde ? dm.minute + RETROGRADE_GLYPH : dm.minute, style.textFont - 0.5, fill, 'minute'),
    ...(p.retrograde && style.sign !== 'beside'
      ? [
          {
            ...item(RETROGRADE_GLYPH, style.textFont, '#c62828', 'retrograde'),
            box: { w: 0.75 * style.textFont, h: 0.85 * style.textFont },
          },
        ]
      : []),
  ];
}

/** Every label of a wheel placed: planet columns, cusp and angle degrees, house numbers, the caption. */
export function wheelLayout(input: LayoutInput): WheelLayout {
  const g = geometryOf(Boolean(input.outer));
  const asc = input.ascendant;
  const angleOf = (lon: number) => wheelAngle(lon, asc);
  const at = (longitude: number, radius: number) => {
    const theta = (angleOf(longitude) * Math.PI) / 180;
    return { x: r2(CENTRE + radius * Math.cos(theta)), y: r2(CENTRE - radius * Math.sin(theta)) };
  };
  const axes = [asc, norm(input.midheaven + 180), norm(asc + 180), input.midheaven];

  const ring = (points: LayoutPoint[], kind: 'inner' | 'outer'): PlacedPlanet[] => {
    const style = g[kind];
    const fill = kind === 'outer' ? input.color : INK;
    const dir = kind === 'outer' ? 1 : -1;
    const edge = kind === 'outer' ? g.zodiacOut : g.zodiacIn;
    const start = edge + dir * (TICK + 1.5);
    const stacks = points.map((p) => column(p, style, fill, input.color));
    const wallSpan = kind === 'outer' ? { from: g.zodiacOut, to: g.rim } : { from: g.houseOut, to: g.zodiacIn };
    const placed = layoutRing({
      longitudes: points.map((p) => p.longitude),
      stacks,
      angleOf,
      start,
      dir,
      pad: PAD,
      centre: CENTRE,
      walls: axes.map((longitude) => ({ longitude, ...wallSpan })),
      clear: CLEAR,
    });
    return points.map((point, i) => ({
      ring: kind,
      point,
      shown: placed[i].shown,
      items: stacks[i].map((it, k) => ({ ...it, ...placed[i].boxes[k] })),
      tick: { from: edge, to: edge + dir * TICK },
      leaderTo: at(placed[i].shown, start),
    }));
  };

  // cusp degrees outside the rim: the four angles bold with their names (a cusp on an angle, as in
  // every quadrant system, is labelled once, as the angle), the other cusps smaller and grey
  const angleAt = (lon: number) => axes.findIndex((a) => Math.abs(norm(a - lon + 180) - 180) < 0.01);
  const rimLabels = [
    ...axes.map((longitude, k) => ({ longitude, angle: k, house: input.cusps.findIndex((c) => angleAt(c) === k) + 1 || null })),
    ...input.cusps.flatMap((longitude, i) => (angleAt(longitude) < 0 ? [{ longitude, angle: -1, house: i + 1 }] : [])),
  ];
  const cuspStacks: StackItem[][] = rimLabels.map(({ longitude, angle }) => {
    const dm = degreeMinute(longitude);
    const text = `${dm.degree}${SIGN_GLYPHS[dm.sign]}${dm.minute}`;
    if (angle < 0) return [item(text, CUSP_FONT, CUSP_INK, 'cusp-degree')];
    const name = input.angleNames[angle];
    const nameBox = textBox(name, ANGLE_FONT);
    const degreeBox = textBox(text, ANGLE_FONT - 1);
    return [
      {
        ...item(name, ANGLE_FONT, INK, 'angle-label', { bold: true }),
        // bold text runs about 10% wider than the regular advance widths
        box: { w: Math.max(nameBox.w * 1.1, degreeBox.w), h: nameBox.h + degreeBox.h + 1 },
        below: { content: text, font: ANGLE_FONT - 1, fill: INK, cls: 'angle-degree' },
      },
    ];
  });
  const cuspStart = g.rim + 6;
  const cuspPlaced = layoutRing({
    longitudes: rimLabels.map((l) => l.longitude),
    stacks: cuspStacks,
    angleOf,
    start: cuspStart,
    dir: 1,
    pad: PAD,
    centre: CENTRE,
    walls: [],
    clear: CLEAR,
  });
  const cusps: PlacedCusp[] = rimLabels.map(({ longitude, angle, house }, i) => ({
    house,
    longitude,
    angle: angle < 0 ? null : input.angleNames[angle],
    angleKey: angle < 0 ? null : ['ASC', 'IC', 'DSC', 'MC'][angle],
    shown: cuspPlaced[i].shown,
    item: { ...cuspStacks[i][0], ...cuspPlaced[i].boxes[0] },
    leaderFrom: at(longitude, g.rim + (angle < 0 ? 1 : 6)),
    leaderTo: at(cuspPlaced[i].shown, cuspStart),
  }));

  // house numbers in the middle of each house, spread apart where houses are narrow
  const middles = input.cusps.map((cusp, i) => cusp + norm(input.cusps[(i + 1) % 12] - cusp) / 2);
  const numberStacks = middles.map((_, i) => [item(String(i + 1), 11, '#666', 'house-number')]);
  const mid = (g.houseOut + g.aspect) / 2;
  const numbers = layoutRing({
    longitudes: middles,
    stacks: numberStacks,
    angleOf,
    start: mid - 7,
    dir: 1,
    pad: 0,
    centre: CENTRE,
    walls: [],
    clear: { x: 1, y: 1 },
  });
  const houseNumbers = numbers.map((n, i) => {
    // centred between the two circles whatever the spread did to the radius
    const p = at(n.shown, mid);
    return { ...numberStacks[i][0], ...n.boxes[0], x: p.x, y: p.y };
  });

  const caption = input.caption.map((line, k) => {
    const box = textBox(line, 10.5);
    return { ...item(line, 10.5, '#555', 'caption'), x: r2(6 + box.w / 2), y: r2(12 + k * 15), w: box.w, h: box.h };
  });

  return {
    geometry: g,
    planets: [...ring(input.inner, 'inner'), ...(input.outer ? ring(input.outer, 'outer') : [])],
    cusps,
    houseNumbers,
    caption,
    at,
  };
}

/** Every label box of a layout, named, for the overlap test and for anyone checking a drawing. */
export function layoutBoxes(layout: WheelLayout): { owner: string; cls: string; box: Box }[] {
  return [
    ...layout.planets.flatMap((p) =>
      p.items.map((it) => ({ owner: `${p.ring}:${p.point.name}`, cls: it.cls, box: { x: it.x, y: it.y, w: it.w, h: it.h } })),
    ),
    ...layout.cusps.map((c) => ({
      owner: `cusp:${c.angle ?? c.house}`,
      cls: c.item.cls,
      box: { x: c.item.x, y: c.item.y, w: c.item.w, h: c.item.h },
    })),
    ...layout.houseNumbers.map((h) => ({ owner: `house:${h.content}`, cls: h.cls, box: { x: h.x, y: h.y, w: h.w, h: h.h } })),
    ...layout.caption.map((c, k) => ({ owner: `caption:${k}`, cls: c.cls, box: { x: c.x, y: c.y, w: c.w, h: c.h } })),
  ];
}
