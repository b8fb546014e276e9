/**
 * Regenerates the OpenAPI response examples of the Chinese endpoints from the request examples
 * (`node scripts/run-ts.js scripts/chinese-examples.ts`); test/chinese-api.test.ts checks that the
 * API answers exactly these for those requests.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baziReport, qimenChart } from '@astro/chinese';
import { loadConfig } from '@astro/config';
import { BaziReport, BaziRequest, QimenChart, QimenRequest } from '@astro/contracts';

const ephemerisPath = loadConfig(process.env).ephemerisPath;
const dir = path.join(__dirname, '..', 'libs', 'contracts', 'src', 'chinese-korean', 'examples');
const example = (schema: { meta(): object | undefined }) => (schema.meta() as { example?: unknown } | undefined)?.example;

const bazi = BaziReport.parse(baziReport(BaziRequest.parse(example(BaziRequest)), ephemerisPath));
const { include_svg: _svg, ...qimenInput } = QimenRequest.parse(example(QimenRequest));
const qimen = QimenChart.parse(qimenChart(qimenInput, ephemerisPath));
fs.writeFileSync(path.join(dir, 'bazi-report.json'), JSON.stringify(bazi, null, 1) + '\n');
fs.writeFileSync(path.join(dir, 'qimen-chart.json'), JSON.stringify(qimen, null, 1) + '\n');
console.log(`wrote ${dir}/bazi-report.json and qimen-chart.json`);
