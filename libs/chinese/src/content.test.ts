import { loadConfig } from '@astro/config';
import baziEn from '../content/bazi-en.json';
import baziTh from '../content/bazi-th.json';
import baziZh from '../content/bazi-zh.json';
import qimenEn from '../content/qimen-en.json';
import qimenTh from '../content/qimen-th.json';
import qimenZh from '../content/qimen-zh.json';
import { baziReport } from './bazi';

const ephemerisPath = loadConfig({}).ephemerisPath;

/** Every key path of a JSON value, so two content files can be compared by shape. */
const paths = (value: unknown, prefix = ''): string[] =>
  value !== null && typeof value === 'object'
    ? Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => paths(v, `${prefix}.${k}`))
    : [prefix];
const strings = (value: unknown): string[] =>
  value !== null && typeof value === 'object' ? Object.values(value as Record<string, unknown>).flatMap(strings) : [String(value)];

describe('Chinese content files', () => {
  it.each([
    ['bazi zh', baziZh, baziEn],
    ['bazi th', baziTh, baziEn],
    ['qimen zh', qimenZh, qimenEn],
    ['qimen th', qimenTh, qimenEn],
  ])('%s has exactly the keys of the English file', (_, file, english) => {
    expect(paths(file).sort()).toEqual(paths(english).sort());
  });

  it('has no English word in the Chinese and Thai texts', () => {
    for (const file of [baziZh, baziTh, qimenZh, qimenTh]) {
      for (const text of strings(file)) expect(text.replace(/\{\w+\}/g, '')).not.toMatch(/[A-Za-z]{2,}/); // placeholders aside
    }
  });

  it('writes the BaZi reading in the language asked, for charts with and without symbolic stars', () => {
    const births = ['1990-05-15', '1984-02-04', '2001-09-11', '1975-12-31', '2010-07-07'];
    for (const date of births) {
      for (const language of ['zh', 'th', 'en'] as const) {
        const { reading } = baziReport(
          { date, time: '08:15', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420, gender: 'female', language },
          ephemerisPath,
        );
        expect(reading.language).toBe(language);
        expect(reading.paragraphs).toHaveLength(4);
        const text = reading.paragraphs.join(' ');
        if (language === 'en') expect(text).toMatch(/day master/);
        else expect(text).not.toMatch(/[A-Za-z]{2,}/);
        if (language === 'th') expect(text).toMatch(/[\u0e00-\u0e7f]/);
        expect(text).not.toMatch(/\{\w+\}/);
      }
    }
  });
});
