// `npm run samples`: regenerates docs/samples/, the pages a customer sees, from the code that makes
// them (no server, no Temporal): every page of every report kind and reading kind in en and th, as
// PDF printed by the reports' own PdfRenderer (Chromium) and turned into one PNG per page by pdftoppm
// (-r 75), plus the chart wheel as SVG and PNG in each of its kinds. docs/samples/README.md lists them.
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
  annotatedImage,
  LandmarkModels,
  photoCaption,
  readingDocument,
  readingHtml,
  validateFacePhoto,
  validatePalmPhoto,
  VisualAnalysis,
} from '@astro/visual';
import { natalChart } from '@astro/western';
import { sampleLogoDataUrl } from './samples/logo';
import { systemSamples } from './samples/systems';

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

async function reports(renderer: PdfRenderer): Promise<void> {
  for (const report of REPORTS) {
    const data = computeReportData(report, ephemerisPath);
    for (const locale of LOCALES) {
      await pages(
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
      const document = readingDocument(`sample-${analysis.family}`, analysis, {
        sku: 'premium',
        locale,
        subjectLabel: PLOY.name,
        safetyMode: branding.safety_mode,
      });
      const photos = analysis.family === 'face' ? [face] : [left, right];
      const annotated = await Promise.all(
        photos.map(async (photo, i) => {
          const drawn =
            analysis.family === 'face'
              ? await annotatedImage(photo, analysis.face.landmarks.mesh, { colour: branding.primary_color })
              : await annotatedImage(photo, (i === 0 ? analysis.left : analysis.right).landmarks.keypoints, {
                  bones: true,
                  colour: branding.primary_color,
                });
          const slot = analysis.family === 'face' ? 'face' : i === 0 ? 'left' : 'right';
          return { caption: photoCaption(slot, locale), dataUrl: `data:image/jpeg;base64,${drawn.toString('base64')}` };
        }),
      );
      await pages(await renderer.render(readingHtml(document, branding, null, annotated)), `reading-${analysis.family}-${locale}`);
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

/** The other systems (Saju, BaZi, Qi Men, Vedic, Maha Thaksa, horoscope, tarot): scripts/samples/systems.ts. */
async function systems(renderer: PdfRenderer): Promise<void> {
  const logoDataUrl = await sampleLogoDataUrl(branding.primary_color);
  await systemSamples(renderer, { branding, logoDataUrl, ephemerisPath }, OUT, pages);
}

/** `npm run samples -- systems` renders only the other systems' samples; no argument renders everything. */
async function main(): Promise<void> {
  const only = process.argv[2];
  fs.mkdirSync(OUT, { recursive: true });
  // Page images of an earlier run (a report may have had more pages then).
  const stale = only === 'systems' ? /^system-.*\.png$/ : /^(report|reading|system)-.*\.png$/;
  for (const f of fs.readdirSync(OUT)) if (stale.test(f)) fs.rmSync(path.join(OUT, f));
  if (only !== 'systems') await wheels();
  const renderer = new PdfRenderer(1);
  try {
    if (only !== 'systems') {
      await reports(renderer);
      await readings(renderer);
    }
    await systems(renderer);
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
