import { controlledBy, controllerOf, producedBy, producerOf, Stem } from './cycle';

export const TEN_GOD_NAMES = [
  'Friend',
  'Rob Wealth',
  'Eating God',
  'Hurting Officer',
  'Indirect Wealth',
  'Direct Wealth',
  'Seven Killings',
  'Direct Officer',
  'Indirect Resource',
  'Direct Resource',
] as const;
export type TenGodName = (typeof TEN_GOD_NAMES)[number] | 'Day Master';

export interface TenGod {
  name: TenGodName;
  korean: string;
  relation: string;
}

/** The Korean (Hangul) name of each ten god. */
export const TEN_GOD_KOREAN: Record<TenGodName, string> = {
  Friend: '비견',
  'Rob Wealth': '겁재',
  'Eating God': '식신',
  'Hurting Officer': '상관',
  'Indirect Wealth': '편재',
  'Direct Wealth': '정재',
  'Seven Killings': '편관',
  'Direct Officer': '정관',
  'Indirect Resource': '편인',
  'Direct Resource': '정인',
  'Day Master': '일간',
};

/** The day master itself, in the day-stem slot of `ten_gods`. */
export const DAY_MASTER_GOD: TenGod = {
  name: 'Day Master',
  korean: TEN_GOD_KOREAN['Day Master'],
  relation: 'self (the day stem is the day master)',
};

/**
 * The ten god of `other` seen from the day master: the element relation picks the pair
 * (same, produced, controlled, controlling, producing) and equal polarity picks the first of it.
 */
export function tenGod(dayMaster: Stem, other: Stem): TenGod {
  const same = dayMaster.polarity === other.polarity;
  const polarity = same ? 'same polarity' : 'opposite polarity';
  const e = dayMaster.element;
  let name: TenGodName;
  let relation: string;
  if (other.element === e) {
    [name, relation] = [same ? 'Friend' : 'Rob Wealth', `same element as the day master, ${polarity}`];
  } else if (other.element === producedBy(e)) {
    [name, relation] = [same ? 'Eating God' : 'Hurting Officer', `produced by the day master, ${polarity}`];
  } else if (other.element === controlledBy(e)) {
    [name, relation] = [same ? 'Indirect Wealth' : 'Direct Wealth', `controlled by the day master, ${polarity}`];
  } else if (other.element === controllerOf(e)) {
    [name, relation] = [same ? 'Seven Killings' : 'Direct Officer', `controls the day master, ${polarity}`];
  } else if (other.element === producerOf(e)) {
    [name, relation] = [same ? 'Indirect Resource' : 'Direct Resource', `produces the day master, ${polarity}`];
  } else {
    throw new Error(`no element relation between ${dayMaster.hanja} and ${other.hanja}`);
  }
  return { name, korean: TEN_GOD_KOREAN[name], relation };
}
