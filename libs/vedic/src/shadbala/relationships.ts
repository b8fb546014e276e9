import { Graha, houseFrom, naturalRelation } from '../chart/graha-rules';
import { NatalChart } from '../chart/natal-chart';

export type CompoundRelation = 'great_friend' | 'friend' | 'neutral' | 'enemy' | 'great_enemy';

/** Temporary friendship (BPHS 3.56): planets in the 2nd, 3rd, 4th, 10th, 11th and 12th from a planet. */
function temporaryFriend(chart: NatalChart, of: Graha, towards: Graha): boolean {
  return [2, 3, 4, 10, 11, 12].includes(houseFrom(chart.grahas[of].sign, chart.grahas[towards].sign));
}

/** Compound (panchadha) relationship, BPHS 3.57: natural and temporary relations combined. */
export function compoundRelation(chart: NatalChart, of: Graha, towards: Graha): CompoundRelation {
  const natural = naturalRelation(of, towards);
  const temporary = temporaryFriend(chart, of, towards);
  if (natural === 'friend') return temporary ? 'great_friend' : 'neutral';
  if (natural === 'neutral') return temporary ? 'friend' : 'enemy';
  return temporary ? 'neutral' : 'great_enemy';
}
