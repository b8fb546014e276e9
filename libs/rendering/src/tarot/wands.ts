import { handFromCloud, laurel, wand } from './emblems';
import { horseHead } from './beings';
import { C } from './palette';
import { castle, cloud, drops, ground, hills, house, mountains, rose, sea, sky, skyBands, W, H } from './scenery';
import { circle, ellipse, n, path, rect } from './shapes';

/*
 * The Wands, Ace to Ten: the suit of fire, growth and enterprise. Each card shows its number of
 * budding wands in the scene the 1909 deck gives it (Waite, Pictorial Key III §2), as an emblem.
 */

const greenHills = (y: number) => hills(y, 14, C.grass) + hills(y + 24, 10, C.green, 2);

/** Ace: a hand from a cloud grasps a sprouting wand; leaves fall; a castle on a far hill. */
function ace(): string {
  return [
    sky(C.skyDay),
    castle(208, 282, 56, 50, C.stone),
    greenHills(286),
    drops(
      [
        [70, 120],
        [200, 90],
        [186, 170],
        [84, 230],
        [214, 214],
      ],
      5,
      C.green,
    ),
    wand(132, 352, 300, 0, 7),
    handFromCloud(132, 200, 'left'),
  ].join('');
}

/** A globe of the world. */
const globe = (cx: number, cy: number, r: number) =>
  circle(cx, cy, r, C.blueLight) +
  path(`M${cx - r} ${cy} H${cx + r} M${cx} ${cy - r} V${cy + r}`, 'none', { 'stroke-width': 1.2 }) +
  ellipse(cx, cy, r * 0.45, r, 'none', { 'stroke-width': 1.2 }) +
  path(`M${cx - r * 0.6} ${cy - r * 0.3} q${r * 0.3} -${r * 0.3} ${r * 0.6} 0 t${r * 0.5} ${r * 0.2}`, C.green, { 'stroke-width': 1 });

/** A sky over the sea seen from a height, two headlands at its ends. */
const seaView = (
  skies: [string, string, string],
  horizon: number,
  water: string,
  rows: number,
  headlands: [number, number][],
  land: string,
) => skyBands(...skies, horizon) + sea(horizon, water, rows) + mountains(horizon + 6, headlands, land);

/** Two: a lord on his battlements holds the world in his hand, one wand fixed in the wall, one held. */
function two(): string {
  return [
    seaView(
      [C.skyDay, '#dcebf3', '#e8f2f7'],
      230,
      C.water,
      2,
      [
        [220, 40],
        [40, 30],
      ],
      C.blueLight,
    ),
    rect(-2, 280, W + 4, 100, C.stone),
    path(
      'M0 280 v-14 h24 v14 M48 280 v-14 h24 v14 M96 280 v-14 h24 v14 M144 280 v-14 h24 v14 M192 280 v-14 h24 v14 M240 280 v-14 h24 v14',
      C.stone,
    ),
    wand(64, 350, 300, -2, 4),
    wand(196, 350, 300, 2, 4),
    globe(130, 176, 34),
    rose(110, 316, 10),
    rose(150, 316, 10, C.white),
  ].join('');
}

/** A ship with a sail, `s` wide. */
const ship = (x: number, y: number, s: number) =>
  path(`M${n(x - s / 2)} ${n(y)} h${n(s)} l${n(-s * 0.15)} ${n(s * 0.25)} h${n(-s * 0.7)} Z`, C.earthDark, { 'stroke-width': 1.3 }) +
  path(`M${n(x)} ${n(y)} V${n(y - s * 0.9)} L${n(x + s * 0.4)} ${n(y - s * 0.15)} Z`, C.white, { 'stroke-width': 1.3 });

/** Three: three wands planted on a height over a golden sea where ships sail out. */
function three(): string {
  return [
    seaView(
      [C.skyGold, '#f8e4a6', '#faecc0'],
      220,
      C.sun,
      3,
      [
        [40, 36],
        [240, 44],
      ],
      C.earth,
    ),
    ship(110, 250, 34),
    ship(170, 272, 44),
    ship(220, 244, 28),
    path(`M-4 320 Q120 300 ${W + 4} 330 V${H + 4} H-4 Z`, C.earthDark),
    wand(50, 360, 290, -3, 4),
    wand(132, 356, 300, 0, 4),
    wand(214, 360, 290, 3, 4),
  ].join('');
}

/** Four: four wands carry a garland of flowers and fruit before a castle: homecoming and celebration. */
function four(): string {
  const garland = path('M56 96 Q132 150 208 96', 'none', { stroke: C.greenDark, 'stroke-width': 7 });
  const flowers = [
    [80, 116],
    [106, 128],
    [132, 132],
    [158, 128],
    [184, 116],
  ]
    .map(([x, y], i) => (i % 2 ? rose(x, y, 8, C.redLight) : circle(x, y, 7, C.orange, { 'stroke-width': 1.2 })))
    .join('');
  return [
    skyBands(C.skyGold, '#f8e4a6', '#faecc0', 250),
    castle(132, 262, 110, 90, C.stone),
    ground(262, C.grass, 2),
    path('M98 380 L118 262 H146 L166 380 Z', C.earth),
    wand(56, 344, 256, 0, 3),
    wand(208, 344, 256, 0, 3),
    wand(92, 354, 250, 0, 3),
    wand(172, 354, 250, 0, 3),
    garland,
    path('M92 104 Q132 140 172 104', 'none', { stroke: C.green, 'stroke-width': 6 }),
    flowers,
  ].join('');
}

/** Five: five wands raised against one another in a mock fight. */
function five(): string {
  return [
    sky(C.skyDay),
    ground(280, C.grass, 2),
    hills(300, 8, C.green, 1),
    wand(40, 340, 260, 28, 3),
    wand(224, 340, 260, -30, 3),
    wand(110, 360, 280, 12, 3),
    wand(160, 360, 280, -14, 3),
    wand(70, 330, 230, 48, 2),
  ].join('');
}

/** Six: a victor's wand crowned with a laurel wreath rises over the others; a white horse in the procession. */
function six(): string {
  return [
    sky(C.skyDay),
    ground(300, C.grass, 2),
    wand(48, 372, 270, -6, 3),
    wand(88, 372, 280, -3, 3),
    wand(176, 372, 280, 3, 3),
    wand(216, 372, 270, 6, 3),
    wand(196, 372, 250, 10, 2),
    horseHead(42, 232, 1.6, C.white),
    wand(132, 372, 330, 0, 2),
    laurel(132, 62, 24),
  ].join('');
}

/** Seven: on a height, one wand held across against six that rise from below. */
function seven(): string {
  return [
    sky(C.skyDay),
    path(`M-4 170 Q80 150 150 180 L${W + 4} 200 V${H + 4} H-4 Z`, C.green),
    hills(300, 10, C.grass, 3),
    ...[30, 70, 110, 150, 190, 230].map((x, i) => wand(x, H + 10, 190 + (i % 3) * 14, (i - 2.5) * 4, 2)),
    wand(40, 150, 210, 70, 3),
  ].join('');
}

/** Eight: eight wands flying through open country, all together: swift movement, news on the way. */
function eight(): string {
  return [
    sky(C.skyDay),
    hills(290, 14, C.grass),
    path('M60 380 Q100 330 180 320 Q230 312 268 300 V320 Q230 330 190 338 Q120 350 96 380 Z', C.water),
    house(214, 292, 30, 30),
    ...Array.from({ length: 8 }, (_, i) => wand(34 + i * 22, 250 + i * 6, 210, 56, 2)),
  ].join('');
}

/** Nine: eight wands stand in a palisade; a ninth, the last defence, in front. */
function nine(): string {
  return [
    skyBands(C.skyStorm, '#a9b1c2', '#c6ccd8', 260),
    hills(270, 12, C.green),
    ...[22, 50, 78, 106, 158, 186, 214, 242].map((x) => wand(x, 300, 240, 0, 2)),
    ground(300, C.grass, 2),
    wand(132, 372, 320, 0, 4),
  ].join('');
}

/** Ten: ten wands bound in one heavy bundle, carried towards a town. */
function ten(): string {
  const feet = Array.from({ length: 10 }, (_, i) => ({ x: 70 + i * 9, angle: 10 + i * 1.2 }));
  const along = (foot: { x: number; angle: number }, d: number) => [
    foot.x + d * Math.sin((foot.angle * Math.PI) / 180),
    372 - d * Math.cos((foot.angle * Math.PI) / 180),
  ];
  const [x0, y0] = along(feet[0], 150);
  const [x1, y1] = along(feet[9], 150);
  return [
    sky(C.skyDay),
    ground(280, C.grass, 2),
    house(212, 278, 36, 40),
    house(244, 278, 26, 30, C.paper, C.earthDark),
    cloud(20, 80, 70),
    ...feet.map((foot) => wand(foot.x, 372, 290, foot.angle, 0)),
    path(`M${n(x0 - 6)} ${n(y0 + 2)} L${n(x1 + 8)} ${n(y1 - 2)}`, 'none', { stroke: C.red, 'stroke-width': 7 }),
  ].join('');
}

export const WANDS: Record<string, () => string> = {
  'ace-of-wands': ace,
  'two-of-wands': two,
  'three-of-wands': three,
  'four-of-wands': four,
  'five-of-wands': five,
  'six-of-wands': six,
  'seven-of-wands': seven,
  'eight-of-wands': eight,
  'nine-of-wands': nine,
  'ten-of-wands': ten,
};
