import { baziReport } from '@astro/chinese';
import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import { sajuReport } from '@astro/saju';
import { baziPillarGrid, sajuPillarGrid } from './pillar-grid-of';
import { ELEMENT_COLOURS, FiveElement, pillarGridSvg } from './pillar-grid';

const ephemerisPath = loadConfig({}).ephemerisPath;
// 10 March 1985, 11:20 at Bangkok: 乙丑 year, 己卯 month, 戊申 day, 戊午 hour (the samples' subject)
const BIRTH = { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
const OPTIONS = { birthDate: BIRTH.date, asOf: '2026-03-10', title: '', subtitle: '', color: '#4b2e83' };

/** The five-element table of the stems and branches as every BaZi text gives it (甲乙 wood, 丙丁 fire, …; 寅卯 wood, 巳午 fire, 申酉 metal, 亥子 water, 辰戌丑未 earth). */
const CLASSICAL: Record<string, FiveElement> = {
  ...Object.fromEntries([...'甲乙寅卯'].map((c) => [c, 'Wood'])),
  ...Object.fromEntries([...'丙丁巳午'].map((c) => [c, 'Fire'])),
  ...Object.fromEntries([...'戊己辰戌丑未'].map((c) => [c, 'Earth'])),
  ...Object.fromEntries([...'庚辛申酉'].map((c) => [c, 'Metal'])),
  ...Object.fromEntries([...'壬癸亥子'].map((c) => [c, 'Water'])),
};

/** Each big character of the SVG with the colour it is drawn in. */
const colouredGlyphs = (svg: string) =>
  [...svg.matchAll(/fill="(#[0-9a-f]{6})">([\u4e00-\u9fff])<\/text>/g)].map(([, colour, char]) => ({ char, colour }));

describe('the pillar grid', () => {
  const saju = sajuReport({ birth: birthOf(BIRTH), gender: 'female', reference_date: '2026-03-10' }, ephemerisPath);
  const bazi = baziReport({ ...BIRTH, gender: 'female' }, ephemerisPath);

  it('draws every stem and branch, the luck pillars and hidden stems too, in its classical element colour', () => {
    for (const locale of ['en', 'th'] as const) {
      for (const grid of [sajuPillarGrid(saju, { ...OPTIONS, locale }), baziPillarGrid(bazi, { ...OPTIONS, locale })]) {
        const glyphs = colouredGlyphs(pillarGridSvg(grid));
        // 8 pillar characters, 3 + 2 + 1 + 3 hidden stems, 10 luck pillars of 2
        expect(glyphs).toHaveLength(8 + 9 + 20);
        for (const { char, colour } of glyphs) expect({ char, colour }).toEqual({ char, colour: ELEMENT_COLOURS[CLASSICAL[char]] });
      }
    }
  });

  it('puts the pillars in the order hour, day, month, year and the day master in the day column', () => {
    const grid = baziPillarGrid(bazi, { ...OPTIONS, locale: 'en' });
    expect(grid.pillars.map((p) => p.stem.char + p.branch.char)).toEqual(['戊午', '戊申', '己卯', '乙丑']);
    expect(grid.pillars.map((p) => p.god)).toEqual(['Friend 比肩', 'Day Master 日主', 'Rob Wealth 劫财', 'Direct Officer 正官']);
  });

  it('marks the luck pillar in force at the reading date with the age then', () => {
    // the luck runs forward from 己卯 (a yin year stem, a woman) and starts at about 8½ (the start rule is checked
    // against lunar-javascript in libs/saju/src/saju-oracle.test.ts); on 10 March 2026 she turns 41, in the 癸未
    // decade that began in 2023
    for (const grid of [sajuPillarGrid(saju, { ...OPTIONS, locale: 'en' }), baziPillarGrid(bazi, { ...OPTIONS, locale: 'en' })]) {
      expect(grid.luck.map((c) => c.stem.char + c.branch.char).slice(0, 4)).toEqual(['庚辰', '辛巳', '壬午', '癸未']);
      expect(grid.current).toEqual({ index: 3, label: 'now, age 41' });
      expect(grid.luck[3].yearLabel).toBe('2023');
    }
    const thai = sajuPillarGrid(saju, { ...OPTIONS, locale: 'th' });
    expect(thai.current).toEqual({ index: 3, label: 'ปัจจุบัน อายุ 41' });
    expect(thai.luck[3].yearLabel).toBe('2566'); // พ.ศ.
  });

  it('marks no pillar before the first luck period starts', () => {
    const grid = sajuPillarGrid(saju, { ...OPTIONS, locale: 'en', asOf: '1990-01-01' });
    expect(grid.current).toBeNull();
    expect(pillarGridSvg(grid)).not.toContain('now, age');
  });

  it('encodes every label it prints', () => {
    const grid = sajuPillarGrid(saju, { ...OPTIONS, locale: 'en', subtitle: '<script>alert(1)</script>' });
    const svg = pillarGridSvg(grid);
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });
});
