import { execFileSync } from 'node:child_process';
import { loadConfig } from '@astro/config';
import { eclipsesBetween } from './eclipses';
import { deltaTSeconds } from './planets';
import { instantFromJulianDayUt, julianDayUt } from './time';

/**
 * Eclipses against two outside references:
 * - `swetest -solecl` / `-lunecl` (the Swiss Ephemeris' own program, Debian package swetest 2.10,
 *   same ephemeris files): every eclipse from 2023 to 2030, its kind, its type and the UT of its
 *   maximum within one second;
 * - NASA's eclipse predictions (F. Espenak, NASA GSFC, "Five Millennium Catalog of Lunar Eclipses"
 *   and "… of Solar Eclipses", eclipse.gsfc.nasa.gov), which give the instant of greatest eclipse
 *   in Terrestrial Dynamical Time (TD): the total lunar eclipse of 2026 March 03 at 11:34:52 TD
 *   (umbral magnitude 1.1526, Saros 133) and the total solar eclipse of 2026 August 12 at 17:47:06
 *   TD (Saros 126). NASA's UT differs from ours only by its older ΔT prediction, so the instants
 *   are compared in TD (our UT + ΔT), within 10 s.
 */
const ephemerisPath = loadConfig({}).ephemerisPath;
const SECOND = 1 / 86_400;

const SWETEST_TYPE: Record<string, string> = {
  'total lunar eclipse': 'lunar total',
  'partial lunar eclipse': 'lunar partial',
  'penumb. lunar eclipse': 'lunar penumbral',
  'total solar': 'solar total',
  'annular solar': 'solar annular',
  'partial solar': 'solar partial',
  'ann-tot solar': 'solar hybrid',
};

/** swetest's eclipses of one kind from `start` (d.m.yyyy): kind and type, and the Julian day (UT) of the maximum. */
function swetestEclipses(kind: 'solar' | 'lunar', start: string, count: number): { what: string; jd: number }[] {
  const out = execFileSync(
    'swetest',
    [`-${kind === 'solar' ? 'sol' : 'lun'}ecl`, `-b${start}`, `-n${count}`, '-head', `-edir${ephemerisPath}`],
    {
      encoding: 'utf8',
    },
  );
  return out
    .split('\n')
    .map((line) => /^(\S[^\t]*?)\t.*\t(\d{7}\.\d+)$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ what: SWETEST_TYPE[m[1].trim()], jd: Number(m[2]) }));
}

describe('eclipsesBetween', () => {
  it('finds every eclipse of 2023 to 2030 that swetest finds, of the same type, at the same maximum', () => {
    const from = julianDayUt(new Date('2023-01-01T00:00:00Z'));
    const to = julianDayUt(new Date('2031-01-01T00:00:00Z'));
    const reference = [...swetestEclipses('solar', '1.1.2023', 40), ...swetestEclipses('lunar', '1.1.2023', 40)]
      .filter((e) => e.jd < to)
      .sort((a, b) => a.jd - b.jd);
    const ours = eclipsesBetween(from, to, ephemerisPath);
    expect(reference.length).toBeGreaterThanOrEqual(30);
    expect(reference.every((e) => e.what !== undefined)).toBe(true);
    expect(ours.map((e) => `${e.kind} ${e.type}`)).toEqual(reference.map((e) => e.what));
    ours.forEach((e, i) => expect(Math.abs(e.maximumJdUt - reference[i].jd)).toBeLessThan(SECOND));
    expect(ours.map((e) => `${e.kind} ${e.type}`)).toContain('solar hybrid'); // 20 April 2023
  });

  it('dates the eclipses of 2026 as NASA does: the total lunar eclipse of 3 March and the total solar eclipse of 12 August', () => {
    const year = eclipsesBetween(
      julianDayUt(new Date('2026-01-01T00:00:00Z')),
      julianDayUt(new Date('2027-01-01T00:00:00Z')),
      ephemerisPath,
    );
    expect(year.map((e) => [e.kind, e.type, instantFromJulianDayUt(e.maximumJdUt).toISOString().slice(0, 10)])).toEqual([
      ['solar', 'annular', '2026-02-17'],
      ['lunar', 'total', '2026-03-03'],
      ['solar', 'total', '2026-08-12'],
      ['lunar', 'partial', '2026-08-28'],
    ]);
    const inTd = (jdUt: number) => instantFromJulianDayUt(jdUt + deltaTSeconds(jdUt, ephemerisPath) * SECOND).getTime();
    expect(Math.abs(inTd(year[1].maximumJdUt) - Date.parse('2026-03-03T11:34:52Z'))).toBeLessThan(10_000);
    expect(Math.abs(inTd(year[2].maximumJdUt) - Date.parse('2026-08-12T17:47:06Z'))).toBeLessThan(10_000);
  });

  it('answers nothing for a fortnight without an eclipse, and only eclipses inside the range', () => {
    expect(
      eclipsesBetween(julianDayUt(new Date('2026-04-01T00:00:00Z')), julianDayUt(new Date('2026-04-15T00:00:00Z')), ephemerisPath),
    ).toEqual([]);
    const march = eclipsesBetween(
      julianDayUt(new Date('2026-03-03T11:00:00Z')),
      julianDayUt(new Date('2026-03-03T12:00:00Z')),
      ephemerisPath,
    );
    expect(march.map((e) => e.kind)).toEqual(['lunar']);
  });
});
