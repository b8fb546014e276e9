import { almanacMonth, civilToThaiLunar, epochDay, isoOfEpochDay, thaiLunarToCivil } from '@astro/thai';
import { printTimings, timeInProcess } from './in-process';

/**
 * The Thai calendar in-process: a civil → lunar conversion, the reverse, and a full almanac month,
 * each run a different date 1901–2199.
 */
export default async function bench(): Promise<void> {
  const first = epochDay('1901-01-01');
  const span = epochDay('2199-12-31') - first;
  const dates = Array.from({ length: 5_000 }, (_, i) => isoOfEpochDay(first + Math.floor(((i * 0.6180339887) % 1) * span)));
  const lunars = dates.map(civilToThaiLunar);
  const toLunar = timeInProcess('thai: civil → lunar date', (i) => civilToThaiLunar(dates[i % dates.length]), 20_000, 2_000);
  const toCivil = timeInProcess('thai: lunar → civil date', (i) => thaiLunarToCivil(lunars[i % lunars.length]), 20_000, 2_000);
  const month = timeInProcess('thai: almanac month', (i) => {
    const [y, m] = dates[i % dates.length].split('-').map(Number);
    return almanacMonth(y, m);
  });
  printTimings('Thai calendar in-process', [toLunar, toCivil, month], { 'thai: civil → lunar date': 0.02, 'thai: almanac month': 2 });
}
