/**
 * Summer time in Korean charts. South Korea kept summer time (서머타임) in 1987 and 1988 for the
 * Seoul Olympics, clocks one hour ahead from the second Sunday of May to the second Sunday of
 * October (the tz database's `asia` file, Asia/Seoul). Saju practitioners and manseryeok tables take
 * that hour off before reading the day and hour pillars; the platform does so by default and reads
 * the summer clock only when asked (`dst: 'as_given'`).
 *
 * The oracle for the day and hour pillars is lunar-javascript at the clock time (those pillars
 * depend on the clock only, not on its zone); the births are on 15 July, far from a solar term.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Solar } = require('lunar-javascript');
import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import { sajuReport } from './saju';

const ephemerisPath = loadConfig({}).ephemerisPath;
const stemBranch = (p: { stem: string; branch: string }) => p.stem + p.branch;

function lunarPillars(date: string, time: string): { day: string; hour: string } {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const eightChar = Solar.fromYmdHms(y, m, d, hh, mm, 0).getLunar().getEightChar();
  eightChar.setSect(1);
  return { day: eightChar.getDay(), hour: eightChar.getTime() };
}

const saju = (date: string, dst?: 'standard_time' | 'as_given') =>
  sajuReport(
    {
      birth: birthOf({ date, time: '13:30', latitude: 37.57, longitude: 126.98, timezoneOffsetMinutes: 600, timezone: 'Asia/Seoul' }),
      dst,
    },
    ephemerisPath,
    new Date('2026-01-01T00:00:00Z'),
  );

describe('summer time in Saju (Korea 1987–1988)', () => {
  it.each(['1987-07-15', '1988-07-15'])('a 13:30 birth on %s is read at 12:30 Korea Standard Time by default', (date) => {
    const report = saju(date);
    expect(stemBranch(report.pillars.hour)).toBe(lunarPillars(date, '12:30').hour);
    expect(stemBranch(report.pillars.day)).toBe(lunarPillars(date, '12:30').day);
    expect(report.summer_time).toMatchObject({
      rule: 'standard_time',
      timezone: 'Asia/Seoul',
      summer_time_minutes: 60,
      removed_minutes: 60,
    });
  });

  it.each(['1987-07-15', '1988-07-15'])('reads the summer clock of %s as given when asked', (date) => {
    const report = saju(date, 'as_given');
    expect(stemBranch(report.pillars.hour)).toBe(lunarPillars(date, '13:30').hour);
    expect(report.summer_time.removed_minutes).toBe(0);
  });
});
