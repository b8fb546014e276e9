import { loadConfig } from '@astro/config';
import { birthOf, ZODIAC_SIGNS } from '@astro/ephemeris';
import { degreesMinutes } from './chart-svg';
import { kundli } from './kundli';

const ephemerisPath = loadConfig({}).ephemerisPath;
const SHORT: Record<string, string> = { 'Purva Bhadrapada': 'PBh', 'Uttara Bhadrapada': 'UBh', Ashwini: 'Asw', Revati: 'Rev' };

describe('the chart images', () => {
  // 10 March 1985, 11:20 at Bangkok: a Taurus lagna, Mars and Rahu in Aries, Mercury and Venus in Pisces
  const k = kundli(
    birthOf({ date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 }),
    'true',
    ephemerisPath,
    {
      styles: ['north', 'south'],
      vargas: [1, 9],
    },
  );
  const cell = (svg: string, sign: number) => new RegExp(`<g data-house="\\d+" data-sign="${sign}">(.*?)</g>`).exec(svg)![1];
  const text = (group: string) => [...group.matchAll(/>([^<]+)<\/text>/g)].map((m) => m[1]).join(' ');

  it('prints in each rasi cell the degrees and the nakshatra-pada of every body in it, as the placements give them', () => {
    for (const chart of k.charts.filter((c) => c.varga === 'D1')) {
      for (const p of k.placements) {
        const sign = ZODIAC_SIGNS.indexOf(p.sign) + 1;
        const label =
          p.body === 'Lagna' ? 'Asc' : p.body.slice(0, 2) + (p.retrograde && p.body !== 'Rahu' && p.body !== 'Ketu' ? '(R)' : '');
        const printed = text(cell(chart.svg, sign));
        expect(printed).toContain(`${label} ${degreesMinutes(p.degree)}`);
        if (SHORT[p.nakshatra]) expect(printed).toContain(`${SHORT[p.nakshatra]}${p.pada}`);
      }
    }
  });

  it('keeps the labels alone in the divisional charts', () => {
    for (const chart of k.charts.filter((c) => c.varga === 'D9')) expect(chart.svg).not.toContain('°');
  });

  it('writes degrees and minutes rounded down, never 30°', () => {
    expect(degreesMinutes(25.8833)).toBe('25°52′');
    expect(degreesMinutes(29.99999)).toBe('29°59′');
    expect(degreesMinutes(0.5)).toBe('0°30′');
  });
});
