import { crown, handFromCloud, sword } from './emblems';
import { figure } from './beings';
import { C } from './palette';
import { castle, cloud, crescent, drops, ground, hills, mountains, rose, sea, sky, skyBands, W, H } from './scenery';
import { ellipse, n, path, polygon, rect } from './shapes';

/*
 * The Swords, Ace to Ten: the suit of air, thought and strife. Each card shows its number of swords
 * in the scene the 1909 deck gives it (Waite, Pictorial Key III §2), as an emblem.
 */

/** Ace: a hand from a cloud raises a sword whose point bears a crown hung with olive and palm. */
function ace(): string {
  return [
    skyBands(C.skyStorm, '#a9b1c2', '#c6ccd8', 300),
    mountains(
      330,
      [
        [40, 80],
        [200, 110],
        [120, 60],
      ],
      C.stoneDark,
    ),
    ground(330, C.stone, 2),
    drops(
      [
        [60, 80],
        [90, 40],
        [200, 60],
        [180, 110],
      ],
      5,
      C.sun,
    ),
    sword(132, 312, 276),
    handFromCloud(132, 300, 'right'),
    crown(132, 62, 44, 5),
    path('M112 60 Q90 80 96 120 M152 60 Q176 80 168 118', 'none', { stroke: C.greenDark, 'stroke-width': 3 }),
    ...[
      [94, 84],
      [92, 100],
      [172, 84],
      [170, 102],
    ].map(([x, y]) => ellipse(x, y, 7, 3, C.green, { 'stroke-width': 1 })),
  ].join('');
}

/** A white band over the eyes of a figure drawn with `figure(x, y, h)`. */
const blindfold = (x: number, y: number, h: number) =>
  rect(x - h * 0.085, y - h + h * 0.06, h * 0.17, h * 0.04, C.white, { rx: 2, 'stroke-width': 1.3 });

/** Two: two swords crossed over a blindfold, a crescent moon over a rocky sea: a stalemate, a choice not yet seen. */
function two(): string {
  return [
    sky(C.skyNight),
    crescent(214, 54, 20, C.silver),
    sea(230, C.waterDeep, 3),
    polygon(
      [
        [30, 250],
        [50, 236],
        [70, 252],
      ],
      C.stoneDark,
    ),
    polygon(
      [
        [200, 262],
        [220, 244],
        [240, 264],
      ],
      C.stoneDark,
    ),
    rect(-2, 300, W + 4, 80, C.stone),
    rect(90, 300, 84, 40, C.stone),
    figure({ x: 132, y: 330, h: 210, robe: C.white, hair: C.hair, left: [146, 212], right: [118, 212] }),
    blindfold(132, 330, 210),
    sword(116, 222, 180, 38),
    sword(148, 222, 180, -38),
  ].join('');
}

/** A heart. */
const heart = (cx: number, cy: number, s: number) =>
  path(
    `M${cx} ${cy + s} C${n(cx - s * 1.6)} ${n(cy + s * 0.1)} ${n(cx - s * 1.1)} ${n(cy - s * 1.1)} ${cx} ${n(cy - s * 0.4)} C${n(cx + s * 1.1)} ${n(cy - s * 1.1)} ${n(cx + s * 1.6)} ${n(cy + s * 0.1)} ${cx} ${cy + s} Z`,
    C.red,
  );

/** Three: a heart pierced by three swords under storm clouds and rain. */
function three(): string {
  const rain = Array.from({ length: 18 }, (_, i) =>
    path(`M${14 + i * 14} ${150 + (i % 3) * 30} l-8 20`, 'none', { stroke: C.blueLight, 'stroke-width': 2 }),
  ).join('');
  return [
    sky(C.skyStorm),
    cloud(-10, 90, 140, C.cloudGrey, 4),
    cloud(120, 70, 150, C.cloudGrey, 4),
    rain,
    heart(132, 200, 70),
    sword(132, 100, 220, 180),
    sword(48, 110, 230, 135),
    sword(216, 110, 230, -135),
  ].join('');
}

/** Four: a knight's tomb in a church, one sword carved along it, three hanging above: rest and recovery. */
function four(): string {
  return [
    sky(C.stone),
    path('M20 20 h70 v90 h-70 Z', C.stoneDark),
    path('M28 110 V50 Q55 20 82 50 V110 Z', C.blueLight),
    path('M55 28 V110 M28 72 H82', 'none', { 'stroke-width': 1.6 }),
    sword(150, 40, 140, 180),
    sword(190, 40, 150, 180),
    sword(230, 40, 140, 180),
    rect(-2, 320, W + 4, 60, C.stoneDark),
    rect(24, 240, 216, 80, C.stone),
    rect(24, 226, 216, 16, C.white),
    sword(42, 290, 180, 90),
  ].join('');
}

/** Five: two swords held in triumph, three lying on the ground; a broken sky over the sea: a hollow victory. */
function five(): string {
  return [
    sky(C.skyDay),
    polygon(
      [
        [0, 40],
        [80, 20],
        [140, 60],
        [200, 30],
        [W, 60],
        [W, 0],
        [0, 0],
      ],
      C.cloudGrey,
    ),
    polygon(
      [
        [0, 120],
        [60, 100],
        [120, 140],
        [40, 150],
      ],
      C.cloudGrey,
    ),
    sea(230, C.waterDeep, 2),
    ground(270, C.green, 2),
    figure({ x: 86, y: 350, h: 180, robe: C.green, cloak: C.red, hair: C.goldDark, left: [60, 262], right: [112, 262] }),
    sword(60, 270, 150, -12),
    sword(112, 270, 150, 12),
    sword(150, 300, 100, 84),
    sword(160, 346, 96, 96),
    sword(178, 324, 76, 80),
  ].join('');
}

/** Six: six swords stand in a ferryman's boat crossing from rough water to smooth: a passage to calmer shores. */
function six(): string {
  return [
    skyBands(C.skyDay, '#dcebf3', '#e8f2f7', 170),
    hills(170, 10, C.green),
    rect(-2, 176, W + 4, 210, C.water),
    path('M0 200 q10 -6 20 0 t20 0 t20 0 t20 0 M0 222 q10 -6 20 0 t20 0 t20 0', 'none', { stroke: C.white, 'stroke-width': 1.6 }),
    path('M140 320 h110 M150 340 h100', 'none', { stroke: C.white, 'stroke-width': 1.6 }),
    ...[70, 92, 114, 136, 158, 180].map((x, i) => sword(x, 296, 170, (i - 2.5) * 3)),
    path('M30 280 H234 L214 316 H52 Z', C.earthDark),
    path('M220 240 L200 330', 'none', { stroke: C.woodDark, 'stroke-width': 4 }),
  ].join('');
}

/** A striped tent. */
const tent = (x: number, baseY: number, s: number) =>
  polygon(
    [
      [x - s, baseY],
      [x, baseY - s * 1.1],
      [x + s, baseY],
    ],
    C.white,
  ) +
  path(`M${x} ${baseY - s * 1.1} L${x - s * 0.5} ${baseY} M${x} ${baseY - s * 1.1} L${x + s * 0.5} ${baseY}`, 'none', {
    stroke: C.red,
    'stroke-width': 3,
  });

/** Seven: five swords carried off in a bundle from the camp, two left standing in the ground: strategy, stealth. */
function seven(): string {
  return [
    skyBands(C.skyGold, '#f8e4a6', '#faecc0', 240),
    tent(50, 240, 36),
    tent(110, 236, 28),
    ground(240, C.grass, 2),
    ...[0, 1, 2, 3, 4].map((i) => sword(70 + i * 16, 340, 200, 30 + (i - 2) * 4)),
    sword(206, 350, 180, -4),
    sword(238, 350, 170, 4),
  ].join('');
}

/** Eight: eight swords planted round a blindfold and a loosened cord; a castle on its crag far off. */
function eight(): string {
  return [
    skyBands(C.skyStorm, '#a9b1c2', '#c6ccd8', 200),
    castle(212, 170, 60, 60, C.stoneDark),
    path(`M160 ${H} L200 170 L${W + 4} 170 V${H + 4} Z`, C.stoneDark),
    ground(240, C.green, 2),
    ellipse(80, 320, 40, 8, C.water),
    ellipse(190, 340, 30, 6, C.water),
    ...[24, 52, 80].map((x) => sword(x, 300, 220, 0)),
    ...[184, 208, 232, 256, 160].map((x) => sword(x, 304, 210, 0)),
    figure({ x: 132, y: 330, h: 190, robe: C.rose, hair: C.hair, left: [118, 240], right: [146, 240] }),
    blindfold(132, 330, 190),
    path('M108 200 Q132 214 156 200 M106 226 Q132 240 158 226 M108 252 Q132 266 156 252', 'none', { stroke: C.red, 'stroke-width': 3 }),
  ].join('');
}

/** Nine: nine swords across the dark above a bed with a quilt of roses: the sleepless night. */
function nine(): string {
  const quilt = Array.from({ length: 6 }, (_, i) =>
    i % 2 ? rose(40 + i * 36, 320, 8) : rect(30 + i * 36, 312, 18, 16, C.blue, { 'stroke-width': 1 }),
  ).join('');
  return [
    sky(C.black),
    ...Array.from({ length: 9 }, (_, i) => sword(20, 40 + i * 24, 224, 90)),
    figure({ x: 132, y: 330, h: 130, robe: C.white, hair: C.hair, left: [124, 226], right: [140, 226] }),
    rect(10, 280, 244, 80, C.earthDark),
    rect(16, 290, 232, 50, C.paper),
    quilt,
  ].join('');
}

/** Ten: ten swords stand in a fallen red cloak by the water under a black sky; the dawn is breaking. */
function ten(): string {
  return [
    sky(C.black),
    rect(0, 200, W, 40, C.skyGold, { stroke: 'none' }),
    mountains(
      240,
      [
        [40, 20],
        [200, 26],
      ],
      C.stoneDark,
    ),
    rect(-2, 240, W + 4, 50, C.waterDeep),
    ground(290, C.earthDark, 2),
    path('M20 330 Q132 300 244 330 L236 350 Q132 326 28 350 Z', C.red),
    ...Array.from({ length: 10 }, (_, i) => sword(36 + i * 21, 150 + (i % 3) * 8, 190, 180 + (i % 2 ? 3 : -3))),
  ].join('');
}

export const SWORDS: Record<string, () => string> = {
  'ace-of-swords': ace,
  'two-of-swords': two,
  'three-of-swords': three,
  'four-of-swords': four,
  'five-of-swords': five,
  'six-of-swords': six,
  'seven-of-swords': seven,
  'eight-of-swords': eight,
  'nine-of-swords': nine,
  'ten-of-swords': ten,
};
