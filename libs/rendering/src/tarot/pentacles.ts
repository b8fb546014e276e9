import { crown, handFromCloud, pentacle } from './emblems';
import { figure, houndSitting } from './beings';
import { C } from './palette';
import { castle, drops, ground, hills, house, lily, mountains, sky, skyBands, tree, W, H } from './scenery';
import { circle, path, rect } from './shapes';

/*
 * The Pentacles, Ace to Ten: the suit of earth, work, money and the body. Each card shows its number
 * of pentacles in the scene the 1909 deck gives it (Waite, Pictorial Key III §2), as an emblem.
 */

/** Ace: a hand from a cloud offers a great pentacle over a garden of lilies; an arch in the hedge opens on the mountains. */
function ace(): string {
  return [
    skyBands(C.skyStorm, '#a9b1c2', '#c6ccd8', 240),
    mountains(260, [[132, 60]], C.blueLight, true),
    ground(260, C.grass, 2),
    path('M40 380 V300 Q40 236 100 236 H164 Q224 236 224 300 V380 H196 V300 Q196 266 164 266 H100 Q68 266 68 300 V380 Z', C.greenDark),
    path('M120 380 Q126 320 132 266', 'none', { stroke: C.earth, 'stroke-width': 8 }),
    ...[
      [20, 350],
      [240, 350],
      [86, 360],
      [180, 360],
    ].map(([x, y]) => lily(x, y - 20, 10, y + 20)),
    pentacle(132, 120, 62),
    handFromCloud(132, 196, 'left', true),
  ].join('');
}

/** Two: two pentacles joined by an endless band, juggled, while ships ride high waves behind. */
function two(): string {
  const band = path('M132 190 C92 120 52 140 72 190 C92 240 112 220 132 190 C152 160 172 140 192 190 C212 240 172 260 132 190 Z', 'none', {
    stroke: C.green,
    'stroke-width': 6,
  });
  return [
    sky(C.skyDay),
    path(`M-4 250 Q40 200 80 250 Q120 300 160 240 Q200 190 ${W + 4} 250 V${H + 4} H-4 Z`, C.waterDeep),
    path('M60 226 h30 l-5 8 h-20 Z M74 226 V200 l12 20 Z', C.earthDark),
    path('M170 214 h30 l-5 8 h-20 Z M184 214 V188 l12 20 Z', C.earthDark),
    ground(310, C.grass, 2),
    band,
    pentacle(72, 190, 34),
    pentacle(192, 190, 34),
  ].join('');
}

/** Three: three pentacles carved in the arch of a church where a craftsman's work is judged: skill, teamwork. */
function three(): string {
  return [
    sky(C.stone),
    path('M30 380 V140 Q30 40 132 30 Q234 40 234 140 V380 H206 V150 Q206 70 132 62 Q58 70 58 150 V380 Z', C.stoneDark),
    pentacle(132, 100, 22),
    pentacle(100, 150, 22),
    pentacle(164, 150, 22),
    rect(58, 290, 148, 14, C.wood),
    rect(72, 304, 12, 70, C.woodDark),
    rect(180, 304, 12, 70, C.woodDark),
    path('M94 286 L110 250 M104 254 h14 v10 h-14 Z', C.earthDark, { 'stroke-width': 2 }),
    path('M150 286 L170 262', 'none', { stroke: C.steel, 'stroke-width': 4 }),
  ].join('');
}

/** Four: a pentacle over the crown, one held to the heart, two under the feet, before a city: holding fast. */
function four(): string {
  return [
    skyBands(C.skyStorm, '#a9b1c2', '#c6ccd8', 240),
    ...[20, 60, 204, 244].map((x, i) => rect(x - 14, 180 - (i % 2) * 30, 28, 80 + (i % 2) * 30, C.stone)),
    ground(260, C.stoneDark, 0),
    rect(74, 240, 116, 80, C.stone),
    figure({ x: 132, y: 300, h: 200, robe: C.red, cloak: C.black, left: [112, 190], right: [152, 190] }),
    crown(132, 102, 40, 5),
    pentacle(132, 60, 26),
    pentacle(132, 192, 28),
    pentacle(96, 340, 26),
    pentacle(168, 340, 26),
  ].join('');
}

/** A church window of stained glass, lit from within, with five pentacles in its panes. */
const litWindow = (cx: number, top: number) =>
  path(`M${cx - 60} ${top + 200} V${top + 60} Q${cx} ${top - 20} ${cx + 60} ${top + 60} V${top + 200} Z`, C.skyGold, {
    'stroke-width': 3,
  }) + path(`M${cx} ${top + 20} V${top + 200} M${cx - 60} ${top + 130} H${cx + 60}`, 'none', { 'stroke-width': 1.6 });

/** Five: two poor travellers pass in the snow under a lit church window with five pentacles: hardship, help close by. */
function five(): string {
  const snow: [number, number][] = Array.from({ length: 26 }, (_, i) => [((i * 53) % 260) + 4, ((i * 37) % 330) + 10]);
  return [
    sky(C.skyNight),
    rect(36, 20, 192, 240, C.stoneDark),
    litWindow(132, 36),
    ...[
      [132, 80],
      [102, 130],
      [162, 130],
      [102, 196],
      [162, 196],
    ].map(([x, y]) => pentacle(x, y, 18)),
    ground(270, C.white, 2),
    figure({ x: 80, y: 340, h: 120, robe: C.stone, cloak: C.stoneDark, head: 'hood', left: [60, 300] }),
    path('M60 300 L54 344', 'none', { stroke: C.woodDark, 'stroke-width': 3 }),
    figure({ x: 180, y: 344, h: 110, robe: C.earth, hair: C.hair }),
    ...snow.map(([x, y]) => circle(x, y, 2.2, C.white, { stroke: 'none' })),
  ].join('');
}

/** A merchant's balance, level. */
const scales = (cx: number, top: number) =>
  path(
    `M${cx} ${top} V${top + 50} M${cx - 50} ${top + 10} H${cx + 50} M${cx - 50} ${top + 10} L${cx - 64} ${top + 40} M${cx - 50} ${top + 10} L${cx - 36} ${top + 40} M${cx + 50} ${top + 10} L${cx + 36} ${top + 40} M${cx + 50} ${top + 10} L${cx + 64} ${top + 40}`,
    'none',
    { stroke: C.goldDark, 'stroke-width': 2.5 },
  ) +
  path(
    `M${cx - 68} ${top + 40} Q${cx - 50} ${top + 56} ${cx - 32} ${top + 40} Z M${cx + 32} ${top + 40} Q${cx + 50} ${top + 56} ${cx + 68} ${top + 40} Z`,
    C.gold,
    { 'stroke-width': 1.4 },
  );

/** Six: six pentacles round a level balance; coins fall into open hands: giving and receiving in measure. */
function six(): string {
  const hand = (x: number) =>
    rect(x - 9, 336, 18, 50, C.blue) +
    path(`M${x - 20} 326 Q${x} 352 ${x + 20} 326 Q${x} 336 ${x - 20} 326 Z`, C.skin, { 'stroke-width': 1.5 });
  return [
    sky(C.skyDay),
    castle(214, 250, 60, 60),
    ground(250, C.grass, 2),
    scales(132, 140),
    ...[
      [50, 60],
      [132, 50],
      [214, 60],
      [50, 140],
      [214, 140],
      [132, 256],
    ].map(([x, y]) => pentacle(x, y, 22)),
    drops(
      [
        [100, 280],
        [164, 290],
      ],
      5,
      C.gold,
    ),
    hand(92),
    hand(172),
  ].join('');
}

/** Seven: six pentacles ripen on a green bush, a seventh at its foot; a hoe rests by it: patient growth. */
function seven(): string {
  return [
    sky(C.skyDay),
    hills(260, 10, C.grass),
    ground(300, C.earth, 2),
    path('M132 320 Q120 250 132 200', 'none', { stroke: C.woodDark, 'stroke-width': 6 }),
    circle(132, 170, 100, C.green),
    pentacle(92, 120, 22),
    pentacle(172, 120, 22),
    pentacle(132, 160, 22),
    pentacle(82, 196, 22),
    pentacle(182, 196, 22),
    pentacle(132, 226, 22),
    pentacle(200, 336, 22),
    path('M40 350 L76 200 M66 200 h20', 'none', { stroke: C.woodDark, 'stroke-width': 4 }),
  ].join('');
}

/** Eight: a craftsman's post hung with six finished pentacles, one on the bench being carved, one on the ground: diligent work. */
function eight(): string {
  return [
    sky(C.skyDay),
    house(220, 220, 30, 34),
    castle(180, 220, 30, 30),
    ground(230, C.grass, 2),
    rect(56, 40, 16, 300, C.wood),
    ...[0, 1, 2, 3, 4, 5].map((i) => pentacle(100, 66 + i * 40, 18)),
    rect(130, 280, 120, 14, C.wood),
    rect(140, 294, 10, 60, C.woodDark),
    rect(230, 294, 10, 60, C.woodDark),
    pentacle(186, 266, 18),
    path('M214 250 L236 226 M230 220 h14 v10 h-14 Z', C.earthDark, { 'stroke-width': 3 }),
    pentacle(150, 350, 18),
  ].join('');
}

/** Nine: nine pentacles among ripe vines before a manor; a hooded falcon on its perch: well-earned ease. */
function nine(): string {
  const grapes = (x: number, y: number) =>
    [
      [0, 0],
      [7, 0],
      [3.5, 6],
      [-3.5, 6],
      [10, 6],
      [0, 12],
      [7, 12],
      [3.5, 18],
    ]
      .map(([dx, dy]) => circle(x + dx, y + dy, 4, C.purple, { 'stroke-width': 0.9 }))
      .join('');
  return [
    skyBands(C.skyGold, '#f8e4a6', '#faecc0', 220),
    castle(200, 214, 70, 60),
    ground(220, C.green, 2),
    path('M20 380 Q20 200 60 120 M244 380 Q244 200 204 120', 'none', { stroke: C.greenDark, 'stroke-width': 6 }),
    ...[
      [40, 160],
      [40, 220],
      [40, 280],
      [60, 340],
      [224, 160],
      [224, 220],
      [224, 280],
      [204, 340],
      [132, 330],
    ].map(([x, y]) => pentacle(x, y, 20)),
    grapes(70, 190),
    grapes(184, 250),
    path('M132 270 V200 M112 200 H152', 'none', { stroke: C.woodDark, 'stroke-width': 4 }),
    path('M126 200 Q118 170 132 158 Q148 164 142 200 Z', C.earthDark),
    circle(132, 160, 8, C.red, { 'stroke-width': 1.2 }),
  ].join('');
}

/** The ten points of the Tree of Life, where Waite's Ten of Pentacles sets its coins. */
const TREE_OF_LIFE: [number, number][] = [
  [132, 40],
  [80, 80],
  [184, 80],
  [80, 150],
  [184, 150],
  [132, 190],
  [80, 230],
  [184, 230],
  [132, 270],
  [132, 330],
];

/** Ten: ten pentacles in the figure of the Tree of Life under an archway to a family house; a dog keeps the gate: wealth that lasts. */
function ten(): string {
  return [
    sky(C.skyDay),
    house(132, 300, 90, 120, C.paper, C.red),
    tree(40, 300, 80),
    ground(300, C.grass, 2),
    path('M-4 380 V0 H24 V380 Z M240 380 V0 H268 V380 Z', C.stone),
    houndSitting(194, 312, 1, C.white, -1),
    ...TREE_OF_LIFE.map(([x, y]) => pentacle(x, y, 20)),
  ].join('');
}

export const PENTACLES: Record<string, () => string> = {
  'ace-of-pentacles': ace,
  'two-of-pentacles': two,
  'three-of-pentacles': three,
  'four-of-pentacles': four,
  'five-of-pentacles': five,
  'six-of-pentacles': six,
  'seven-of-pentacles': seven,
  'eight-of-pentacles': eight,
  'nine-of-pentacles': nine,
  'ten-of-pentacles': ten,
};
