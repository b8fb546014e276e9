import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import { STEMS } from './cycle';
import { favorableElement, strengthOf, STRENGTH_THRESHOLDS, supportScore } from './five-elements';
import { birthMoment, fourPillars } from './pillars';
import { sajuReport } from './saju';

const ephemerisPath = loadConfig({}).ephemerisPath;
// 1990-05-15 10:30 +08:00: 庚午 辛巳 庚辰 辛巳 (lunar-javascript gives the same four pillars).
const BIRTH = { birth: birthOf({ date: '1990-05-15', time: '10:30', latitude: 39.9, longitude: 116.4, timezoneOffsetMinutes: 480 }) };

describe('five elements', () => {
  it('counts the eight visible characters only', () => {
    const { five_elements } = sajuReport(BIRTH, ephemerisPath);
    // 庚 辛 庚 辛 are Metal; 午 巳 巳 Fire; 辰 Earth. Hidden stems (癸 Water, 乙 Wood in 辰) do not count.
    expect(five_elements.counts).toEqual({ Wood: 0, Fire: 3, Earth: 1, Metal: 4, Water: 0 });
    expect(five_elements.balance.strongest).toEqual(['Metal']);
    expect(five_elements.balance.missing).toEqual(['Wood', 'Water']);
  });

  it('scores support by the documented rule (worked by hand in docs/saju.md)', () => {
    const pillars = fourPillars(birthMoment(BIRTH.birth, ephemerisPath), 'next_day_at_23', ephemerisPath);
    // Stems 庚 辛 辛: 3. 午 (丁 0.7, 己 0.3): 0.3. 巳 month (丙 0.6, 庚 0.3, 戊 0.1) × 2: 0.8.
    // 辰 (戊 0.6, 乙 0.3, 癸 0.1): 0.6. 巳 hour: 0.4. Total 5.1 of 8.
    expect(supportScore(pillars) * 8).toBeCloseTo(5.1, 10);
    expect(sajuReport(BIRTH, ephemerisPath).day_master).toEqual({
      stem: '庚',
      element: 'Metal',
      polarity: 'Yang',
      korean: '경금',
      strength: 'strong',
    });
  });

  it('labels scores at the thresholds', () => {
    expect(strengthOf(3.75 / 8)).toBe('strong');
    expect(strengthOf(3.74 / 8)).toBe('balanced');
    expect(strengthOf(2.76 / 8)).toBe('balanced');
    expect(strengthOf(2.75 / 8)).toBe('weak');
    expect(STRENGTH_THRESHOLDS.weakAtMost).toBeLessThan(STRENGTH_THRESHOLDS.strongAtLeast);
  });

  it('picks the favorable element by suppress-or-support', () => {
    const geng = STEMS[6]; // 庚, Metal
    const counts = { Wood: 0, Fire: 3, Earth: 1, Metal: 4, Water: 0 };
    // Strong Metal wants Water (output), Wood (wealth) or Fire (officer): the least present, Water first on a tie.
    expect(favorableElement(geng, 'strong', counts)).toBe('Water');
    // Weak Metal wants Earth (resource) or Metal: Earth has fewer.
    expect(favorableElement(geng, 'weak', counts)).toBe('Earth');
    // Balanced: the scarcest element overall, Wood first on a tie.
    expect(favorableElement(geng, 'balanced', counts)).toBe('Wood');
  });
});
