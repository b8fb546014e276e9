import { execFileSync } from 'node:child_process';
import { loadConfig } from '@astro/config';
import { julianDayUt } from '@astro/ephemeris';
import { transitPeriods, TransitPeriod } from './transit-periods';
import { periodWeight, rankTransitPeriods } from './transit-ranking';

/**
 * Transit periods proven against `swetest`, the Swiss Ephemeris' own command-line program (Debian
 * package swetest, the same ephemeris files), never against numbers of our own code: every exact
 * pass puts swetest's longitude on the target within 1″, every entry and exit lies within a minute
 * of swetest's crossing of the orb's edge, and an hourly swetest scan finds exactly the passes of
 * a retrograde triple pass. The natal points are swetest's too.
 */
const ephemerisPath = loadConfig({}).ephemerisPath;
const CODE: Record<string, string> = {
  Sun: '0',
  Mercury: '2',
  Venus: '3',
  Mars: '4',
  Jupiter: '5',
  Saturn: '6',
  Uranus: '7',
  Neptune: '8',
  Pluto: '9',
};
const MINUTE_DAYS = 1 / 1440;

function swetest(args: string[]): string[][] {
  const out = execFileSync('swetest', [...args, '-g,', '-head', '-eswe', `-edir${ephemerisPath}`], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .map((line) => line.split(',').map((cell) => cell.trim()));
}
const swetestLongitude = (jdUt: number, body: string) => Number(swetest([`-bj${jdUt.toFixed(9)}`, '-ut', `-p${CODE[body]}`, '-fPl'])[0][1]);
const distance = (longitude: number, target: number) => Math.abs(((((longitude - target) % 360) + 540) % 360) - 180);
const jdOf = (iso: string) => julianDayUt(new Date(iso));

// The report sample's birth: Bangkok, 10 March 1985 11:20 local (+07:00) = 04:20 UT.
const BIRTH_JD = julianDayUt(new Date('1985-03-10T04:20:00Z'));
function natalPointsFromSwetest(): { name: string; longitude: number }[] {
  const rows = swetest([`-bj${BIRTH_JD.toFixed(9)}`, '-ut', '-p0123456789', '-house100.5,13.75,P', '-fPl']);
  const names = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
  return [
    ...names.map((name, i) => ({ name, longitude: Number(rows[i][1]) })),
    { name: 'Ascendant', longitude: Number(rows.find((r) => r[0] === 'Ascendant')![1]) },
    { name: 'Midheaven', longitude: Number(rows.find((r) => r[0] === 'MC')![1]) },
  ];
}

// The sample's window: March 2026 on Bangkok's clock.
const FROM = new Date('2026-02-28T17:00:00Z');
const TO = new Date('2026-03-31T17:00:00Z');
const natal = natalPointsFromSwetest();
const periods = transitPeriods(natal, FROM, TO, ephemerisPath, [
  'Sun',
  'Mercury',
  'Venus',
  'Mars',
  'Jupiter',
  'Saturn',
  'Uranus',
  'Neptune',
  'Pluto',
]);
const find = (body: string, aspect: string, point: string) =>
  periods.find((p) => p.transiting === body && p.aspect === aspect && p.natal_point === point)!;

/** swetest's distance from exact at the instant and a minute either side. */
function around(p: TransitPeriod, iso: string) {
  const jd = jdOf(iso);
  return [jd - MINUTE_DAYS, jd, jd + MINUTE_DAYS].map((x) => distance(swetestLongitude(x, p.transiting), p.target_longitude));
}

describe('transit periods of the report sample (Bangkok, March 2026) against swetest', () => {
  it('reads each target off swetest’s natal longitudes', () => {
    const saturn = natal.find((p) => p.name === 'Saturn')!.longitude;
    expect(distance(find('Uranus', 'opposition', 'Saturn').target_longitude, saturn + 180)).toBeLessThan(1e-5);
  });

  it('gives Uranus opposite Saturn its entry, its three passes (the middle one retrograde) and its exit, outside the window as well', () => {
    const p = find('Uranus', 'opposition', 'Saturn');
    expect(p.perfections.map((x) => x.retrograde)).toEqual([false, true, false]);
    expect(Date.parse(p.enters_orb_utc)).toBeLessThan(FROM.getTime());
    expect(Date.parse(p.perfections[0].utc)).toBeLessThan(FROM.getTime());
    expect(p.perfections.some((x) => Date.parse(x.utc) >= FROM.getTime() && Date.parse(x.utc) < TO.getTime())).toBe(true);
    expect(Date.parse(p.leaves_orb_utc)).toBeGreaterThan(TO.getTime());
    // the loop leaves the orb between the first and second pass: two stays, one transit
    expect(p.stretches.length).toBe(2);
  });

  it('puts every exact pass on the target within 1″ of swetest’s longitude', () => {
    let checked = 0;
    const off: string[] = [];
    for (const p of periods)
      for (const pass of p.perfections) {
        const arcseconds = distance(swetestLongitude(jdOf(pass.utc), p.transiting), p.target_longitude) * 3600;
        if (arcseconds >= 1) off.push(`${p.transiting} ${p.aspect} ${p.natal_point} ${pass.utc}: ${arcseconds.toFixed(2)}″`);
        checked++;
      }
    expect(off).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });

  it('puts every entry and exit within a minute of swetest’s crossing of the 1° orb', () => {
    for (const p of periods) {
      expect(p.orb).toBe(1);
      for (const stretch of p.stretches) {
        const [beforeIn, , afterIn] = around(p, stretch.enters_orb_utc);
        expect([p.transiting, p.natal_point, beforeIn > 1, afterIn < 1]).toEqual([p.transiting, p.natal_point, true, true]);
        const [beforeOut, , afterOut] = around(p, stretch.leaves_orb_utc);
        expect([p.transiting, p.natal_point, beforeOut < 1, afterOut > 1]).toEqual([p.transiting, p.natal_point, true, true]);
      }
    }
  });

  it('misses no pass of a retrograde triple pass: an hourly swetest scan brackets exactly Mercury’s three passes over the Ascendant square', () => {
    const p = find('Mercury', 'square', 'Ascendant');
    expect(p.perfections.map((x) => x.retrograde)).toEqual([false, true, false]);
    const start = new Date(Date.parse(p.enters_orb_utc) - 86_400_000);
    const hours = Math.ceil((Date.parse(p.leaves_orb_utc) - start.getTime()) / 3_600_000) + 24;
    const scan = swetest([
      `-b${start.getUTCDate()}.${start.getUTCMonth() + 1}.${start.getUTCFullYear()}`,
      '-ut0:00',
      `-n${hours + 1}`,
      `-s${1 / 24}`,
      `-p${CODE.Mercury}`,
      '-fJl',
    ]).map(([jd, lon]) => ({ jd: Number(jd), signed: ((Number(lon) - p.target_longitude + 540) % 360) - 180 }));
    const brackets: [number, number][] = [];
    for (let i = 0; i + 1 < scan.length; i++)
      if (Math.sign(scan[i].signed) !== Math.sign(scan[i + 1].signed) && Math.abs(scan[i].signed) < 90)
        brackets.push([scan[i].jd, scan[i + 1].jd]);
    expect(brackets).toHaveLength(3);
    p.perfections.forEach((pass, i) => {
      expect(jdOf(pass.utc)).toBeGreaterThanOrEqual(brackets[i][0]);
      expect(jdOf(pass.utc)).toBeLessThanOrEqual(brackets[i][1]);
    });
  });

  it('returns only periods within orb during the window', () => {
    for (const p of periods)
      expect(p.stretches.some((s) => Date.parse(s.enters_orb_utc) < TO.getTime() && Date.parse(s.leaves_orb_utc) > FROM.getTime())).toBe(
        true,
      );
  });
});

describe('ranking of transit periods (docs/western.md)', () => {
  it('puts Saturn conjunct Mercury above Mars conjunct the Midheaven in the sample', () => {
    const ranked = rankTransitPeriods(periods).map((p) => `${p.transiting} ${p.aspect} ${p.natal_point}`);
    expect(ranked.indexOf('Saturn conjunction Mercury')).toBeLessThan(ranked.indexOf('Mars conjunction Midheaven'));
    expect(ranked[0]).toBe('Saturn conjunction Mercury');
  });

  it('ranks any exact aspect of Saturn to Pluto to a personal point or angle above any exact transit of Mars or a faster planet', () => {
    const exact = (transiting: string, aspect: string, natal_point: string) =>
      periodWeight({
        transiting: transiting as TransitPeriod['transiting'],
        aspect: aspect as TransitPeriod['aspect'],
        natal_point,
        closest_in_window: 0,
        orb: 1,
      });
    const aspects = ['conjunction', 'opposition', 'square', 'trine', 'sextile'];
    const points = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Ascendant', 'Midheaven', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
    const personal = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Ascendant', 'Midheaven'];
    const slowest = Math.min(
      ...['Saturn', 'Uranus', 'Neptune', 'Pluto'].flatMap((b) => personal.flatMap((pt) => aspects.map((a) => exact(b, a, pt)))),
    );
    const fastest = Math.max(
      ...['Mars', 'Sun', 'Venus', 'Mercury', 'Moon'].flatMap((b) => points.flatMap((pt) => aspects.map((a) => exact(b, a, pt)))),
    );
    expect(slowest).toBeGreaterThan(fastest);
  });
});

describe('a window at the edge of the ephemeris files (1800–2399)', () => {
  it('searches no further than the files and lists only periods it can close', () => {
    const last = transitPeriods(natal, new Date('2399-12-01T00:00:00Z'), new Date('2399-12-31T00:00:00Z'), ephemerisPath);
    expect(last.length).toBeGreaterThan(0);
    for (const p of last) expect(Date.parse(p.leaves_orb_utc)).toBeLessThanOrEqual(Date.parse('2399-12-31T23:59:59Z'));
    const first = transitPeriods(natal, new Date('1800-01-02T00:00:00Z'), new Date('1800-01-31T00:00:00Z'), ephemerisPath);
    for (const p of first) expect(Date.parse(p.enters_orb_utc)).toBeGreaterThanOrEqual(Date.parse('1800-01-01T06:00:00Z'));
  });
});
