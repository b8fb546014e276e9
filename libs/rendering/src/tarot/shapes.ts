/** Small builders of SVG elements for the card pictures; numbers are written with one decimal at most. */
export type Attrs = Record<string, string | number | undefined>;
export type Point = readonly [number, number];

/** A number as SVG writes it: at most one decimal, no trailing zero. */
export const n = (value: number): string => String(Math.round(value * 10) / 10);

const attributes = (a: Attrs = {}) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : v}"`)
    .join('');

export const path = (d: string, fill: string, extra?: Attrs) => `<path d="${d}" fill="${fill}"${attributes(extra)}/>`;
export const circle = (cx: number, cy: number, r: number, fill: string, extra?: Attrs) =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${attributes(extra)}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra?: Attrs) =>
  `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${fill}"${attributes(extra)}/>`;
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra?: Attrs) =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${attributes(extra)}/>`;
export const polygon = (points: readonly Point[], fill: string, extra?: Attrs) =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}"${attributes(extra)}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, extra?: Attrs) =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"${attributes(extra)}/>`;
export const polyline = (points: readonly Point[], extra?: Attrs) =>
  `<polyline points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="none"${attributes(extra)}/>`;
export const group = (children: string | readonly string[], extra?: Attrs) =>
  `<g${attributes(extra)}>${typeof children === 'string' ? children : children.join('')}</g>`;

/** `children` moved to (x, y), turned by `angle` degrees and scaled by `scale` (drawn round their own origin). */
export const place = (children: string | readonly string[], x: number, y: number, angle = 0, scale = 1) =>
  group(children, {
    transform: `translate(${n(x)} ${n(y)})${angle ? ` rotate(${n(angle)})` : ''}${scale !== 1 ? ` scale(${Math.round(scale * 1000) / 1000})` : ''}`,
  });

/** The points of a star of `count` points round (cx, cy), the first pointing up. */
export function starPoints(cx: number, cy: number, outer: number, inner: number, count: number, turn = 0): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < count * 2; i++) {
    const r = i % 2 ? inner : outer;
    const a = ((turn - 90 + (i * 180) / count) * Math.PI) / 180;
    points.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return points;
}

export const star = (cx: number, cy: number, outer: number, fill: string, count = 5, extra?: Attrs) =>
  polygon(starPoints(cx, cy, outer, outer * (count === 5 ? 0.42 : 0.5), count), fill, extra);

/** No outline: for fills that sit behind the drawing (sky, ground, light). */
export const FLAT: Attrs = { stroke: 'none' };
