// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Solar } = require('lunar-javascript');
import { loadConfig } from '@astro/config';
import { birthOf, EphemerisRangeError } from '@astro/ephemeris';
import { birthMoment, dayCycleIndex, fourPillars, pillarAt } from './pillars';
import { sajuReport } from './saju';

const ephemerisPath = loadConfig({}).ephemerisPath;
const birth = (date: string, time: string, offset = 540) =>
  birthOf({ date, time, latitude: 37.57, longitude: 126.98, timezoneOffsetMinutes: offset });
const at = (date: string, time: string, offset = 540) => ({ birth: birth(date, time, offset) });
/** The moment of a birth told on a local clock (the date and time are checked when the birth is built). */
const moment = (date: string, time: string, offset: number) => birthMoment(birth(date, time, offset), ephemerisPath);
const dayAndHour = (r: ReturnType<typeof sajuReport>) =>
  `${r.pillars.day.stem}${r.pillars.day.branch} ${r.pillars.hour.stem}${r.pillars.hour.branch}`;

describe('day count', () => {
  it('matches the published day pillars of well-known dates', () => {
    // 2000-01-01 was 戊午 and 1949-10-01 was 甲子 in every Chinese almanac.
    expect(pillarAt(dayCycleIndex(2000, 1, 1)).stem.hanja + pillarAt(dayCycleIndex(2000, 1, 1)).branch.hanja).toBe('戊午');
    expect(dayCycleIndex(1949, 10, 1)).toBe(0);
  });
});

describe('births from 23:00 to 01:00 (the Ja hour)', () => {
  // Every 23:xx minute of 200 days spread over a century, against lunar-javascript's two sects:
  // sect 1 changes the day at 23:00, sect 2 keeps it until midnight with the next day's Ja hour.
  const cases = Array.from({ length: 200 }, (_, i) => {
    const d = new Date(Date.UTC(1950, 0, 1) + i * 187 * 86_400_000);
    return { date: d.toISOString().slice(0, 10), y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, day: d.getUTCDate(), minute: (i * 7) % 60 };
  });

  it('next_day_at_23 (default) equals lunar-javascript sect 1 and split_at_midnight equals sect 2', () => {
    const wrong: string[] = [];
    for (const c of cases) {
      const time = `23:${String(c.minute).padStart(2, '0')}`;
      const ec = Solar.fromYmdHms(c.y, c.m, c.day, 23, c.minute, 0).getLunar().getEightChar();
      ec.setSect(1);
      const sect1 = `${ec.getDay()} ${ec.getTime()}`;
      ec.setSect(2);
      const sect2 = `${ec.getDay()} ${ec.getTime()}`;
      const byDefault = dayAndHour(sajuReport(at(c.date, time, 480), ephemerisPath));
      const split = dayAndHour(sajuReport({ ...at(c.date, time, 480), ja_hour_convention: 'split_at_midnight' }, ephemerisPath));
      if (byDefault !== sect1 || split !== sect2) wrong.push(`${c.date} ${time}: ${byDefault} / ${split} vs ${sect1} / ${sect2}`);
    }
    expect(wrong).toEqual([]);
  });

  it("treats 00:00–01:00 as the current day's Ja hour under both conventions", () => {
    for (const c of cases.slice(0, 50)) {
      const time = `00:${String(c.minute).padStart(2, '0')}`;
      const theirs = Solar.fromYmdHms(c.y, c.m, c.day, 0, c.minute, 0).getLunar().getEightChar();
      const expected = `${theirs.getDay()} ${theirs.getTime()}`;
      expect(dayAndHour(sajuReport(at(c.date, time, 480), ephemerisPath))).toBe(expected);
      expect(dayAndHour(sajuReport({ ...at(c.date, time, 480), ja_hour_convention: 'split_at_midnight' }, ephemerisPath))).toBe(expected);
    }
  });
});

describe('year and month at the jeol instants, compared in UTC', () => {
  it('changes year and month at Ipchun 2024 (2024-02-04 08:27 UTC, 17:27 in Seoul)', () => {
    const before = fourPillars(moment('2024-02-04', '17:26', 540), 'next_day_at_23', ephemerisPath);
    const after = fourPillars(moment('2024-02-04', '17:28', 540), 'next_day_at_23', ephemerisPath);
    expect(before.year.stem.hanja + before.year.branch.hanja).toBe('癸卯');
    expect(before.month.stem.hanja + before.month.branch.hanja).toBe('乙丑');
    expect(after.year.stem.hanja + after.year.branch.hanja).toBe('甲辰');
    expect(after.month.stem.hanja + after.month.branch.hanja).toBe('丙寅');
  });

  it('uses the same instant whatever the offset: 08:30 UTC is after Ipchun in New York and in Seoul', () => {
    const newYork = fourPillars(moment('2024-02-04', '03:30', -300), 'next_day_at_23', ephemerisPath);
    const seoul = fourPillars(moment('2024-02-04', '17:30', 540), 'next_day_at_23', ephemerisPath);
    expect(newYork.year.cycleIndex).toBe(seoul.year.cycleIndex);
    expect(newYork.month.cycleIndex).toBe(seoul.month.cycleIndex);
  });
});

describe('range', () => {
  it.each([
    ['1800-01-03', '12:00'],
    ['1799-06-01', '12:00'],
    ['2399-12-20', '12:00'],
  ])('refuses %s %s: its jeol terms lie outside the ephemeris files', (date, time) => {
    expect(() => moment(date, time, 0)).toThrow(EphemerisRangeError);
    expect(() => moment(date, time, 0)).toThrow(/^date: /);
  });

  it('accepts the first and last supported days', () => {
    expect(() => sajuReport(at('1800-01-06', '12:00', 0), ephemerisPath)).not.toThrow();
    expect(() => sajuReport(at('2399-12-06', '12:00', 0), ephemerisPath)).not.toThrow();
  });

  it('refuses dates that are not calendar dates, naming the field', () => {
    expect(() => moment('2023-02-29', '12:00', 0)).toThrow(/^date: /);
    expect(() => moment('2023-02-28', '24:00', 0)).toThrow(/^time: /);
  });
});
