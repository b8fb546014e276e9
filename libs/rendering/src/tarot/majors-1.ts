import { cup, pentacle, sword, wand } from './emblems';
import { figure, houndSitting, sphinx, wings } from './beings';
import { C } from './palette';
import {
  castle,
  cloud,
  crescent,
  cypress,
  ground,
  lily,
  mountains,
  pillar,
  rose,
  sky,
  skyBands,
  sun,
  throne,
  wheat,
  W,
  H,
} from './scenery';
import { circle, ellipse, group, n, path, rect, star } from './shapes';

/** The lemniscate, the sign of infinity over the Magician's head and Strength's. */
export const lemniscate = (cx: number, cy: number, w: number) =>
  path(
    `M${n(cx)} ${n(cy)} C${n(cx - w * 0.25)} ${n(cy - w * 0.3)} ${n(cx - w * 0.5)} ${n(cy - w * 0.3)} ${n(cx - w * 0.5)} ${n(cy)} C${n(cx - w * 0.5)} ${n(cy + w * 0.3)} ${n(cx - w * 0.25)} ${n(cy + w * 0.3)} ${n(cx)} ${n(cy)} C${n(cx + w * 0.25)} ${n(cy - w * 0.3)} ${n(cx + w * 0.5)} ${n(cy - w * 0.3)} ${n(cx + w * 0.5)} ${n(cy)} C${n(cx + w * 0.5)} ${n(cy + w * 0.3)} ${n(cx + w * 0.25)} ${n(cy + w * 0.3)} ${n(cx)} ${n(cy)} Z`,
    'none',
    { stroke: C.goldDark, 'stroke-width': 3 },
  );

/** 0 The Fool: a young traveller at the edge of a precipice, the sun behind him, a white rose, his wallet on a staff, a little dog (Waite, Pictorial Key II §2). */
function fool(): string {
  return [
    skyBands(C.skyGold, '#f8e4a6', '#faecc0', 260),
    sun(214, 60, 28, 18),
    mountains(
      300,
      [
        [150, 90],
        [236, 130],
      ],
      C.blueLight,
      true,
    ),
    mountains(
      320,
      [
        [200, 60],
        [260, 50],
      ],
      C.violet,
    ),
    path(`M-4 272 Q100 262 198 262 L186 300 L202 336 L190 ${H + 4} H-4 Z`, C.earth),
    path(`M-4 272 Q100 262 198 262 L196 270 Q100 270 -4 280 Z`, C.green),
    houndSitting(50, 214, 1, C.white),
    path('M172 172 L104 100', 'none', { stroke: C.woodDark, 'stroke-width': 5 }),
    ellipse(100, 98, 17, 12, C.red, { 'stroke-width': 1.6 }),
    figure({ x: 140, y: 268, h: 168, robe: C.blue, cloak: C.paper, belt: C.gold, head: 'cap', left: [102, 202], right: [170, 172] }),
    rose(100, 194, 9, C.white),
  ].join('');
}

/** I The Magician: one hand raised with a wand, the other pointing to earth; the lemniscate over his head; on the table a cup, a sword, a pentacle and a wand; roses above, lilies below. */
function magician(): string {
  const roses = [20, 60, 100, 164, 204, 244].map((x) => rose(x, 22, 12)).join('');
  const lilies = [24, 70, 194, 240].map((x) => lily(x, 344, 14, 372)).join('');
  return [
    sky(C.skyGold),
    roses,
    lemniscate(132, 46, 44),
    figure({ x: 132, y: 300, h: 220, robe: C.white, cloak: C.red, belt: C.green, left: [188, 292], right: [96, 96] }),
    wand(96, 116, 64, -4, 0),
    rect(22, 254, 220, 22, C.earth),
    rect(36, 276, 12, 70, C.earthDark),
    rect(216, 276, 12, 70, C.earthDark),
    cup(56, 236, 30),
    pentacle(98, 240, 13),
    sword(124, 248, 64, 90),
    wand(206, 252, 44, 80, 0),
    lilies,
  ].join('');
}

/** II The High Priestess: seated between the black pillar B and the white pillar J, the veil of pomegranates behind her, the lunar crown, the scroll of the law, the crescent at her feet. */
function highPriestess(): string {
  const pomegranates = [];
  for (let row = 0; row < 4; row++)
    for (let col = 0; col < 4; col++)
      pomegranates.push(circle(58 + col * 50 + (row % 2) * 25, 70 + row * 52, 9, C.red, { 'stroke-width': 1.2 }));
  return [
    sky(C.skyNight),
    rect(36, 40, 192, 260, C.paper),
    pomegranates.join(''),
    pillar(30, 30, 330, 34, C.black, 'B'),
    pillar(234, 30, 330, 34, C.white, 'J', C.ink),
    rect(0, 320, W, H, C.stone),
    figure({ x: 132, y: 312, h: 230, robe: C.blue, cloak: C.blueLight, head: 'veil', left: [112, 236], right: [150, 236] }),
    circle(132, 92, 9, C.white, { 'stroke-width': 1.4 }),
    crescent(118, 92, 10, C.white),
    group(crescent(146, 92, 10, C.white), { transform: 'rotate(180 146 92)' }),
    path('M132 150 v26 M120 162 h24', 'none', { stroke: C.white, 'stroke-width': 3 }),
    rect(110, 226, 44, 22, C.white, { rx: 4 }),
    `<text x="132" y="242" text-anchor="middle" font-size="12" font-family="'Noto Serif','DejaVu Serif',serif" fill="${C.ink}" stroke="none">TORA</text>`,
    group(crescent(132, 336, 24, C.skyGold), { transform: 'rotate(-90 132 336)' }),
  ].join('');
}

/** III The Empress: crowned with twelve stars, a sceptre and the heart-shaped shield of Venus, among cypresses, a waterfall and ripe wheat. */
function empress(): string {
  const crownOfStars = Array.from({ length: 12 }, (_, i) => {
    const a = ((200 + (i * 140) / 11) * Math.PI) / 180;
    return star(140 + Math.cos(a) * 30, 118 + Math.sin(a) * 30, 5, C.white, 6, { 'stroke-width': 0.9 });
  }).join('');
  return [
    skyBands(C.skyGold, '#f8e4a6', '#faecc0', 240),
    cypress(40, 250, 170),
    cypress(72, 250, 130),
    cypress(226, 250, 150),
    rect(236, 150, 18, 110, C.water),
    path('M240 160 v90 M248 170 v80', 'none', { stroke: C.white, 'stroke-width': 1.5 }),
    ground(250, C.green, 2),
    throne(140, 240, 120, 110, C.red),
    figure({ x: 140, y: 318, h: 200, robe: C.white, cloak: C.rose, belt: C.gold, left: [104, 230], right: [176, 196] }),
    crownOfStars,
    path('M176 196 L182 120', 'none', { stroke: C.goldDark, 'stroke-width': 4 }),
    circle(182, 116, 8, C.gold, { 'stroke-width': 1.4 }),
    path('M60 256 Q60 240 76 240 Q92 240 92 256 Q92 276 76 292 Q60 276 60 256 Z', C.stone),
    circle(76, 258, 7, 'none', { 'stroke-width': 2.2 }),
    path('M76 265 v12 M70 272 h12', 'none', { 'stroke-width': 2.2 }),
    wheat(8, 256, 360, 34),
  ].join('');
}

/** IV The Emperor: on a stone throne adorned with rams' heads, crowned, an ankh sceptre and an orb, bare mountains behind. */
function emperor(): string {
  const ram = (x: number) =>
    circle(x, 112, 15, C.stone) + path(`M${x - 8} 112 a8 8 0 1 1 8 8 a4 4 0 1 1 -4 -4`, 'none', { 'stroke-width': 2 });
  return [
    skyBands(C.orange, C.skyDusk, '#f5d6b4', 250),
    mountains(
      260,
      [
        [30, 110],
        [200, 140],
        [120, 70],
      ],
      C.redLight,
    ),
    ground(258, C.earthDark, 2),
    rect(50, 104, 164, 236, C.stone),
    rect(40, 230, 184, 110, C.stoneDark),
    ram(62),
    ram(202),
    figure({
      x: 132,
      y: 330,
      h: 220,
      robe: C.red,
      cloak: C.redLight,
      belt: C.stoneDark,
      head: 'crown',
      left: [96, 226],
      right: [170, 180],
    }),
    path('M170 182 L170 118', 'none', { stroke: C.goldDark, 'stroke-width': 4 }),
    ellipse(170, 108, 7, 10, 'none', { stroke: C.goldDark, 'stroke-width': 4 }),
    path('M160 122 h20', 'none', { stroke: C.goldDark, 'stroke-width': 4 }),
    circle(96, 220, 11, C.gold, { 'stroke-width': 1.5 }),
    path('M96 209 v-8 M92 205 h8', 'none', { 'stroke-width': 1.8 }),
  ].join('');
}

/** A key, its bow at (x, y), lying along `angle`. */
const key = (x: number, y: number, angle: number, fill: string) =>
  group(
    [
      circle(0, 0, 9, 'none', { stroke: fill, 'stroke-width': 4 }),
      path('M0 9 V58 M0 50 h10 M0 42 h8', 'none', { stroke: fill, 'stroke-width': 4 }),
    ],
    {
      transform: `translate(${x} ${y}) rotate(${angle})`,
    },
  );

/** V The Hierophant: enthroned between two grey pillars in the triple crown, blessing with his right hand, the triple cross in his left; the crossed keys at his feet and two ministers before him. */
function hierophant(): string {
  return [
    sky(C.stone),
    rect(0, 0, W, 40, C.stoneDark),
    pillar(36, 40, 300, 34, C.stoneDark),
    pillar(228, 40, 300, 34, C.stoneDark),
    rect(0, 300, W, H, C.stone),
    throne(132, 210, 110, 70, C.red),
    figure({ x: 132, y: 280, h: 200, robe: C.red, cloak: C.white, belt: C.gold, head: 'tiara', left: [176, 190], right: [94, 134] }),
    path('M176 196 V74 M164 88 h24 M166 100 h20 M168 112 h16', 'none', { stroke: C.goldDark, 'stroke-width': 3.5 }),
    key(110, 292, -35, C.gold),
    key(154, 292, 35, C.silver),
    figure({ x: 66, y: 380, h: 100, robe: C.red, back: true }),
    figure({ x: 198, y: 380, h: 100, robe: C.blueLight, back: true }),
    rose(62, 344, 6, C.white),
    lily(202, 348, 8),
  ].join('');
}

/** A tree whose fruits are drawn by `fruit` at a handful of points of its crown. */
const fruitTree = (x: number, baseY: number, fruit: (fx: number, fy: number) => string) => {
  const spots: [number, number][] = [
    [-22, -88],
    [0, -104],
    [22, -86],
    [-12, -70],
    [14, -66],
  ];
  return (
    rect(x - 5, baseY - 60, 10, 60, C.woodDark) +
    circle(x, baseY - 86, 34, C.greenDark) +
    spots.map(([dx, dy]) => fruit(x + dx, baseY + dy)).join('')
  );
};

/** VI The Lovers: the angel over them in the sun; the woman before the tree of knowledge and its serpent, the man before the tree of twelve flames, a mountain between. */
function lovers(): string {
  return [
    sky(C.skyDay),
    sun(132, 40, 24, 20),
    mountains(300, [[132, 110]], C.violet),
    ground(300, C.green, 2),
    fruitTree(36, 296, (x, y) => path(`M${x} ${y - 9} q5 8 0 12 q-5 -4 0 -12 Z`, C.orange, { 'stroke-width': 1 })),
    fruitTree(228, 296, (x, y) => circle(x, y, 5, C.red, { 'stroke-width': 1 })),
    path('M222 290 q-14 -20 8 -36 q18 -14 -2 -36', 'none', { stroke: C.green, 'stroke-width': 5 }),
    wings(132, 104, 130, C.redLight),
    figure({ x: 132, y: 176, h: 120, robe: C.purple, left: [98, 108], right: [166, 108] }),
    cloud(72, 184, 120, C.cloud, 5),
    figure({ x: 76, y: 350, h: 140, robe: C.white, hair: C.hair, left: [56, 290], right: [104, 250] }),
    figure({ x: 188, y: 350, h: 136, robe: C.white, hair: C.goldDark, left: [162, 252], right: [210, 290] }),
  ].join('');
}

/** The winged disc of Egypt on the front of the chariot: a sun between two wings spread level. */
function wingedDisc(cx: number, cy: number, span: number): string {
  const wing = (side: number) => {
    let d = `M${cx} ${cy - 6}`;
    for (let i = 1; i <= 4; i++)
      d += ` L${n(cx + (side * span * i) / 8)} ${n(cy - 6 - i * 2)} L${n(cx + (side * span * i) / 8)} ${n(cy + 6 - i * 2.5)}`;
    return path(`${d} L${cx} ${cy + 8} Z`, C.redLight, { 'stroke-width': 1.4 });
  };
  return wing(-1) + wing(1) + circle(cx, cy, 11, C.gold, { 'stroke-width': 1.4 });
}

/** VII The Chariot: a crowned victor under a starry canopy, standing in a chariot of stone drawn by a black and a white sphinx, the winged disc on its front, a city behind. */
function chariot(): string {
  const canopyStars = [
    [80, 40],
    [110, 48],
    [140, 40],
    [170, 48],
    [196, 40],
    [124, 60],
    [156, 60],
  ]
    .map(([x, y]) => star(x, y, 5, C.white, 6, { 'stroke-width': 0.8 }))
    .join('');
  return [
    skyBands(C.skyGold, '#f8e4a6', '#faecc0', 200),
    castle(54, 200, 70, 60, C.stone),
    castle(214, 200, 70, 70, C.stone),
    ground(200, C.grass, 2),
    path('M0 226 Q132 214 264 230 V246 Q132 232 0 244 Z', C.water),
    rect(60, 30, 144, 44, C.blue),
    canopyStars,
    rect(62, 74, 8, 110, C.stoneDark),
    rect(194, 74, 8, 110, C.stoneDark),
    figure({ x: 132, y: 250, h: 170, robe: C.steel, cloak: C.blueLight, head: 'crown', left: [104, 188], right: [168, 150] }),
    wand(168, 168, 70, 8, 0),
    rect(52, 180, 160, 92, C.stone),
    wingedDisc(132, 214, 120),
    sphinx(76, 352, 46, C.black, -1),
    sphinx(188, 352, 46, C.white, 1),
  ].join('');
}

export const MAJORS_1: Record<string, () => string> = {
  'the-fool': fool,
  'the-magician': magician,
  'the-high-priestess': highPriestess,
  'the-empress': empress,
  'the-emperor': emperor,
  'the-hierophant': hierophant,
  'the-lovers': lovers,
  'the-chariot': chariot,
};
