// `npm run samples`: regenerates docs/samples/, the pages a customer sees, from the code that makes
// them (no server, no Temporal): page 1 of every report kind and reading kind in en and th, as PDF
// printed by the reports' own PdfRenderer (Chromium) and turned into a small PNG by pdftoppm
// (-r 60), plus the chart wheel as SVG and PNG in each of its kinds. docs/samples/README.md lists them.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '@astro/config';
import {
  chartWheelSvg,
  computeReportData,
  PdfRenderer,
  renderContext,
  ReportInput,
  reportHtml,
  ReportLocale,
  resolveBranding,
  WheelInput,
  wheelLabels,
  wheelPng,
  wheelWord,
} from '@astro/rendering';
import {
  analyseFace,
  analysePalm,
  LandmarkModels,
  readingDocument,
  readingHtml,
  validateFacePhoto,
  validatePalmPhoto,
  VisualAnalysis,
} from '@astro/visual';
import { natalChart } from '@astro/western';

const ROOT = path.join(__dirname, '..');
const OUT = path.join(ROOT, 'docs', 'samples');
const LOCALES: ReportLocale[] = ['en', 'th'];
const ephemerisPath = loadConfig().ephemerisPath;

const PLOY = { name: 'Ploy', date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
const NIRAN = { name: 'Niran', date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
const birth = (b: typeof PLOY) => ({
  date: b.date,
  time: b.time,
  latitude: b.latitude,
  longitude: b.longitude,
  timezoneOffsetMinutes: b.timezoneOffsetMinutes,
});
const REPORTS: ReportInput[] = [
  { kind: 'solar_return', input: { birth_subject: birth(PLOY), target_year: 2026, house_system: 'P', name: PLOY.name } },
  { kind: 'synastry_premium', input: { person_a: PLOY, person_b: NIRAN, house_system: 'P' } },
  {
    kind: 'transit_window',
    input: { birth_subject: birth(PLOY), start_date: '2026-03-01', end_date: '2026-03-31', house_system: 'P', name: PLOY.name },
  },
];
const branding = resolveBranding(null, { brand_name: 'Siam Stars', contact_email: 'hello@siamstars.example' });

/** Page 1 of a PDF as a PNG at 60 dpi (poppler's pdftoppm), squeezed to a 64-colour palette. */
async function firstPage(pdf: Buffer, name: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'samples-'));
  try {
    fs.writeFileSync(path.join(dir, 'page.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', path.join(dir, 'page.pdf'), path.join(dir, 'page')]);
    const png = fs.readdirSync(dir).find((f) => f.endsWith('.png'))!;
    await sharp(path.join(dir, png))
      .png({ palette: true, colours: 64, compressionLevel: 9 })
      .toFile(path.join(OUT, `${name}.png`));
    console.log(`docs/samples/${name}.png`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function reports(renderer: PdfRenderer): Promise<void> {
  for (const report of REPORTS) {
    const data = computeReportData(report, ephemerisPath);
    for (const locale of LOCALES) {
      await firstPage(
        await renderer.render(reportHtml(data, renderContext(locale, branding, null))),
        `report-${report.kind.replace(/_/g, '-')}-${locale}`,
      );
    }
  }
}

/** The readings from the test photographs (test/fixtures/visual), through the workflow's own steps. */
async function readings(renderer: PdfRenderer): Promise<void> {
  const models = new LandmarkModels();
  const fixtures = path.join(ROOT, 'test', 'fixtures', 'visual');
  const face = fs.readFileSync(path.join(fixtures, 'face-astronaut.png'));
  const left = fs.readFileSync(path.join(fixtures, 'palm-left-opencv.jpg'));
  // a mirror image of a left hand is a right hand (as in test/visual-readings.test.ts)
  const right = await sharp(left).flop().jpeg({ quality: 95 }).toBuffer();
  const analyses: VisualAnalysis[] = [
    { family: 'face', face: analyseFace(await validateFacePhoto(models, face)) },
    {
      family: 'palm',
      left: await analysePalm(left, await validatePalmPhoto(models, left, 'left', 'left palm photo')),
      right: await analysePalm(right, await validatePalmPhoto(models, right, 'right', 'right palm photo')),
    },
  ];
  for (const analysis of analyses) {
    for (const locale of LOCALES) {
      const document = readingDocument(`sample-${analysis.family}`, analysis, { sku: 'branded', locale, subjectLabel: PLOY.name });
      await firstPage(await renderer.render(readingHtml(document, branding, null, [])), `reading-${analysis.family}-${locale}`);
    }
  }
}

/** The wheel in each kind: natal, synastry and transit bi-wheels, a branded Thai wheel with a stellium. */
async function wheels(): Promise<void> {
  const chartOf = (b: typeof PLOY, instant?: Date) =>
    natalChart(
      {
        instant: instant ?? new Date(Date.parse(`${b.date}T${b.time}:00Z`) - b.timezoneOffsetMinutes * 60_000),
        latitude: b.latitude,
        longitude: b.longitude,
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
    ['wheel-branded-stellium-th', { ...base(stellium), color: '#0a7e5c', labels: wheelLabels('th') }],
  ];
  for (const [name, input] of kinds) {
    fs.writeFileSync(path.join(OUT, `${name}.svg`), chartWheelSvg({ ...input, size: 600 }));
    const png = (await wheelPng({ ...input, size: 600 }, 1)).data;
    await sharp(png)
      .png({ palette: true, colours: 96, compressionLevel: 9 })
      .toFile(path.join(OUT, `${name}.png`));
    console.log(`docs/samples/${name}.svg, .png`);
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(OUT, { recursive: true });
  await wheels();
  const renderer = new PdfRenderer(1);
  try {
    await reports(renderer);
    await readings(renderer);
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
