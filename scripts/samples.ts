// `npm run samples`: regenerates docs/samples/, the pages a customer sees, from the code that makes
// them (no server, no Temporal): every page of every report kind and reading kind in en and th
// (scripts/sample-documents.ts, with the sample brand's logo), as PDF printed by the reports' own
// PdfRenderer (Chromium) and turned into one PNG per page by pdftoppm (-r 75), plus the chart wheel
// as SVG and PNG in each of its kinds. docs/samples/README.md lists them.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '@astro/config';
import { birthAt } from '@astro/ephemeris';
import {
  aspectGridSvg,
  chartWheelSvg,
  gridPointsOfChart,
  PdfRenderer,
  WheelInput,
  wheelLabels,
  wheelPng,
  wheelWord,
} from '@astro/rendering';
import { natalChart } from '@astro/western';
import { NIRAN, PLOY, SAMPLE_BRANDING, sampleLogo, sampleReadings, sampleReports } from './sample-documents';
import { systemSamples } from './samples/systems';
import { deckSheets } from './samples/tarot-deck';

const ROOT = path.join(__dirname, '..');
const OUT = path.join(ROOT, 'docs', 'samples');
const ephemerisPath = loadConfig().ephemerisPath;
const branding = SAMPLE_BRANDING;

/** Resolution of the page images: 10.5 pt body text comes out about 11 pixels high, small but readable. */
const PAGE_DPI = 75;

/**
 * Every page of a PDF as `<name>-p<N>.png` (poppler's pdftoppm), squeezed to a 64-colour palette;
 * returns the number of pages.
 */
async function pages(pdf: Buffer, name: string): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samples-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(PAGE_DPI), path.join(dir, 'doc.pdf'), path.join(dir, 'page')]);
    // pdftoppm numbers the pages page-1.png … or page-01.png … depending on the count.
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort((a, b) => Number(/(\d+)\.png$/.exec(a)![1]) - Number(/(\d+)\.png$/.exec(b)![1]));
    for (const [i, file] of files.entries()) {
      await sharp(path.join(dir, file))
        .png({ palette: true, colours: 64, compressionLevel: 9 })
        .toFile(path.join(OUT, `${name}-p${i + 1}.png`));
    }
    console.log(`docs/samples/${name}-p1…p${files.length}.png`);
    return files.length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The wheel in each kind: natal, synastry and transit bi-wheels, a branded Thai wheel with a stellium. */
async function wheels(): Promise<void> {
  const chartOf = (b: typeof PLOY, instant?: Date) =>
    natalChart(
      {
        birth: birthAt(
          instant ?? new Date(Date.parse(`${b.date}T${b.time}:00Z`) - b.timezoneOffsetMinutes * 60_000),
          b.latitude,
          b.longitude,
        ),
        houseSystem: 'P',
      },
      ephemerisPath,
    ).chart;
  const ploy = chartOf(PLOY);
  const base = (c: typeof ploy): WheelInput => ({
    ascendant: c.angles.ascendant,
    midheaven: c.angles.midheaven,
    cusps: c.houses.map((h) => h.cusp),
    inner: c.planets,
    aspects: c.aspects,
    houseSystem: 'P',
    color: branding.primary_color,
  });
  // the 5 February 1962 Aquarius stellium (Sun, Moon, Mercury, Venus, Jupiter within 3°) at New Delhi
  const stellium = chartOf({ ...PLOY, date: '1962-02-05', time: '05:42', latitude: 28.61, longitude: 77.21, timezoneOffsetMinutes: 330 });
  const kinds: [string, WheelInput][] = [
    ['wheel-natal-en', base(ploy)],
    [
      'wheel-synastry-en',
      { ...base(ploy), aspects: undefined, outer: chartOf(NIRAN).planets, labels: wheelLabels('en', PLOY.name, NIRAN.name) },
    ],
    [
      'wheel-transits-th',
      {
        ...base(ploy),
        aspects: undefined,
        outer: chartOf(PLOY, new Date('2026-03-01T05:00:00Z')).planets,
        labels: wheelLabels('th', wheelWord('th', 'natal'), wheelWord('th', 'transit')),
      },
    ],
    ['wheel-branded-stellium-th', { ...base(stellium), color: '#0a7e5c', locale: 'th' }],
  ];
  for (const [name, input] of kinds) {
    fs.writeFileSync(path.join(OUT, `${name}.svg`), chartWheelSvg({ ...input, size: 600 }));
    const png = (await wheelPng({ ...input, size: 600 }, 1)).data;
    await sharp(png)
      .png({ palette: true, colours: 96, compressionLevel: 9 })
      .toFile(path.join(OUT, `${name}.png`));
    console.log(`docs/samples/${name}.svg, .png`);
  }
  const grids: [string, string][] = [
    ['aspect-grid-natal-en', aspectGridSvg({ rows: gridPointsOfChart(ploy), color: branding.primary_color, size: 600 })],
    [
      'aspect-grid-synastry-th',
      aspectGridSvg({
        rows: gridPointsOfChart(ploy),
        columns: gridPointsOfChart(chartOf(NIRAN)),
        names: { rows: PLOY.name, columns: NIRAN.name },
        locale: 'th',
        color: branding.primary_color,
        size: 600,
      }),
    ],
  ];
  for (const [name, svg] of grids) {
    fs.writeFileSync(path.join(OUT, `${name}.svg`), svg);
    await sharp(Buffer.from(svg))
      .png({ palette: true, colours: 96, compressionLevel: 9 })
      .toFile(path.join(OUT, `${name}.png`));
    console.log(`docs/samples/${name}.svg, .png`);
  }
}

/**
 * `npm run samples -- systems` renders only the other systems' samples (scripts/samples/systems.ts);
 * `npm run samples -- only <prefix>` only the report and system samples whose name starts with it
 * (`report-tarot`, `system-tarot`);
 * no argument renders everything.
 */
async function main(): Promise<void> {
  const onlySystems = process.argv[2] === 'systems';
  const prefix = process.argv[2] === 'only' ? process.argv[3] : undefined;
  fs.mkdirSync(OUT, { recursive: true });
  // Page images of an earlier run (a report may have had more pages then).
  const stale = onlySystems ? /^system-.*\.png$/ : /^(report|reading|system)-.*\.png$/;
  for (const f of fs.readdirSync(OUT)) if (prefix ? f.startsWith(`${prefix}-`) : stale.test(f)) fs.rmSync(path.join(OUT, f));
  const renderer = new PdfRenderer(1);
  if (prefix) {
    try {
      const logo = await sampleLogo();
      const wanted = (name: string) => name.startsWith(prefix);
      for (const document of await sampleReports(renderer, logo, { wanted })) await pages(document.pdf, document.name);
      await systemSamples(renderer, { branding, logoDataUrl: logo, ephemerisPath }, OUT, pages, wanted);
    } finally {
      await renderer.close();
    }
    return;
  }
  if (!onlySystems) await wheels();
  try {
    const logo = await sampleLogo();
    if (!onlySystems)
      for (const document of [...(await sampleReports(renderer, logo)), ...(await sampleReadings(renderer, logo))])
        await pages(document.pdf, document.name);
    // Saju, BaZi, Qi Men, Vedic, Maha Thaksa, horoscope and tarot (a three-card spread, a Celtic Cross, the whole deck)
    await systemSamples(renderer, { branding, logoDataUrl: logo, ephemerisPath }, OUT, pages);
    await deckSheets(OUT, branding.primary_color);
  } finally {
    await renderer.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
