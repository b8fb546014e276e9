import { ASPECTS, AspectType, aspectsBetween, aspectsWithin, contentFor } from '@astro/western';
import WORDS from './content/wheel.json';
import { DEFAULT_BRANDING } from './branding';
import { escapeHtml, hexColour } from './html';

/** U+FE0E asks for the text (not emoji) presentation of a symbol that has both. */
const TEXT = '\uFE0E';
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

/**
 * The aspects drawn as lines, in legend order, with the colour and dash of each: hard aspects red,
 * soft ones blue, the minor ones green, thinner and dashed (docs/rendering.md explains the choice).
 * A conjunction joins two points at (nearly) the same place, so it has no line.
 */
export const ASPECT_STYLES: Record<Exclude<AspectType, 'conjunction'>, { color: string; dash: string | null; glyph: string }> = {
  opposition: { color: '#b71c1c', dash: null, glyph: '☍' },
  square: { color: '#e8553d', dash: null, glyph: '□' },
  trine: { color: '#1e5fbf', dash: null, glyph: '△' },
  sextile: { color: '#3ba3dc', dash: null, glyph: '⚹' },
  quincunx: { color: '#2e9e4f', dash: '6 3', glyph: '⚻' },
  semi_sextile: { color: '#7cb88f', dash: '2 3', glyph: '⚺' },
};
const LINE_ASPECTS = Object.keys(ASPECT_STYLES) as (keyof typeof ASPECT_STYLES)[];

export interface WheelPoint {
  name: string;
  longitude: number;
  /** degrees per day: a negative speed marks the planet retrograde when `retrograde` is absent */
  speed?: number;
  retrograde?: boolean;
}

export interface WheelAspect {
  /** inner point in a single wheel; the outer ring's point in a bi-wheel */
  a: string;
  /** the other inner point */
  b: string;
  type: AspectType;
  orb: number;
}

/** The words of the legend, in the report's language (wheelLabels). */
export interface WheelLabels {
  aspects: Record<AspectType, string>;
  retrograde: string;
  inner: string;
  outer: string;
}

export interface WheelInput {
  ascendant: number;
  /** the Midheaven; the 10th cusp when absent (the same in every quadrant house system) */
  midheaven?: number;
  cusps: number[];
  inner: WheelPoint[];
  /** a second ring outside the zodiac (bi-wheel): the partner's, transiting or progressed planets */
  outer?: WheelPoint[];
  /** aspect lines: within `inner` (computed with the natal orbs when absent), or from `outer` to `inner` for a bi-wheel (half those orbs) */
  aspects?: WheelAspect[];
  labels?: Partial<WheelLabels>;
  color: string;
  /** the width of the image in SVG units (the drawing is scaled to it); 600 when absent */
  size?: number;
}

/** The chart a wheel is drawn from: what every computed chart (natal, composite, return) has. */
export interface WheelChart {
  angles: { ascendant: number; midheaven: number };
  houses: { cusp: number }[];
  planets: WheelPoint[];
  aspects: WheelAspect[];
}

/** A computed chart's wheel with its own aspects, or with `outer` a bi-wheel (aspects from the outer ring to the chart). */
export function wheelOfChart(chart: WheelChart, outer?: WheelPoint[]): Omit<WheelInput, 'color'> {
  return {
    ascendant: chart.angles.ascendant,
    midheaven: chart.angles.midheaven,
    cusps: chart.houses.map((h) => h.cusp),
    inner: chart.planets,
    outer,
    aspects: outer ? undefined : chart.aspects,
  };
}

/**
 * The legend's words for a language (en or th; others fall back to English): aspect names from the
 * chart content, the rest from content/wheel.json; the two rings are named by `inner` and `outer`
 * (a natal chart and transits unless the caller names them, e.g. the two partners of a synastry).
 */
export function wheelLabels(locale: string, inner?: string, outer?: string): WheelLabels {
  const { content, language } = contentFor(locale);
  const words = language === 'th' ? WORDS.th : WORDS.en;
  return {
    aspects: content.names.aspects as Record<AspectType, string>,
    retrograde: words.retrograde,
    inner: inner ?? words.natal,
    outer: outer ?? words.transit,
  };
}

/** A word of the wheel's vocabulary (content/wheel.json) in a language, e.g. a ring's name. */
export function wheelWord(locale: string, word: keyof typeof WORDS.en): string {
  return (contentFor(locale).language === 'th' ? WORDS.th : WORDS.en)[word];
}

/** The drawing's own coordinate system: a 640-unit square for the wheel, the legend below it. */
export const WHEEL_VIEW = 660;
const C = WHEEL_VIEW / 2;
const INK = '#222';
/** A white outline under a planet's text, so a cusp or axis line behind it never cuts through it. */
const HALO = ' stroke="#fff" stroke-width="4" stroke-linejoin="round" paint-order="stroke"';
const FONT = `'DejaVu Sans', 'Noto Sans Thai', 'Noto Sans Symbols', 'Noto Sans Symbols2', 'Segoe UI Symbol', 'Apple Symbols', sans-serif`;

/** How one ring of planets is drawn: font sizes, and whether the stack repeats the sign glyph. */
interface RingStyle {
  glyphFont: number;
  textFont: number;
  sign: boolean;
}
/** Radii of every circle, outside in; a bi-wheel gives the outer ring its own band outside the zodiac. */
interface Geometry {
  outerEdge: number | null;
  zodiacOut: number;
  zodiacIn: number;
  houseOut: number;
  aspect: number;
  inner: RingStyle;
  outer: RingStyle;
}
const SINGLE: Geometry = {
  outerEdge: null,
  zodiacOut: 284,
  zodiacIn: 244,
  houseOut: 154,
  aspect: 130,
  inner: { glyphFont: 19, textFont: 10.5, sign: true },
  outer: { glyphFont: 19, textFont: 10.5, sign: true },
};
const BI: Geometry = {
  outerEdge: 296,
  zodiacOut: 224,
  zodiacIn: 192,
  houseOut: 118,
  aspect: 98,
  inner: { glyphFont: 16, textFont: 10, sign: false },
  outer: { glyphFont: 15, textFont: 9, sign: false },
};
const ANGLE_LABEL_RADIUS = 313;
/** Length of the tick at a planet's true longitude, and the room between the items of a stack. */
const TICK = 8;
const PAD = 1.5;

/** The box (width, height) a stack item takes, from DejaVu Sans advance widths (digits 0.64 em). */
function textBox(content: string, font: number): { w: number; h: number } {
  const em = [...content].reduce((sum, ch) => sum + (/[0-9]/.test(ch) ? 0.64 : ch === '°' ? 0.4 : ch === '′' ? 0.3 : 0.9), 0);
  return { w: em * font, h: (/^[0-9°′]+$/.test(content) ? 0.78 : 0.95) * font };
}

const r2 = (x: number) => Math.round(x * 100) / 100;
const norm = (x: number) => ((x % 360) + 360) % 360;

/**
 * The SVG angle (degrees, counter-clockwise from 3 o'clock, y pointing up) of an ecliptic longitude:
 * the Ascendant at 180° (9 o'clock) and longitudes increasing counter-clockwise, as every
 * Western chart is read (docs/rendering.md).
 */
export function wheelAngle(longitude: number, ascendant: number): number {
  return norm(180 + longitude - ascendant);
}

/** `19°49′`: whole degrees and minutes within the sign, both truncated as ephemerides print them. */
function degreeMinute(longitude: number): { degree: string; minute: string } {
  const totalMinutes = Math.floor(norm(longitude) * 60 + 1e-7);
  const inSign = totalMinutes % (30 * 60);
  return { degree: `${Math.floor(inSign / 60)}°`, minute: `${String(inSign % 60).padStart(2, '0')}′` };
}

/**
 * Display longitudes for glyphs that must stay `gap` degrees apart: points closer than that form
 * clusters spread evenly around the mean of their true longitudes, merging with neighbours until no
 * two glyphs overlap. The circle is cut in its widest empty arc so that clusters never wrap.
 */
export function spreadLongitudes(longitudes: number[], minGap: number): number[] {
  const n = longitudes.length;
  if (n < 2) return [...longitudes];
  const gap = Math.min(minGap, 360 / n);
  const order = longitudes.map((lon, i) => ({ lon: norm(lon), i })).sort((a, b) => a.lon - b.lon);
  const arcs = order.map((p, k) => ({ k, arc: norm(order[(k + 1) % n].lon - p.lon) || (n === 1 ? 360 : 0) }));
  const cuts = [...arcs].sort((a, b) => b.arc - a.arc);
  let best: number[] | null = null;
  for (const cut of cuts) {
    // unwrap starting just after the cut, so positions increase without crossing 360°
    const start = (cut.k + 1) % n;
    const xs = order.map((_, j) => order[(start + j) % n]).map((p, j, arr) => (j === 0 ? p.lon : arr[0].lon + norm(p.lon - arr[0].lon)));
    type Cluster = { from: number; count: number; sum: number };
    const clusters: Cluster[] = xs.map((x, j) => ({ from: j, count: 1, sum: x }));
    const left = (c: Cluster) => c.sum / c.count - ((c.count - 1) / 2) * gap;
    const right = (c: Cluster) => c.sum / c.count + ((c.count - 1) / 2) * gap;
    for (let merged = true; merged;) {
      merged = false;
      for (let j = 0; j + 1 < clusters.length; j++) {
        if (left(clusters[j + 1]) - right(clusters[j]) < gap - 1e-9) {
          const [a, b] = [clusters[j], clusters[j + 1]];
          clusters.splice(j, 2, { from: a.from, count: a.count + b.count, sum: a.sum + b.sum });
          merged = true;
          break;
        }
      }
    }
    const shown = new Array<number>(n);
    for (const c of clusters) for (let m = 0; m < c.count; m++) shown[c.from + m] = left(c) + m * gap;
    const wrapGap = shown[0] + 360 - shown[n - 1];
    const result = new Array<number>(n);
    shown.forEach((x, j) => (result[order[(start + j) % n].i] = norm(x)));
    if (wrapGap >= gap - 1e-9) return result;
    best ??= result;
  }
  return best!;
}

/**
 * A chart wheel as SVG, the one drawing behind the PDF reports and the chart-image endpoints: the
 * Ascendant at nine o'clock, the zodiac counter-clockwise, the MC near the top, house cusps with
 * their numbers, the four angles labelled, every planet with its degree, sign, minute and ℞ when
 * retrograde (spread apart in a stellium, a tick at its true longitude), aspect lines coloured by
 * aspect inside, an outer ring for a bi-wheel, and a legend under the wheel. `color` (the brand
 * colour, `#rrggbb` or the default) draws the zodiac band, the frame and the outer ring's planets.
 */
export function chartWheelSvg(input: WheelInput): string {
  const g = input.outer ? BI : SINGLE;
  const labels: WheelLabels = { ...wheelLabels('en'), ...input.labels };
  const asc = input.ascendant;
  const mc = input.midheaven ?? input.cusps[9];
  const color = hexColour(input.color, DEFAULT_BRANDING.primary_color);
  const at = (longitude: number, radius: number) => {
    const theta = (wheelAngle(longitude, asc) * Math.PI) / 180;
    return { x: r2(C + radius * Math.cos(theta)), y: r2(C - radius * Math.sin(theta)) };
  };
  const line = (lon: number, from: number, to: number, attrs: string) => {
    const a = at(lon, from);
    const b = at(lon, to);
    return `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" ${attrs}/>`;
  };
  const text = (x: number, y: number, size: number, fill: string, content: string, extra = '') =>
    `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle" dominant-baseline="central" fill="${fill}"${extra}>${content}</text>`;
  const circle = (r: number, attrs: string) => `<circle cx="${C}" cy="${C}" r="${r}" ${attrs}/>`;
  const parts: string[] = [];

  // frame, zodiac band (alternate signs tinted with the brand colour), degree scale
  if (g.outerEdge) parts.push(circle(g.outerEdge, `fill="#fff" stroke="${color}" stroke-width="1.5"`));
  parts.push(circle(g.zodiacOut, `fill="#fff" stroke="${color}" stroke-width="2"`));
  parts.push('<g class="zodiac">');
  for (let s = 0; s < 12; s++) {
    const a0 = at(s * 30, g.zodiacOut);
    const a1 = at(s * 30 + 30, g.zodiacOut);
    const b1 = at(s * 30 + 30, g.zodiacIn);
    const b0 = at(s * 30, g.zodiacIn);
    // counter-clockwise on screen is the negative sweep direction of SVG arcs
    parts.push(
      `<path d="M${a0.x} ${a0.y} A${g.zodiacOut} ${g.zodiacOut} 0 0 0 ${a1.x} ${a1.y} L${b1.x} ${b1.y} A${g.zodiacIn} ${g.zodiacIn} 0 0 1 ${b0.x} ${b0.y}Z" fill="${color}" fill-opacity="${s % 2 ? 0.05 : 0.13}" stroke="${color}" stroke-width="1"/>`,
    );
    const mid = at(s * 30 + 15, (g.zodiacOut + g.zodiacIn) / 2 + 2);
    parts.push(text(mid.x, mid.y, g.outerEdge ? 19 : 22, color, SIGN_GLYPHS[s] + TEXT, ` class="sign" data-sign="${s}"`));
  }
  parts.push('</g>', '<g class="degrees">');
  for (let d = 0; d < 360; d++) {
    if (d % 30 === 0) continue;
    const len = d % 10 === 0 ? 8 : d % 5 === 0 ? 5.5 : 3;
    parts.push(line(d, g.zodiacIn, g.zodiacIn + len, `stroke="${color}" stroke-width="${d % 5 === 0 ? 0.8 : 0.5}"`));
  }
  parts.push('</g>');
  parts.push(circle(g.zodiacIn, `fill="none" stroke="${color}" stroke-width="1"`));
  parts.push(circle(g.houseOut, `fill="none" stroke="#9a9a9a" stroke-width="0.8"`));
  parts.push(circle(g.aspect, `fill="#fcfcfc" stroke="#9a9a9a" stroke-width="0.8"`));

  // house cusps and numbers (in the middle of each house, between the two circles of the hub)
  parts.push('<g class="houses">');
  input.cusps.forEach((cusp, i) => {
    if (i % 3 !== 0) parts.push(line(cusp, g.aspect, g.zodiacIn, `stroke="#9a9a9a" stroke-width="0.8" class="cusp" data-house="${i + 1}"`));
    const next = input.cusps[(i + 1) % 12];
    const mid = at(cusp + norm(next - cusp) / 2, (g.houseOut + g.aspect) / 2);
    parts.push(text(mid.x, mid.y, 11, '#666', String(i + 1), ` class="house-number" data-house="${i + 1}"`));
  });
  parts.push('</g>');

  // the four angles: bold axes from the hub through the zodiac, named outside the wheel
  const angles = [
    { name: 'ASC', lon: asc, house: 1 },
    { name: 'IC', lon: norm(mc + 180), house: 4 },
    { name: 'DSC', lon: norm(asc + 180), house: 7 },
    { name: 'MC', lon: mc, house: 10 },
  ];
  parts.push('<g class="angles">');
  const outerEdge = g.outerEdge ?? g.zodiacOut;
  for (const a of angles) {
    parts.push(line(a.lon, g.aspect, outerEdge + 6, `stroke="${INK}" stroke-width="2" class="angle" data-angle="${a.name}"`));
    const p = at(a.lon, ANGLE_LABEL_RADIUS + (a.name.length - 2) * 3);
    parts.push(
      text(p.x, p.y, 11, INK, a.name, ` font-weight="bold" class="angle-label" data-angle="${a.name}" data-longitude="${r2(a.lon)}"`),
    );
  }
  parts.push('</g>');

  // aspect lines between true longitudes on the hub circle, the tightest drawn last (on top)
  const aspects = input.aspects ?? computeAspects(input);
  const where = new Map<string, number>();
  for (const p of input.inner) where.set(`in:${p.name}`, p.longitude);
  for (const p of input.outer ?? []) where.set(`out:${p.name}`, p.longitude);
  parts.push('<g class="aspects">');
  for (const x of [...aspects].sort((p, q) => q.orb - p.orb)) {
    if (x.type === 'conjunction') continue;
    const from = where.get(`${input.outer ? 'out' : 'in'}:${x.a}`);
    const to = where.get(`in:${x.b}`);
    if (from === undefined || to === undefined) continue;
    const style = ASPECT_STYLES[x.type];
    const a = at(from, g.aspect);
    const b = at(to, g.aspect);
    // the closer to exact, the bolder; the minor aspects stay thin
    const tight = Math.max(0.35, 1 - x.orb / 8) * (style.dash ? 0.6 : 1);
    parts.push(
      `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" stroke="${style.color}" stroke-width="${r2(0.6 + tight * 1.2)}" stroke-opacity="${r2(0.45 + tight * 0.55)}"${style.dash ? ` stroke-dasharray="${style.dash}"` : ''} class="aspect" data-aspect="${x.type}" data-a="${escapeHtml(x.a)}" data-b="${escapeHtml(x.b)}"/>`,
    );
  }
  parts.push('</g>');

  // planets: a tick at the true longitude, the glyph stack at the spread longitude, a thin leader between
  const ring = (points: WheelPoint[], kind: 'inner' | 'outer') => {
    const style = g[kind];
    const fill = kind === 'outer' ? color : INK;
    const dir = kind === 'outer' ? 1 : -1;
    const tickFrom = kind === 'outer' ? g.zodiacOut : g.zodiacIn;
    const start = tickFrom + dir * (TICK + 1);
    const stackOf = (p: WheelPoint) => {
      const dm = degreeMinute(p.longitude);
      const sign = Math.floor(norm(p.longitude) / 30);
      const retro = p.retrograde ?? (p.speed ?? 0) < 0;
      const items = [
        {
          content: (PLANET_GLYPHS[p.name] ?? escapeHtml(p.name.slice(0, 2))) + TEXT,
          font: style.glyphFont,
          fill,
          box: textBox('☉', style.glyphFont),
          attrs: ' class="glyph"',
        },
        { content: dm.degree, font: style.textFont, fill, box: textBox(dm.degree, style.textFont), attrs: ' class="degree"' },
        ...(style.sign
          ? [{ content: SIGN_GLYPHS[sign] + TEXT, font: style.textFont, fill: color, box: textBox('♈', style.textFont), attrs: '' }]
          : []),
        { content: dm.minute, font: style.textFont - 0.5, fill, box: textBox(dm.minute, style.textFont - 0.5), attrs: ' class="minute"' },
        ...(retro
          ? [
              {
                content: RETROGRADE_GLYPH,
                font: style.textFont,
                fill: '#c62828',
                box: { w: 0.75 * style.textFont, h: 0.8 * style.textFont },
                attrs: ' class="retrograde"',
              },
            ]
          : []),
      ];
      return { dm, sign, retro, items };
    };
    const stacks = points.map(stackOf);
    // How far apart two stacks must be: at 45° an item's box is widest across the radius
    // (0.71 × (w + h)); the angle it needs is that width over the item's radius, at its most crowded.
    const need = stacks.flatMap((st) => {
      let r = start;
      let previous = 0;
      return st.items.map((it, k) => {
        const extent = 0.71 * (it.box.w + it.box.h);
        r += dir * (k === 0 ? extent / 2 : previous + PAD + extent / 2);
        previous = extent / 2;
        return extent / r;
      });
    });
    const shown = spreadLongitudes(
      points.map((p) => p.longitude),
      Math.max(0, ...need) * 1.15 * (180 / Math.PI),
    );
    parts.push(`<g class="ring-${kind}">`);
    points.forEach((p, i) => {
      const { dm, sign, retro, items } = stacks[i];
      const theta = (wheelAngle(shown[i], asc) * Math.PI) / 180;
      const [cos, sin] = [Math.abs(Math.cos(theta)), Math.abs(Math.sin(theta))];
      // each item's half extent along the radius: its box projected on the radial direction
      let r = start;
      let previous = 0;
      const drawn = items.map((it, k) => {
        const half = (cos * it.box.w + sin * it.box.h) / 2;
        r += dir * (k === 0 ? half : previous + PAD + half);
        previous = half;
        const c = at(shown[i], r);
        return text(c.x, c.y, it.font, it.fill, it.content, `${it.attrs}${HALO}`);
      });
      const tickEnd = at(p.longitude, tickFrom + dir * TICK);
      const glyphEdge = at(shown[i], start);
      parts.push(
        `<g class="planet" data-name="${escapeHtml(p.name)}" data-longitude="${r2(norm(p.longitude))}" data-shown="${r2(shown[i])}"${retro ? ' data-retrograde="true"' : ''}>` +
          `<title>${escapeHtml(p.name)} ${dm.degree}${dm.minute} ${SIGN_GLYPHS[sign]}${retro ? ` ${RETROGRADE_GLYPH}` : ''}</title>` +
          line(p.longitude, tickFrom, tickFrom + dir * TICK, `stroke="${fill}" stroke-width="1.6" class="true-longitude"`) +
          `<line x1="${tickEnd.x}" y1="${tickEnd.y}" x2="${glyphEdge.x}" y2="${glyphEdge.y}" stroke="${fill}" stroke-width="0.5" stroke-opacity="0.6"/>` +
          drawn.join('') +
          '</g>',
      );
    });
    parts.push('</g>');
  };
  ring(input.inner, 'inner');
  if (input.outer) ring(input.outer, 'outer');

  // legend: the aspect colours, the retrograde mark, and for a bi-wheel which ring is which
  const entries: string[] = [];
  for (const type of LINE_ASPECTS) {
    const st = ASPECT_STYLES[type];
    entries.push(
      `<line x1="0" y1="0" x2="22" y2="0" stroke="${st.color}" stroke-width="2"${st.dash ? ` stroke-dasharray="${st.dash}"` : ''}/>` +
        `<text x="28" y="0" font-size="12" dominant-baseline="central" fill="${st.color}">${st.glyph}${TEXT}</text>` +
        `<text x="44" y="0" font-size="11" dominant-baseline="central" fill="#444">${escapeHtml(labels.aspects[type])}</text>`,
    );
  }
  entries.push(
    `<text x="11" y="0" font-size="12" text-anchor="middle" dominant-baseline="central" fill="#c62828">${RETROGRADE_GLYPH}</text><text x="28" y="0" font-size="11" dominant-baseline="central" fill="#444">${escapeHtml(labels.retrograde)}</text>`,
  );
  if (input.outer) {
    entries.push(
      `<circle cx="11" cy="0" r="5" fill="${INK}"/><text x="28" y="0" font-size="11" dominant-baseline="central" fill="#444">${escapeHtml(labels.inner)}</text>`,
      `<circle cx="11" cy="0" r="5" fill="${color}"/><text x="28" y="0" font-size="11" dominant-baseline="central" fill="#444">${escapeHtml(labels.outer)}</text>`,
    );
  }
  const perRow = input.outer ? 5 : 4;
  const legendTop = WHEEL_VIEW + 4;
  const cell = (WHEEL_VIEW - 24) / perRow;
  parts.push(`<g class="legend" transform="translate(12 ${legendTop})"><line x1="0" y1="0" x2="${WHEEL_VIEW - 24}" y2="0" stroke="#ddd"/>`);
  entries.forEach((e, i) =>
    parts.push(`<g transform="translate(${r2((i % perRow) * cell)} ${Math.floor(i / perRow) * 22 + 14})">${e}</g>`),
  );
  parts.push('</g>');

  const width = input.size ?? 600;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${wheelHeight(input)}" viewBox="0 0 ${WHEEL_VIEW} ${viewHeight(input)}" font-family="${FONT}" role="img">${parts.join('')}</svg>`;
}

/** The drawing's height in its own units: the square wheel plus the legend's rows. */
function viewHeight(input: Pick<WheelInput, 'outer'>): number {
  const entries = LINE_ASPECTS.length + 1 + (input.outer ? 2 : 0);
  return WHEEL_VIEW + 4 + Math.ceil(entries / (input.outer ? 5 : 4)) * 22 + 8;
}

/** The image height for a wheel `size` units wide (600 when absent). */
export function wheelHeight(input: Pick<WheelInput, 'outer' | 'size'>): number {
  return Math.round((viewHeight(input) * (input.size ?? 600)) / WHEEL_VIEW);
}

/** Between two charts, half the natal orbs: only the close contacts, so the hub of a bi-wheel stays readable. */
const BIWHEEL_ASPECTS = ASPECTS.map((a) => ({ ...a, orb: a.orb / 2 }));

function computeAspects(input: WheelInput): WheelAspect[] {
  const points = (list: WheelPoint[]) => list.map((p) => ({ name: p.name, longitude: p.longitude, speed: p.speed ?? 0 }));
  return input.outer ? aspectsBetween(points(input.outer), points(input.inner), BIWHEEL_ASPECTS) : aspectsWithin(points(input.inner));
}
