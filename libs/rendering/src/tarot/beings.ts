import { laurel, crown } from './emblems';
import { C, INK } from './palette';
import { circle, ellipse, group, n, path, place, polygon, rect, starPoints, Point } from './shapes';

/*
 * The figures of the cards, drawn as simple faceless silhouettes in robes (the deck's style: an
 * emblem, not a portrait), and the beasts of the tradition: lion, horse, dog and wolf, birds, fish,
 * the serpent.
 */

export type Headdress = 'none' | 'crown' | 'halo' | 'hood' | 'wreath' | 'tiara' | 'veil' | 'cap';

export interface FigureSpec {
  x: number;
  /** the line the feet stand on */
  y: number;
  /** the whole height, feet to the top of the head */
  h: number;
  robe: string;
  /** a cloak over the shoulders, behind the arms */
  cloak?: string;
  hair?: string;
  head?: Headdress;
  /** the hands' positions; a hand left out hangs at the side */
  left?: Point;
  right?: Point;
  /** a belt in this colour */
  belt?: string;
  /** seen from behind: no face, the hair covers the head */
  back?: boolean;
}

/** An arm from the shoulder to the hand: a sleeve with an outline, and the hand. */
function arm(from: Point, to: Point, sleeve: string, thickness: number): string {
  const [x1, y1] = from;
  const [x2, y2] = to;
  const d = `M${n(x1)} ${n(y1)} L${n(x2)} ${n(y2)}`;
  return (
    path(d, 'none', { stroke: INK, 'stroke-width': thickness + 3 }) +
    path(d, 'none', { stroke: sleeve, 'stroke-width': thickness }) +
    circle(x2, y2, thickness * 0.55, C.skin, { 'stroke-width': 1.3 })
  );
}

export function figure(spec: FigureSpec): string {
  const { x, y, h, robe } = spec;
  const r = h * 0.075;
  const headY = y - h + r;
  const shoulderY = headY + r * 1.9;
  const sw = h * 0.12;
  const hem = h * 0.19;
  const thickness = Math.max(5, h * 0.05);
  const body = path(
    `M${n(x - sw)} ${n(shoulderY)} C${n(x - sw - 2)} ${n(shoulderY + (y - shoulderY) * 0.5)} ${n(x - hem)} ${n(y - 12)} ${n(x - hem)} ${n(y)} L${n(x + hem)} ${n(y)} C${n(x + hem)} ${n(y - 12)} ${n(x + sw + 2)} ${n(shoulderY + (y - shoulderY) * 0.5)} ${n(x + sw)} ${n(shoulderY)} Q${n(x)} ${n(shoulderY - r * 0.7)} ${n(x - sw)} ${n(shoulderY)} Z`,
    robe,
  );
  const cloak = spec.cloak
    ? path(
        `M${n(x - sw - 3)} ${n(shoulderY - 2)} L${n(x - hem - 8)} ${n(y - 4)} L${n(x + hem + 8)} ${n(y - 4)} L${n(x + sw + 3)} ${n(shoulderY - 2)} Q${n(x)} ${n(shoulderY - r)} ${n(x - sw - 3)} ${n(shoulderY - 2)} Z`,
        spec.cloak,
      )
    : '';
  const belt = spec.belt
    ? rect(x - sw * 1.05, shoulderY + (y - shoulderY) * 0.3, sw * 2.1, h * 0.03, spec.belt, { 'stroke-width': 1.2 })
    : '';
  const hang = (side: number): Point => [x + side * (sw + 4), shoulderY + (y - shoulderY) * 0.45];
  const arms =
    arm([x - sw + 2, shoulderY + 3], spec.left ?? hang(-1), robe, thickness) +
    arm([x + sw - 2, shoulderY + 3], spec.right ?? hang(1), robe, thickness);
  const hairColour = spec.hair ?? C.hair;
  const hair = spec.back
    ? circle(x, headY, r, hairColour)
    : path(
        `M${n(x - r)} ${n(headY + r * 0.2)} A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(headY + r * 0.2)} Q${n(x)} ${n(headY - r * 0.35)} ${n(x - r)} ${n(headY + r * 0.2)} Z`,
        hairColour,
        {
          'stroke-width': 1.2,
        },
      );
  const headdress = headdressOf(spec.head ?? 'none', x, headY, r);
  const neck = rect(x - r * 0.35, headY + r * 0.8, r * 0.7, r * 0.9, C.skin, { 'stroke-width': 1.2 });
  const halo = spec.head === 'halo' ? circle(x, headY, r * 1.7, C.sunRay, { 'stroke-width': 1.2 }) : '';
  return halo + cloak + neck + body + belt + arms + circle(x, headY, r, C.skin, { 'stroke-width': 1.5 }) + hair + headdress;
}

function headdressOf(kind: Headdress, x: number, headY: number, r: number): string {
  switch (kind) {
    case 'crown':
      return crown(x, headY - r * 0.6, r * 2.1, 5);
    case 'wreath':
      return group(laurel(x, headY, r * 1.05), { transform: `rotate(180 ${n(x)} ${n(headY)})` });
    case 'hood':
      return path(
        `M${n(x - r * 1.3)} ${n(headY + r * 1.5)} Q${n(x - r * 1.5)} ${n(headY - r * 1.7)} ${n(x)} ${n(headY - r * 1.5)} Q${n(x + r * 1.5)} ${n(headY - r * 1.7)} ${n(x + r * 1.3)} ${n(headY + r * 1.5)} L${n(x + r * 0.9)} ${n(headY + r * 1.2)} Q${n(x + r)} ${n(headY - r * 1.1)} ${n(x)} ${n(headY - r * 1.05)} Q${n(x - r)} ${n(headY - r * 1.1)} ${n(x - r * 0.9)} ${n(headY + r * 1.2)} Z`,
        C.stoneDark,
      );
    case 'tiara':
      return (
        [0, 1, 2]
          .map((i) => ellipse(x, headY - r * (0.9 + i * 0.55), r * (0.95 - i * 0.17), r * 0.34, C.gold, { 'stroke-width': 1.2 }))
          .join('') + circle(x, headY - r * 2.35, r * 0.18, C.gold)
      );
    case 'veil':
      return path(
        `M${n(x - r * 1.1)} ${n(headY - r * 0.3)} Q${n(x)} ${n(headY - r * 1.6)} ${n(x + r * 1.1)} ${n(headY - r * 0.3)} L${n(x + r * 1.3)} ${n(headY + r * 2.2)} L${n(x + r * 0.8)} ${n(headY + r * 1.6)} Q${n(x)} ${n(headY - r * 0.7)} ${n(x - r * 0.8)} ${n(headY + r * 1.6)} L${n(x - r * 1.3)} ${n(headY + r * 2.2)} Z`,
        C.blueLight,
        { 'stroke-width': 1.3 },
      );
    case 'cap':
      return (
        path(`M${n(x - r * 1.05)} ${n(headY - r * 0.2)} Q${n(x)} ${n(headY - r * 1.9)} ${n(x + r * 1.3)} ${n(headY - r * 0.5)} Z`, C.red, {
          'stroke-width': 1.2,
        }) +
        path(`M${n(x + r * 0.2)} ${n(headY - r * 1)} q${n(r * 1.4)} ${n(-r * 1.4)} ${n(r * 2.2)} ${n(-r * 0.4)}`, 'none', {
          stroke: C.redLight,
          'stroke-width': 2.5,
        })
      );
    case 'halo':
    case 'none':
      return '';
  }
}

/** A pair of angel's wings spread behind (cx, cy), `span` from tip to tip. */
export function wings(cx: number, cy: number, span: number, fill: string = C.redLight): string {
  const one = (side: number) => {
    const half = (span / 2) * side;
    const tip: Point = [cx + half, cy - span * 0.34];
    const bottom: Point = [cx + half * 0.72, cy + span * 0.42];
    let d = `M${n(cx)} ${n(cy)} Q${n(cx + half * 0.35)} ${n(cy - span * 0.5)} ${n(tip[0])} ${n(tip[1])} Q${n(cx + half * 1.05)} ${n(cy + span * 0.1)} ${n(bottom[0])} ${n(bottom[1])}`;
    for (let k = 1; k <= 4; k++) {
      const t = k / 4;
      const px = bottom[0] + (cx - bottom[0]) * t;
      const py = bottom[1] + (cy - bottom[1]) * t;
      d += ` Q${n(px + half * 0.04)} ${n(py + span * 0.12)} ${n(px)} ${n(py)}`;
    }
    return path(`${d} Z`, fill, { 'stroke-width': 1.6 });
  };
  return one(-1) + one(1);
}

/** A lion's head seen from the front, mane and all. */
export function lionHead(cx: number, cy: number, r: number): string {
  return (
    polygon(starPoints(cx, cy, r, r * 0.8, 14), C.orange, { 'stroke-width': 1.5 }) +
    circle(cx - r * 0.42, cy - r * 0.42, r * 0.16, C.gold, { 'stroke-width': 1.2 }) +
    circle(cx + r * 0.42, cy - r * 0.42, r * 0.16, C.gold, { 'stroke-width': 1.2 }) +
    circle(cx, cy, r * 0.6, C.gold, { 'stroke-width': 1.5 }) +
    circle(cx - r * 0.22, cy - r * 0.12, r * 0.06, INK) +
    circle(cx + r * 0.22, cy - r * 0.12, r * 0.06, INK) +
    ellipse(cx, cy + r * 0.22, r * 0.26, r * 0.2, C.skyGold, { 'stroke-width': 1.2 }) +
    polygon(
      [
        [cx - r * 0.1, cy + r * 0.08],
        [cx + r * 0.1, cy + r * 0.08],
        [cx, cy + r * 0.2],
      ],
      INK,
    ) +
    path(
      `M${n(cx)} ${n(cy + r * 0.2)} v${n(r * 0.1)} M${n(cx - r * 0.12)} ${n(cy + r * 0.34)} q${n(r * 0.12)} ${n(r * 0.08)} ${n(r * 0.24)} 0`,
      'none',
      { 'stroke-width': 1.2 },
    )
  );
}

/** A horse's head and neck in profile, facing right (`facing` -1 turns it left), about 64 × 72 at scale 1. */
export function horseHead(x: number, y: number, scale: number, fill: string = C.white, facing: 1 | -1 = 1): string {
  const head = path(
    'M0 72 C2 42 10 22 26 9 L29 0 L34 9 C45 13 57 25 63 41 C66 49 62 56 53 54 C46 52 41 48 37 46 C34 56 36 64 41 72 Z',
    fill,
    { 'stroke-width': 2 / scale },
  );
  const mane = path('M24 11 C12 22 6 38 4 60 M20 14 C10 28 9 40 8 56', 'none', { stroke: C.earthDark, 'stroke-width': 3 / scale });
  const eye = circle(40, 23, 2.4, INK);
  const bridle = path('M30 13 L38 45 M37 44 Q49 39 61 44', 'none', { stroke: C.red, 'stroke-width': 2.2 / scale });
  return group([head, mane, eye, bridle], { transform: `translate(${n(x)} ${n(y)}) scale(${n(scale * facing)} ${n(scale)})` });
}

/** A dog or a wolf sitting, head raised (the two beasts that bay at the Moon), about 40 × 56 at scale 1, facing right. */
export function houndSitting(x: number, y: number, scale: number, fill: string, facing: 1 | -1 = 1): string {
  const body = path('M4 56 C2 40 8 28 16 22 L18 8 L22 2 L26 10 L34 4 C36 8 38 12 36 16 L30 22 C30 30 34 40 40 48 L40 56 Z', fill, {
    'stroke-width': 2 / scale,
  });
  return group([body, circle(27, 12, 1.6, INK)], { transform: `translate(${n(x)} ${n(y)}) scale(${n(scale * facing)} ${n(scale)})` });
}

/** A fish, nose at (x, y), `length` long, swimming towards `angle`. */
export function fish(x: number, y: number, length: number, angle = 0, fill: string = C.blueLight): string {
  const l = length;
  return place(
    path(
      `M0 0 Q${n(-l * 0.35)} ${n(-l * 0.32)} ${n(-l * 0.75)} 0 L${n(-l)} ${n(-l * 0.2)} L${n(-l)} ${n(l * 0.2)} L${n(-l * 0.75)} 0 Q${n(-l * 0.35)} ${n(l * 0.32)} 0 0 Z`,
      fill,
      {
        'stroke-width': 1.4,
      },
    ) + circle(-l * 0.18, -l * 0.05, l * 0.04, INK),
    x,
    y,
    angle,
  );
}

/** A bird in flight seen from afar. */
export const birdFar = (x: number, y: number, s: number) =>
  path(`M${n(x - s)} ${n(y)} q${n(s * 0.5)} ${n(-s * 0.6)} ${n(s)} 0 q${n(s * 0.5)} ${n(-s * 0.6)} ${n(s)} 0`, 'none', {
    'stroke-width': 1.6,
  });

/** A serpent along the given points (a smooth curve through them). */
export function serpent(points: readonly Point[], fill: string = C.green, width = 6): string {
  let d = `M${n(points[0][0])} ${n(points[0][1])}`;
  for (let i = 1; i < points.length; i++) {
    const [px, py] = points[i - 1];
    const [x, y] = points[i];
    d += ` Q${n(px + (x - px) * 0.5 + (i % 2 ? 10 : -10))} ${n(py + (y - py) * 0.5)} ${n(x)} ${n(y)}`;
  }
  const [hx, hy] = points[points.length - 1];
  return (
    path(d, 'none', { stroke: INK, 'stroke-width': width + 3 }) +
    path(d, 'none', { stroke: fill, 'stroke-width': width }) +
    ellipse(hx, hy, width * 0.9, width * 0.65, fill, { 'stroke-width': 1.4 })
  );
}

/** A bull's head seen from the front, horns up. */
export function bullHead(cx: number, cy: number, r: number, fill: string = C.earth): string {
  return (
    path(
      `M${n(cx - r * 0.5)} ${n(cy - r * 0.5)} Q${n(cx - r * 1.3)} ${n(cy - r * 0.6)} ${n(cx - r * 1.1)} ${n(cy - r * 1.3)} Q${n(cx - r * 0.9)} ${n(cy - r * 0.8)} ${n(cx - r * 0.3)} ${n(cy - r * 0.75)} Z`,
      C.paper,
      { 'stroke-width': 1.3 },
    ) +
    path(
      `M${n(cx + r * 0.5)} ${n(cy - r * 0.5)} Q${n(cx + r * 1.3)} ${n(cy - r * 0.6)} ${n(cx + r * 1.1)} ${n(cy - r * 1.3)} Q${n(cx + r * 0.9)} ${n(cy - r * 0.8)} ${n(cx + r * 0.3)} ${n(cy - r * 0.75)} Z`,
      C.paper,
      { 'stroke-width': 1.3 },
    ) +
    path(
      `M${n(cx - r * 0.62)} ${n(cy - r * 0.7)} Q${n(cx)} ${n(cy - r * 1)} ${n(cx + r * 0.62)} ${n(cy - r * 0.7)} L${n(cx + r * 0.4)} ${n(cy + r * 0.5)} Q${n(cx)} ${n(cy + r * 0.85)} ${n(cx - r * 0.4)} ${n(cy + r * 0.5)} Z`,
      fill,
      { 'stroke-width': 1.5 },
    ) +
    ellipse(cx, cy + r * 0.48, r * 0.34, r * 0.22, C.rose, { 'stroke-width': 1.2 }) +
    circle(cx - r * 0.28, cy - r * 0.2, r * 0.07, C.ink) +
    circle(cx + r * 0.28, cy - r * 0.2, r * 0.07, C.ink)
  );
}

/** An eagle's head in profile, facing left. */
export function eagleHead(cx: number, cy: number, r: number): string {
  return (
    path(
      `M${n(cx + r * 0.8)} ${n(cy + r)} Q${n(cx + r)} ${n(cy - r * 0.6)} ${n(cx)} ${n(cy - r * 0.7)} Q${n(cx - r * 0.8)} ${n(cy - r * 0.6)} ${n(cx - r)} ${n(cy)} L${n(cx - r * 0.5)} ${n(cy + r * 0.05)} Q${n(cx - r * 0.2)} ${n(cy + r * 0.6)} ${n(cx - r * 0.3)} ${n(cy + r)} Z`,
      C.earthDark,
      { 'stroke-width': 1.4 },
    ) +
    path(
      `M${n(cx - r)} ${n(cy)} Q${n(cx - r * 1.05)} ${n(cy + r * 0.35)} ${n(cx - r * 0.72)} ${n(cy + r * 0.35)} L${n(cx - r * 0.5)} ${n(cy + r * 0.05)} Z`,
      C.gold,
      { 'stroke-width': 1.2 },
    ) +
    circle(cx - r * 0.35, cy - r * 0.25, r * 0.09, C.ink)
  );
}

/** An angel's head between two small wings. */
export function angelHead(cx: number, cy: number, r: number): string {
  return (
    wings(cx, cy + r * 0.5, r * 3, C.white) +
    circle(cx, cy, r * 0.7, C.skin, { 'stroke-width': 1.4 }) +
    path(
      `M${n(cx - r * 0.7)} ${n(cy + r * 0.1)} A${n(r * 0.7)} ${n(r * 0.7)} 0 0 1 ${n(cx + r * 0.7)} ${n(cy + r * 0.1)} Q${n(cx)} ${n(cy - r * 0.3)} ${n(cx - r * 0.7)} ${n(cy + r * 0.1)} Z`,
      C.sun,
      { 'stroke-width': 1.1 },
    )
  );
}

/** A sphinx lying down, seen from the side with its head turned to the viewer: a lion's body, the striped headcloth of Egypt; `facing` 1 puts the head on the right. */
export function sphinx(cx: number, baseY: number, s: number, fill: string, facing: 1 | -1 = 1): string {
  const stripe = fill === C.white ? C.stone : C.stoneDark;
  const hx = cx + facing * s * 0.55;
  const tail = cx - facing * s * 1.05;
  return (
    path(`M${n(tail)} ${n(baseY - s * 0.1)} q${n(-facing * s * 0.25)} ${n(-s * 0.1)} ${n(-facing * s * 0.15)} ${n(-s * 0.45)}`, 'none', {
      stroke: fill,
      'stroke-width': 4,
    }) +
    path(
      `M${n(tail)} ${n(baseY)} Q${n(tail)} ${n(baseY - s * 0.75)} ${n(cx - facing * s * 0.5)} ${n(baseY - s * 0.62)} L${n(hx)} ${n(baseY - s * 0.5)} L${n(hx + facing * s * 0.25)} ${n(baseY)} Z`,
      fill,
    ) +
    rect(Math.min(hx, hx + facing * s * 0.55), baseY - s * 0.14, s * 0.55, s * 0.14, fill, { rx: 3 }) +
    path(
      `M${n(hx - s * 0.36)} ${n(baseY - s * 0.35)} L${n(hx - s * 0.26)} ${n(baseY - s * 1.15)} Q${n(hx)} ${n(baseY - s * 1.35)} ${n(hx + s * 0.26)} ${n(baseY - s * 1.15)} L${n(hx + s * 0.36)} ${n(baseY - s * 0.35)} Z`,
      fill,
    ) +
    path(`M${n(hx - s * 0.31)} ${n(baseY - s * 0.7)} h${n(s * 0.62)} M${n(hx - s * 0.34)} ${n(baseY - s * 0.52)} h${n(s * 0.68)}`, 'none', {
      stroke: stripe,
      'stroke-width': 2,
    }) +
    ellipse(hx, baseY - s * 0.88, s * 0.17, s * 0.22, C.skin, { 'stroke-width': 1.3 })
  );
}

/** The four living creatures of the Wheel and the World in the corners: angel, eagle, lion and bull, each on a cloud. */
export function fourCreatures(w: number, h: number): string {
  const seat = (x: number, y: number) => ellipse(x, y + 14, 34, 12, C.cloud, { 'stroke-width': 1.4 });
  return (
    seat(34, 30) +
    angelHead(34, 28, 14) +
    seat(w - 34, 30) +
    eagleHead(w - 34, 28, 16) +
    seat(34, h - 34) +
    bullHead(34, h - 36, 16) +
    seat(w - 34, h - 34) +
    lionHead(w - 34, h - 36, 17)
  );
}
