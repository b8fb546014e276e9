import { Stem, tenGod, TenGodName } from '@astro/saju';

/** Chinese names of the ten gods (十神); the day stem itself is 日主. */
export const TEN_GOD_ZH: Record<TenGodName, string> = {
  Friend: '比肩',
  'Rob Wealth': '劫财',
  'Eating God': '食神',
  'Hurting Officer': '伤官',
  'Indirect Wealth': '偏财',
  'Direct Wealth': '正财',
  'Seven Killings': '七杀',
  'Direct Officer': '正官',
  'Indirect Resource': '偏印',
  'Direct Resource': '正印',
  'Day Master': '日主',
};

export interface TenGodView {
  zh: string;
  en: TenGodName;
}

export function tenGodView(dayMaster: Stem, other: Stem): TenGodView {
  const { name } = tenGod(dayMaster, other);
  return { zh: TEN_GOD_ZH[name], en: name };
}

export const DAY_MASTER_VIEW: TenGodView = { zh: TEN_GOD_ZH['Day Master'], en: 'Day Master' };
