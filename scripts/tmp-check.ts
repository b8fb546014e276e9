import * as fs from 'node:fs';
import { PdfRenderer } from '@astro/rendering';
import { sampleLogo, sampleReadings, sampleReports } from './sample-documents';
import { systemSheet, SYSTEMS, SYSTEM_LOCALES, SystemContext } from './samples/systems';
import { SAMPLE_BRANDING } from './sample-documents';
import { loadConfig } from '@astro/config';
import { htmlBlocks, pdfInfo, pdfWords, underfilledPages } from '../test/support/document-checks';
function sectionStarts(html: string): string[] {
  return [...html.matchAll(/<[a-z0-9]+\b[^>]*class="[^"]*\b(?:chapter|cover|contents)\b[^"]*"[^>]*>/g)].map((m) => htmlBlocks(html.slice(m.index! + m[0].length))[0] ?? '');
}
async function main() {
  const only = process.argv[2] ?? '';
  const renderer = new PdfRenderer(1);
  const logo = await sampleLogo();
  const docs = [];
  if (only.includes('reports')) docs.push(...(await sampleReports(renderer, logo)));
  if (only.includes('readings')) docs.push(...(await sampleReadings(renderer, logo)));
  if (only.includes('systems')) {
    const ctx: SystemContext = { branding: SAMPLE_BRANDING, logoDataUrl: logo, ephemerisPath: loadConfig().ephemerisPath };
    for (const s of SYSTEMS) for (const l of SYSTEM_LOCALES) { const html = systemSheet(s, l, ctx); docs.push({ name: `system-${s}-${l}`, html, pdf: await renderer.render(html) }); }
  }
  fs.mkdirSync('/tmp/i52d/pdf', { recursive: true });
  for (const d of docs) {
    fs.writeFileSync(`/tmp/i52d/pdf/${d.name}.pdf`, d.pdf);
    const info = pdfInfo(d.pdf);
    console.log(d.name, info.Pages, '|', info.Title, '|', info.Creator, '|', underfilledPages(pdfWords(d.pdf), sectionStarts(d.html)).join('; '));
  }
  await renderer.close();
  process.exit(0);
}
main();
