import { execFileSync } from 'node:child_process';
import { loadConfig } from '@astro/config';
import { BodyName, julianDayUt } from '@astro/ephemeris';
import { progressions } from './progressions';
import { returnInstants, solarReturnOfYear } from './returns';
import { searchTransits, TRANSIT_ASPECTS, Transit } from './transits';

/**
 * Every instant the Western searches report is proven against `swetest`, the Swiss Ephemeris'
 * own command-line program (Debian package swetest 2.10, same ephemeris files), never against
 * numbers of our own code:
 * - the body's longitude that swetest computes at the reported UT instant equals the target
 *   (natal longitude from swetest ± aspect angle, orb edge, sign boundary) within 1″;
 * - no perfection is missed: an hourly swetest scan of the whole window brackets exactly the
 *   perfections we report, target by target;
 * - stations: swetest's speed has opposite signs shortly before and after the reported instant.
 * Instants are compared at UT (swetest -ut): the platform and swetest both run Swiss Ephemeris
 * 2.10.03 and so share ΔT (ADR 0005); the Moon's instants are checked in 2010–2011.
 */
const ephemerisPath = loadConfig({}).ephemerisPath;
const ARCSECOND = 1 / 3600;
const CODE: Record<string, string> = {
  Sun: '0',
  Moon: '1',
  Mercury: '2',
  Venus: '3',
  Mars: '4',
  Jupiter: '5',
  Saturn: '6',
  Uranus: '7',
  Neptune: '8',
  Pluto: '9',
  'North Node': 't',
  Chiron: 'D',
};

function swetest(args: string[]): string[][] {
  const out = execFileSync('swetest', [...args, '-g,', '-head', '-eswe', `-edir${ephemerisPath}`], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .map((line) => line.split(',').map((cell) => cell.trim()));
}

/** swetest's longitude and speed of one body at a UT Julian day. */
function swetestAt(jdUt: number, body: string): { longitude: number; speed: number } {
  const [[, lon, speed]] = swetest([`-bj${jdUt.toFixed(9)}`, '-ut', `-p${CODE[body]}`, '-fPls']);
  return { longitude: Number(lon), speed: Number(speed) };
}

const jdOf = (iso: string) => julianDayUt(new Date(iso));
const arcDifference = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);
const ANGLE: Record<string, number> = { conjunction: 0, opposition: 180, square: 90, trine: 120, sextile: 60 };

// A birth in Bangkok, 10 March 1985 11:20 local (+07:00) = 04:20 UT.
const BIRTH = new Date('1985-03-10T04:20:00Z');
const PLACE = { latitude: 13.75, longitude: 100.5, offsetSeconds: 0, timezone: null };

/** The fourteen natal points, every longitude from swetest (planets, true node, Chiron, Placidus Ascendant and MC). */
function natalPointsFromSwetest(): { name: string; longitude: number }[] {
  const rows = swetest([
    `-bj${julianDayUt(BIRTH).toFixed(9)}`,
    '-ut',
    '-p0123456789tD',
    `-house${PLACE.longitude},${PLACE.latitude},P`,
    '-fPl',
  ]);
  const names = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto', 'North Node', 'Chiron'];
  const points = names.map((name, i) => ({ name, longitude: Number(rows[i][1]) }));
  points.push({ name: 'Ascendant', longitude: Number(rows.find((r) => r[0] === 'Ascendant')![1]) });
  points.push({ name: 'Midheaven', longitude: Number(rows.find((r) => r[0] === 'MC')![1]) });
  return points;
}

/** Every crossing of `target` in an hourly swetest scan: the hour brackets (UT Julian days). */
function scanBrackets(scan: { jd: number; longitude: number }[], target: number): [number, number][] {
  const brackets: [number, number][] = [];
  for (let i = 0; i + 1 < scan.length; i++) {
    const a = ((scan[i].longitude - target + 540) % 360) - 180;
    const b = ((scan[i + 1].longitude - target + 540) % 360) - 180;
    if (Math.sign(a) !== Math.sign(b) && Math.abs(a - b) < 180) brackets.push([scan[i].jd, scan[i + 1].jd]);
  }
  return brackets;
}

function hourlyScan(body: string, from: Date, hours: number): { jd: number; longitude: number }[] {
  const d = from;
  return swetest([
    `-b${d.getUTCDate()}.${d.getUTCMonth() + 1}.${d.getUTCFullYear()}`,
    '-ut0:00',
    `-n${hours + 1}`,
    `-s${1 / 24}`,
    `-p${CODE[body]}`,
    '-fJl',
  ]).map(([jd, lon]) => ({ jd: Number(jd), longitude: Number(lon) }));
}

function checkAgainstScan(
  transits: Transit[],
  natal: { name: string; longitude: number }[],
  body: BodyName,
  from: Date,
  hours: number,
): number {
  const scan = hourlyScan(body, from, hours);
  let checked = 0;
  for (const point of natal) {
    for (const aspect of TRANSIT_ASPECTS) {
      for (const side of ANGLE[aspect] === 0 || ANGLE[aspect] === 180 ? [ANGLE[aspect]] : [ANGLE[aspect], -ANGLE[aspect]]) {
        const target = (((point.longitude + side) % 360) + 360) % 360;
        const brackets = scanBrackets(scan, target);
        const ours = transits
          .filter(
            (t) =>
              t.transiting === body &&
              t.natal_point === point.name &&
              t.aspect === aspect &&
              arcDifference(t.target_longitude, target) < 1e-3,
          )
          .flatMap((t) => t.perfections.map((p) => jdOf(p.utc)))
          .sort((x, y) => x - y);
        // the same number of perfections, each inside its swetest bracket, give or take 5 s: the scan
        // prints 5 decimals of a day, and the two ΔT extrapolations differ by up to 3 s in 2026
        if (ours.length !== brackets.length)
          throw new Error(`${body} ${aspect} ${point.name}: swetest scan finds ${brackets.length} perfections, we report ${ours.length}`);
        ours.forEach((jd, i) => {
          expect(jd).toBeGreaterThanOrEqual(brackets[i][0] - 6e-5);
          expect(jd).toBeLessThanOrEqual(brackets[i][1] + 6e-5);
        });
        checked += brackets.length;
      }
    }
  }
  return checked;
}

describe('transit search against swetest', () => {
  const natal = natalPointsFromSwetest();
  const from = new Date('2026-01-01T00:00:00Z');
  const to = new Date('2027-01-01T00:00:00Z');
  const bodies: BodyName[] = ['Sun', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
  const result = searchTransits({ natalPoints: natal, from, to, bodies }, ephemerisPath);

  it('reports target longitudes equal to swetest natal longitude ± the aspect angle', () => {
    for (const t of result.transits) {
      const point = natal.find((p) => p.name === t.natal_point)!;
      const candidates = [point.longitude + ANGLE[t.aspect], point.longitude - ANGLE[t.aspect]];
      expect(Math.min(...candidates.map((c) => arcDifference(c, t.target_longitude)))).toBeLessThan(1e-5);
    }
  });

  it('puts the body exactly on its target at every perfection, orb entry and orb exit (within 1″ of swetest)', () => {
    let worst = 0;
    let count = 0;
    for (const t of result.transits) {
      const check = (iso: string | null, targets: number[]) => {
        if (iso === null) return;
        const longitude = swetestAt(jdOf(iso), t.transiting).longitude;
        const d = Math.min(...targets.map((target) => arcDifference(longitude, target)));
        worst = Math.max(worst, d);
        count++;
        if (d > ARCSECOND)
          throw new Error(`${t.transiting} ${t.aspect} ${t.natal_point} at ${iso}: ${(d * 3600).toFixed(2)}″ from ${targets.join(' or ')}`);
      };
      for (const p of t.perfections) check(p.utc, [t.target_longitude]);
      const edges = [t.target_longitude - t.orb, t.target_longitude + t.orb];
      check(t.enters_orb_utc, edges);
      check(t.leaves_orb_utc, edges);
    }
    expect(count).toBeGreaterThan(1000);
    expect(worst).toBeLessThan(ARCSECOND);
  });

  it('misses no perfection of Sun to Pluto in the year: an hourly swetest scan finds the same ones', () => {
    let total = 0;
    for (const body of bodies) total += checkAgainstScan(result.transits, natal, body, from, 365 * 24);
    expect(total).toBe(result.transits.reduce((n, t) => n + t.perfections.length, 0));
    // retrograde loops are listed as one transit with several perfections
    expect(result.transits.some((t) => t.perfections.length === 3 || t.perfections.length === 2)).toBe(true);
  });

  it('finds every ingress at the sign boundary (within 1″) and no other', () => {
    for (const g of result.ingresses) {
      expect(arcDifference(swetestAt(jdOf(g.utc), g.body).longitude, g.longitude)).toBeLessThan(ARCSECOND);
    }
    for (const body of bodies) {
      const scan = hourlyScan(body, from, 365 * 24);
      const expected = [0, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 330].reduce((n, b) => n + scanBrackets(scan, b).length, 0);
      expect(result.ingresses.filter((g) => g.body === body)).toHaveLength(expected);
    }
  });

  it('times every station: swetest speed changes sign across the reported instant', () => {
    // Mercury–Mars within ±1 minute, Jupiter within ±10 minutes, Saturn–Pluto within ±1 hour
    // (their speed near a station is below swetest's 7 printed decimals closer in).
    const window: Record<string, number> = { Mercury: 60, Venus: 60, Mars: 60, Jupiter: 600 };
    expect(result.stations.length).toBeGreaterThanOrEqual(10);
    for (const s of result.stations) {
      const dt = (window[s.body] ?? 3600) / 86_400;
      const before = swetestAt(jdOf(s.utc) - dt, s.body).speed;
      const after = swetestAt(jdOf(s.utc) + dt, s.body).speed;
      expect(Math.sign(before)).toBe(s.kind === 'retrograde' ? 1 : -1);
      expect(Math.sign(after)).toBe(s.kind === 'retrograde' ? -1 : 1);
    }
    // and no station is missed: swetest's hourly speeds change sign as often
    for (const body of bodies.filter((b) => b !== 'Sun')) {
      const d = from;
      const speeds = swetest([
        `-b${d.getUTCDate()}.${d.getUTCMonth() + 1}.${d.getUTCFullYear()}`,
        '-ut0:00',
        `-n${365 * 24 + 1}`,
        `-s${1 / 24}`,
        `-p${CODE[body]}`,
        '-fs',
      ]).map(([s]) => Number(s));
      const changes = speeds.filter((s, i) => i > 0 && Math.sign(s) !== Math.sign(speeds[i - 1])).length;
      expect(result.stations.filter((s) => s.body === body)).toHaveLength(changes);
    }
  });

  it('with the Moon over 31 days (2010, observed ΔT): every perfection within 1″ and none missed', () => {
    const start = new Date('2010-07-01T00:00:00Z');
    const moon = searchTransits(
      { natalPoints: natal, from: start, to: new Date(start.getTime() + 31 * 86_400_000), bodies: ['Moon'] },
      ephemerisPath,
    );
    for (const t of moon.transits) {
      for (const p of t.perfections)
        expect(arcDifference(swetestAt(jdOf(p.utc), 'Moon').longitude, t.target_longitude)).toBeLessThan(ARCSECOND);
    }
    expect(checkAgainstScan(moon.transits, natal, 'Moon', start, 31 * 24)).toBeGreaterThan(100);
  });
});

describe('returns against swetest', () => {
  const natalSun = Number(swetest([`-bj${julianDayUt(BIRTH).toFixed(9)}`, '-ut', '-p0', '-fPl'])[0][1]);
  const natalMoon = Number(swetest([`-bj${julianDayUt(BIRTH).toFixed(9)}`, '-ut', '-p1', '-fPl'])[0][1]);

  it('solar returns 1990–2030: the Sun at its swetest natal longitude within 1″, within a day of the birthday', () => {
    for (let year = 1990; year <= 2030; year += 4) {
      const instant = solarReturnOfYear(BIRTH, 0, year, ephemerisPath);
      expect(arcDifference(swetestAt(julianDayUt(instant), 'Sun').longitude, natalSun)).toBeLessThan(ARCSECOND);
      expect(Math.abs(instant.getTime() - Date.UTC(year, 2, 10, 4, 20))).toBeLessThan(1.5 * 86_400_000);
    }
  });

  // The birthday is the local calendar date: births whose UTC date differs from their local date,
  // on both sides of midnight and on both sides of the date line (UTC+14 Kiribati, UTC−11 Samoa
  // before 2011). The first two are the cases an independent check found answered a year late or
  // early; the others mirror them.
  it.each([
    { birth: '1950-01-01T00:05', offset: 330, year: 1975 },
    { birth: '1963-12-31T23:50', offset: -300, year: 1999 },
    { birth: '1949-12-31T23:55', offset: -330, year: 1975 },
    { birth: '1964-01-01T00:10', offset: 300, year: 1999 },
    { birth: '1990-01-01T00:30', offset: 840, year: 2000 },
    { birth: '1985-12-31T23:30', offset: -660, year: 1990 },
  ])('the solar return of $year for a birth at $birth (UTC offset $offset min) falls on its local birthday', ({ birth, offset, year }) => {
    const instant = new Date(Date.parse(`${birth}:00Z`) - offset * 60_000);
    const found = solarReturnOfYear(instant, offset * 60, year, ephemerisPath);
    const natalSun = Number(swetest([`-bj${julianDayUt(instant).toFixed(9)}`, '-ut', '-p0', '-fPl'])[0][1]);
    expect(arcDifference(swetestAt(julianDayUt(found), 'Sun').longitude, natalSun)).toBeLessThan(ARCSECOND);
    const localBirthday = Date.parse(`${year}${birth.slice(4)}:00Z`);
    const localReturn = found.getTime() + offset * 60_000;
    expect(Math.abs(localReturn - localBirthday)).toBeLessThan(1.5 * 86_400_000);
  });

  it('lunar returns of 2011: 13 (or 14) instants, each with the Moon at its swetest natal longitude within 1″, none missed', () => {
    const from = new Date('2011-01-01T00:00:00Z');
    const found = returnInstants('lunar', BIRTH, from, new Date('2012-01-01T00:00:00Z'), ephemerisPath);
    expect(found.length === 13 || found.length === 14).toBe(true);
    for (const instant of found)
      expect(arcDifference(swetestAt(julianDayUt(instant), 'Moon').longitude, natalMoon)).toBeLessThan(ARCSECOND);
    expect(scanBrackets(hourlyScan('Moon', from, 365 * 24), natalMoon)).toHaveLength(found.length);
  });
});

describe('progressed Moon events against swetest', () => {
  it('each sign change puts the progressed Moon on a sign boundary and each phase change Moon − Sun on a multiple of 45° (1″)', () => {
    const result = progressions(
      {
        birth: { instant: BIRTH, ...PLACE },
        target: new Date('2026-01-01T00:00:00Z'),
        houseSystem: 'P',
        mcMethod: 'solar_arc',
        yearsAhead: 20,
      },
      ephemerisPath,
    );
    expect(result.moon.events.filter((e) => e.kind === 'moon_sign').length).toBeGreaterThanOrEqual(7);
    for (const e of result.moon.events) {
      const jd = jdOf(e.progressed_utc);
      const moon = swetestAt(jd, 'Moon').longitude;
      const value = e.kind === 'moon_sign' ? moon : moon - swetestAt(jd, 'Sun').longitude;
      const step = e.kind === 'moon_sign' ? 30 : 45;
      expect(arcDifference(value, Math.round((((value % 360) + 360) % 360) / step) * step)).toBeLessThan(ARCSECOND);
    }
  });
});
