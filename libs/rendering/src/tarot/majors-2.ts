import { sword } from './emblems';
import { figure, fourCreatures, horseHead, houndSitting, lionHead, serpent, sphinx, wings } from './beings';
import { lemniscate } from './majors-1';
import { C } from './palette';
import { cloud, ground, hills, mountains, pillar, rose, sky, skyBands, stars, sun, tower, W, H } from './scenery';
import { circle, ellipse, group, n, path, polygon, rect, star } from './shapes';

/** VIII Strength: a woman crowned with flowers closes the jaws of a lion, gently; the lemniscate over her head (Waite's numbering: Strength is 8). */
function strength(): string {
  return [
    skyBands(C.skyGold, '#f8e4a6', '#faecc0', 230),
    mountains(236, [[200, 60]], C.blueLight),
    hills(236, 12, C.green),
    path('M150 300 Q150 250 196 246 Q246 244 250 290 L246 330 H150 Z', C.orange),
    path('M246 266 q20 -10 14 -40', 'none', { stroke: C.orange, 'stroke-width': 5 }),
    rect(160, 320, 14, 30, C.orange),
    rect(226, 320, 14, 30, C.orange),
    figure({ x: 92, y: 350, h: 230, robe: C.white, head: 'wreath', belt: C.rose, left: [118, 248], right: [134, 282] }),
    lionHead(144, 262, 38),
    lemniscate(92, 88, 40),
    [150, 180, 210].map((x, i) => rose(x, 316 - i * 4, 7)).join(''),
  ].join('');
}

/** IX The Hermit: a hooded old man on a snowy peak holding up a lantern with a six-pointed star in it, a staff in his other hand. */
function hermit(): string {
  const hexagram =
    polygon(
      [
        [0, -12],
        [10.4, 6],
        [-10.4, 6],
      ].map(([x, y]) => [180 + x, 150 + y] as const),
      'none',
      { stroke: C.goldDark, 'stroke-width': 1.6 },
    ) +
    polygon(
      [
        [0, 12],
        [10.4, -6],
        [-10.4, -6],
      ].map(([x, y]) => [180 + x, 150 + y] as const),
      'none',
      { stroke: C.goldDark, 'stroke-width': 1.6 },
    );
  return [
    sky('#4a5578'),
    stars(
      [
        [30, 40],
        [80, 24],
        [230, 52],
        [210, 20],
        [40, 120],
      ],
      3,
    ),
    path(`M-4 300 L90 250 L150 236 L268 290 V${H + 4} H-4 Z`, C.white),
    path('M60 268 l30 -18 l24 10 M170 250 l40 18', 'none', { stroke: C.stone, 'stroke-width': 2 }),
    figure({ x: 126, y: 340, h: 250, robe: C.stone, cloak: C.stoneDark, hair: C.white, head: 'hood', left: [86, 240], right: [176, 176] }),
    path('M86 150 L86 350', 'none', { stroke: C.woodDark, 'stroke-width': 6 }),
    circle(180, 150, 30, C.sunRay, { stroke: 'none', opacity: 0.55 }),
    path('M166 132 h28 l-4 38 h-20 Z', C.skyGold, { 'stroke-width': 2 }),
    path('M176 176 v-10', 'none', { 'stroke-width': 2 }),
    hexagram,
  ].join('');
}

/** X Wheel of Fortune: the wheel lettered T A R O, the sphinx with a sword on top, the serpent going down, the jackal-headed Hermanubis rising, the four living creatures on clouds in the corners. */
function wheelOfFortune(): string {
  const cx = 132;
  const cy = 190;
  const spokes = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4;
    return `M${n(cx + Math.cos(a) * 30)} ${n(cy + Math.sin(a) * 30)} L${n(cx + Math.cos(a) * 70)} ${n(cy + Math.sin(a) * 70)}`;
  }).join(' ');
  const letters = ['T', 'A', 'R', 'O']
    .map((letter, i) => {
      const a = (-90 + i * 90) * (Math.PI / 180);
      return `<text x="${n(cx + Math.cos(a) * 80)}" y="${n(cy + Math.sin(a) * 80 + 5)}" text-anchor="middle" font-size="15" font-weight="bold" font-family="'Noto Serif','DejaVu Serif',serif" fill="${C.ink}" stroke="none">${letter}</text>`;
    })
    .join('');
  return [
    sky(C.skyDay),
    cloud(-20, 300, 120, C.cloud, 4),
    cloud(170, 320, 120, C.cloud, 4),
    fourCreatures(W, H),
    circle(cx, cy, 92, C.orange),
    circle(cx, cy, 70, C.skyGold),
    circle(cx, cy, 30, C.orange),
    path(spokes, 'none', { 'stroke-width': 2.5 }),
    circle(cx, cy, 8, C.gold),
    letters,
    sphinx(cx, 100, 28, C.blueLight),
    sword(cx + 24, 96, 44, 10),
    serpent(
      [
        [50, 110],
        [40, 170],
        [56, 230],
        [48, 280],
      ],
      C.sun,
      6,
    ),
    houndSitting(196, 236, 1.1, C.red, -1),
  ].join('');
}

/** XI Justice: seated between two pillars before a purple veil, crowned, the upright sword in one hand, the scales in the other. */
function justice(): string {
  const pan = (x: number, y: number) =>
    path(`M${x - 18} ${y} Q${x} ${y + 16} ${x + 18} ${y} Z`, C.gold, { 'stroke-width': 1.5 }) +
    path(`M${x - 18} ${y} L${x} ${y - 34} L${x + 18} ${y}`, 'none', { 'stroke-width': 1.2 });
  return [
    sky(C.skyGold),
    rect(40, 20, 184, 290, C.purple),
    pillar(30, 20, 320, 32, C.stone),
    pillar(234, 20, 320, 32, C.stone),
    rect(0, 310, W, H, C.stoneDark),
    figure({ x: 132, y: 330, h: 240, robe: C.red, cloak: C.green, head: 'crown', belt: C.gold, left: [84, 206], right: [176, 200] }),
    sword(176, 214, 150),
    path('M84 206 V176 M50 176 H118', 'none', { stroke: C.goldDark, 'stroke-width': 3 }),
    pan(50, 210),
    pan(118, 210),
  ].join('');
}

/** XII The Hanged Man: hanging head down by one foot from a living tau cross, the other leg crossed behind in the figure of a four, hands behind his back, his head ringed with light. */
function hangedMan(): string {
  const limb = (d: string, colour: string, width: number) =>
    path(d, 'none', { stroke: C.ink, 'stroke-width': width + 3 }) + path(d, 'none', { stroke: colour, 'stroke-width': width });
  return [
    skyBands(C.skyDay, '#dcebf3', '#e8f2f7', 300),
    ground(340, C.green, 2),
    rect(34, 30, 196, 20, C.wood),
    rect(38, 50, 16, 300, C.wood),
    rect(210, 50, 16, 300, C.wood),
    ...[
      [60, 40],
      [120, 34],
      [190, 40],
      [46, 120],
      [218, 160],
    ].map(([x, y]) => ellipse(x, y, 8, 4, C.green, { 'stroke-width': 1 })),
    path('M132 50 V66', 'none', { 'stroke-width': 3 }),
    limb('M124 150 L96 116 L132 104', C.red, 11),
    limb('M132 62 V152', C.red, 11),
    limb('M108 236 L92 204 L118 176 M156 236 L172 204 L146 176', C.blue, 9),
    path('M114 150 H150 L162 244 Q132 252 102 244 Z', C.blue),
    rect(112, 160, 40, 7, C.gold, { 'stroke-width': 1.2 }),
    circle(132, 276, 30, C.sunRay, { 'stroke-width': 1.2 }),
    rect(126, 246, 12, 14, C.skin, { 'stroke-width': 1.2 }),
    circle(132, 274, 17, C.skin, { 'stroke-width': 1.5 }),
    path('M115 278 A17 17 0 0 0 149 278 Q132 284 115 278 Z', C.goldDark, { 'stroke-width': 1.2 }),
  ].join('');
}

/** XIII Death: the black banner with the white mystic rose, the pale horse, two towers on the horizon with the sun rising between them over the river. */
function death(): string {
  return [
    skyBands('#9aa3b5', '#b7bfcd', '#d3d8e2', 240),
    tower(190, 250, 22, 70, C.stone),
    tower(244, 250, 22, 70, C.stone),
    sun(217, 252, 16, 14),
    rect(150, 250, 120, 14, C.water, { stroke: 'none' }),
    hills(260, 8, C.greenDark),
    path(`M-4 300 Q140 290 268 310 V${H + 4} H-4 Z`, C.earthDark),
    horseHead(70, 128, 2.4, C.white),
    path('M52 360 V40', 'none', { stroke: C.woodDark, 'stroke-width': 5 }),
    path('M52 44 Q96 30 128 50 Q110 80 124 108 Q90 92 52 110 Z', C.black),
    rose(88, 76, 16, C.white),
  ].join('');
}

/** XIV Temperance: a winged angel pours water from one cup into another, one foot in the pool; irises at the water's edge and a path to a crown of light between two peaks. */
function temperance(): string {
  return [
    skyBands(C.skyDay, '#dcebf3', '#e8f2f7', 250),
    mountains(
      260,
      [
        [206, 70],
        [250, 60],
      ],
      C.blueLight,
    ),
    sun(228, 178, 12, 12),
    ground(260, C.green, 2),
    path('M228 256 Q200 300 160 372', 'none', { stroke: C.earth, 'stroke-width': 6 }),
    path(`M-4 300 Q60 290 110 310 Q120 340 100 ${H + 4} H-4 Z`, C.water),
    wings(132, 140, 200, C.redLight),
    figure({ x: 132, y: 340, h: 250, robe: C.white, head: 'halo', hair: C.goldDark, left: [94, 200], right: [170, 240] }),
    polygon(
      [
        [132, 152],
        [122, 170],
        [142, 170],
      ],
      C.gold,
      { 'stroke-width': 1.2 },
    ),
    rect(120, 148, 24, 26, 'none', { 'stroke-width': 1.4 }),
    path('M98 196 Q140 200 166 236', 'none', { stroke: C.waterDeep, 'stroke-width': 3 }),
    path('M84 196 h24 l-4 18 h-16 Z', C.gold, { 'stroke-width': 1.4 }),
    path('M158 232 h24 l-4 18 h-16 Z', C.gold, { 'stroke-width': 1.4 }),
    [20, 44].map((x) => group([path(`M${x} 350 V314`, 'none', { stroke: C.greenDark }), star(x, 308, 8, C.sun, 3)])).join(''),
  ].join('');
}

export const MAJORS_2: Record<string, () => string> = {
  strength,
  'the-hermit': hermit,
  'wheel-of-fortune': wheelOfFortune,
  justice,
  'the-hanged-man': hangedMan,
  death,
  temperance,
};
