import { crown, cup, pentacle, Suit, sword, wand } from './emblems';
import { birdFar, bullHead, figure, FigureSpec, fish, horseHead, houndSitting, lionHead } from './beings';
import { C } from './palette';
import { castle, cloud, ground, hills, rose, sea, sky, skyBands, tree, W, H } from './scenery';
import { circle, ellipse, n, path, polygon, rect, star } from './shapes';

/*
 * The court cards, Page, Knight, Queen and King of each suit. One figure per card in the landscape
 * of its suit (Waite: the Wands in the desert with its pyramids, the Cups by the sea, the Swords
 * under a windswept sky, the Pentacles in fields and gardens), with the suit's beasts on the
 * throne: lions and salamanders, fish, butterflies, bulls.
 */

interface SuitLook {
  backdrop: () => string;
  robe: string;
  cloak: string;
  /** the queen's robe and cloak, so she is not her king in a dress */
  queen: [string, string];
  horse: string;
  throne: string;
  /** the carving on the throne's back, centred on (cx, cy) */
  mark: (cx: number, cy: number) => string;
}

const salamander = (x: number, y: number, s: number) =>
  path(
    `M${n(x)} ${n(y)} q${n(s * 0.4)} ${n(-s * 0.3)} ${n(s * 0.8)} 0 q${n(s * 0.3)} ${n(s * 0.3)} ${n(s * 0.6)} ${n(-s * 0.1)} q${n(-s * 0.2)} ${n(s * 0.5)} ${n(-s * 0.7)} ${n(s * 0.3)} q${n(-s * 0.4)} ${n(s * 0.05)} ${n(-s * 0.7)} ${n(-s * 0.2)} Z`,
    C.orange,
    { 'stroke-width': 1.3 },
  );

const butterfly = (x: number, y: number, s: number) =>
  path(
    `M${n(x)} ${n(y)} q${n(-s)} ${n(-s)} ${n(-s)} 0 q0 ${n(s * 0.8)} ${n(s)} 0 q${n(s)} ${n(-s)} ${n(s)} 0 q0 ${n(s * 0.8)} ${n(-s)} 0 Z`,
    C.blueLight,
    { 'stroke-width': 1.2 },
  );

const pyramids = (y: number) =>
  polygon(
    [
      [20, y],
      [60, y - 44],
      [100, y],
    ],
    C.skyDusk,
  ) +
  polygon(
    [
      [150, y],
      [200, y - 60],
      [250, y],
    ],
    C.skyDusk,
  ) +
  polygon(
    [
      [60, y - 44],
      [100, y],
      [76, y],
    ],
    C.earth,
  );

const LOOKS: Record<Suit, SuitLook> = {
  wands: {
    backdrop: () => skyBands(C.skyGold, '#f8e4a6', '#faecc0', 250) + pyramids(262) + ground(262, C.skyDusk, 2),
    robe: C.orange,
    cloak: C.sun,
    queen: [C.sun, C.orange],
    horse: C.earth,
    throne: C.stone,
    mark: (cx, cy) => lionHead(cx, cy, 18) + salamander(cx - 44, cy + 4, 24) + salamander(cx + 24, cy + 4, 24),
  },
  cups: {
    backdrop: () => sky(C.skyDay) + sea(240, C.water, 4) + ground(330, C.stone, 4),
    robe: C.blue,
    cloak: C.blueLight,
    queen: [C.white, C.blue],
    horse: C.white,
    throne: C.stone,
    mark: (cx, cy) => fish(cx + 20, cy, 40, 180, C.blueLight) + path(`M${cx - 22} ${cy + 12} q22 -28 44 0 Z`, C.rose),
  },
  swords: {
    backdrop: () =>
      skyBands(C.skyDay, '#dcebf3', '#e8f2f7', 260) +
      cloud(10, 120, 90, C.cloud, 3) +
      cloud(170, 90, 80, C.cloud, 3) +
      birdFar(200, 40, 8) +
      birdFar(220, 56, 6) +
      hills(270, 14, C.grass),
    robe: C.blueLight,
    cloak: C.steel,
    queen: [C.paper, C.blueLight],
    horse: C.silver,
    throne: C.stone,
    mark: (cx, cy) => butterfly(cx - 20, cy, 12) + butterfly(cx + 20, cy, 12) + crescent(cx, cy - 18),
  },
  pentacles: {
    backdrop: () =>
      sky(C.skyGold) +
      hills(250, 16, C.green) +
      path(`M-4 290 H${W + 4} V${H + 4} H-4 Z`, C.greenDark) +
      tree(30, 250, 70) +
      tree(236, 250, 60),
    robe: C.greenDark,
    cloak: C.black,
    queen: [C.red, C.green],
    horse: C.black,
    throne: C.stone,
    mark: (cx, cy) => bullHead(cx, cy + 4, 20),
  },
};

/** A small crescent (the swords' thrones carry one). */
function crescent(cx: number, cy: number): string {
  return path(`M${cx - 8} ${cy} a9 9 0 1 0 16 0 a7 7 0 1 1 -16 0 Z`, C.silver, { 'stroke-width': 1.1 });
}

const robed = (suit: Suit, spec: Omit<FigureSpec, 'robe'> & { robe?: string }) =>
  figure({ robe: LOOKS[suit].robe, cloak: LOOKS[suit].cloak, ...spec });

/** Page: a youth standing in the suit's country, studying the emblem he holds up: news, study, a message. */
function page(suit: Suit): string {
  const look = LOOKS[suit];
  const held: Record<Suit, string> = {
    wands: wand(170, 330, 250, 0, 3),
    cups: cup(166, 196, 50) + fish(176, 186, 30, -60, C.blueLight),
    swords: sword(170, 230, 180, 12),
    pentacles: pentacle(148, 142, 30),
  };
  const hands: Record<Suit, [number, number][]> = {
    wands: [
      [166, 220],
      [172, 260],
    ],
    cups: [
      [150, 220],
      [172, 222],
    ],
    swords: [
      [160, 236],
      [176, 232],
    ],
    pentacles: [
      [120, 160],
      [176, 160],
    ],
  };
  const [left, right] = hands[suit];
  return look.backdrop() + robed(suit, { x: 118, y: 350, h: 260, head: 'cap', belt: C.gold, left, right }) + held[suit];
}

/** Knight: the rider on his horse, the emblem carried before him: action, pursuit, a journey. */
function knight(suit: Suit): string {
  const look = LOOKS[suit];
  const held: Record<Suit, string> = {
    wands: wand(192, 210, 180, 18, 3),
    cups: cup(206, 176, 44),
    swords: sword(192, 176, 170, 30),
    pentacles: pentacle(204, 170, 30),
  };
  const plume = path('M132 64 q24 -30 50 -20 q-20 4 -30 24 Z', suit === 'swords' ? C.redLight : C.red, { 'stroke-width': 1.3 });
  return (
    look.backdrop() +
    robed(suit, { x: 152, y: 300, h: 230, robe: C.steel, hair: C.steel, left: [112, 220], right: [192, 200] }) +
    plume +
    horseHead(32, 150, 2.6, look.horse) +
    held[suit]
  );
}

/** A throne of the suit with its carving on the back. */
const suitThrone = (suit: Suit) =>
  path(`M56 340 V80 Q132 24 208 80 V340 Z`, LOOKS[suit].throne) + LOOKS[suit].mark(132, 62) + rect(40, 250, 184, 24, LOOKS[suit].throne);

/** Queen: enthroned, crowned, the emblem in her keeping: the suit's gifts held and nurtured. */
function queen(suit: Suit): string {
  const held: Record<Suit, string> = {
    wands:
      wand(176, 280, 200, 0, 3) +
      path('M92 232 V190', 'none', { stroke: C.greenDark, 'stroke-width': 3 }) +
      star(92, 184, 12, C.sun, 12, { 'stroke-width': 1.2 }) +
      circle(92, 184, 5, C.earthDark),
    cups:
      cup(132, 224, 56) +
      path('M104 206 q-12 -14 0 -26 M160 206 q12 -14 0 -26', 'none', { stroke: C.goldDark, 'stroke-width': 3 }) +
      path('M108 196 Q132 176 156 196 Z', C.gold),
    swords: sword(176, 240, 180, 0),
    pentacles: pentacle(132, 250, 30),
  };
  const hands: Record<Suit, [number, number][]> = {
    wands: [
      [92, 232],
      [176, 240],
    ],
    cups: [
      [108, 230],
      [156, 230],
    ],
    swords: [
      [96, 190],
      [176, 244],
    ],
    pentacles: [
      [106, 250],
      [158, 250],
    ],
  };
  const companion: Record<Suit, string> = {
    wands: houndSitting(40, 320, 0.8, C.black),
    cups: '',
    swords: '',
    pentacles:
      rose(30, 60, 10) +
      rose(234, 60, 10) +
      ellipse(226, 350, 14, 10, C.stone, { 'stroke-width': 1.3 }) +
      ellipse(234, 338, 4, 10, C.stone, { 'stroke-width': 1.2 }),
  };
  const [left, right] = hands[suit];
  return [
    LOOKS[suit].backdrop(),
    suitThrone(suit),
    robed(suit, {
      x: 132,
      y: 350,
      h: 240,
      robe: LOOKS[suit].queen[0],
      cloak: LOOKS[suit].queen[1],
      hair: suit === 'swords' ? C.goldDark : C.hair,
      left,
      right,
    }),
    crown(132, 118, 30, 3),
    held[suit],
    companion[suit],
  ].join('');
}

/** King: enthroned and crowned, the emblem held as a ruler holds it: mastery of the suit. */
function king(suit: Suit): string {
  const held: Record<Suit, string> = {
    wands: wand(180, 300, 230, 0, 3) + salamander(60, 344, 30),
    cups:
      cup(96, 224, 46) +
      path('M172 250 V150', 'none', { stroke: C.goldDark, 'stroke-width': 4 }) +
      circle(172, 146, 6, C.gold) +
      fish(250, 300, 30, 200) +
      castle(232, 250, 30, 24),
    swords: sword(176, 260, 200, -4) + butterfly(48, 170, 10),
    pentacles: pentacle(150, 262, 28) + castle(228, 250, 50, 50) + bullHead(40, 330, 16),
  };
  const hands: Record<Suit, [number, number][]> = {
    wands: [
      [96, 250],
      [180, 256],
    ],
    cups: [
      [96, 234],
      [172, 236],
    ],
    swords: [
      [96, 250],
      [176, 250],
    ],
    pentacles: [
      [150, 250],
      [178, 226],
    ],
  };
  const sceptre =
    suit === 'pentacles' ? path('M178 226 V150', 'none', { stroke: C.goldDark, 'stroke-width': 4 }) + circle(178, 146, 7, C.gold) : '';
  const [left, right] = hands[suit];
  return [
    LOOKS[suit].backdrop(),
    suitThrone(suit),
    robed(suit, { x: 132, y: 350, h: 250, head: 'crown', left, right }),
    held[suit],
    sceptre,
  ].join('');
}

const RANKS = { page, knight, queen, king } as const;

export const COURTS: Record<string, () => string> = Object.fromEntries(
  (['wands', 'cups', 'swords', 'pentacles'] as const).flatMap((suit) =>
    (Object.keys(RANKS) as (keyof typeof RANKS)[]).map((rank) => [`${rank}-of-${suit}`, () => RANKS[rank](suit)]),
  ),
);
