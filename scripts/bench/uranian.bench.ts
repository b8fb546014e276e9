import { loadConfig } from '@astro/config';
import { birthAt } from '@astro/ephemeris';
import { uranianChart } from '@astro/uranian';
import { printTimings, timeInProcess } from './in-process';

/**
 * Target (docs/benchmarks.md): a Uranian chart with midpoint trees under 2 ms in-process: 22 factors, the
 * midpoint sort of 231 midpoints, 22 trees and the planetary pictures, a different moment each run.
 */
export default async function bench(): Promise<void> {
  const ephemerisPath = loadConfig(process.env).ephemerisPath;
  const from = Date.UTC(1900, 0, 10);
  const span = Date.UTC(2100, 11, 1) - from;
  const instant = (i: number) => new Date(from + Math.floor(((i * 0.6180339887) % 1) * span));
  const trees = timeInProcess('uranian: chart and midpoint trees', (i) =>
    uranianChart({ birth: birthAt(instant(i), 13.75, 100.5), maxPictures: 0 }, ephemerisPath),
  );
  const chart = timeInProcess('uranian: chart, trees and 100 pictures with text', (i) =>
    uranianChart({ birth: birthAt(instant(i), 13.75, 100.5) }, ephemerisPath),
  );
  printTimings('Uranian in-process', [trees, chart], { 'uranian: chart and midpoint trees': 2 });
}
