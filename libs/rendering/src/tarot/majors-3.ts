import { wand } from './emblems';
import { figure, fourCreatures, horseHead, houndSitting, wings } from './beings';
import { C } from './palette';
import { cloud, crescent, drops, ground, mountains, sea, sky, sun, tower, tree, W, H } from './scenery';
import { circle, ellipse, group, n, path, polygon, rect, star, starPoints } from './shapes';

/** An inverted pentagram (one point down), as on the Devil's brow. */
function invertedPentagram(cx: number, cy: number, r: number): string {
  const p = starPoints(cx, cy, r, r, 5, 180).filter((_, i) => i % 2 === 0);
  return path(`M${[0, 2, 4, 1, 3].map((i) => `${n(p[i][0])} ${n(p[i][1])}`).join(' L')} Z`, 'none', { stroke: C.white, 'stroke-width': 2 });
}

/** XV The Devil: horned, with a bat's wings, an inverted pentagram on his brow and a torch lowered, squatting on a black altar; a man and a woman loosely chained to it. */
function devil(): string {
  const batWing = (side: number) =>
    path(
      `M132 120 L${132 + side * 120} 70 L${132 + side * 104} 112 L${132 + side * 118} 128 L${132 + side * 92} 140 L${132 + side * 100} 160 L132 160 Z`,
      C.stoneDark,
    );
  const horn = (side: number) =>
    path(`M${132 + side * 14} 70 Q${132 + side * 34} 58 ${132 + side * 30} 34 Q${132 + side * 24} 56 ${132 + side * 6} 62 Z`, C.paper, {
      'stroke-width': 1.4,
    });
  return [
    sky(C.black),
    batWing(-1),
    batWing(1),
    horn(-1),
    horn(1),
    figure({ x: 132, y: 220, h: 160, robe: C.earthDark, hair: C.black, left: [86, 150], right: [178, 190] }),
    invertedPentagram(132, 52, 14),
    path('M178 190 L198 240', 'none', { stroke: C.woodDark, 'stroke-width': 5 }),
    drops([[200, 250]], 9, C.orange),
    rect(82, 214, 100, 60, C.ink),
    circle(132, 240, 8, 'none', { stroke: C.stone, 'stroke-width': 3 }),
    path('M126 246 Q100 290 70 300 M138 246 Q164 290 194 300', 'none', { stroke: C.stone, 'stroke-width': 3 }),
    figure({ x: 66, y: 372, h: 120, robe: C.skin, hair: C.hair }),
    figure({ x: 198, y: 372, h: 116, robe: C.skin, hair: C.goldDark }),
    path('M58 260 l-4 -10 l6 6 M74 260 l4 -10 l-6 6 M190 264 l-4 -10 l6 6 M206 264 l4 -10 l-6 6', 'none', { 'stroke-width': 2 }),
  ].join('');
}

/** XVI The Tower: struck by lightning on its crag, its crown thrown off, flames at the windows, two people falling among twenty-two falling flames. */
function towerStruck(): string {
  const flames: [number, number][] = [
    [30, 60],
    [56, 120],
    [24, 180],
    [60, 230],
    [36, 290],
    [210, 40],
    [236, 100],
    [214, 160],
    [244, 220],
    [222, 280],
    [80, 40],
    [186, 120],
    [90, 300],
    [240, 330],
    [20, 330],
    [70, 170],
    [196, 210],
    [46, 350],
    [204, 350],
    [110, 360],
    [160, 30],
    [250, 160],
  ];
  return [
    sky(C.skyNight),
    path(`M40 ${H + 4} L70 300 L100 290 L170 292 L196 300 L226 ${H + 4} Z`, C.stoneDark),
    rect(96, 120, 72, 176, C.stone),
    rect(112, 160, 14, 24, C.orange),
    rect(142, 210, 14, 24, C.orange),
    rect(114, 250, 14, 24, C.orange),
    polygon(
      [
        [90, 120],
        [100, 100],
        [122, 96],
        [118, 120],
      ],
      C.orange,
    ),
    polygon(
      [
        [142, 120],
        [150, 92],
        [176, 100],
        [174, 120],
      ],
      C.orange,
    ),
    group(
      polygon(
        [
          [0, 0],
          [6, -14],
          [13, 0],
          [20, -14],
          [27, 0],
          [33, -14],
          [40, 0],
          [40, 10],
          [0, 10],
        ],
        C.gold,
      ),
      { transform: 'translate(170 70) rotate(30)' },
    ),
    polygon(
      [
        [238, 0],
        [190, 70],
        [214, 70],
        [150, 150],
        [180, 86],
        [160, 86],
        [206, 0],
      ],
      C.sun,
      { 'stroke-width': 1.6 },
    ),
    drops(flames, 5, C.sunRay),
    group(figure({ x: 60, y: 180, h: 90, robe: C.blue, head: 'crown' }), { transform: 'rotate(160 60 150)' }),
    group(figure({ x: 206, y: 230, h: 90, robe: C.red }), { transform: 'rotate(200 206 200)' }),
  ].join('');
}

/** An eight-pointed star, the great star of the Star card. */
const starOfEight = (cx: number, cy: number, r: number, fill: string) =>
  polygon(starPoints(cx, cy, r, r * 0.45, 8), fill, { 'stroke-width': 1.4 });

/** XVII The Star: a great star of eight rays and seven small ones; a kneeling woman pours water from two jugs, one into the pool, one onto the land; a bird on a tree behind her. */
function theStar(): string {
  const small = [
    [40, 40],
    [224, 40],
    [30, 110],
    [234, 110],
    [60, 170],
    [204, 170],
    [132, 170],
  ]
    .map(([x, y]) => starOfEight(x, y, 12, C.white))
    .join('');
  const jug = (x: number, y: number, angle: number) =>
    group(path('M-10 -14 h20 l4 24 q-14 10 -28 0 Z', C.redLight, { 'stroke-width': 1.5 }), {
      transform: `translate(${x} ${y}) rotate(${angle})`,
    });
  return [
    sky(C.skyNight),
    starOfEight(132, 86, 48, C.sun),
    small,
    mountains(
      260,
      [
        [60, 40],
        [200, 54],
      ],
      C.violet,
    ),
    ground(256, C.green, 2),
    path(`M120 ${H + 4} Q130 300 180 290 Q240 286 ${W + 4} 300 V${H + 4} Z`, C.water),
    tree(226, 262, 90, C.greenDark),
    path('M218 196 q6 -12 16 -8 q-4 8 -10 8 M226 194 l-6 10', 'none', { stroke: C.red, 'stroke-width': 2.5 }),
    figure({ x: 110, y: 330, h: 150, robe: C.skin, hair: C.goldDark, left: [70, 270], right: [150, 280] }),
    jug(64, 268, -60),
    jug(156, 272, 60),
    path('M52 272 Q40 300 46 330', 'none', { stroke: C.waterDeep, 'stroke-width': 3 }),
    path('M168 280 Q184 300 182 320', 'none', { stroke: C.waterDeep, 'stroke-width': 3 }),
  ].join('');
}

/** XVIII The Moon: the moon with a face in the sun's disc, dew falling; two towers, a dog and a wolf baying, a crayfish climbing out of the pool onto the path between them. */
function theMoon(): string {
  const dew: [number, number][] = [
    [80, 150],
    [104, 166],
    [132, 172],
    [160, 166],
    [184, 150],
    [96, 190],
    [168, 190],
    [132, 200],
  ];
  return [
    sky(C.skyDay),
    sun(132, 82, 46, 24),
    crescent(132, 82, 38, C.silver),
    drops(dew, 5, C.sun),
    mountains(246, [[132, 40]], C.blueLight),
    tower(30, 260, 30, 110, C.stone),
    tower(234, 260, 30, 110, C.stone),
    ground(250, C.green, 2),
    path('M132 252 Q110 280 140 300 Q160 320 132 340', 'none', { stroke: C.earth, 'stroke-width': 8 }),
    houndSitting(36, 260, 1.3, C.white),
    houndSitting(228, 260, 1.3, C.stoneDark, -1),
    path(`M-4 332 Q132 318 ${W + 4} 332 V${H + 4} H-4 Z`, C.waterDeep),
    ellipse(132, 346, 16, 10, C.redLight, { 'stroke-width': 1.5 }),
    path('M118 340 l-10 -12 M146 340 l10 -12 M124 354 l-6 10 M140 354 l6 10', 'none', { stroke: C.redLight, 'stroke-width': 3 }),
  ].join('');
}

/** XIX The Sun: the great sun with a face and alternating rays over a wall of sunflowers; a child on a white horse carries a red banner. */
function theSun(): string {
  const sunflower = (x: number, y: number) =>
    star(x, y, 13, C.sun, 10, { 'stroke-width': 1.2 }) + circle(x, y, 6, C.earthDark, { 'stroke-width': 1 });
  return [
    sky(C.skyDay),
    sun(132, 92, 52, 24, true),
    rect(0, 236, W, 44, C.stone),
    path('M0 250 H264 M0 264 H264 M40 236 v14 M100 250 v14 M160 236 v14 M220 250 v14', 'none', {
      stroke: C.stoneDark,
      'stroke-width': 1.4,
    }),
    [40, 96, 168, 224]
      .map(
        (x, i) =>
          path(`M${x} 236 V${210 - (i % 2) * 10}`, 'none', { stroke: C.greenDark, 'stroke-width': 2.5 }) + sunflower(x, 206 - (i % 2) * 10),
      )
      .join(''),
    ground(280, C.grass, 2),
    horseHead(70, 236, 1.7, C.white),
    figure({ x: 120, y: 306, h: 96, robe: C.skin, hair: C.goldDark, head: 'wreath', left: [96, 270], right: [150, 238] }),
    path('M150 238 L168 168', 'none', { stroke: C.woodDark, 'stroke-width': 4 }),
    path('M168 168 Q200 160 236 176 Q214 190 232 210 Q200 196 162 208 Z', C.red),
  ].join('');
}

/** XX Judgement: the angel of the trumpet in the clouds, its banner with a cross; the dead rise from their coffins on the water with open arms; white mountains behind. */
function judgement(): string {
  const coffin = (x: number, y: number) => path(`M${x - 26} ${y} l6 -16 h40 l6 16 Z`, C.stoneDark);
  return [
    sky(C.skyDay),
    wings(132, 88, 210, C.redLight),
    cloud(20, 150, 224, C.cloud, 6),
    figure({ x: 132, y: 140, h: 110, robe: C.white, hair: C.goldDark, left: [160, 96], right: [186, 90] }),
    path('M150 96 L226 64', 'none', { stroke: C.goldDark, 'stroke-width': 5 }),
    path('M226 56 l14 -8 v32 l-14 -8 Z', C.gold),
    rect(176, 74, 40, 28, C.white, { transform: 'rotate(-22 196 88)' }),
    path('M196 76 v24 M184 88 h24', 'none', { stroke: C.red, 'stroke-width': 4, transform: 'rotate(-22 196 88)' }),
    mountains(
      266,
      [
        [30, 70],
        [234, 80],
      ],
      C.white,
    ),
    sea(260, C.water, 2),
    figure({ x: 60, y: 330, h: 90, robe: C.stone, hair: C.hair, left: [38, 262], right: [82, 262] }),
    figure({ x: 132, y: 340, h: 80, robe: C.stone, hair: C.goldDark, left: [110, 280], right: [154, 280] }),
    figure({ x: 206, y: 330, h: 90, robe: C.stone, hair: C.hair, left: [184, 262], right: [228, 262] }),
    coffin(60, 342),
    coffin(132, 352),
    coffin(206, 342),
  ].join('');
}

/** An oval wreath of laurel bound above and below with red ribbons tied in a figure of eight. */
function ovalWreath(cx: number, cy: number, rx: number, ry: number): string {
  let leaves = '';
  for (let i = 0; i < 36; i++) {
    const a = (i * 10 * Math.PI) / 180;
    if (Math.abs(Math.cos(a)) > 0.97) continue;
    const x = cx + Math.sin(a) * rx;
    const y = cy - Math.cos(a) * ry;
    leaves += ellipse(0, 0, 10, 4, i % 2 ? C.green : C.greenDark, {
      'stroke-width': 1,
      transform: `translate(${n(x)} ${n(y)}) rotate(${n((a * 180) / Math.PI + (i % 2 ? 20 : -20))})`,
    });
  }
  const tie = (y: number) => path(`M${cx} ${y} c-14 -10 -14 10 0 0 c14 -10 14 10 0 0`, 'none', { stroke: C.red, 'stroke-width': 4 });
  return ellipse(cx, cy, rx, ry, 'none', { stroke: C.greenDark, 'stroke-width': 3 }) + leaves + tie(cy - ry) + tie(cy + ry);
}

/** XXI The World: a dancer in a long scarf with a wand in each hand inside an oval wreath bound with red ribbons, the four living creatures in the corners. */
function theWorld(): string {
  return [
    sky(C.skyDay),
    ovalWreath(132, 190, 84, 134),
    fourCreatures(W, H),
    path('M120 120 Q90 200 130 250 Q150 280 120 310', 'none', { stroke: C.purple, 'stroke-width': 12 }),
    figure({ x: 132, y: 296, h: 180, robe: C.skin, hair: C.hair, left: [98, 196], right: [168, 168] }),
    path('M118 140 Q96 210 136 260', 'none', { stroke: C.purple, 'stroke-width': 9 }),
    wand(98, 214, 36, 0, 0),
    wand(168, 186, 36, 0, 0),
  ].join('');
}

export const MAJORS_3: Record<string, () => string> = {
  'the-devil': devil,
  'the-tower': towerStruck,
  'the-star': theStar,
  'the-moon': theMoon,
  'the-sun': theSun,
  judgement,
  'the-world': theWorld,
};
