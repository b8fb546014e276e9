import { ASPECTS, AspectType, aspectsBetween, aspectsWithin, contentFor } from '@astro/western';
import WORDS from './content/wheel.json';
import { DEFAULT_BRANDING } from './branding';
import { escapeHtml, hexColour } from './html';
import { norm, r2 } from './wheel-labels';
import { CENTRE as C, CUSP_INK, INK, RETROGRADE_GLYPH, SIGN_GLYPHS, TEXT, WHEEL_VIEW, wheelLayout, WheelLayout } from './wheel-layout';

export { PLANET_GLYPHS, RETROGRADE_GLYPH, SIGN_GLYPHS, WHEEL_VIEW, wheelAngle } from './wheel-layout';
export { spreadLongitudes } from './wheel-spread';

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
  /** the four angles' names: ASC, MC… in English, ลัคนา, กลางฟ้า… in Thai */
  angles: { ascendant: string; imum_coeli: string; descendant: string; midheaven: string };
  zodiac: string;
  /** the house system's line, `{system}` its name */
  houses: string;
  houseSystems: Record<string, string>;
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
  /** the wheel's language (en or th) for every word it draws; `labels` overrides single words */
  locale?: string;
  /** the house system used (P, K, W, E or O), named in the wheel's corner with the zodiac */
  houseSystem?: string;
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
  /** composite and progressed charts carry their house system; a natal result has it beside the chart */
  house_system_used?: string;
}

/** A computed chart's wheel with its own aspects, or with `outer` a bi-wheel (aspects from the outer ring to the chart). */
export function wheelOfChart(chart: WheelChart, outer?: WheelPoint[], houseSystem = chart.house_system_used): Omit<WheelInput, 'color'> {
  return {
    houseSystem,
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
    angles: words.angles,
    zodiac: words.zodiac,
    houses: words.houses,
    houseSystems: words.house_systems,
  };
}

/** A word of the wheel's vocabulary (content/wheel.json) in a language, e.g. a ring's name. */
export function wheelWord(locale: string, word: 'retrograde' | 'natal' | 'transit' | 'progressed'): string {
  return (contentFor(locale).language === 'th' ? WORDS.th : WORDS.en)[word];
}

/** A white outline under a label, so a cusp or axis line behind it never cuts through it. */
const HALO = ' stroke="#fff" stroke-width="4" stroke-linejoin="round" paint-order="stroke"';
export const WHEEL_FONT = `'DejaVu Sans', 'Noto Sans Thai', 'Noto Sans Symbols', 'Noto Sans Symbols2', 'Segoe UI Symbol', 'Apple Symbols', sans-serif`;

/** The words a wheel draws, in its language, with the caller's own overriding them. */
function labelsOf(input: WheelInput): WheelLabels {
  return { ...wheelLabels(input.locale ?? 'en'), ...input.labels };
}

/** The placement of every label of a wheel (wheel-layout.ts): what the drawing and the overlap test read. */
export function layoutOfWheel(input: WheelInput): WheelLayout {
  const labels = labelsOf(input);
  const retro = (p: WheelPoint) => p.retrograde ?? (p.speed ?? 0) < 0;
  const system = input.houseSystem ? labels.houseSystems[input.houseSystem] : undefined;
  const a = labels.angles;
  return wheelLayout({
    ascendant: input.ascendant,
    midheaven: input.midheaven ?? input.cusps[9],
    cusps: input.cusps,
    inner: input.inner.map((p) => ({ name: p.name, longitude: p.longitude, retrograde: retro(p) })),
    outer: input.outer?.map((p) => ({ name: p.name, longitude: p.longitude, retrograde: retro(p) })),
    angleNames: [a.ascendant, a.imum_coeli, a.descendant, a.midheaven],
    caption: [labels.zodiac, ...(system ? [labels.houses.replace('{system}', system)] : [])],
    color: input.color,
  });
}

/**
 * A chart wheel as SVG, the one drawing behind the PDF reports and the chart-image endpoints: the
 * Ascendant at nine o'clock, the zodiac counter-clockwise, the MC near the top, house cusps with
 * their numbers and degrees, the four angles named with their degrees, every planet with its
 * degree, sign, minute and ℞ when retrograde (columns spread apart in a stellium, each with a tick
 * at its true longitude and a leader to it), aspect lines coloured by aspect inside, an outer ring
 * for a bi-wheel, the zodiac and house system in the corner and a legend under the wheel. `color`
 * (the brand colour) draws the zodiac band, the frame and the outer ring's planets.
 */
export function chartWheelSvg(input: WheelInput): string {
  const labels = labelsOf(input);
  const layout = layoutOfWheel(input);
  const g = layout.geometry;
  const at = layout.at;
  const color = hexColour(input.color, DEFAULT_BRANDING.primary_color);
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
  if (g.rim > g.zodiacOut) parts.push(circle(g.rim, `fill="#fff" stroke="${color}" stroke-width="1.5"`));
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
    const mid = at(s * 30 + 15, (g.zodiacOut + g.zodiacIn) / 2 + 1);
    parts.push(text(mid.x, mid.y, g.signFont, color, SIGN_GLYPHS[s] + TEXT, ` class="sign" data-sign="${s}"`));
  }
  parts.push('</g>', '<g class="degrees">');
  for (let d = 0; d < 360; d++) {
    if (d % 30 === 0) continue;
    const len = d % 10 === 0 ? 7 : d % 5 === 0 ? 5 : 2.5;
    parts.push(line(d, g.zodiacIn, g.zodiacIn + len, `stroke="${color}" stroke-width="${d % 5 === 0 ? 0.8 : 0.5}"`));
  }
  parts.push('</g>');
  parts.push(circle(g.zodiacIn, `fill="none" stroke="${color}" stroke-width="1"`));
  parts.push(circle(g.houseOut, `fill="none" stroke="#9a9a9a" stroke-width="0.8"`));
  parts.push(circle(g.aspect, `fill="#fcfcfc" stroke="#9a9a9a" stroke-width="0.8"`));

  // house cusps (the angles are drawn below, bolder) and the house numbers
  parts.push('<g class="houses">');
  input.cusps.forEach((cusp, i) => {
    if (i % 3 !== 0) parts.push(line(cusp, g.aspect, g.zodiacIn, `stroke="#9a9a9a" stroke-width="0.8" class="cusp" data-house="${i + 1}"`));
  });
  for (const n of layout.houseNumbers)
    parts.push(text(n.x, n.y, n.font, n.fill, n.content, ` class="house-number" data-house="${n.content}"`));
  parts.push('</g>');

  // the four angles: bold axes from the hub through the zodiac, each named outside the wheel with its degree
  const mc = input.midheaven ?? input.cusps[9];
  const axes = [
    { name: 'ASC', lon: input.ascendant },
    { name: 'IC', lon: norm(mc + 180) },
    { name: 'DSC', lon: norm(input.ascendant + 180) },
    { name: 'MC', lon: mc },
  ];
  parts.push('<g class="angles">');
  for (const a of axes)
    parts.push(line(a.lon, g.aspect, g.rim + 6, `stroke="${INK}" stroke-width="2" class="angle" data-angle="${a.name}"`));
  parts.push('</g>', '<g class="cusp-labels">');
  for (const c of layout.cusps) {
    const it = c.item;
    const leader = `<line x1="${c.leaderFrom.x}" y1="${c.leaderFrom.y}" x2="${c.leaderTo.x}" y2="${c.leaderTo.y}" stroke="${c.angle ? INK : CUSP_INK}" stroke-width="${c.angle ? 1 : 0.6}" class="cusp-leader"/>`;
    const dm = (content: string, size: number, fill: string, x: number, y: number, cls: string) => {
      // the sign glyph in the brand colour between the degree and the minute
      const m = /^(\d+°)(.)(\d+′)$/u.exec(content)!;
      return `<text x="${x}" y="${y}" font-size="${size}" text-anchor="middle" dominant-baseline="central" fill="${fill}" class="${cls}"${HALO}>${m[1]}<tspan fill="${color}">${m[2]}${TEXT}</tspan>${m[3]}</text>`;
    };
    const data = ` data-longitude="${r2(norm(c.longitude))}"${c.house ? ` data-house="${c.house}"` : ''}`;
    if (!c.angle || !it.below) {
      parts.push(`<g class="cusp-label"${data}>${leader}${dm(it.content, it.font, it.fill, it.x, it.y, 'cusp-degree')}</g>`);
      continue;
    }
    const top = it.y - it.h / 2;
    const nameH = it.h - it.below.font * 0.78 - 1;
    parts.push(
      `<g class="angle-group"${data}>${leader}` +
        text(
          it.x,
          r2(top + nameH / 2),
          it.font,
          INK,
          escapeHtml(it.content),
          ` font-weight="bold" class="angle-label" data-angle="${c.angleKey}" data-longitude="${r2(norm(c.longitude))}"${HALO}`,
        ) +
        dm(it.below.content, it.below.font, INK, it.x, r2(top + nameH + 1 + (it.below.font * 0.78) / 2), 'angle-degree') +
        '</g>',
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

  // planets: a tick at the true longitude, a thin leader from it to the column at its display longitude
  for (const kind of ['inner', 'outer'] as const) {
    const ring = layout.planets.filter((p) => p.ring === kind);
    if (ring.length === 0) continue;
    parts.push(`<g class="ring-${kind}">`);
    for (const p of ring) {
      const fill = kind === 'outer' ? color : INK;
      const dm = degreeMinuteOf(p.point.longitude);
      const tickEnd = at(p.point.longitude, p.tick.to);
      parts.push(
        `<g class="planet" data-name="${escapeHtml(p.point.name)}" data-longitude="${r2(norm(p.point.longitude))}" data-shown="${r2(p.shown)}"${p.point.retrograde ? ' data-retrograde="true"' : ''}>` +
          `<title>${escapeHtml(p.point.name)} ${dm}${p.point.retrograde ? ` ${RETROGRADE_GLYPH}` : ''}</title>` +
          line(p.point.longitude, p.tick.from, p.tick.to, `stroke="${fill}" stroke-width="1.6" class="true-longitude"`) +
          `<line x1="${tickEnd.x}" y1="${tickEnd.y}" x2="${p.leaderTo.x}" y2="${p.leaderTo.y}" stroke="${fill}" stroke-width="0.6" stroke-opacity="0.7" class="leader"/>` +
          p.items
            .map((it) =>
              text(it.x, it.y, it.font, it.fill, it.cls === 'glyph' ? escapeHtml(it.content) : it.content, ` class="${it.cls}"${HALO}`),
            )
            .join('') +
          '</g>',
      );
    }
    parts.push('</g>');
  }

  // the zodiac and the house system, top left
  for (const c of layout.caption)
    parts.push(
      `<text x="6" y="${c.y}" font-size="${c.font}" dominant-baseline="central" fill="${c.fill}" class="caption">${escapeHtml(c.content)}</text>`,
    );

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
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${wheelHeight(input)}" viewBox="0 0 ${WHEEL_VIEW} ${viewHeight(input)}" font-family="${WHEEL_FONT}" role="img">${parts.join('')}</svg>`;
}

/** `19°32′ ♓`: a point's place in its sign, as the tooltip of its column says it. */
function degreeMinuteOf(longitude: number): string {
  const minutes = Math.floor(norm(longitude) * 60 + 1e-7);
  const inSign = minutes % 1800;
  return `${Math.floor(inSign / 60)}°${String(inSign % 60).padStart(2, '0')}′ ${SIGN_GLYPHS[Math.floor(minutes / 1800) % 12]}`;
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
