import { tarotReading } from '@astro/tarot';
import { printTimings, timeInProcess } from './in-process';

/** Target (docs/benchmarks.md): a tarot reading under 1 ms in-process (a Celtic Cross, the largest spread, seeded and from the CSPRNG). */
export default async function bench(): Promise<void> {
  const seeded = timeInProcess('tarot: celtic cross, seeded', (i) =>
    tarotReading({
      spread: 'celtic_cross',
      locale: i % 2 ? 'th' : 'en',
      allowReversed: true,
      seed: `bench-${i}`,
      question: 'What should I focus on?',
    }),
  );
  const csprng = timeInProcess('tarot: celtic cross, CSPRNG', (i) =>
    tarotReading({ spread: 'celtic_cross', locale: i % 2 ? 'th' : 'en', allowReversed: true }),
  );
  printTimings('Tarot in-process', [seeded, csprng], { 'tarot: celtic cross, seeded': 1, 'tarot: celtic cross, CSPRNG': 1 });
}
