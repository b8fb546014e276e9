import { tarotReadingSvg } from '@astro/rendering';
import { tarotReading } from '@astro/tarot';
import { printTimings, timeInProcess } from './in-process';

/**
 * Targets (docs/benchmarks.md): a tarot reading under 1 ms in-process (a Celtic Cross, the largest
 * spread, seeded and from the CSPRNG: the draw, each position read, the pattern and the synthesis in
 * both languages); its figure with the ten card faces (`include_svg`) under 10 ms.
 */
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
  const figure = timeInProcess('tarot: celtic cross figure (include_svg)', (i) =>
    tarotReadingSvg(tarotReading({ spread: 'celtic_cross', locale: i % 2 ? 'th' : 'en', allowReversed: true }), {
      locale: i % 2 ? 'th' : 'en',
    }),
  );
  printTimings('Tarot in-process', [seeded, csprng, figure], {
    'tarot: celtic cross, seeded': 1,
    'tarot: celtic cross, CSPRNG': 1,
    'tarot: celtic cross figure (include_svg)': 10,
  });
}
