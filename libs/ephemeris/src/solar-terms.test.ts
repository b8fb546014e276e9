// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Solar } = require('lunar-javascript');
import { loadConfig } from '@astro/config';
import { jeolTermsOfYear, JEOL_TERM_LONGITUDES, sunLongitudeInstant } from './solar-terms';
import { bodyAt } from './planets';
import { instantFromJulianDayUt } from './time';

const ephemerisPath = loadConfig({}).ephemerisPath;
// lunar-javascript's names of the twelve jeol terms (節), by the Sun's longitude.
const LUNAR_NAME: Record<number, string> = {
  285: '小寒',
  315: '立春',
  345: '惊蛰',
  15: '清明',
  45: '立夏',
  75: '芒种',
  105: '小暑',
  135: '立秋',
  165: '白露',
  195: '寒露',
  225: '立冬',
  255: '大雪',
};

describe('jeol terms', () => {
  it('puts the Sun exactly on each longitude, in calendar order inside the civil year', () => {
    const terms = jeolTermsOfYear(2024, ephemerisPath);
    expect(terms.map((t) => t.longitude)).toEqual([...JEOL_TERM_LONGITUDES]);
    for (const t of terms) {
      const longitude = bodyAt(t.jdUt, 'Sun', ephemerisPath).longitude;
      expect(Math.abs(((longitude - t.longitude + 540) % 360) - 180)).toBeLessThan(1e-6);
      expect(instantFromJulianDayUt(t.jdUt).getUTCFullYear()).toBe(2024);
    }
    for (let i = 1; i < terms.length; i++) expect(terms[i].jdUt).toBeGreaterThan(terms[i - 1].jdUt);
  });

  it("agrees with lunar-javascript's solar-term table within two minutes, 1900–2100", () => {
    const worst: string[] = [];
    for (let year = 1900; year <= 2100; year += 1) {
      const table = Solar.fromYmd(year, 6, 1).getLunar().getJieQiTable();
      for (const term of jeolTermsOfYear(year, ephemerisPath)) {
        const s = table[LUNAR_NAME[term.longitude]];
        const theirs = Date.UTC(s.getYear(), s.getMonth() - 1, s.getDay(), s.getHour(), s.getMinute(), s.getSecond()) - 8 * 3_600_000;
        const ours = instantFromJulianDayUt(term.jdUt).getTime();
        if (Math.abs(ours - theirs) > 120_000)
          worst.push(`${year} ${term.longitude}°: ours ${new Date(ours).toISOString()}, lunar ${s.toYmdHms()} +08:00`);
      }
    }
    expect(worst).toEqual([]);
  });

  it('finds an instant from a guess days away', () => {
    const equinox = sunLongitudeInstant(0, 2460380, ephemerisPath); // guess: 2024-03-10
    expect(instantFromJulianDayUt(equinox).toISOString().slice(0, 16)).toBe('2024-03-20T03:06'); // the March 2024 equinox, 03:06 UT
  });
});
