/**
 * Regenerates the OpenAPI response examples of the Vedic kundli, panchang, matching and doshas
 * endpoints from their request examples (`node scripts/run-ts.js scripts/vedic-examples.ts`); the
 * API test (test/vedic-panchang-matching-api.test.ts) checks that the API answers exactly these.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { loadConfig } from '@astro/config';
import { ROUTES } from '@astro/contracts';
import { birthOf } from '@astro/ephemeris';
import { doshas, kundli, matching, natalChart, panchang, ShodashVarga } from '@astro/vedic';

const ephemerisPath = loadConfig(process.env).ephemerisPath;
const dir = path.join(__dirname, '..', 'libs', 'contracts', 'src', 'vedic', 'examples');

/** Writes `file`: the route's answer to its request example, checked against its response schema. */
function writeExample<B extends z.ZodType>(
  file: string,
  route: { body: B; success: { schema: z.ZodType } },
  answer: (input: z.output<B>) => unknown,
) {
  const request = route.body.parse((route.body.meta() as { example?: unknown } | undefined)?.example);
  fs.writeFileSync(path.join(dir, file), JSON.stringify(route.success.schema.parse(answer(request)), null, 1) + '\n');
}

writeExample('vedic-kundli.json', ROUTES.vedicKundli, (k) =>
  kundli(birthOf(k.birth_subject), k.node, ephemerisPath, { styles: k.charts, vargas: k.chart_vargas as ShodashVarga[] }),
);
writeExample('vedic-panchang.json', ROUTES.vedicPanchang, (p) => panchang(p, ephemerisPath));
writeExample('vedic-matching.json', ROUTES.vedicMatching, (m) =>
  matching(natalChart(birthOf(m.groom), ephemerisPath), natalChart(birthOf(m.bride), ephemerisPath), m.locale),
);
writeExample('vedic-doshas.json', ROUTES.vedicDoshas, (d) =>
  doshas(natalChart(birthOf(d.birth_subject), ephemerisPath), d.node, d.locale, ephemerisPath),
);
console.log(`wrote ${dir}/vedic-kundli.json, vedic-panchang.json, vedic-matching.json, vedic-doshas.json`);
