/**
 * Summer time in Chinese charts. China kept summer time (夏令时) from 1986 to 1991: the State
 * Council's notice of 1986 (国务院办公厅《关于在全国范围内实行夏时制的通知》) set the clocks
 * one hour ahead from mid-April (4 May in 1986) to mid-September, as the tz database's `asia` file
 * records for Asia/Shanghai. BaZi practitioners read the pillars from standard time, taking that hour
 * off first (the convention users of lunar-javascript ask it to follow: lunar-java issue #51); the
 * platform does so by default and reads the summer clock only when asked (`dst: 'as_given'`).
 *
 * The oracle is lunar-javascript, which reads a clock time as China Standard Time: the standard
 * reading must equal its pillars at the clock minus one hour, the as-given reading its pillars at
 * the clock itself. Every birth is on 15 July, in summer time each year and far from a solar term.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Solar } = require('lunar-javascript');
import { loadConfig } from '@astro/config';
import { baziReport } from './bazi';
import { qimenChart } from './qimen';

const ephemerisPath = loadConfig({}).ephemerisPath;

function lunarPillars(date: string, time: string): { day: string; hour: string } {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const eightChar = Solar.fromYmdHms(y, m, d, hh, mm, 0).getLunar().getEightChar();
  eightChar.setSect(1); // 23:00 already counts as the next day (子初换日), our default
  return { day: eightChar.getDay(), hour: eightChar.getTime() };
}

const bazi = (date: string, time: string, dst?: 'standard_time' | 'as_given', timezone: string | null = 'Asia/Shanghai') =>
  baziReport(
    { date, time, latitude: 31.23, longitude: 121.47, timezoneOffsetMinutes: 540, timezone: timezone ?? undefined, gender: 'female', dst },
    ephemerisPath,
  );

describe('summer time in BaZi (China 1986–1991)', () => {
  it.each([1986, 1987, 1988, 1989, 1990, 1991])('a 13:30 birth on 15 July %i is read at 12:30 standard time by default', (year) => {
    const date = `${year}-07-15`;
    const report = bazi(date, '13:30');
    const theirs = lunarPillars(date, '12:30');
    expect(report.pillars.hour.gan_zhi).toBe(theirs.hour);
    expect(report.pillars.day.gan_zhi).toBe(theirs.day);
    expect(report.time_basis.summer_time).toMatchObject({
      rule: 'standard_time',
      timezone: 'Asia/Shanghai',
      summer_time_minutes: 60,
      removed_minutes: 60,
    });
    expect(report.pillars.hour.branch).toBe('午');
  });

  it('reads the summer clock as given when asked (1988: 13:30 is the 未 hour)', () => {
    const report = bazi('1988-07-15', '13:30', 'as_given');
    expect(report.pillars.hour.gan_zhi).toBe(lunarPillars('1988-07-15', '13:30').hour);
    expect(report.pillars.hour.branch).toBe('未');
    expect(report.time_basis.summer_time).toMatchObject({ rule: 'as_given', summer_time_minutes: 60, removed_minutes: 0 });
  });

  it('moves a 23:30 summer birth back into its own day (22:30 standard time) and keeps the next day as given', () => {
    const standard = bazi('1988-07-15', '23:30');
    expect(standard.pillars.day.gan_zhi).toBe(lunarPillars('1988-07-15', '22:30').day);
    expect(standard.pillars.hour.gan_zhi).toBe(lunarPillars('1988-07-15', '22:30').hour);
    const asGiven = bazi('1988-07-15', '23:30', 'as_given');
    expect(asGiven.pillars.day.gan_zhi).toBe(lunarPillars('1988-07-15', '23:30').day);
    expect(asGiven.pillars.day.gan_zhi).not.toBe(standard.pillars.day.gan_zhi);
  });

  it('leaves a winter birth, and a clock given only as an offset, as they are', () => {
    const winter = baziReport(
      {
        date: '1988-01-15',
        time: '13:30',
        latitude: 31.23,
        longitude: 121.47,
        timezoneOffsetMinutes: 480,
        timezone: 'Asia/Shanghai',
        gender: 'male',
      },
      ephemerisPath,
    );
    expect(winter.pillars.hour.gan_zhi).toBe(lunarPillars('1988-01-15', '13:30').hour);
    expect(winter.time_basis.summer_time).toMatchObject({ summer_time_minutes: 0, removed_minutes: 0 });
    const offsetOnly = bazi('1988-07-15', '13:30', 'standard_time', null);
    expect(offsetOnly.pillars.hour.branch).toBe('未');
    expect(offsetOnly.time_basis.summer_time).toMatchObject({ timezone: null, removed_minutes: 0 });
  });

  it('applies the same rule to the Qi Men hour chart', () => {
    const chart = (dst?: 'standard_time' | 'as_given') =>
      qimenChart({ date: '1988-07-15', time: '13:30', timezoneOffsetMinutes: 540, timezone: 'Asia/Shanghai', dst }, ephemerisPath);
    expect(chart().pillars.hour.gan_zhi).toBe(lunarPillars('1988-07-15', '12:30').hour);
    expect(chart('as_given').pillars.hour.gan_zhi).toBe(lunarPillars('1988-07-15', '13:30').hour);
    expect(chart().time_basis.summer_time.removed_minutes).toBe(60);
  });
});
