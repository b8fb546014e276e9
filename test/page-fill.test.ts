// No sparse page in any report, reading or system sheet (docs/rendering.md, "Pages"): a page may be
// less than half full only when it holds a whole section that starts on it; a page that continues a
// section from the page before (a table's last rows, a paragraph's end) is at least half full.
// Page breaks depend on the data, so every report is printed for the samples' people and for two
// other couples, and the readings from the mirrored photo and without the premium photos too.
import { loadConfig } from '@astro/config';
import { PdfRenderer } from '@astro/rendering';
import { NIRAN, PLOY, SAMPLE_BRANDING, sampleLogo, SamplePerson, sampleReadings, sampleReports } from '../scripts/sample-documents';
import { systemSheet, SYSTEM_LOCALES, SYSTEMS } from '../scripts/samples/systems';
import { frontPages, PageFill, pageFills, sectionTitles, sparsePages } from './support/page-fill';

const person = (name: string, date: string, time: string): SamplePerson => ({ ...PLOY, name, date, time });
/** The samples' couple and two others: births in each season and at every hour of the day and night. */
const COUPLES: [string, [SamplePerson, SamplePerson]][] = [
  ['', [PLOY, NIRAN]],
  ['malee-somchai', [person('Malee', '1972-11-23', '06:05'), person('Somchai', '1968-01-30', '14:45')]],
  ['dao-krit', [person('Dao', '2001-07-04', '23:40'), person('Krit', '1995-12-12', '03:15')]],
];

interface Measured {
  name: string;
  fills: PageFill[];
  /** the pages before the body that may be short by design: the cover and the contents */
  skip: number;
}

const measure = (name: string, html: string, pdf: Buffer): Measured => ({
  name,
  fills: pageFills(pdf, sectionTitles(html)),
  skip: frontPages(html),
});

const renderer = new PdfRenderer(1);
const measured: Measured[] = [];
afterAll(() => renderer.close());

describe('the measure', () => {
  // Blocks of known height on an A4 page with the reports' 20 mm margins (257 mm of body).
  const page = (blocks: string) =>
    `<!doctype html><html><head><title>t</title><style>@page { size: A4; margin: 20mm 16mm; } body { margin: 0; font: 10pt sans-serif; }
     div { break-inside: avoid; } h2 { margin: 0; font-size: 14pt; }</style></head><body>${blocks}</body></html>`;
  const block = (mm: number, text = 'text') => `<div style="height: ${mm}mm; border-bottom: 1px solid #000">${text}</div>`;

  it('reads each page’s fill from its lowest ink, and which pages open a section', async () => {
    const pdf = await renderer.render(
      page(
        `<h2>Opening</h2>${block(60)}<div style="break-before: page"></div>${block(200, 'long')}${block(120, 'spill')}` +
          `<h2 style="break-before: page">Closing</h2>${block(30)}`,
      ),
    );
    const fills = pageFills(pdf, ['Opening', 'Closing']);
    expect(fills.map((f) => f.startsSection)).toEqual([true, false, false, true]);
    // the heading's line (about 6 mm) and the 60 mm block of page 1 are 66 of 257 mm; 200 and 120 mm
    // blocks cannot share a page, so page 3 holds the 120 mm spill; page 4 about 36 mm
    const expected = [66 / 257, 200 / 257, 120 / 257, 36 / 257];
    fills.forEach((f, i) => expect(Math.abs(f.fill - expected[i])).toBeLessThan(0.03));
    // page 1 opens a section and page 2 does not: its section goes on; page 3 is a spill; page 4 a whole closing section
    expect(sparsePages(fills)).toEqual([
      expect.stringMatching(/^page 1 of 4 is 2\d% full and its section goes on to page 2$/),
      expect.stringMatching(/^page 3 of 4 is 4\d% full and continues the section before/),
    ]);
  });

  it('sees a photo or a figure without text as content', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="180mm"><rect width="100%" height="100%" fill="#3b2f6b"/></svg>`;
    const [fill] = pageFills(await renderer.render(page(`<h2>Figure</h2>${svg}`)), ['Figure']);
    expect(fill.fill).toBeGreaterThan(0.7);
  });
});

describe('every document', () => {
  beforeAll(async () => {
    const logo = await sampleLogo();
    for (const [couple, people] of COUPLES)
      for (const d of await sampleReports(renderer, logo, { people }))
        measured.push(measure(couple ? `${d.name}-${couple}` : d.name, d.html, d.pdf));
    const readings = await sampleReadings(renderer, logo, [
      { family: 'face', sku: 'premium' },
      { family: 'palm', sku: 'premium' },
      { family: 'face', sku: 'premium', mirrored: true },
      { family: 'face', sku: 'branded' },
      { family: 'palm', sku: 'branded', safetyMode: 'workplace' },
    ]);
    for (const d of readings) measured.push(measure(d.name, d.html, d.pdf));
    const ctx = { branding: SAMPLE_BRANDING, logoDataUrl: logo, ephemerisPath: loadConfig().ephemerisPath };
    for (const system of SYSTEMS)
      for (const locale of SYSTEM_LOCALES) {
        const html = systemSheet(system, locale, ctx);
        measured.push(measure(`system-${system}-${locale}`, html, await renderer.render(html)));
      }
  }, 600_000);

  it('prints every report, reading and system sheet', () => {
    // 13 reports (the 11 kinds, tarot in two spreads) in two languages for each couple, 5 readings and 8 system sheets in two languages
    expect(measured).toHaveLength(COUPLES.length * 26 + 10 + 16);
  });

  it('leaves no page less than half full but a whole section of its own', () => {
    const findings = measured.flatMap((m) => sparsePages(m.fills, m.skip).map((f) => `${m.name}: ${f}`));
    expect(findings).toEqual([]);
  });
});
