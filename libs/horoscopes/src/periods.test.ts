import { daysBetween, nextPeriodStart, periodStart } from './periods';
import { upcomingPeriods } from './schedule';
import { streamIdOf } from './published-horoscope';

describe('periods', () => {
  it('starts a period on the day, the ISO Monday, the 1st or 1 January', () => {
    expect(periodStart('daily', '2026-11-23')).toBe('2026-11-23');
    expect(periodStart('weekly', '2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(periodStart('weekly', '2026-11-29')).toBe('2026-11-23'); // the Sunday after
    expect(periodStart('weekly', '2027-01-01')).toBe('2026-12-28');
    expect(periodStart('monthly', '2026-02-28')).toBe('2026-02-01');
    expect(periodStart('yearly', '2026-11-23')).toBe('2026-01-01');
  });
  it('finds the next period and the days of a range', () => {
    expect(nextPeriodStart('daily', '2026-12-31')).toBe('2027-01-01');
    expect(nextPeriodStart('weekly', '2026-12-28')).toBe('2027-01-04');
    expect(nextPeriodStart('monthly', '2026-12-01')).toBe('2027-01-01');
    expect(nextPeriodStart('yearly', '2026-01-01')).toBe('2027-01-01');
    expect(daysBetween('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });
  it('a publishing run covers the current and next period of each kind', () => {
    expect(upcomingPeriods(new Date('2026-11-23T12:00:00Z'))).toEqual([
      { period: 'daily', periodStart: '2026-11-23' },
      { period: 'daily', periodStart: '2026-11-24' },
      { period: 'weekly', periodStart: '2026-11-23' },
      { period: 'weekly', periodStart: '2026-11-30' },
      { period: 'monthly', periodStart: '2026-11-01' },
      { period: 'monthly', periodStart: '2026-12-01' },
      { period: 'yearly', periodStart: '2026-01-01' },
      { period: 'yearly', periodStart: '2027-01-01' },
    ]);
  });
  it('names one stream per sign, period start, locale and voice', () => {
    expect(
      streamIdOf({
        sign: 'Leo',
        period: 'weekly',
        periodStart: '2026-11-23',
        locale: 'th',
        voice: { tone: 'mystical', safety_mode: 'default' },
      }),
    ).toBe('horoscope:leo:weekly:2026-11-23:th:mystical.default');
  });
});
