/**
 * Regenerates the OpenAPI response examples of the Vedic kundli, panchang, matching and doshas
 * endpoints from their request examples (`node scripts/run-ts.js scripts/vedic-examples.ts`); the
 * API test (test/vedic-panchang-matching-api.test.ts) checks that the API answers exactly these.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '@astro/config';
import {
  DoshasRequest,
  DoshasResponse,
  KundliRequest,
  KundliResponse,
  MatchingRequest,
  MatchingResponse,
  PanchangRequest,
  PanchangResponse,
} from '@astro/contracts';
import { doshas, kundli, matching, natalChart, panchang, ShodashVarga } from '@astro/vedic';

const ephemerisPath = loadConfig(process.env).ephemerisPath;
const dir = path.join(__dirname, '..', 'libs', 'contracts', 'src', 'examples');
const example = (schema: { meta(): object | undefined }) => (schema.meta() as { example?: unknown } | undefined)?.example;
const write = (name: string, value: unknown) => fs.writeFileSync(path.join(dir, name), JSON.stringify(value, null, 1) + '\n');

const k = KundliRequest.parse(example(KundliRequest));
write(
  'vedic-kundli.json',
  KundliResponse.parse(kundli(k.birth_subject, k.node, ephemerisPath, { styles: k.charts, vargas: k.chart_vargas as ShodashVarga[] })),
);

const p = PanchangRequest.parse(example(PanchangRequest));
write('vedic-panchang.json', PanchangResponse.parse(panchang(p, ephemerisPath)));

const m = MatchingRequest.parse(example(MatchingRequest));
write(
  'vedic-matching.json',
  MatchingResponse.parse(matching(natalChart(m.groom, ephemerisPath), natalChart(m.bride, ephemerisPath), m.locale)),
);

const d = DoshasRequest.parse(example(DoshasRequest));
write('vedic-doshas.json', DoshasResponse.parse(doshas(natalChart(d.birth_subject, ephemerisPath), d.node, d.locale, ephemerisPath)));
console.log(`wrote ${dir}/vedic-kundli.json, vedic-panchang.json, vedic-matching.json, vedic-doshas.json`);
