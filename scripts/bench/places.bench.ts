import { performance } from 'node:perf_hooks';
import { loadGazetteer, nearestPlace, resolvePlace, searchPlaces, toCandidate } from '@astro/places';
import { printTimings, timeInProcess } from './in-process';

const NAMES = [
  'Chiang Mai',
  'เชียงใหม่',
  'Bangkok',
  'กรุงเทพฯ',
  'Paris',
  'London',
  'São Paulo',
  'St. Louis, MO',
  'Springfield',
  'Nowhereville',
];
const PREFIXES = ['s', 'ba', 'chi', 'new y', 'เชียง', 'spring'];

/**
 * Target: a place lookup under 1 ms in-process once the index is built (a birth subject's place
 * is resolved inside the request's validation). Also times building the index (once per process,
 * on first use) and the first zone lookup.
 */
export default async function bench(): Promise<void> {
  const t0 = performance.now();
  loadGazetteer();
  const buildMs = performance.now() - t0;
  const t1 = performance.now();
  const chiangMai = resolvePlace({ name: 'Chiang Mai' });
  if (chiangMai.kind === 'found') toCandidate(chiangMai.place);
  const firstZoneMs = performance.now() - t1;
  // Birth coordinates lie near towns: every 97th place of the gazetteer, moved 3 to 5 km.
  const places = [...loadGazetteer().byId.values()].filter((_, i) => i % 97 === 0);
  const nearTown = (i: number) => places[i % places.length];
  console.log(`index built in ${buildMs.toFixed(0)} ms; first resolution (loads the zone index) ${firstZoneMs.toFixed(0)} ms`);
  const timings = [
    timeInProcess(
      'places: resolve a name (with zone)',
      (i) => {
        const resolved = resolvePlace({ name: NAMES[i % NAMES.length] });
        return resolved.kind === 'found' ? toCandidate(resolved.place) : resolved;
      },
      20_000,
      2_000,
    ),
    timeInProcess('places: search box, 10 by prefix', (i) => searchPlaces({ name: PREFIXES[i % PREFIXES.length] }, 10), 20_000, 2_000),
    timeInProcess(
      'places: nearest, coordinates near a town',
      (i) => nearestPlace(nearTown(i).latitude + 0.03, nearTown(i).longitude - 0.03),
      20_000,
      2_000,
    ),
    timeInProcess(
      'places: nearest, anywhere (mostly sea)',
      (i) => nearestPlace(-60 + ((i * 7.3) % 130), -180 + ((i * 13.7) % 360)),
      20_000,
      2_000,
    ),
  ];
  printTimings('Places in-process', timings, {
    'places: resolve a name (with zone)': 1,
    'places: search box, 10 by prefix': 1,
    'places: nearest, coordinates near a town': 1,
  });
}
