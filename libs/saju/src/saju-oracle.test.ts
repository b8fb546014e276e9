/* eslint-disable @typescript-eslint/no-explicit-any -- lunar-javascript, the oracle here, ships no type declarations */
/**
 * lunar-javascript (an independent, established calendar library with its own Eight Characters)
 * as the oracle. Its calendar runs on China Standard Time, so every birth is given at +08:00.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Solar } = require('lunar-javascript');
import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import { surroundingJeolTerms } from './jeol-terms';
import { sajuReport, SajuReport } from './saju';

const ephemerisPath = loadConfig({}).ephemerisPath;
const BIRTHS = 2_000;
const CST_MINUTES = 480;
const TEN_MINUTES_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

// lunar-javascript names the ten gods in simplified Chinese; ours are English (with Hangul).
const LUNAR_TEN_GOD: Record<string, string> = {
  Friend: '比肩',
  'Rob Wealth': '劫财',
  'Eating God': '食神',
  'Hurting Officer': '伤官',
  'Indirect Wealth': '偏财',
  'Direct Wealth': '正财',
  'Seven Killings': '七杀',
  'Direct Officer': '正官',
  'Indirect Resource': '偏印',
  'Direct Resource': '正印',
  'Day Master': '日主',
};

/** A small seeded generator, so a failure can be replayed (SAJU_ORACLE_SEED overrides the seed). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Birth {
  date: string;
  time: string;
  parts: number[];
  instantMs: number;
  gender: 'male' | 'female';
}

/** Random births 1900–2100 at +08:00, away from 23:00–01:00 and more than 10 minutes from any jeol term. */
function randomBirths(count: number, random: () => number): Birth[] {
  const from = Date.UTC(1900, 0, 1);
  const to = Date.UTC(2100, 11, 31);
  const births: Birth[] = [];
  while (births.length < count) {
    const localMs = from + Math.floor(random() * ((to - from) / 60_000)) * 60_000;
    const local = new Date(localMs);
    const hour = local.getUTCHours();
    if (hour === 23 || hour === 0) continue;
    const instantMs = localMs - CST_MINUTES * 60_000;
    const { previous, next } = surroundingJeolTerms(instantMs, ephemerisPath);
    if (instantMs - previous.ms <= TEN_MINUTES_MS || next.ms - instantMs <= TEN_MINUTES_MS) continue;
    const iso = local.toISOString();
    births.push({
      date: iso.slice(0, 10),
      time: iso.slice(11, 16),
      parts: [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), hour, local.getUTCMinutes(), 0],
      instantMs,
      gender: random() < 0.5 ? 'male' : 'female',
    });
  }
  return births;
}

const ganZhi = (p: { stem: string; branch: string }) => p.stem + p.branch;
const stems = (list: { stem: string }[]) => list.map((h) => h.stem);

describe(`Saju against lunar-javascript (${BIRTHS} random births 1900–2100 at +08:00)`, () => {
  const seed = Number(process.env.SAJU_ORACLE_SEED ?? 20261122);
  const births = randomBirths(BIRTHS, mulberry32(seed));
  const results = births.map((birth) => {
    const report = sajuReport(
      {
        birth: birthOf({ date: birth.date, time: birth.time, latitude: 39.9, longitude: 116.4, timezoneOffsetMinutes: CST_MINUTES }),
        gender: birth.gender,
      },
      ephemerisPath,
    );
    const eightChar = Solar.fromYmdHms(...birth.parts)
      .getLunar()
      .getEightChar();
    return { birth, report, eightChar };
  });
  const mismatches = (describeOne: (r: SajuReport, ec: any, b: Birth) => string | undefined) =>
    results.map(({ report, eightChar, birth }) => describeOne(report, eightChar, birth)).filter((m): m is string => m !== undefined);

  it('draws every birth inside the range, with both genders', () => {
    expect(births).toHaveLength(BIRTHS);
    expect(new Set(births.map((b) => b.gender))).toEqual(new Set(['male', 'female']));
    expect(Math.min(...births.map((b) => b.parts[0]))).toBeLessThan(1920);
    expect(Math.max(...births.map((b) => b.parts[0]))).toBeGreaterThan(2080);
  });

  it('has identical four pillars', () => {
    expect(
      mismatches((r, ec, b) => {
        const ours = [r.pillars.year, r.pillars.month, r.pillars.day, r.pillars.hour].map(ganZhi).join(' ');
        const theirs = [ec.getYear(), ec.getMonth(), ec.getDay(), ec.getTime()].join(' ');
        return ours === theirs ? undefined : `${b.date} ${b.time}+08:00: ours ${ours}, lunar ${theirs}`;
      }),
    ).toEqual([]);
  });

  it('has identical hidden stems, in the same order', () => {
    expect(
      mismatches((r, ec, b) => {
        const ours = [r.hidden_stems.year, r.hidden_stems.month, r.hidden_stems.day, r.hidden_stems.hour].map(stems);
        const theirs = [ec.getYearHideGan(), ec.getMonthHideGan(), ec.getDayHideGan(), ec.getTimeHideGan()];
        return JSON.stringify(ours) === JSON.stringify(theirs) ? undefined : `${b.date} ${b.time}: ours ${ours}, lunar ${theirs}`;
      }),
    ).toEqual([]);
  });

  it('has identical stem ten gods', () => {
    expect(
      mismatches((r, ec, b) => {
        const ours = [r.ten_gods.year_stem, r.ten_gods.month_stem, r.ten_gods.day_stem, r.ten_gods.hour_stem].map(
          (g) => LUNAR_TEN_GOD[g.name],
        );
        const theirs = [ec.getYearShiShenGan(), ec.getMonthShiShenGan(), ec.getDayShiShenGan(), ec.getTimeShiShenGan()];
        return ours.join() === theirs.join() ? undefined : `${b.date} ${b.time}: ours ${ours}, lunar ${theirs}`;
      }),
    ).toEqual([]);
  });

  it('has the same major-luck direction and pillars, and a first start within 60 days of getYun', () => {
    let largestGapDays = 0;
    const found = mismatches((r, ec, b) => {
      const yun = ec.getYun(b.gender === 'male' ? 1 : 0, 2);
      const direction = yun.isForward() ? 'forward' : 'backward';
      if (r.major_luck.direction !== direction)
        return `${b.date} ${b.time} ${b.gender}: ours ${r.major_luck.direction}, lunar ${direction}`;
      const theirPillars = yun
        .getDaYun(9)
        .slice(1)
        .map((d: any) => d.getGanZhi());
      const ourPillars = r.major_luck.periods.slice(0, 8).map(ganZhi);
      if (ourPillars.join() !== theirPillars.join()) return `${b.date} ${b.time}: ours ${ourPillars}, lunar ${theirPillars}`;
      const s = yun.getStartSolar();
      const theirStartMs =
        Date.UTC(s.getYear(), s.getMonth() - 1, s.getDay(), s.getHour(), s.getMinute(), s.getSecond()) - CST_MINUTES * 60_000;
      const gapDays = Math.abs(Date.parse(r.major_luck.periods[0].approximate_start_utc) - theirStartMs) / DAY_MS;
      largestGapDays = Math.max(largestGapDays, gapDays);
      return gapDays < 60
        ? undefined
        : `${b.date} ${b.time}: start ${r.major_luck.periods[0].approximate_start_utc}, lunar ${s.toYmdHms()} (+08:00)`;
    });
    expect(found).toEqual([]);
    // The two differ only in how a fraction of a year is counted (mean years vs calendar months and days).
    expect(largestGapDays).toBeLessThan(60);
  });
});
