import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import { clearJeolTermCache, sajuReport } from '@astro/saju';
import { printTimings, timeInProcess } from './in-process';

/**
 * A full Saju chart (default windows: 5 + 20 annual rows, ten major-luck periods, reading) per run,
 * each run a different birth 1900–2100, in-process. Solar terms are cached per year, as in the API;
 * the warm-up fills part of the cache and the rest fills during the timed runs (cold years included).
 */
export default async function bench(): Promise<void> {
  const ephemerisPath = loadConfig(process.env).ephemerisPath;
  const from = Date.UTC(1900, 0, 10);
  const span = Date.UTC(2100, 11, 1) - from;
  const births = Array.from({ length: 2_200 }, (_, i) => {
    const local = new Date(from + Math.floor((((i * 0.6180339887) % 1) * span) / 60_000) * 60_000);
    const iso = local.toISOString();
    return {
      birth: birthOf({ date: iso.slice(0, 10), time: iso.slice(11, 16), latitude: 37.57, longitude: 126.98, timezoneOffsetMinutes: 540 }),
      gender: (['male', 'female', 'unknown'] as const)[i % 3],
      focus: (['general', 'love', 'career', 'wealth'] as const)[i % 4],
      locale: (['ko', 'en', 'th'] as const)[i % 3],
      question: 'What should I focus on this year?',
    };
  });
  const full = timeInProcess('saju: full chart, default windows', (i) => sajuReport(births[i % births.length], ephemerisPath));
  const largest = timeInProcess('saju: full chart, 121 annual rows', (i) =>
    sajuReport({ ...births[i % births.length], annual_luck_years_before: 80, annual_luck_years_after: 80 }, ephemerisPath),
  );
  const cold = timeInProcess('saju: full chart, solar-term cache emptied before each run', (i) => {
    clearJeolTermCache();
    return sajuReport(births[i % births.length], ephemerisPath);
  });
  printTimings('Saju in-process', [full, largest, cold], { 'saju: full chart, default windows': 2 });
}
