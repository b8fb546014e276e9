/**
 * Regenerates the OpenAPI response examples of the Tarot & Numerology and Uranian endpoints from
 * their request examples (`node scripts/run-ts.js scripts/tarot-numerology-uranian-examples.ts`); the API tests
 * check that the API answers exactly these for those requests.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '@astro/config';
import {
  NumerologyCompatibilityRequest,
  NumerologyProfile,
  NumerologyProfileRequest,
  TarotReading,
  TarotReadingRequest,
  UranianChart,
  UranianChartRequest,
} from '@astro/contracts';
import { birthOf } from '@astro/ephemeris';
import { lifePathCompatibility, numerologyProfile } from '@astro/numerology';
import { tarotReading } from '@astro/tarot';
import { uranianChart } from '@astro/uranian';

const ephemerisPath = loadConfig(process.env).ephemerisPath;
const contracts = path.join(__dirname, '..', 'libs', 'contracts', 'src');
const example = (schema: { meta(): object | undefined }) => (schema.meta() as { example?: unknown } | undefined)?.example;
/** `area`: the contracts folder whose examples/ holds the file. */
const write = (area: string, name: string, value: unknown) =>
  fs.writeFileSync(path.join(contracts, area, 'examples', name), JSON.stringify(value, null, 1) + '\n');

const tarotInput = TarotReadingRequest.parse(example(TarotReadingRequest));
write(
  'tarot-numerology',
  'tarot-reading.json',
  TarotReading.parse(tarotReading({ ...tarotInput, allowReversed: tarotInput.allow_reversed })),
);

const profileInput = NumerologyProfileRequest.parse(example(NumerologyProfileRequest));
write(
  'tarot-numerology',
  'numerology-profile.json',
  NumerologyProfile.parse(numerologyProfile({ ...profileInput, date: profileInput.date! })),
);

const pair = NumerologyCompatibilityRequest.parse(example(NumerologyCompatibilityRequest));
const a = numerologyProfile({ ...pair.person_a, date: '2026-01-01' });
const b = numerologyProfile({ ...pair.person_b, date: '2026-01-01' });
const match = lifePathCompatibility(a.life_path.value, b.life_path.value);
write('tarot-numerology', 'numerology-compatibility.json', {
  person_a: { full_name: a.full_name, life_path: a.life_path, expression: a.expression },
  person_b: { full_name: b.full_name, life_path: b.life_path, expression: b.expression },
  life_path_compatibility: { level: match.level, score: match.score, reasons: match.reasons },
});

const chartInput = UranianChartRequest.parse(example(UranianChartRequest));
const chart = uranianChart(
  {
    birth: birthOf(chartInput),
    orbDegrees: chartInput.orb_degrees,
    maxPictures: 10,
  },
  ephemerisPath,
);
write('uranian', 'uranian-chart.json', UranianChart.parse(chart));
console.log(
  `wrote ${contracts}/tarot-numerology/examples/{tarot-reading,numerology-profile,numerology-compatibility}.json and uranian/examples/uranian-chart.json`,
);
