import { C } from './palette';
import { circle, ellipse, FLAT, group, n, path, polygon, rect, star, starPoints, line, Point } from './shapes';

/** The picture box of every card, in its own units (the frame places it). */
export const W = 264;
export const H = 376;

export const sky = (fill: string) => rect(0, 0, W, H, fill, FLAT);

/** A sky that lightens towards the horizon in three flat bands (no gradient: the drawing needs no ids). */
export const skyBands = (top: string, middle: string, low: string, horizon: number) =>
  rect(0, 0, W, H, top, FLAT) + rect(0, horizon * 0.45, W, H, middle, FLAT) + rect(0, horizon * 0.75, W, H, low, FLAT);

/** Ground from `y` down, its edge gently curved. */
export const ground = (y: number, fill: string, bulge = 6) =>
  path(`M-4 ${n(y)} Q${W / 2} ${n(y - bulge)} ${W + 4} ${n(y)} V${H + 4} H-4 Z`, fill);

/** Rolling hills along `y`, bumps of about `height`. */
export function hills(y: number, height: number, fill: string, phase = 0): string {
  const bumps = 4;
  let d = `M-4 ${n(y)}`;
  for (let i = 0; i < bumps; i++) {
    const x0 = -4 + ((W + 8) * i) / bumps;
    const x1 = -4 + ((W + 8) * (i + 1)) / bumps;
    const h = height * (0.6 + 0.4 * Math.abs(Math.sin(i * 1.7 + phase)));
    d += ` Q${n((x0 + x1) / 2)} ${n(y - h * 2)} ${n(x1)} ${n(y)}`;
  }
  return path(`${d} V${H + 4} H-4 Z`, fill);
}

/** Mountains: each peak [x, height] on the line `y`, snow-capped when `snow`. */
export function mountains(y: number, peaks: readonly Point[], fill: string, snow = false): string {
  return peaks
    .map(([x, h]) => {
      const w = h * 1.2;
      const body = polygon(
        [
          [x - w, y],
          [x, y - h],
          [x + w, y],
        ],
        fill,
      );
      const cap = snow
        ? polygon(
            [
              [x - w * 0.28, y - h * 0.72],
              [x, y - h],
              [x + w * 0.28, y - h * 0.72],
              [x + w * 0.1, y - h * 0.78],
              [x - w * 0.05, y - h * 0.7],
            ],
            C.white,
          )
        : '';
      return body + cap;
    })
    .join('');
}

/** Water from `y` down with a few wave strokes. */
export function sea(y: number, fill: string = C.water, rows = 3): string {
  let waves = '';
  for (let r = 0; r < rows; r++) {
    const wy = y + 14 + r * 16;
    for (let x = 8 + (r % 2) * 22; x < W; x += 44)
      waves += path(`M${n(x)} ${n(wy)} q8 -5 16 0 q8 5 16 0`, 'none', { stroke: C.white, 'stroke-width': 1.6 });
  }
  return rect(-2, y, W + 4, H - y + 2, fill) + waves;
}

/** The sun with `rays` straight rays; `face` draws the calm face of the old cards. */
export function sun(cx: number, cy: number, r: number, rays = 16, face = false): string {
  const ray = polygon(starPoints(cx, cy, r * 1.55, r * 1.05, rays), C.sunRay, { 'stroke-width': 1.4 });
  const disc = circle(cx, cy, r, C.sun);
  const features = face
    ? path(
        `M${n(cx - r * 0.42)} ${n(cy - r * 0.12)} q${n(r * 0.14)} -${n(r * 0.12)} ${n(r * 0.28)} 0 M${n(cx + r * 0.14)} ${n(cy - r * 0.12)} q${n(r * 0.14)} -${n(r * 0.12)} ${n(r * 0.28)} 0 M${n(cx - r * 0.3)} ${n(cy + r * 0.32)} q${n(r * 0.3)} ${n(r * 0.2)} ${n(r * 0.6)} 0`,
        'none',
        { 'stroke-width': 1.5 },
      )
    : '';
  return ray + disc + features;
}

/** A crescent moon opening to the right (turn it with `place`). */
export const crescent = (cx: number, cy: number, r: number, fill: string = C.silver) =>
  path(`M${n(cx)} ${n(cy - r)} A${n(r)} ${n(r)} 0 1 0 ${n(cx)} ${n(cy + r)} A${n(r * 0.75)} ${n(r)} 0 1 1 ${n(cx)} ${n(cy - r)} Z`, fill);

/** A cloud `w` wide sitting on the line `y`, its top made of `puffs` arcs. */
export function cloud(x: number, y: number, w: number, fill: string = C.cloud, puffs = 4): string {
  const step = w / puffs;
  const r = step * 0.62;
  let d = `M${n(x)} ${n(y)}`;
  for (let i = 0; i < puffs; i++) d += ` A${n(r)} ${n(r)} 0 1 1 ${n(x + step * (i + 1))} ${n(y)}`;
  return path(`${d} Z`, fill, { 'stroke-width': 1.6 });
}

/** A castle: a wall with two towers, crenellated, `w` wide and `h` high, standing on `baseY`. */
export function castle(cx: number, baseY: number, w: number, h: number, fill: string = C.stone): string {
  const tw = w * 0.26;
  const merlons = (x: number, top: number, width: number) => {
    let d = '';
    const m = width / 5;
    for (let i = 0; i < 5; i += 2) d += `M${n(x + i * m)} ${n(top)} v-${n(m)} h${n(m)} v${n(m)} `;
    return path(d, fill);
  };
  const wallTop = baseY - h * 0.6;
  const towerTop = baseY - h;
  return group([
    rect(cx - w / 2, wallTop, w, h * 0.6, fill),
    merlons(cx - w / 2 + tw, wallTop, w - 2 * tw),
    rect(cx - w / 2, towerTop, tw, h, fill),
    merlons(cx - w / 2, towerTop, tw),
    rect(cx + w / 2 - tw, towerTop, tw, h, fill),
    merlons(cx + w / 2 - tw, towerTop, tw),
    path(
      `M${n(cx - w * 0.07)} ${n(baseY)} v-${n(h * 0.25)} a${n(w * 0.07)} ${n(w * 0.07)} 0 0 1 ${n(w * 0.14)} 0 v${n(h * 0.25)} Z`,
      C.black,
    ),
  ]);
}

/** A cottage with a pitched roof. */
export function house(cx: number, baseY: number, w: number, h: number, wall: string = C.paper, roof: string = C.red): string {
  return (
    rect(cx - w / 2, baseY - h * 0.6, w, h * 0.6, wall) +
    polygon(
      [
        [cx - w * 0.6, baseY - h * 0.6],
        [cx, baseY - h],
        [cx + w * 0.6, baseY - h * 0.6],
      ],
      roof,
    ) +
    rect(cx - w * 0.1, baseY - h * 0.3, w * 0.2, h * 0.3, C.earthDark)
  );
}

/** A round-crowned tree. */
export const tree = (x: number, baseY: number, h: number, leaves: string = C.green) =>
  rect(x - h * 0.05, baseY - h * 0.5, h * 0.1, h * 0.5, C.woodDark) + circle(x, baseY - h * 0.65, h * 0.32, leaves);

/** A five-petalled rose (red or white). */
export function rose(cx: number, cy: number, r: number, fill: string = C.red): string {
  let petals = '';
  for (let i = 0; i < 5; i++) {
    const a = (i * 72 - 90) * (Math.PI / 180);
    petals += circle(cx + Math.cos(a) * r * 0.55, cy + Math.sin(a) * r * 0.55, r * 0.5, fill, { 'stroke-width': 1.2 });
  }
  return petals + circle(cx, cy, r * 0.32, C.gold, { 'stroke-width': 1.2 });
}

/** A white lily on its stem, the flower at (cx, cy). */
export function lily(cx: number, cy: number, r: number, stemTo?: number): string {
  const stem = stemTo !== undefined ? line(cx, cy, cx, stemTo, { stroke: C.greenDark, 'stroke-width': 2 }) : '';
  const petal = (angle: number) =>
    path(`M${n(cx)} ${n(cy)} q${n(-r * 0.45)} ${n(-r * 0.6)} 0 ${n(-r * 1.2)} q${n(r * 0.45)} ${n(r * 0.6)} 0 ${n(r * 1.2)} Z`, C.white, {
      'stroke-width': 1.2,
      transform: `rotate(${angle} ${n(cx)} ${n(cy)})`,
    });
  return stem + petal(-45) + petal(45) + petal(0);
}

/** Small five-pointed stars scattered at the given points. */
export const stars = (points: readonly Point[], r = 4, fill: string = C.white) =>
  points.map(([x, y]) => star(x, y, r, fill, 5, { 'stroke-width': 0.8 })).join('');

/** A rainbow arc centred on (cx, cy). */
export function rainbow(cx: number, cy: number, r: number, band = 6): string {
  const colours = [C.red, C.orange, C.sun, C.green, C.blue];
  return colours
    .map((colour, i) => {
      const rr = r - i * band;
      return path(`M${n(cx - rr)} ${n(cy)} A${n(rr)} ${n(rr)} 0 0 1 ${n(cx + rr)} ${n(cy)}`, 'none', {
        stroke: colour,
        'stroke-width': band,
        'stroke-linecap': 'butt',
      });
    })
    .join('');
}

/** A stone pillar from `top` to `bottom`, optionally lettered (B and J of the temple). */
export function pillar(
  cx: number,
  top: number,
  bottom: number,
  w: number,
  fill: string,
  letter?: string,
  letterFill: string = C.white,
): string {
  const label = letter
    ? `<text x="${n(cx)}" y="${n(top + 34)}" text-anchor="middle" font-size="${n(w * 0.6)}" font-family="'Noto Serif','DejaVu Serif',serif" font-weight="bold" fill="${letterFill}" stroke="none">${letter}</text>`
    : '';
  return (
    rect(cx - w / 2, top + 8, w, bottom - top - 16, fill) +
    rect(cx - w * 0.65, top, w * 1.3, 10, fill) +
    rect(cx - w * 0.65, bottom - 10, w * 1.3, 10, fill) +
    label
  );
}

/** Falling drops (rain, or the yods of the Tower and the Moon as flames or dew). */
export function drops(points: readonly Point[], r: number, fill: string): string {
  return points
    .map(([x, y]) =>
      path(
        `M${n(x)} ${n(y - r * 1.8)} Q${n(x + r)} ${n(y - r * 0.2)} ${n(x)} ${n(y + r)} Q${n(x - r)} ${n(y - r * 0.2)} ${n(x)} ${n(y - r * 1.8)} Z`,
        fill,
        { 'stroke-width': 1 },
      ),
    )
    .join('');
}

/** A throne: a high back behind the sitter and two arms, its seat at `seatY`. */
export function throne(cx: number, seatY: number, w: number, backTop: number, fill: string = C.stone): string {
  return (
    path(
      `M${n(cx - w / 2)} ${n(seatY + 40)} V${n(backTop + 16)} Q${n(cx)} ${n(backTop - 14)} ${n(cx + w / 2)} ${n(backTop + 16)} V${n(seatY + 40)} Z`,
      fill,
    ) +
    rect(cx - w / 2 - 8, seatY - 6, 22, 50, fill) +
    rect(cx + w / 2 - 14, seatY - 6, 22, 50, fill)
  );
}

/** A tall dark cypress. */
export const cypress = (x: number, baseY: number, h: number) =>
  path(
    `M${n(x)} ${n(baseY - h)} Q${n(x + h * 0.22)} ${n(baseY - h * 0.4)} ${n(x)} ${n(baseY)} Q${n(x - h * 0.22)} ${n(baseY - h * 0.4)} ${n(x)} ${n(baseY - h)} Z`,
    C.greenDark,
  );

/** Ears of wheat standing in a row along `baseY`. */
export function wheat(x0: number, x1: number, baseY: number, h: number): string {
  let d = '';
  for (let x = x0; x <= x1; x += 12) d += `M${n(x)} ${n(baseY)} L${n(x + 2)} ${n(baseY - h)} `;
  let ears = '';
  for (let x = x0; x <= x1; x += 12) ears += ellipse(x + 2, baseY - h - 6, 3.2, 9, C.gold, { 'stroke-width': 1 });
  return path(d, 'none', { stroke: C.goldDark, 'stroke-width': 1.5 }) + ears;
}

/** A tower of stone with a pointed or crowned top. */
export function tower(cx: number, baseY: number, w: number, h: number, fill: string = C.stone): string {
  return (
    rect(cx - w / 2, baseY - h, w, h, fill) +
    polygon(
      [
        [cx - w * 0.65, baseY - h],
        [cx, baseY - h - w * 0.9],
        [cx + w * 0.65, baseY - h],
      ],
      C.red,
    ) +
    rect(cx - w * 0.12, baseY - h * 0.7, w * 0.24, h * 0.2, C.black)
  );
}
