import { Element, Pillar } from '@astro/saju';

/**
 * Na Yin (纳音), the "received sound" of each pair of consecutive pillars in the sixty cycle
 * (甲子 乙丑 share 海中金, 丙寅 丁卯 share 炉中火, …), as tabulated in 《三命通会》 卷一 "论纳音取象".
 */
const NAYIN: [string, string, Element][] = [
  ['海中金', 'Gold in the Sea', 'Metal'],
  ['炉中火', 'Fire in the Furnace', 'Fire'],
  ['大林木', 'Wood of the Great Forest', 'Wood'],
  ['路旁土', 'Earth by the Roadside', 'Earth'],
  ['剑锋金', 'Gold of the Sword Blade', 'Metal'],
  ['山头火', 'Fire on the Mountain Top', 'Fire'],
  ['涧下水', 'Water in the Ravine', 'Water'],
  ['城头土', 'Earth of the City Wall', 'Earth'],
  ['白蜡金', 'White Wax Gold', 'Metal'],
  ['杨柳木', 'Willow Wood', 'Wood'],
  ['泉中水', 'Water of the Spring', 'Water'],
  ['屋上土', 'Earth on the Roof', 'Earth'],
  ['霹雳火', 'Thunderbolt Fire', 'Fire'],
  ['松柏木', 'Pine and Cypress Wood', 'Wood'],
  ['长流水', 'Long-Flowing Water', 'Water'],
  ['沙中金', 'Gold in the Sand', 'Metal'],
  ['山下火', 'Fire at the Foot of the Mountain', 'Fire'],
  ['平地木', 'Wood of the Plain', 'Wood'],
  ['壁上土', 'Earth on the Wall', 'Earth'],
  ['金箔金', 'Gold Leaf', 'Metal'],
  ['覆灯火', 'Lamp Fire', 'Fire'],
  ['天河水', 'Water of the Milky Way', 'Water'],
  ['大驿土', 'Earth of the Great Post Road', 'Earth'],
  ['钗钏金', 'Hairpin and Bracelet Gold', 'Metal'],
  ['桑柘木', 'Mulberry Wood', 'Wood'],
  ['大溪水', 'Water of the Great Stream', 'Water'],
  ['沙中土', 'Earth in the Sand', 'Earth'],
  ['天上火', 'Fire in the Sky', 'Fire'],
  ['石榴木', 'Pomegranate Wood', 'Wood'],
  ['大海水', 'Water of the Great Sea', 'Water'],
];

export interface NaYin {
  zh: string;
  en: string;
  element: Element;
}

export function naYinOf(p: Pillar): NaYin {
  const [zh, en, element] = NAYIN[Math.floor(p.cycleIndex / 2)];
  return { zh, en, element };
}
