// The documents of docs/samples, built from the code that makes them (no server, no Temporal): every
// report kind and reading kind in English and Thai, printed by the reports' own PdfRenderer, with the
// sample brand's logo (test/fixtures/branding/siam-stars-logo.svg). scripts/samples.ts writes their
// pages as images; test/rendered-samples.test.ts checks their text and page layout.
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '@astro/config';
import {
  computeReportData,
  normaliseLogo,
  PdfRenderer,
  renderContext,
  ReportInput,
  reportHtml,
  ReportLocale,
  resolveBranding,
} from '@astro/rendering';
import {
  analyseFace,
  analysePalm,
  annotatedPhoto,
  LandmarkModels,
  photoCaption,
  readingDocument,
  readingHtml,
  validateFacePhoto,
  validatePalmPhoto,
  VisualAnalysis,
} from '@astro/visual';

const ROOT = path.join(__dirname, '..');
export const SAMPLE_LOCALES: ReportLocale[] = ['en', 'th'];

export const PLOY = {
  name: 'Ploy',
  date: '1985-03-10',
  time: '11:20',
  latitude: 13.75,
  longitude: 100.5,
  timezoneOffsetMinutes: 420,
  timezone: 'Asia/Bangkok',
};
export const NIRAN = { ...PLOY, name: 'Niran', date: '1990-05-16', time: '19:30' };
const birth = (b: typeof PLOY) => ({
  date: b.date,
  time: b.time,
  latitude: b.latitude,
  longitude: b.longitude,
  timezoneOffsetMinutes: b.timezoneOffsetMinutes,
  timezone: b.timezone,
});
/** A person of the samples: a name and a birth in local time with its zone. */
export type SamplePerson = typeof PLOY;

/**
 * Every report kind for two people: `a` (Ploy in the samples) is the subject of the solar return,
 * transit window, Saju, kundli and Qi Men reports and the bride's side of the match, `b` (Niran) of
 * the BaZi and Thai life reports and the groom's side; the synastry reads both. The dates read are
 * fixed, so the samples are reproducible.
 */
export function sampleReportInputs(a: SamplePerson, b: SamplePerson): ReportInput[] {
  return [...westernAndPillarReports(a, b), ...vedicReports(a, b), ...thaiQimenReports(a, b), ...tarotReports(a, b)];
}

function westernAndPillarReports(a: SamplePerson, b: SamplePerson): ReportInput[] {
  return [
    { kind: 'solar_return', input: { birth_subject: birth(a), target_year: 2026, house_system: 'P', name: a.name } },
    { kind: 'synastry_premium', input: { person_a: a, person_b: b, house_system: 'P' } },
    {
      kind: 'transit_window',
      input: { birth_subject: birth(a), start_date: '2026-03-01', end_date: '2026-03-31', house_system: 'P', name: a.name },
    },
    {
      kind: 'saju',
      input: {
        birth_subject: birth(a),
        name: a.name,
        gender: 'female',
        as_of: '2026-03-10',
        dst: 'standard_time',
        ja_hour_convention: 'next_day_at_23',
      },
    },
    {
      kind: 'bazi',
      input: {
        birth_subject: birth(b),
        name: b.name,
        gender: 'male',
        as_of: '2026-03-10',
        dst: 'standard_time',
        zi_hour: 'next_day',
        true_solar_time: false,
      },
    },
  ];
}
/** The Thai life and Qi Men samples: Niran's Maha Thaksa read for 2026, and Ploy's career question on a fixed morning in Bangkok. */
function thaiQimenReports(a: SamplePerson, b: SamplePerson): ReportInput[] {
  return [
    { kind: 'thai_life', input: { birth_subject: { ...birth(b), place: 'Bangkok' }, name: b.name, year: 2026 } },
    {
      kind: 'qimen',
      input: {
        moment: { ...birth(a), date: '2026-03-10', time: '10:00', place: 'Bangkok' },
        purpose: 'career',
        question: null,
        name: a.name,
        true_solar_time: false,
        dst: 'standard_time',
      },
    },
  ];
}
/** The tarot samples: a's three cards on a question about work, and b's Celtic Cross; each drawn from a fixed seed. */
function tarotReports(a: SamplePerson, b: SamplePerson): ReportInput[] {
  return [
    {
      kind: 'tarot',
      input: { spread: 'three_card', seed: 'siam-stars-ploy', allow_reversed: true, question: null, name: a.name, locale: 'en' },
    },
    {
      kind: 'tarot',
      input: { spread: 'celtic_cross', seed: 'siam-stars-niran', allow_reversed: true, question: null, name: b.name, locale: 'en' },
    },
  ];
}
/** The questions of the tarot samples in the reader's language, by spread. */
const TAROT_SAMPLE_QUESTION: Record<ReportLocale, Record<string, string>> = {
  en: { three_card: 'What should I focus on at work?', celtic_cross: 'Where is my relationship heading this year?' },
  th: { three_card: 'ควรให้ความสำคัญกับอะไรในงาน', celtic_cross: 'ความรักของฉันปีนี้จะไปทางไหน' },
};
/** The question of the Qi Men sample in the reader's language, as a customer of that edition asks it. */
const QIMEN_SAMPLE_QUESTION: Record<ReportLocale, string> = {
  en: 'Should I accept the offer from the new company?',
  th: 'ควรรับข้อเสนองานจากบริษัทใหม่หรือไม่',
};

/** The Vedic samples: Ploy's kundli, and Niran (the groom's side) with Ploy, each in both chart styles, read on a fixed day. */
const VEDIC_AS_OF = '2026-03-10';
const vedicSubject = (p: SamplePerson) => ({ ...birth(p), place: 'Bangkok' });
function vedicReports(a: SamplePerson, b: SamplePerson): ReportInput[] {
  return (['north', 'south'] as const).flatMap((chart_style): ReportInput[] => [
    {
      kind: 'vedic_kundli',
      input: { birth_subject: vedicSubject(a), name: a.name, chart_style, node: 'mean', as_of: VEDIC_AS_OF, locale: 'en' },
    },
    {
      kind: 'vedic_matching',
      input: {
        person_a: { ...vedicSubject(b), name: b.name },
        person_b: { ...vedicSubject(a), name: a.name },
        chart_style,
        as_of: VEDIC_AS_OF,
        locale: 'en',
      },
    },
  ]);
}

/** A report's input in a language: the Vedic reports compute their route texts (doshas, remedies, kootas) in it; the Qi Men question is asked in it. */
export function inLocale(report: ReportInput, locale: ReportLocale): ReportInput {
  if (report.kind === 'qimen') return { kind: report.kind, input: { ...report.input, question: QIMEN_SAMPLE_QUESTION[locale] } };
  if (report.kind === 'tarot')
    return { kind: report.kind, input: { ...report.input, locale, question: TAROT_SAMPLE_QUESTION[locale][report.input.spread] } };
  return report.kind === 'vedic_kundli' || report.kind === 'vedic_matching'
    ? ({ kind: report.kind, input: { ...report.input, locale } } as ReportInput)
    : report;
}

/** `report-solar-return-en`, and for the Vedic reports their chart style too: `report-vedic-kundli-south-th`. */
function sampleName(report: ReportInput, locale: ReportLocale): string {
  const style =
    report.kind === 'vedic_kundli' || report.kind === 'vedic_matching'
      ? `-${report.input.chart_style}`
      : report.kind === 'tarot'
        ? `-${report.input.spread.replace(/_/g, '-')}`
        : '';
  return `report-${report.kind.replace(/_/g, '-')}${style}-${locale}`;
}

export const SAMPLE_BRANDING = resolveBranding(null, { brand_name: 'Siam Stars', contact_email: 'hello@siamstars.example' });

/** The sample brand's logo as the report embeds it (a PNG data: URL), through the logo upload's own checks. */
export async function sampleLogo(): Promise<string> {
  const svg = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'branding', 'siam-stars-logo.svg'));
  return `data:image/png;base64,${(await normaliseLogo(svg, 'image/svg+xml')).png.toString('base64')}`;
}

export interface SampleDocument {
  /** `report-solar-return-en`, `reading-face-th`, … */
  name: string;
  locale: ReportLocale;
  /** the HTML the renderer printed (its text blocks are what the sentence checks read) */
  html: string;
  pdf: Buffer;
}

/**
 * Every report in both languages, for Ploy and Niran unless two other people are given; only those
 * whose name `wanted` accepts (`npm run samples -- only report-tarot`).
 */
export async function sampleReports(
  renderer: PdfRenderer,
  logo: string,
  { people = [PLOY, NIRAN], wanted = () => true }: { people?: [SamplePerson, SamplePerson]; wanted?: (name: string) => boolean } = {},
): Promise<SampleDocument[]> {
  const ephemerisPath = loadConfig().ephemerisPath;
  const out: SampleDocument[] = [];
  for (const report of sampleReportInputs(...people)) {
    for (const locale of SAMPLE_LOCALES) {
      if (!wanted(sampleName(report, locale))) continue;
      const data = computeReportData(inLocale(report, locale), ephemerisPath);
      const html = reportHtml(data, renderContext(locale, SAMPLE_BRANDING, logo));
      out.push({ name: sampleName(report, locale), locale, html, pdf: await renderer.render(html) });
    }
  }
  return out;
}

/**
 * A reading of the samples: the face from test/fixtures/visual/face-astronaut.png (or its mirror
 * image, which measures differently), the palms from palm-left-opencv.jpg and its mirror image as
 * the right hand; `premium` (the tradition's notes and the annotated photos) or `branded`.
 */
export interface SampleReading {
  family: 'face' | 'palm';
  sku: 'premium' | 'branded';
  mirrored?: boolean;
  safetyMode?: 'default' | 'workplace';
}
const SAMPLE_READINGS: SampleReading[] = [
  { family: 'face', sku: 'premium' },
  { family: 'palm', sku: 'premium' },
];

/** The readings from the test photographs (test/fixtures/visual), through the workflow's own steps. */
export async function sampleReadings(renderer: PdfRenderer, logo: string, readings = SAMPLE_READINGS): Promise<SampleDocument[]> {
  const models = new LandmarkModels();
  const fixtures = path.join(ROOT, 'test', 'fixtures', 'visual');
  const face = fs.readFileSync(path.join(fixtures, 'face-astronaut.png'));
  const left = fs.readFileSync(path.join(fixtures, 'palm-left-opencv.jpg'));
  // a mirror image of a left hand is a right hand (as in test/visual-readings.test.ts)
  const right = await sharp(left).flop().jpeg({ quality: 95 }).toBuffer();
  const out: SampleDocument[] = [];
  for (const reading of readings) {
    const facePhoto = reading.mirrored ? await sharp(face).flop().png().toBuffer() : face;
    const analysis: VisualAnalysis =
      reading.family === 'face'
        ? { family: 'face', face: analyseFace(await validateFacePhoto(models, facePhoto)) }
        : {
            family: 'palm',
            left: await analysePalm(left, await validatePalmPhoto(models, left, 'left', 'left palm photo')),
            right: await analysePalm(right, await validatePalmPhoto(models, right, 'right', 'right palm photo')),
          };
    const safetyMode = reading.safetyMode ?? SAMPLE_BRANDING.safety_mode;
    for (const locale of SAMPLE_LOCALES) {
      const document = readingDocument(`sample-${analysis.family}`, analysis, {
        sku: reading.sku,
        locale,
        subjectLabel: PLOY.name,
        safetyMode,
      });
      const photos = analysis.family === 'face' ? [facePhoto] : [left, right];
      const slots = analysis.family === 'face' ? (['face'] as const) : (['left', 'right'] as const);
      const annotated =
        reading.sku !== 'premium'
          ? []
          : await Promise.all(
              slots.map(async (slot, i) => {
                const drawn = await annotatedPhoto(photos[i], analysis, slot, SAMPLE_BRANDING.primary_color);
                return { caption: photoCaption(slot, locale), dataUrl: `data:image/jpeg;base64,${drawn.toString('base64')}` };
              }),
            );
      const html = readingHtml(document, SAMPLE_BRANDING, logo, annotated);
      const variant = [
        reading.sku === 'premium' ? '' : `-${reading.sku}`,
        reading.mirrored ? '-mirrored' : '',
        reading.safetyMode === 'workplace' ? '-workplace' : '',
      ].join('');
      out.push({ name: `reading-${analysis.family}${variant}-${locale}`, locale, html, pdf: await renderer.render(html) });
    }
  }
  return out;
}
