import { loadConfig } from '@astro/config';
import { qimenChart } from '@astro/chinese';
import { computeQimenReport, verdictOf } from './compute';

const ephemerisPath = loadConfig({}).ephemerisPath;
const moment = {
  date: '2026-03-10',
  time: '10:00',
  latitude: 13.75,
  longitude: 100.5,
  timezoneOffsetMinutes: 420,
  timezone: 'Asia/Bangkok',
};
const input = (purpose: 'career' | 'relationships' | 'travel' | 'health', m = moment) => ({
  moment: m,
  purpose,
  question: null,
  name: null,
  true_solar_time: false,
  dst: 'standard_time' as const,
});

describe('the Qi Men report data', () => {
  it('reads the board of the Qi Men calculation for the moment', () => {
    const data = computeQimenReport(input('career'), ephemerisPath);
    expect(data.chart).toEqual(qimenChart({ ...moment, true_solar_time: false, dst: 'standard_time', language: 'en' }, ephemerisPath));
  });

  it.each([
    ['career', (p: { door: { zh: string } | null }) => p.door?.zh === '开门'],
    ['relationships', (p: { deity: { zh: string } | null }) => p.deity?.zh === '六合'],
    ['travel', (p: { marks: { key: string }[] }) => p.marks.some((m) => m.key === 'yi_ma')],
    [
      'health',
      (p: { star: { zh: string } | null; star_lodged: { zh: string } | null }) => p.star?.zh === '天芮' || p.star_lodged?.zh === '天芮',
    ],
  ] as const)('reads %s in the palace of its useful symbol, leaving the symbol itself out of the score', (purpose, holds) => {
    const data = computeQimenReport(input(purpose), ephemerisPath);
    const palace = data.chart.palaces.find((p) => p.number === data.useful.palace)!;
    expect(holds(palace as never)).toBe(true);
    expect(data.reading.factors.some((f) => f.key === data.useful.key)).toBe(false);
    expect(data.reading.score).toBe(data.reading.factors.reduce((s, f) => s + f.weight, 0));
    expect(data.verdict).toBe(verdictOf(data.reading.score));
  });

  it.each(['10:00', '00:30', '23:10'])('scores the twelve double hours after the one of %s, from the odd clock hours', (time) => {
    const data = computeQimenReport(input('career', { ...moment, time }), ephemerisPath);
    expect(data.hours).toHaveLength(12);
    for (const h of data.hours) expect(Number(h.start.slice(0, 2)) % 2).toBe(1);
    const first = Number(data.hours[0].start.slice(0, 2));
    const asked = Number(time.slice(0, 2));
    expect((first - asked + 24) % 24).toBeGreaterThan(0);
    expect((first - asked + 24) % 24).toBeLessThanOrEqual(2);
  });

  it('faces the outer palace with the highest score', () => {
    const data = computeQimenReport(input('career'), ephemerisPath);
    expect(data.best.palace).not.toBe(5);
  });
});
