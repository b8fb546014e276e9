import { bodyAt, instantFromLocal, julianDayUt, signOf, wallTimeOffset, ZODIAC_SIGNS } from '@astro/ephemeris';
import { birthMoment, Element, fourPillars, PILLAR_NAMES } from '@astro/saju';
import type { CiBirth } from '@astro/contracts';

export const WESTERN_ELEMENTS = ['fire', 'earth', 'air', 'water'] as const;
export const CHINESE_ELEMENTS = ['wood', 'fire', 'earth', 'metal', 'water'] as const;
export type WesternElement = (typeof WESTERN_ELEMENTS)[number];
export type ChineseElement = (typeof CHINESE_ELEMENTS)[number];
export type WesternCounts = Record<WesternElement, number>;
export type ChineseCounts = Record<ChineseElement, number>;

/** Sun to Saturn; the Moon moves 13° a day, so it counts only when the birth time is known. */
const WESTERN_BODIES = ['Sun', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn'] as const;

export const ELEMENT_METHOD =
  'Western: the signs of the Sun, Mercury, Venus, Mars, Jupiter and Saturn (and the Moon when the birth time is known), tropical zodiac, ' +
  'fire = Aries/Leo/Sagittarius, earth = Taurus/Virgo/Capricorn, air = Gemini/Libra/Aquarius, water = Cancer/Scorpio/Pisces. ' +
  'Chinese: the elements of the visible stems and branches of the year, month and day pillars (and the hour pillar when the birth time is known). ' +
  'Without a birth time the chart is cast for local noon.';

export interface MemberElements {
  birthTimeKnown: boolean;
  western: WesternCounts;
  chinese: ChineseCounts;
}

/**
 * The birth clock's offset in seconds east of UTC. The request parse resolves it once (the shared
 * birth forms, libs/contracts birth-subject.ts, at local noon for an untimed birth) into
 * `timezoneOffsetMinutes`; a profile stored before its offset was resolved takes its zone's offset
 * at the birth time (the earlier reading of a repeated wall time, the offset before a skipped one).
 */
export function birthOffsetSeconds(birth: CiBirth): number {
  if (birth.timezoneOffsetMinutes !== undefined) return birth.timezoneOffsetMinutes * 60;
  if (!birth.timezone) return 0;
  const offset = wallTimeOffset(birth.timezone, birth.date, birth.time ?? '12:00');
  return offset.kind === 'gap' ? offset.offsetBeforeSeconds : offset.offsetSeconds;
}

export function memberElements(birth: CiBirth, ephemerisPath: string): MemberElements {
  const time = birth.time ?? '12:00';
  const offset = birthOffsetSeconds(birth);
  const instant = instantFromLocal(birth.date, time, offset);
  const jd = julianDayUt(instant);
  const western: WesternCounts = { fire: 0, earth: 0, air: 0, water: 0 };
  const bodies = birth.time ? [...WESTERN_BODIES, 'Moon' as const] : WESTERN_BODIES;
  for (const body of bodies) {
    const sign = signOf(bodyAt(jd, body, ephemerisPath).longitude).sign;
    western[WESTERN_ELEMENTS[ZODIAC_SIGNS.indexOf(sign) % 4]] += 1;
  }
  const chinese: ChineseCounts = { wood: 0, fire: 0, earth: 0, metal: 0, water: 0 };
  const pillars = fourPillars(
    birthMoment({ instant, offsetSeconds: Math.round(offset * 60) }, ephemerisPath),
    'next_day_at_23',
    ephemerisPath,
  );
  for (const name of PILLAR_NAMES) {
    if (name === 'hour' && !birth.time) continue;
    for (const element of [pillars[name].stem.element, pillars[name].branch.element]) chinese[chineseName(element)] += 1;
  }
  return { birthTimeKnown: Boolean(birth.time), western, chinese };
}

const chineseName = (e: Element) => e.toLowerCase() as ChineseElement;

export interface ElementSummary<K extends string> {
  counts: Record<K, number>;
  shares: Record<K, number>;
  dominant: K[];
  lacking: K[];
}

/**
 * Totals, shares and the elements that stand out: dominant = at least 1.5 times the even share,
 * lacking = at most half of it (with four elements: ≥ 37.5 % and ≤ 12.5 %).
 */
export function summarise<K extends string>(keys: readonly K[], members: Record<K, number>[]): ElementSummary<K> {
  const counts = Object.fromEntries(keys.map((k) => [k, members.reduce((sum, m) => sum + m[k], 0)])) as Record<K, number>;
  const total = keys.reduce((sum, k) => sum + counts[k], 0) || 1;
  const shares = Object.fromEntries(keys.map((k) => [k, Math.round((counts[k] / total) * 1000) / 1000])) as Record<K, number>;
  const even = 1 / keys.length;
  return {
    counts,
    shares,
    dominant: keys.filter((k) => counts[k] / total >= even * 1.5),
    lacking: keys.filter((k) => counts[k] / total <= even * 0.5),
  };
}
