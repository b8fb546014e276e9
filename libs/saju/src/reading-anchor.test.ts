/* eslint-disable @typescript-eslint/no-explicit-any -- lunar-javascript, the oracle here, ships no type declarations */
/**
 * The reading speaks of the moment of the request (or the client's `reference_date`): the major-luck
 * period and the sexagenary year in force then, while `annual_luck` keeps the spec's window around
 * the birth year. Oracle: lunar-javascript 1.7.7 (its DaYun list and getYearInGanZhiByLiChun), and the
 * published year names: 2026 is 丙午 (the Fire Horse) from 立春 4 February 2026; 2025 is 乙巳.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Solar } = require('lunar-javascript');
import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import { annualPillarAt, sajuReport } from './saju';

const ephemerisPath = loadConfig({}).ephemerisPath;
const BIRTH = {
  birth: birthOf({ date: '1990-05-15', time: '10:30', latitude: 39.9, longitude: 116.4, timezoneOffsetMinutes: 480 }),
  gender: 'male' as const,
};

/** lunar-javascript's DaYun (sect 2) containing a civil year: its pillar. */
function oracleLuckPillar(year: number): string {
  const yun = Solar.fromYmdHms(1990, 5, 15, 10, 30, 0).getLunar().getEightChar().getYun(1, 2);
  return yun
    .getDaYun(10)
    .find((d: any) => d.getStartYear() <= year && year <= d.getEndYear())
    .getGanZhi();
}

describe('the reading is anchored to the moment it speaks of', () => {
  it('a person born in 1990 asking in 2026 hears of the 2026 annual pillar and the luck period containing 2026', () => {
    const asked = new Date('2026-05-20T03:00:00Z');
    const report = sajuReport({ ...BIRTH, focus: 'career', question: 'Should I change jobs next year?' }, ephemerisPath, asked);
    const yearPillar = Solar.fromYmd(2026, 5, 20).getLunar().getYearInGanZhiByLiChun();
    expect(yearPillar).toBe('丙午');
    expect(report.reading_as_of).toEqual({
      date: '2026-05-20',
      source: 'request_time',
      major_luck_index: expect.any(Number),
      annual_civil_year: 2026,
      annual_pillar: '丙午',
    });
    const period = report.major_luck.periods[report.reading_as_of.major_luck_index! - 1];
    expect(Date.parse(period.approximate_start_utc)).toBeLessThanOrEqual(asked.getTime());
    expect(Date.parse(period.approximate_end_utc_exclusive)).toBeGreaterThan(asked.getTime());
    expect(period.stem + period.branch).toBe(oracleLuckPillar(2026)); // 甲申
    const text = report.reading_summary;
    expect(text).toContain('As of 20 May 2026 you are in the luck period 甲申');
    expect(text).toContain('The sexagenary year in force is 丙午, which began at Ipchun (about 4 February) 2026');
    expect(text).toContain('the next, 丁未, begins at Ipchun 2027');
    // The answer to the question speaks of the current period and year, not of the first period (壬午, from 1997).
    const answer = text.slice(text.indexOf('“Should I change jobs next year?”'));
    expect(answer).toContain('甲申');
    expect(answer).toContain('丙午');
    expect(answer).not.toContain('壬午');
  });

  it("takes the client's reference_date, with January still in the previous sexagenary year", () => {
    const report = sajuReport({ ...BIRTH, reference_date: '2026-01-20' }, ephemerisPath, new Date('2030-01-01T00:00:00Z'));
    expect(Solar.fromYmd(2026, 1, 20).getLunar().getYearInGanZhiByLiChun()).toBe('乙巳');
    expect(report.reading_as_of).toMatchObject({
      date: '2026-01-20',
      source: 'reference_date',
      annual_civil_year: 2025,
      annual_pillar: '乙巳',
    });
    const later = sajuReport({ ...BIRTH, reference_date: '2031-06-01' }, ephemerisPath);
    const period = later.major_luck.periods[later.reading_as_of.major_luck_index! - 1];
    expect(period.stem + period.branch).toBe(oracleLuckPillar(2031)); // 乙酉
    expect(later.reading_summary).toContain(`you are in the luck period ${period.stem}${period.branch}`);
  });

  it("keeps annual_luck on the spec's rule: the window around the birth's UTC year, whatever the reference", () => {
    const a = sajuReport(BIRTH, ephemerisPath, new Date('2026-05-20T00:00:00Z'));
    const b = sajuReport({ ...BIRTH, reference_date: '2060-03-01' }, ephemerisPath);
    expect(a.annual_luck).toEqual(b.annual_luck);
    expect(a.annual_luck.anchor_civil_year_utc).toBe(1990);
    expect(a.annual_luck.years[0].civil_year).toBe(1985);
  });

  it('says when the moment lies before the first luck period', () => {
    const report = sajuReport(BIRTH, ephemerisPath, new Date('1993-03-01T00:00:00Z'));
    expect(report.reading_as_of.major_luck_index).toBeNull();
    expect(report.reading_summary).toContain('As of 1 March 1993 the first luck period has not yet begun');
    expect(sajuReport({ ...BIRTH, locale: 'th' }, ephemerisPath, new Date('1993-03-01T00:00:00Z')).reading_summary).toContain('ยังไม่เริ่ม');
  });

  it('changes the annual pillar at Ipchun, not on 1 January (立春 2026: 2026-02-04 04:02 China Standard Time, lunar-javascript JieQi table)', () => {
    expect(annualPillarAt(Date.parse('2026-02-03T12:00:00Z'), ephemerisPath)).toMatchObject({ civilYear: 2025 });
    expect(annualPillarAt(Date.parse('2026-02-04T12:00:00Z'), ephemerisPath)).toMatchObject({ civilYear: 2026 });
  });
});
