import { pillarAt } from '@astro/saju';
import { symbolicStars } from './symbolic-stars';

// Sixty-cycle positions: 甲子 0, 丙寅 2, 甲午 30, 辛未 7, 庚午 6, 辛巳 17, 庚辰 16.
const chart = (year: number, month: number, day: number, hour: number) => ({
  year: pillarAt(year),
  month: pillarAt(month),
  day: pillarAt(day),
  hour: pillarAt(hour),
});
const summary = (c: ReturnType<typeof chart>) => symbolicStars(c).map((s) => `${s.zh} ${s.from} ${s.pillars.join(',')}`);

describe('symbolic stars (神煞)', () => {
  it('甲子 丙寅 甲午 辛未: 天乙 on 未 from the 甲 day (the 甲 year adds nothing), 驿马 寅 from 子, 禄 寅 of 甲', () => {
    expect(summary(chart(0, 2, 30, 7))).toEqual(['天乙贵人 day stem 甲 hour', '驿马 year branch 子 month', '禄神 day stem 甲 month']);
  });

  it('庚午 辛巳 庚辰 辛巳 (1990-05-15 10:30): only 华盖, the 辰 day on its own 申子辰 tomb branch', () => {
    expect(summary(chart(6, 17, 16, 17))).toEqual(['华盖 day branch 辰 day']);
  });

  it('finds 文昌, 桃花 and 羊刃 by their tables: 丁卯 year, 丙午 month, 丙子 day, 丁酉 hour', () => {
    // 丙 day: 文昌 申 (absent), 丁 year: 文昌 酉 (hour); 天乙 of 丙丁 is 亥酉 (hour 酉);
    // 桃花 of 子 (申子辰) is 酉 (hour), of 卯 (亥卯未) is 子 (day); 羊刃 of 丙 is 午 (month); 禄 of 丙 is 巳 (absent).
    const c = chart(3, 42, 12, 33);
    expect([c.year, c.month, c.day, c.hour].map((p) => p.stem.hanja + p.branch.hanja)).toEqual(['丁卯', '丙午', '丙子', '丁酉']);
    expect(summary(c)).toEqual([
      '天乙贵人 day stem 丙 hour',
      '天乙贵人 year stem 丁 hour',
      '文昌 year stem 丁 hour',
      '桃花 year branch 卯 day',
      '桃花 day branch 子 hour',
      '羊刃 day stem 丙 month',
    ]);
  });
});
