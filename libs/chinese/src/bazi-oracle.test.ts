/* eslint-disable @typescript-eslint/no-explicit-any -- lunar-javascript, the oracle here, ships no type declarations */
/**
 * lunar-javascript (an independent calendar library with its own Eight Characters) as the oracle
 * of the BaZi chart: pillars, Na Yin, hidden stems and their ten gods, life stages, void branches,
 * luck direction, pillars and start. Its calendar runs on China Standard Time, so every birth is
 * given at +08:00.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Solar } = require('lunar-javascript');
import { loadConfig } from '@astro/config';
import { surroundingJeolTerms } from '@astro/saju';
import { baziReport, BaziReport, ZiHourConvention } from './bazi';

const ephemerisPath = loadConfig({}).ephemerisPath;
const BIRTHS = 2_000;
const CST_MINUTES = 480;
const TEN_MINUTES_MS = 10 * 60_000;

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
  gender: 'male' | 'female';
  zi: ZiHourConvention;
}

/** Random births 1900–2100 at +08:00 (one in six in the 23:00 hour), more than 10 minutes from any jeol term. */
function randomBirths(count: number, random: () => number): Birth[] {
  const from = Date.UTC(1900, 0, 1);
  const to = Date.UTC(2100, 11, 31);
  const births: Birth[] = [];
  while (births.length < count) {
    let localMs = from + Math.floor(random() * ((to - from) / 60_000)) * 60_000;
    if (random() < 1 / 6) localMs = Math.floor(localMs / 86_400_000) * 86_400_000 + 23 * 3_600_000 + Math.floor(random() * 60) * 60_000;
    const instantMs = localMs - CST_MINUTES * 60_000;
    const { previous, next } = surroundingJeolTerms(instantMs, ephemerisPath);
    if (instantMs - previous.ms <= TEN_MINUTES_MS || next.ms - instantMs <= TEN_MINUTES_MS) continue;
    const local = new Date(localMs);
    const iso = local.toISOString();
    births.push({
      date: iso.slice(0, 10),
      time: iso.slice(11, 16),
      parts: [local.getUTCFullYear(), local.getUTCMonth() + 1, local.getUTCDate(), local.getUTCHours(), local.getUTCMinutes(), 0],
      gender: random() < 0.5 ? 'male' : 'female',
      zi: random() < 0.5 ? 'next_day' : 'split',
    });
  }
  return births;
}

const PILLARS = ['year', 'month', 'day', 'hour'] as const;
const LUNAR_NAME = { year: 'Year', month: 'Month', day: 'Day', hour: 'Time' } as const;

describe(`BaZi against lunar-javascript (${BIRTHS} random births 1900–2100 at +08:00, both Zi-hour conventions)`, () => {
  const births = randomBirths(BIRTHS, mulberry32(Number(process.env.BAZI_ORACLE_SEED ?? 20261123)));
  const results = births.map((birth) => {
    const report = baziReport(
      {
        date: birth.date,
        time: birth.time,
        latitude: 39.9,
        longitude: 116.4,
        timezoneOffsetMinutes: CST_MINUTES,
        gender: birth.gender,
        zi_hour: birth.zi,
      },
      ephemerisPath,
    );
    const eightChar = Solar.fromYmdHms(...birth.parts)
      .getLunar()
      .getEightChar();
    // lunar-javascript's sect 1: 23:00 already counts as the next day; sect 2: the day changes at midnight.
    eightChar.setSect(birth.zi === 'next_day' ? 1 : 2);
    return { birth, report, eightChar };
  });
  const mismatches = (check: (r: BaziReport, ec: any, b: Birth) => string | undefined) =>
    results
      .map(({ report, eightChar, birth }) => check(report, eightChar, birth))
      .filter((m): m is string => m !== undefined)
      .slice(0, 10);
  const compare = (label: string, ours: (r: BaziReport) => unknown, theirs: (ec: any, b: Birth) => unknown) =>
    mismatches((r, ec, b) => {
      const [o, t] = [JSON.stringify(ours(r)), JSON.stringify(theirs(ec, b))];
      return o === t ? undefined : `${b.date} ${b.time} ${b.zi} ${label}: ours ${o}, lunar ${t}`;
    });

  it('includes 23:00 births under both conventions', () => {
    expect(births.filter((b) => b.time.startsWith('23')).length).toBeGreaterThan(150);
    expect(new Set(births.map((b) => b.zi))).toEqual(new Set(['next_day', 'split']));
  });

  it('has identical four pillars', () => {
    expect(
      compare(
        'pillars',
        (r) => PILLARS.map((p) => r.pillars[p].gan_zhi),
        (ec) => PILLARS.map((p) => ec[`get${LUNAR_NAME[p]}`]()),
      ),
    ).toEqual([]);
  });

  it('has identical Na Yin', () => {
    expect(
      compare(
        'na yin',
        (r) => PILLARS.map((p) => r.pillars[p].na_yin.zh),
        (ec) => PILLARS.map((p) => ec[`get${LUNAR_NAME[p]}NaYin`]()),
      ),
    ).toEqual([]);
  });

  it('has identical hidden stems and their ten gods, and identical stem ten gods', () => {
    expect(
      compare(
        'hidden ten gods',
        (r) => PILLARS.map((p) => r.pillars[p].hidden_stems.map((h) => h.ten_god.zh)),
        (ec) => PILLARS.map((p) => ec[`get${LUNAR_NAME[p]}ShiShenZhi`]()),
      ),
    ).toEqual([]);
    expect(
      compare(
        'stem ten gods',
        (r) => PILLARS.map((p) => r.pillars[p].stem_ten_god.zh),
        (ec) => PILLARS.map((p) => ec[`get${LUNAR_NAME[p]}ShiShenGan`]()),
      ),
    ).toEqual([]);
  });

  it('has identical life stages (长生十二宫) of the day master in each branch', () => {
    expect(
      compare(
        'life stages',
        (r) => PILLARS.map((p) => r.pillars[p].life_stage.zh),
        (ec) => PILLARS.map((p) => ec[`get${LUNAR_NAME[p]}DiShi`]()),
      ),
    ).toEqual([]);
  });

  it('has identical void branches (空亡) of the day and year pillars', () => {
    expect(
      compare(
        'day void',
        (r) => r.void_branches.day.branches.join(''),
        (ec) => ec.getDayXunKong(),
      ),
    ).toEqual([]);
    expect(
      compare(
        'year void',
        (r) => r.void_branches.year.branches.join(''),
        (ec) => ec.getYearXunKong(),
      ),
    ).toEqual([]);
  });

  it('has the same luck direction and pillars, the same start in years and months (days within one) and, where the counts agree, the same start date', () => {
    expect(
      mismatches((r, ec, b) => {
        const yun = ec.getYun(b.gender === 'male' ? 1 : 0, 2);
        const direction = yun.isForward() ? 'forward' : 'backward';
        const theirs = yun
          .getDaYun(9)
          .slice(1)
          .map((d: any) => d.getGanZhi());
        const ours = r.luck_pillars.periods.slice(0, 8).map((p) => p.gan_zhi);
        if (r.luck_pillars.direction !== direction || ours.join() !== theirs.join())
          return `${b.date} ${b.time}: ours ${direction} ${ours}, lunar ${theirs}`;
        // Both count whole minutes to the jeol term; the two ephemerides may place the term a minute
        // apart, which moves the start by at most one 12-minute "day".
        const s = r.luck_pillars.start;
        const oursDays = (s.years * 12 + s.months) * 30 + s.days;
        const theirDays = (yun.getStartYear() * 12 + yun.getStartMonth()) * 30 + yun.getStartDay();
        if (Math.abs(oursDays - theirDays) > 1)
          return `${b.date} ${b.time}: start ours ${s.years}y${s.months}m${s.days}d, lunar ${yun.getStartYear()}y${yun.getStartMonth()}m${yun.getStartDay()}d`;
        // Where the two counts agree to the hour, the start date (calendar addition to the birth) must agree to the minute.
        if (oursDays !== theirDays || s.hours !== yun.getStartHour()) return undefined;
        const theirStart = yun.getStartSolar().toYmdHms().slice(0, 16).replace(' ', 'T');
        return s.start_local === theirStart ? undefined : `${b.date} ${b.time}: start date ours ${s.start_local}, lunar ${theirStart}`;
      }),
    ).toEqual([]);
  });
});
