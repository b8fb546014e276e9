/* eslint-disable @typescript-eslint/no-explicit-any -- lunar-javascript, the oracle here, ships no type declarations */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Solar } = require('lunar-javascript');
import { loadConfig } from '@astro/config';
import { birthOf, LocalBirthFields } from '@astro/ephemeris';
import { annualLuckWindow, MEAN_YEAR_MS } from './luck';
import { SajuInput, sajuReport } from './saju';

const ephemerisPath = loadConfig({}).ephemerisPath;
// 1990 is a 庚午 (Yang) year, 1991 a 辛未 (Yin) year; both births are in mid-year, far from Ipchun.
const YANG_BIRTH = { date: '1990-05-15', time: '10:30', latitude: 39.9, longitude: 116.4, timezoneOffsetMinutes: 480 };
const YIN_BIRTH = { date: '1991-08-20', time: '15:10', latitude: 39.9, longitude: 116.4, timezoneOffsetMinutes: 480 };
/** The Saju report of a birth told on its local clock, with the request's other options. */
const saju = (b: LocalBirthFields, options: Omit<SajuInput, 'birth'> = {}) => sajuReport({ ...options, birth: birthOf(b) }, ephemerisPath);
const lunarYun = (b: typeof YANG_BIRTH, gender: 0 | 1) => {
  const [y, m, d] = b.date.split('-').map(Number);
  const [h, mi] = b.time.split(':').map(Number);
  return Solar.fromYmdHms(y, m, d, h, mi, 0).getLunar().getEightChar().getYun(gender, 2);
};

describe('major luck direction (spec: male + Yang year forward, male + Yin backward, female the opposite, unknown forward)', () => {
  it.each([
    ['male', YANG_BIRTH, 'forward', '순행'],
    ['male', YIN_BIRTH, 'backward', '역행'],
    ['female', YANG_BIRTH, 'backward', '역행'],
    ['female', YIN_BIRTH, 'forward', '순행'],
  ] as const)('%s, %j: %s', (gender, birth, direction, korean) => {
    const report = saju(birth, { gender });
    expect(report.pillars.year.stem).toBe(birth === YANG_BIRTH ? '庚' : '辛');
    expect(report.major_luck).toMatchObject({
      direction,
      direction_korean: korean,
      gender_input: gender,
      direction_assumed_default: false,
    });
    expect(lunarYun(birth, gender === 'male' ? 1 : 0).isForward()).toBe(direction === 'forward');
    // Periods step through the cycle from the month pillar, one per decade, without gaps.
    const yun = lunarYun(birth, gender === 'male' ? 1 : 0);
    expect(report.major_luck.periods.slice(0, 8).map((p) => p.stem + p.branch)).toEqual(
      yun
        .getDaYun(9)
        .slice(1)
        .map((d: any) => d.getGanZhi()),
    );
    for (let i = 1; i < report.major_luck.periods.length; i++) {
      expect(report.major_luck.periods[i].approximate_start_utc).toBe(report.major_luck.periods[i - 1].approximate_end_utc_exclusive);
    }
  });

  it.each([[undefined], ['unknown' as const]])('gender %s: forward, flagged as the assumed default, for Yang and Yin years', (gender) => {
    for (const birth of [YANG_BIRTH, YIN_BIRTH]) {
      const report = saju(birth, { gender });
      expect(report.major_luck).toMatchObject({ direction: 'forward', gender_input: 'unknown', direction_assumed_default: true });
    }
  });

  it('starts three days to one year from the next jeol (forward) or the previous one (backward)', () => {
    // The jeol instants come from lunar-javascript's own solar terms (+08:00).
    const lunar = Solar.fromYmdHms(1990, 5, 15, 10, 30, 0).getLunar();
    const cst = (s: any) => Date.UTC(s.getYear(), s.getMonth() - 1, s.getDay(), s.getHour(), s.getMinute(), s.getSecond()) - 8 * 3_600_000;
    const [previousJeol, nextJeol] = [cst(lunar.getPrevJie().getSolar()), cst(lunar.getNextJie().getSolar())];
    const forward = saju(YANG_BIRTH, { gender: 'male' }).major_luck.periods[0];
    const backward = saju(YANG_BIRTH, { gender: 'female' }).major_luck.periods[0];
    const birthMs = Date.parse('1990-05-15T02:30:00Z');
    const yearsAfter = (iso: string) => (Date.parse(iso) - birthMs) / MEAN_YEAR_MS;
    expect(yearsAfter(forward.approximate_start_utc)).toBeCloseTo((nextJeol - birthMs) / (3 * 86_400_000), 2);
    expect(yearsAfter(backward.approximate_start_utc)).toBeCloseTo((birthMs - previousJeol) / (3 * 86_400_000), 2);
    expect(Date.parse(forward.approximate_end_utc_exclusive) - Date.parse(forward.approximate_start_utc)).toBeCloseTo(
      10 * MEAN_YEAR_MS,
      -1,
    );
  });
});

describe('annual luck window', () => {
  it('defaults to 5 years before and 20 after the birth UTC year', () => {
    const { annual_luck } = saju(YANG_BIRTH);
    expect(annual_luck).toMatchObject({ anchor_civil_year_utc: 1990, years_before: 5, years_after: 20 });
    expect(annual_luck.years.map((y) => y.civil_year)).toEqual(Array.from({ length: 26 }, (_, i) => 1985 + i));
  });

  it('anchors on the UTC year: 1 January 05:00 in Seoul is still the previous UTC year', () => {
    const { annual_luck } = saju({ ...YANG_BIRTH, date: '2000-01-01', time: '05:00', timezoneOffsetMinutes: 540 });
    expect(annual_luck.anchor_civil_year_utc).toBe(1999);
  });

  it('caps 80 + 80 at 121 rows (60 + 60) and says so', () => {
    const { annual_luck } = saju(YANG_BIRTH, { annual_luck_years_before: 80, annual_luck_years_after: 80 });
    expect(annual_luck.years).toHaveLength(121);
    expect(annual_luck).toMatchObject({ years_before: 60, years_after: 60 });
    expect(annual_luck.years[0].civil_year).toBe(1930);
    expect(annual_luck.years[120].civil_year).toBe(2050);
    expect(annual_luck.approximate_calendar_note).toContain('121');
  });

  it.each([
    [80, 80, 60, 60],
    [80, 40, 80, 40],
    [80, 41, 79, 41],
    [10, 80, 10, 80],
    [0, 0, 0, 0],
  ])('%i before + %i after → %i + %i', (before, after, b, a) => {
    expect(annualLuckWindow(before, after)).toMatchObject({ before: b, after: a });
  });

  it('gives each civil year the sexagenary year lunar-javascript has in mid-year, with hidden stems and stem ten god', () => {
    const { annual_luck, day_master } = saju(YANG_BIRTH, { annual_luck_years_before: 80, annual_luck_years_after: 40 });
    for (const row of annual_luck.years) {
      const ec = Solar.fromYmd(row.civil_year, 7, 1).getLunar().getEightChar();
      expect(row.stem + row.branch).toBe(ec.getYear());
      expect(row.hidden_stems.map((h) => h.stem)).toEqual(ec.getYearHideGan());
    }
    expect(day_master.stem).toBe('庚');
    // 庚 day master: 甲 is Indirect Wealth (偏财), 乙 Direct Wealth (正财).
    expect(annual_luck.years.find((y) => y.stem === '甲')!.stem_ten_god.name).toBe('Indirect Wealth');
    expect(annual_luck.years.find((y) => y.stem === '乙')!.stem_ten_god.name).toBe('Direct Wealth');
  });
});
