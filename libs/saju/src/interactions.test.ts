import { BRANCHES, sexagenaryIndex } from './cycle';
import { branchInteractions } from './interactions';
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
