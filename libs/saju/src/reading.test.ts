import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import { FOCUSES, readingLanguage } from './reading';
import { sajuReport } from './saju';

const ephemerisPath = loadConfig({}).ephemerisPath;
const PLACE = { latitude: 39.9, longitude: 116.4, timezoneOffsetMinutes: 480 };
const BIRTH = { birth: birthOf({ date: '1990-05-15', time: '10:30', ...PLACE }) };
const HANGUL = /[\uac00-\ud7a3]/;
const THAI = /[\u0e00-\u0e7f]/;

describe('reading_summary', () => {
  it('resolves the language from the locale and falls back to English', () => {
    expect(['ko', 'ko-KR', 'KO_kr', 'th', 'th-TH', 'en', 'en-GB', 'fr', 'zh-Hant', 'xx'].map(readingLanguage)).toEqual([
      'ko',
      'ko',
      'ko',
      'th',
      'th',
      'en',
      'en',
      'en',
      'en',
      'en',
    ]);
  });

  it('writes Korean, Thai and English, each with its own script', () => {
    const text = (locale: string) => sajuReport({ ...BIRTH, locale }, ephemerisPath).reading_summary;
    expect(text('ko')).toMatch(HANGUL);
    expect(text('th')).toMatch(THAI);
    expect(text('en')).not.toMatch(HANGUL);
    expect(text('en')).not.toMatch(THAI);
    expect(text('de-DE')).toBe(text('en'));
  });

  it('answers the question and quotes it', () => {
    const report = sajuReport({ ...BIRTH, focus: 'career', question: 'Should I change jobs next year?' }, ephemerisPath);
    expect(report.question).toBe('Should I change jobs next year?');
    expect(report.reading_summary).toContain('“Should I change jobs next year?”');
  });

  it('asks a question about the focus when none is given, in the locale', () => {
    expect(sajuReport({ ...BIRTH, focus: 'wealth' }, ephemerisPath).question).toMatch(/money|wealth/i);
    expect(sajuReport({ ...BIRTH, focus: 'love', locale: 'ko' }, ephemerisPath).question).toMatch(HANGUL);
  });

  it('changes with the focus and with the chart', () => {
    const texts = FOCUSES.map((focus) => sajuReport({ ...BIRTH, focus }, ephemerisPath).reading_summary);
    expect(new Set(texts).size).toBe(4);
    const other = sajuReport({ birth: birthOf({ date: '1984-11-02', time: '06:15', ...PLACE }) }, ephemerisPath);
    expect(other.reading_summary).not.toBe(texts[0]);
    // It names the chart's own features: day master, favorable element, first luck pillar.
    const report = sajuReport(BIRTH, ephemerisPath);
    expect(report.reading_summary).toContain(`${report.day_master.stem} (Yang Metal)`);
    expect(report.reading_summary).toContain(`favorable element is ${report.five_elements.balance.favorable}`);
    expect(report.reading_summary).toContain(report.major_luck.periods[0].stem + report.major_luck.periods[0].branch);
  });

  it('leaves no template placeholder unfilled, for 150 charts × 4 focuses × 3 languages × 3 genders', () => {
    const leftovers: string[] = [];
    for (let i = 0; i < 150; i++) {
      const d = new Date(Date.UTC(1920, 0, 10) + i * 173.3 * 86_400_000 + (i % 23) * 3_600_000);
      const date = d.toISOString().slice(0, 10);
      const birth = { birth: birthOf({ date, time: d.toISOString().slice(11, 16), ...PLACE }) };
      for (const focus of FOCUSES)
        for (const locale of ['en', 'ko', 'th'])
          for (const gender of ['male', 'female', 'unknown'] as const) {
            const text = sajuReport({ ...birth, focus, locale, gender }, ephemerisPath).reading_summary;
            if (/[{}]|undefined|NaN/.test(text)) leftovers.push(`${date} ${focus} ${locale}: ${text}`);
          }
    }
    expect(leftovers).toEqual([]);
  });
});
