import { baziReport, qimenBoardSvg, qimenChart } from '@astro/chinese';
import { loadConfig } from '@astro/config';
import { printTimings, timeInProcess } from './in-process';

/**
 * The two Chinese calculations in-process, each run a different moment 1900–2100 (so the solar-term
 * caches fill during the runs, as in a long-lived API process): a Qi Men hour chart (with and
 * without its SVG board) and a full BaZi chart with 20 annual pillars.
 */
export default async function bench(): Promise<void> {
  const ephemerisPath = loadConfig(process.env).ephemerisPath;
  const from = Date.UTC(1900, 0, 10);
  const span = Date.UTC(2100, 11, 1) - from;
  const moments = Array.from({ length: 2_200 }, (_, i) => {
    const iso = new Date(from + Math.floor((((i * 0.6180339887) % 1) * span) / 60_000) * 60_000).toISOString();
    return { date: iso.slice(0, 10), time: iso.slice(11, 16), latitude: 39.9, longitude: 116.4, timezoneOffsetMinutes: 480 };
  });
  const qimen = timeInProcess('qimen: hour chart', (i) => qimenChart(moments[i % moments.length], ephemerisPath));
  const qimenSvg = timeInProcess('qimen: hour chart and SVG board', (i) =>
    qimenBoardSvg(qimenChart(moments[i % moments.length], ephemerisPath)),
  );
  const bazi = timeInProcess('bazi: full chart, 20 annual pillars', (i) =>
    baziReport(
      {
        ...moments[i % moments.length],
        gender: i % 2 ? 'male' : 'female',
        annual_years_before: 0,
        annual_years_after: 19,
        language: (['zh', 'en', 'th'] as const)[i % 3],
      },
      ephemerisPath,
    ),
  );
  printTimings('Chinese in-process', [qimen, qimenSvg, bazi], { 'qimen: hour chart': 0.5, 'bazi: full chart, 20 annual pillars': 1 });
}
