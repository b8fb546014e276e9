import { BRANCHES, sexagenaryIndex, STEMS } from './cycle';
import { branchInteractions, pairRelations, stemRelation } from './interactions';
import { FourPillars, pillarAt } from './pillars';

/** A chart whose four branches are the given Hanja (stems do not take part in branch interactions). */
function chart(branches: string): FourPillars {
  const [year, month, day, hour] = [...branches].map((h) => {
    const b = BRANCHES.find((x) => x.hanja === h)!;
    return pillarAt(sexagenaryIndex(b.index % 2, b.index));
  });
  return { year, month, day, hour };
}
const summary = (branches: string) =>
  branchInteractions(chart(branches)).map((i) => `${i.type}:${i.branches.join('')}:${i.pillars.join('-')}`);

// Expected relations are the classical tables (六沖, 六合, 三合, 三刑 and 自刑, 六害, 六破).
describe('branch interactions', () => {
  it('finds a clash and names both pillars', () => {
    expect(summary('子卯午酉')).toEqual(expect.arrayContaining(['clash:子午:year-day', 'clash:卯酉:month-hour']));
    const clash = branchInteractions(chart('子卯午酉')).find((i) => i.type === 'clash')!;
    expect(clash.korean).toBe('충(沖)');
    expect(clash.description).toContain('子 (Rat, year)');
  });

  it('finds the six combinations', () => {
    expect(summary('子丑寅亥')).toEqual(expect.arrayContaining(['six_combination:子丑:year-month', 'six_combination:寅亥:day-hour']));
    expect(summary('午未辰酉')).toEqual(expect.arrayContaining(['six_combination:午未:year-month', 'six_combination:辰酉:day-hour']));
  });

  it('finds a three harmony only when all three branches stand in the chart', () => {
    expect(summary('申子辰卯')).toContain('three_harmony:申子辰:year-month-day');
    expect(summary('申子卯卯').some((s) => s.startsWith('three_harmony'))).toBe(false);
    expect(summary('寅午戌亥')).toContain('three_harmony:寅午戌:year-month-day');
  });

  it('finds punishments: 子卯, the pairs of 寅巳申, the full triad as one entry, and self-punishment', () => {
    expect(summary('子卯丑丑')).toContain('punishment:子卯:year-month');
    expect(summary('寅巳子子')).toContain('punishment:寅巳:year-month');
    const triad = summary('寅巳申子').filter((s) => s.startsWith('punishment'));
    expect(triad).toEqual(['punishment:寅巳申:year-month-day']);
    expect(summary('午午子丑')).toContain('punishment:午午:year-month');
    expect(summary('子子丑丑').some((s) => s.startsWith('punishment'))).toBe(false); // 子 and 丑 do not punish themselves
  });

  it('finds harms and destructions', () => {
    expect(summary('子未寅寅')).toContain('harm:子未:year-month');
    expect(summary('酉戌寅寅')).toContain('harm:酉戌:year-month');
    expect(summary('子酉寅寅')).toContain('destruction:子酉:year-month');
    expect(summary('寅亥辰辰')).toEqual(expect.arrayContaining(['six_combination:寅亥:year-month', 'destruction:寅亥:year-month']));
  });

  it('reports nothing for unrelated branches', () => {
    expect(summary('子寅辰寅')).toEqual([]); // 子辰 is only half of 申子辰; 寅 does not punish itself
  });
});

describe('a branch or stem from outside the chart (a luck period, a year)', () => {
  const branch = (h: string) => BRANCHES.find((b) => b.hanja === h)!;
  const stem = (h: string) => STEMS.find((s) => s.hanja === h)!;

  // The Hong Kong and Taiwan almanacs for 2026 (丙午, the Horse year) list the signs that "offend
  // Tai Sui" (犯太岁): the Horse 值太岁 (and 午午自刑), the Rat 冲太岁 (子午冲), the Ox 害太岁 (丑午害)
  // and the Rabbit 破太岁 (卯午破). Every other branch meets 午 in none of these relations, except
  // the Goat, which combines with it (午未合).
  it('meets the 2026 year branch 午 as the almanacs list the signs offending Tai Sui', () => {
    const of = (h: string) => pairRelations(branch('午'), branch(h));
    expect(of('午')).toEqual(['punishment']);
    expect(of('子')).toEqual(['clash']);
    expect(of('丑')).toEqual(['harm']);
    expect(of('卯')).toEqual(['destruction']);
    expect(of('未')).toEqual(['six_combination']);
    for (const h of '寅辰巳申酉戌亥') expect(of(h)).toEqual([]);
  });

  it('is symmetric and lists several relations of one pair (寅亥 combine and destroy; 寅巳 punish and harm)', () => {
    expect(pairRelations(branch('寅'), branch('亥'))).toEqual(['six_combination', 'destruction']);
    expect(pairRelations(branch('亥'), branch('寅'))).toEqual(['six_combination', 'destruction']);
    expect(pairRelations(branch('巳'), branch('寅'))).toEqual(['punishment', 'harm']);
    expect(pairRelations(branch('巳'), branch('申'))).toEqual(['six_combination', 'punishment', 'destruction']);
  });

  // 天干五合 (甲己 乙庚 丙辛 丁壬 戊癸) and 天干四沖 (甲庚 乙辛 丙壬 丁癸), as 《三命通会》 卷二 "论十干合" lists them.
  it('finds the five stem combinations and the four stem clashes', () => {
    const pairs = (list: string) => list.split(' ').map((p) => stemRelation(stem(p[0]), stem(p[1])));
    expect(pairs('甲己 乙庚 丙辛 丁壬 戊癸 己甲')).toEqual(Array(6).fill('combination'));
    expect(pairs('甲庚 乙辛 丙壬 丁癸 庚甲')).toEqual(Array(5).fill('clash'));
    expect(pairs('甲甲 甲乙 戊壬 己癸 戊甲 庚丙')).toEqual(Array(6).fill(null));
  });
});
