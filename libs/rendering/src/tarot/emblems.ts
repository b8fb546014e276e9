import { C } from './palette';
import { circle, ellipse, group, n, path, place, rect, starPoints } from './shapes';
import { cloud } from './scenery';

/*
 * The four suit emblems of the tarot (Wands, Cups, Swords, Pentacles: a living staff, a chalice, a
 * sword, a disc engraved with a pentagram, as Waite describes them), the hand from the cloud that
 * offers each Ace, and the crowns and wreaths several cards share. Every suit emblem carries the
 * class `pip-<suit>` so a test can count them.
 */

/** A budding wand standing on (x, y), `length` long, turned `angle` degrees clockwise from upright. */
export function wand(x: number, y: number, length: number, angle = 0, leaves = 3): string {
  const w = Math.max(5, length * 0.055);
  const body = path(
    `M${n(-w / 2)} 0 L${n(-w * 0.38)} ${n(-length)} Q0 ${n(-length - w * 0.7)} ${n(w * 0.38)} ${n(-length)} L${n(w / 2)} 0 Q0 ${n(w * 0.6)} ${n(-w / 2)} 0 Z`,
    C.wood,
    { 'stroke-width': 1.6 },
  );
  const knots = [0.3, 0.62]
    .map((t) =>
      path(`M${n(-w * 0.3)} ${n(-length * t)} q${n(w * 0.3)} ${n(-w * 0.3)} ${n(w * 0.6)} 0`, 'none', {
        stroke: C.woodDark,
        'stroke-width': 1.1,
      }),
    )
    .join('');
  let sprouts = '';
  for (let i = 0; i < leaves; i++) {
    const side = i % 2 ? 1 : -1;
    const t = 0.22 + (i * 0.62) / Math.max(1, leaves);
    sprouts += place(
      path(
        `M0 0 q${n(w * 0.9)} ${n(-w * 1.1)} ${n(w * 2.2)} ${n(-w * 0.5)} q${n(-w * 1.1)} ${n(w * 0.9)} ${n(-w * 2.2)} ${n(w * 0.5)} Z`,
        C.green,
        {
          'stroke-width': 1.1,
        },
      ),
      side * w * 0.45,
      -length * t,
      side > 0 ? -20 : 200,
    );
  }
  return place(group([sprouts, body, knots], { class: 'pip-wands' }), x, y, angle);
}

/** A golden chalice centred on (cx, cy), `size` wide at the rim; `angle` tips it over. */
export function cup(cx: number, cy: number, size: number, angle = 0, liquid: string = C.waterDeep): string {
  const s = size;
  const top = -0.5 * s;
  return place(
    group(
      [
        path(
          `M${n(-0.2 * s)} ${n(top + 0.97 * s)} L${n(0.2 * s)} ${n(top + 0.97 * s)} L${n(0.07 * s)} ${n(top + 0.82 * s)} L${n(-0.07 * s)} ${n(top + 0.82 * s)} Z`,
          C.gold,
          {
            'stroke-width': 1.5,
          },
        ),
        rect(-0.06 * s, top + 0.5 * s, 0.12 * s, 0.34 * s, C.gold, { 'stroke-width': 1.5 }),
        ellipse(0, top + 0.68 * s, 0.11 * s, 0.05 * s, C.goldDark, { 'stroke-width': 1.2 }),
        path(
          `M${n(-0.5 * s)} ${n(top)} Q${n(-0.5 * s)} ${n(top + 0.56 * s)} 0 ${n(top + 0.56 * s)} Q${n(0.5 * s)} ${n(top + 0.56 * s)} ${n(0.5 * s)} ${n(top)} Z`,
          C.gold,
          {
            'stroke-width': 1.6,
          },
        ),
        path(`M${n(-0.3 * s)} ${n(top + 0.12 * s)} Q${n(-0.28 * s)} ${n(top + 0.4 * s)} ${n(-0.08 * s)} ${n(top + 0.45 * s)}`, 'none', {
          stroke: C.sunRay,
          'stroke-width': 1.8,
        }),
        ellipse(0, top, 0.5 * s, 0.11 * s, liquid, { 'stroke-width': 1.5 }),
      ],
      { class: 'pip-cups' },
    ),
    cx,
    cy,
    angle,
  );
}

/** A sword whose pommel is at (x, y), `length` long, pointing up and turned `angle` degrees clockwise. */
export function sword(x: number, y: number, length: number, angle = 0): string {
  const L = length;
  const w = Math.max(4, L * 0.065);
  return place(
    group(
      [
        path(
          `M${n(-w / 2)} ${n(-0.2 * L)} L${n(-w / 2)} ${n(-0.9 * L)} L0 ${n(-L)} L${n(w / 2)} ${n(-0.9 * L)} L${n(w / 2)} ${n(-0.2 * L)} Z`,
          C.silver,
          {
            'stroke-width': 1.5,
          },
        ),
        path(`M0 ${n(-0.24 * L)} L0 ${n(-0.88 * L)}`, 'none', { stroke: C.steel, 'stroke-width': 1.1 }),
        rect(-w * 0.38, -0.2 * L, w * 0.76, 0.17 * L, C.blue, { 'stroke-width': 1.4 }),
        rect(-w * 1.9, -0.22 * L, w * 3.8, w * 0.65, C.gold, { rx: w * 0.3, 'stroke-width': 1.4 }),
        circle(0, -0.02 * L, w * 0.62, C.gold, { 'stroke-width': 1.4 }),
      ],
      { class: 'pip-swords' },
    ),
    x,
    y,
    angle,
  );
}

/** A pentacle: a golden disc engraved with a five-pointed star, centred on (cx, cy). */
export function pentacle(cx: number, cy: number, r: number): string {
  const p = starPoints(cx, cy, r * 0.74, r * 0.74, 5).filter((_, i) => i % 2 === 0);
  const pentagram = `M${[0, 2, 4, 1, 3].map((i) => `${n(p[i][0])} ${n(p[i][1])}`).join(' L')} Z`;
  return group(
    [
      circle(cx, cy, r, C.gold, { 'stroke-width': 1.6 }),
      circle(cx, cy, r * 0.82, 'none', { 'stroke-width': 1.1 }),
      path(pentagram, 'none', { 'stroke-width': Math.max(1.1, r * 0.06) }),
    ],
    { class: 'pip-pentacles' },
  );
}

export type Suit = 'wands' | 'cups' | 'swords' | 'pentacles';

/** One emblem of `suit` standing upright at (cx, cy), `size` tall: the court cards and the numerals' marks use it. */
export function emblem(suit: Suit, cx: number, cy: number, size: number): string {
  switch (suit) {
    case 'wands':
      return wand(cx, cy + size / 2, size, 0, 2);
    case 'cups':
      return cup(cx, cy, size * 0.75);
    case 'swords':
      return sword(cx, cy + size / 2, size);
    case 'pentacles':
      return pentacle(cx, cy, size / 2);
  }
}

/**
 * The hand that comes out of a cloud on each Ace (Waite: "a hand issuing from a cloud"): the cloud on
 * `side`, the fist closed round a vertical grip at (cx, cy).
 */
export function handFromCloud(cx: number, cy: number, side: 'left' | 'right', palmUp = false): string {
  const dir = side === 'left' ? -1 : 1;
  const cloudX = side === 'left' ? cx - 112 : cx + 20;
  const wrist = path(
    `M${n(cx + dir * 10)} ${n(cy - 9)} L${n(cx + dir * 46)} ${n(cy - 13)} L${n(cx + dir * 46)} ${n(cy + 11)} L${n(cx + dir * 10)} ${n(cy + 9)} Z`,
    C.skin,
    {
      'stroke-width': 1.5,
    },
  );
  const fist = palmUp
    ? path(
        `M${n(cx - 22)} ${n(cy - 4)} Q${n(cx)} ${n(cy + 20)} ${n(cx + 22)} ${n(cy - 4)} Q${n(cx)} ${n(cy + 6)} ${n(cx - 22)} ${n(cy - 4)} Z`,
        C.skin,
        { 'stroke-width': 1.5 },
      )
    : rect(cx - 13, cy - 12, 26, 24, C.skin, { rx: 8, 'stroke-width': 1.5 }) +
      path(
        `M${n(cx - dir * 13)} ${n(cy - 4)} h${n(dir * 16)} M${n(cx - dir * 13)} ${n(cy + 3)} h${n(dir * 16)} M${n(cx - dir * 13)} ${n(cy + 9)} h${n(dir * 14)}`,
        'none',
        {
          'stroke-width': 1.1,
        },
      );
  return wrist + cloud(cloudX, cy + 22, W_CLOUD, C.cloud, 3) + fist;
}
const W_CLOUD = 92;

/** A king's crown on the line `baseY`, `w` wide; `points` 3 or 5. */
export function crown(cx: number, baseY: number, w: number, points = 5, fill: string = C.gold): string {
  const h = w * 0.55;
  let d = `M${n(cx - w / 2)} ${n(baseY)}`;
  for (let i = 0; i <= points - 1; i++) {
    const x = cx - w / 2 + (w * i) / (points - 1);
    const peak = baseY - h * (i % 2 === 0 ? 1 : 0.7);
    d += ` L${n(x)} ${n(peak)}`;
    if (i < points - 1) d += ` L${n(x + w / (points - 1) / 2)} ${n(baseY - h * 0.45)}`;
  }
  d += ` L${n(cx + w / 2)} ${n(baseY)} Z`;
  let balls = '';
  for (let i = 0; i <= points - 1; i++) {
    const x = cx - w / 2 + (w * i) / (points - 1);
    balls += circle(x, baseY - h * (i % 2 === 0 ? 1 : 0.7) - 2.5, 3, fill, { 'stroke-width': 1.1 });
  }
  return (
    path(d, fill, { 'stroke-width': 1.5 }) + rect(cx - w / 2, baseY - h * 0.22, w, h * 0.22, C.goldDark, { 'stroke-width': 1.2 }) + balls
  );
}

/** A laurel wreath of radius r round (cx, cy), tied with red ribbon at the bottom. */
export function laurel(cx: number, cy: number, r: number, fill: string = C.green): string {
  let leaves = '';
  const count = 14;
  for (let i = 0; i < count; i++) {
    for (const side of [-1, 1]) {
      const a = ((90 + side * (20 + (i * 150) / count)) * Math.PI) / 180;
      const x = cx + Math.cos(a) * r;
      const y = cy + Math.sin(a) * r;
      const turn = (a * 180) / Math.PI + (side > 0 ? 90 : -90);
      leaves += place(
        path(`M0 0 q${n(r * 0.12)} ${n(-r * 0.1)} ${n(r * 0.26)} 0 q${n(-r * 0.12)} ${n(r * 0.1)} ${n(-r * 0.26)} 0 Z`, fill, {
          'stroke-width': 0.9,
        }),
        x,
        y,
        turn,
      );
    }
  }
  const ribbon =
    path(`M${n(cx - 7)} ${n(cy + r + 3)} l-6 12 M${n(cx + 7)} ${n(cy + r + 3)} l6 12`, 'none', { stroke: C.red, 'stroke-width': 3 }) +
    circle(cx, cy + r, 4.5, C.red, { 'stroke-width': 1 });
  return leaves + ribbon;
}
