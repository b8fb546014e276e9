import { cup, handFromCloud } from './emblems';
import { birdFar, figure, lionHead, serpent } from './beings';
import { C } from './palette';
import { castle, cloud, crescent, ground, hills, house, mountains, rainbow, rose, sea, sky, skyBands, tree, W, H } from './scenery';
import { circle, ellipse, path, polygon, rect, star } from './shapes';

/*
 * The Cups, Ace to Ten: the suit of water, feeling and love. Each card shows its number of chalices
 * in the scene the 1909 deck gives it (Waite, Pictorial Key III §2), as an emblem.
 */

/** Ace: a hand from a cloud holds a chalice from which five streams fall into a pool of water lilies; a dove brings the host. */
function ace(): string {
  const lotus = (x: number, y: number) =>
    ellipse(x, y, 16, 5, C.green, { 'stroke-width': 1.2 }) + path(`M${x - 8} ${y - 2} q8 -16 16 0 Z`, C.rose, { 'stroke-width': 1.2 });
  const streams = [-24, -12, 0, 12, 24]
    .map((dx) =>
      path(`M${132 + dx * 0.6} 156 Q${132 + dx * 1.6} 220 ${132 + dx * 2.6} 300`, 'none', { stroke: C.waterDeep, 'stroke-width': 2.5 }),
    )
    .join('');
  return [
    sky(C.skyStorm),
    sea(292, C.water, 4),
    lotus(50, 330),
    lotus(206, 344),
    lotus(120, 356),
    streams,
    cup(132, 168, 96),
    handFromCloud(132, 226, 'right', true),
    path('M132 40 q-24 -12 -34 4 q14 -2 22 8 l12 -12 l12 12 q8 -10 22 -8 q-10 -16 -34 -4 Z', C.white),
    path('M132 52 v22', 'none', { 'stroke-width': 1.5 }),
    circle(132, 84, 9, C.white, { 'stroke-width': 1.4 }),
    path('M132 78 v12 M126 84 h12', 'none', { 'stroke-width': 1.4 }),
  ].join('');
}

/** The caduceus of Hermes crowned by a winged lion's head, between the lovers' cups. */
const caduceus = (cx: number, top: number, bottom: number) =>
  path(`M${cx} ${top} V${bottom}`, 'none', { stroke: C.goldDark, 'stroke-width': 4 }) +
  serpent(
    [
      [cx - 12, bottom - 10],
      [cx + 12, bottom - 40],
      [cx - 12, bottom - 70],
      [cx + 6, top + 40],
    ],
    C.green,
    4,
  ) +
  serpent(
    [
      [cx + 12, bottom - 10],
      [cx - 12, bottom - 40],
      [cx + 12, bottom - 70],
      [cx - 6, top + 40],
    ],
    C.redLight,
    4,
  );

/** Two: two cups pledged to each other under the caduceus and the winged lion: a bond of two hearts. */
function two(): string {
  return [
    sky(C.skyDay),
    hills(270, 14, C.grass),
    house(132, 262, 34, 34),
    ground(300, C.green, 2),
    caduceus(132, 120, 230),
    path('M100 92 q-30 -10 -44 10 q20 0 44 6 Z M164 92 q30 -10 44 10 q-20 0 -44 6 Z', C.redLight),
    lionHead(132, 96, 22),
    cup(70, 252, 64, 14),
    cup(194, 252, 64, -14),
  ].join('');
}

/** Three: three cups raised together over a harvest of grapes, gourds and flowers. */
function three(): string {
  const grapes = (x: number, y: number) =>
    [
      [0, 0],
      [8, 0],
      [4, 7],
      [-4, 7],
      [12, 7],
      [0, 14],
      [8, 14],
      [4, 21],
    ]
      .map(([dx, dy]) => circle(x + dx, y + dy, 4.5, C.purple, { 'stroke-width': 1 }))
      .join('');
  return [
    sky(C.skyDay),
    ground(300, C.grass, 2),
    cup(82, 120, 66, -16),
    cup(132, 96, 66, 0),
    cup(182, 120, 66, 16),
    ellipse(60, 330, 30, 20, C.orange),
    ellipse(200, 338, 26, 18, C.orange),
    grapes(110, 322),
    grapes(146, 330),
    rose(32, 296, 9),
    rose(236, 300, 9, C.white),
  ].join('');
}

/** Four: three cups on the grass, unregarded; a hand from a cloud offers a fourth. */
function four(): string {
  return [
    sky(C.skyDay),
    tree(70, 290, 230, C.greenDark),
    ground(290, C.grass, 2),
    cup(80, 330, 52),
    cup(136, 334, 52),
    cup(192, 330, 52),
    cup(198, 132, 54),
    handFromCloud(198, 180, 'right', true),
  ].join('');
}

/** Five: three cups spilled, two still standing behind; a river and a bridge to a house. */
function five(): string {
  return [
    skyBands(C.skyStorm, '#a9b1c2', '#c6ccd8', 230),
    castle(212, 220, 60, 60, C.stoneDark),
    path(`M-4 236 Q132 228 ${W + 4} 240 V262 Q132 250 -4 260 Z`, C.waterDeep),
    path('M150 262 q20 -40 60 -30', 'none', { stroke: C.stoneDark, 'stroke-width': 10 }),
    ground(262, C.green, 2),
    figure({ x: 110, y: 300, h: 170, robe: C.black, back: true, hair: C.black }),
    cup(58, 330, 48, 96, C.red),
    path('M30 346 q-10 10 4 14 q14 4 14 -6', C.red, { 'stroke-width': 1.2 }),
    cup(118, 346, 48, -90, C.green),
    cup(172, 344, 48, 100, C.red),
    cup(206, 300, 48),
    cup(240, 310, 44),
  ].join('');
}

/** A white star-flower in a cup. */
const starFlower = (x: number, y: number) =>
  star(x, y, 9, C.white, 5, { 'stroke-width': 1 }) + circle(x, y, 2.5, C.sun, { stroke: 'none' });

/** Six: six cups filled with white flowers in an old garden: memories, kindness, the past. */
function six(): string {
  const cups = [
    [70, 190],
    [132, 180],
    [194, 190],
    [70, 292],
    [132, 300],
    [194, 292],
  ];
  return [
    skyBands(C.skyGold, '#f8e4a6', '#faecc0', 200),
    house(216, 210, 60, 70, C.paper, C.earthDark),
    rect(0, 210, W, 20, C.stone),
    ground(230, C.grass, 0),
    ...cups.map(([x, y]) => cup(x, y, 52) + starFlower(x - 8, y - 30) + starFlower(x + 9, y - 34)),
  ].join('');
}

/** Seven: seven cups on clouds, each holding a vision: a face, a veiled figure, a serpent, a castle, jewels, a wreath, a dragon. */
function seven(): string {
  const visions = [
    (x: number, y: number) => circle(x, y, 10, C.skin, { 'stroke-width': 1.3 }),
    (x: number, y: number) => path(`M${x - 10} ${y + 10} Q${x} ${y - 24} ${x + 10} ${y + 10} Z`, C.white),
    (x: number, y: number) =>
      serpent(
        [
          [x - 8, y + 8],
          [x + 6, y],
          [x - 4, y - 10],
        ],
        C.green,
        3,
      ),
    (x: number, y: number) => castle(x, y + 8, 22, 20, C.stone),
    (x: number, y: number) =>
      polygon(
        [
          [x - 9, y],
          [x, y - 10],
          [x + 9, y],
          [x, y + 8],
        ],
        C.blueLight,
      ) + circle(x + 10, y + 4, 4, C.red, { 'stroke-width': 1 }),
    (x: number, y: number) => circle(x, y, 9, 'none', { stroke: C.green, 'stroke-width': 4 }),
    (x: number, y: number) => path(`M${x - 12} ${y + 8} q6 -20 14 -14 q8 -6 10 -2 q-6 0 -6 6 q4 6 -4 10 Z`, C.redLight),
  ];
  const spots = [
    [44, 150],
    [100, 150],
    [164, 150],
    [220, 150],
    [72, 270],
    [132, 270],
    [192, 270],
  ];
  return [
    skyBands(C.skyNight, '#3e4878', '#525c8c', 300),
    ...spots.map(([x, y], i) => cloud(x - 34, y + 36, 68, C.cloudGrey, 3) + cup(x, y + 8, 44) + visions[i](x, y - 28)),
  ].join('');
}

/** Eight: eight cups stacked and left behind, one gap among them; a path into the hills under an eclipsed moon. */
function eight(): string {
  const lower = [44, 88, 132, 176, 220].map((x) => cup(x, 320, 40)).join('');
  const upper = [66, 110, 198].map((x) => cup(x, 276, 40)).join('');
  return [
    sky(C.skyNight),
    circle(190, 70, 30, C.sun),
    crescent(190, 70, 24, C.silver),
    mountains(
      250,
      [
        [40, 80],
        [150, 110],
        [250, 70],
      ],
      C.stoneDark,
    ),
    path(`M-4 250 Q132 240 ${W + 4} 254 V${H + 4} H-4 Z`, C.waterDeep),
    figure({ x: 196, y: 246, h: 64, robe: C.red, back: true, hair: C.hair }),
    path('M206 250 L210 196', 'none', { stroke: C.woodDark, 'stroke-width': 2.5 }),
    lower,
    upper,
  ].join('');
}

/** Nine: nine cups in an arc on a draped bench: the wish fulfilled. */
function nine(): string {
  const arc = Array.from({ length: 9 }, (_, i) => {
    const x = 28 + i * 26;
    const y = 150 - Math.sin((i / 8) * Math.PI) * 40;
    return cup(x, y, 34);
  }).join('');
  return [
    skyBands(C.skyGold, '#f8e4a6', '#faecc0', 260),
    path('M0 180 Q132 120 264 180 V260 H0 Z', C.blue),
    path('M20 200 Q132 150 244 200', 'none', { stroke: C.blueLight, 'stroke-width': 2 }),
    ground(260, C.grass, 0),
    arc,
    figure({ x: 132, y: 360, h: 150, robe: C.white, cloak: C.red, head: 'cap', left: [100, 290], right: [164, 290] }),
  ].join('');
}

/** Ten: ten cups along a rainbow over a house by a river: lasting happiness at home. */
function ten(): string {
  const cups = Array.from({ length: 10 }, (_, i) => {
    const a = Math.PI - (i * Math.PI) / 9;
    return cup(132 + Math.cos(a) * 100, 190 - Math.sin(a) * 110, 30);
  }).join('');
  return [
    sky(C.skyDay),
    rainbow(132, 220, 110, 7),
    cups,
    hills(270, 10, C.grass),
    house(190, 268, 34, 36),
    tree(226, 270, 50),
    tree(60, 280, 60),
    path('M-4 320 Q100 290 140 300 Q200 312 268 300 V330 Q200 340 140 330 Q90 320 -4 348 Z', C.water),
    ground(346, C.green, 0),
    birdFar(40, 60, 8),
  ].join('');
}

export const CUPS: Record<string, () => string> = {
  'ace-of-cups': ace,
  'two-of-cups': two,
  'three-of-cups': three,
  'four-of-cups': four,
  'five-of-cups': five,
  'six-of-cups': six,
  'seven-of-cups': seven,
  'eight-of-cups': eight,
  'nine-of-cups': nine,
  'ten-of-cups': ten,
};
