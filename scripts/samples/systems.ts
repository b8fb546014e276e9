// The samples of every system's answer beyond the Western reports (`npm run samples` calls this):
// Saju and BaZi pillar grids, the Qi Men board, Vedic North and South Indian charts, the Maha Thaksa
// board, a monthly horoscope and a tarot spread, each on a branded page (logo, name, colour) in
// English and Thai, plus the chart images the endpoints return (Qi Men, Vedic, Maha Thaksa) as they
// come out of the API, rasterised as PNG.
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { baziReport, qimenBoardSvg, qimenChart } from '@astro/chinese';
import {
  baziPillarGrid,
  PdfRenderer,
  pillarGridSvg,
  ResolvedBranding,
  SheetFigure,
  SheetSection,
  sajuPillarGrid,
  systemSheetHtml,
  tarotReadingSvg,
} from '@astro/rendering';
import { sajuReport } from '@astro/saju';
import { birthOf, ZODIAC_SIGNS } from '@astro/ephemeris';
import { DEFAULT_VOICE, writeHoroscope } from '@astro/horoscopes';
import { Spread, tarotReading } from '@astro/tarot';
import { mahaThaksa, mahaThaksaSvg } from '@astro/thai';
import { degreesMinutes, kundli, NAKSHATRAS } from '@astro/vedic';
import labels from './labels.json';

export type SampleLocale = 'en' | 'th';
export const SYSTEM_LOCALES: SampleLocale[] = ['en', 'th'];
export const SYSTEMS = ['saju', 'bazi', 'qimen', 'vedic', 'maha-thaksa', 'horoscope', 'tarot', 'tarot-celtic-cross'] as const;
export type SampleSystem = (typeof SYSTEMS)[number];

/** Ploy, the subject of the Western samples too: 10 March 1985, 11:20 at Bangkok (UTC+7). */
const BIRTH = { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
/** The day the luck pillars, the Maha Thaksa period and the horoscope speak of (fixed, so the samples are reproducible). */
const AS_OF = '2026-03-10';
/** The Qi Men chart of a consultation that morning in Bangkok. */
const QIMEN_MOMENT = { date: AS_OF, time: '10:00', timezoneOffsetMinutes: 420, latitude: 13.75, longitude: 100.5 };

export interface SystemContext {
  branding: ResolvedBranding;
  logoDataUrl: string;
  ephemerisPath: string;
}

/** A figure that is also written on its own, full size, as `figure-<file>.png` (the page shrinks it). */
type NamedFigure = SheetFigure & { file?: string };
type Sheet = { title: string; subtitle: string; sections: (SheetSection & { figures?: NamedFigure[] })[] };

function sajuSheet(locale: SampleLocale, ctx: SystemContext): Sheet {
  const l = labels[locale];
  const report = sajuReport({ birth: birthOf(BIRTH), gender: 'female', locale, reference_date: AS_OF }, ctx.ephemerisPath);
  const grid = sajuPillarGrid(report, {
    locale,
    birthDate: BIRTH.date,
    asOf: AS_OF,
    title: '',
    subtitle: l.as_of,
    color: ctx.branding.primary_color,
  });
  return {
    title: l.saju.title,
    subtitle: l.subject,
    sections: [
      { heading: l.saju.grid, figures: [{ svg: pillarGridSvg(grid), width: '66%', file: `saju-pillars-${locale}` }] },
      { heading: l.saju.reading, paragraphs: report.reading_summary.split('\n').filter(Boolean) },
    ],
  };
}

function baziSheet(locale: SampleLocale, ctx: SystemContext): Sheet {
  const l = labels[locale];
  const report = baziReport({ ...BIRTH, gender: 'female', language: locale }, ctx.ephemerisPath);
  const grid = baziPillarGrid(report, {
    locale,
    birthDate: BIRTH.date,
    asOf: AS_OF,
    title: '',
    subtitle: l.as_of,
    color: ctx.branding.primary_color,
  });
  return {
    title: l.bazi.title,
    subtitle: l.subject,
    sections: [
      { heading: l.bazi.grid, figures: [{ svg: pillarGridSvg(grid), width: '66%', file: `bazi-pillars-${locale}` }] },
      { heading: l.bazi.reading, paragraphs: report.reading.paragraphs },
    ],
  };
}

function qimenSheet(locale: SampleLocale, ctx: SystemContext): Sheet {
  const l = labels[locale];
  const chart = qimenChart({ ...QIMEN_MOMENT, language: locale }, ctx.ephemerisPath);
  // the English edition gives each Chinese name its translation; the Thai edition the Thai meaning
  const named = (x: { zh: string; en: string; meaning?: string } | null) =>
    x ? (locale === 'en' ? `${x.zh} ${x.en}` : x.meaning ? `${x.zh} · ${x.meaning}` : x.zh) : '—';
  const rows = [...chart.palaces]
    .sort((a, b) => a.number - b.number)
    .map((p) => [
      `${p.trigram}${p.number} ${p.direction_zh}`,
      named(p.star),
      named(p.door),
      p.deity ? (locale === 'en' ? `${p.deity.zh} ${p.deity.en}` : p.deity.zh) : '—',
      `${p.heaven_stem ?? '—'} / ${p.earth_stem}`,
    ]);
  return {
    title: l.qimen.title,
    subtitle: l.qimen.subtitle,
    sections: [
      { heading: l.qimen.board, figures: [{ svg: qimenBoardSvg(chart, { color: ctx.branding.primary_color, size: 540 }), width: '48%' }] },
      { heading: l.qimen.palaces, table: { head: l.qimen.head, rows, nowrap: [0, 3, 4], compact: true } },
    ],
  };
}

function vedicKundli(ctx: SystemContext, language: SampleLocale = 'en') {
  return kundli(birthOf(BIRTH), 'true', ctx.ephemerisPath, { styles: ['north', 'south'], vargas: [1, 9], language });
}

function vedicSheet(locale: SampleLocale, ctx: SystemContext): Sheet {
  const l = labels[locale];
  const k = vedicKundli(ctx, locale);
  const sign = (name: string) => (locale === 'en' ? name : labels.th_signs[ZODIAC_SIGNS.indexOf(name as (typeof ZODIAC_SIGNS)[number])]);
  const body = (name: string) => (locale === 'en' ? name : labels.th_bodies[name as keyof typeof labels.th_bodies]);
  const charts = (varga: string) =>
    k.charts
      .filter((c) => c.varga === varga)
      .map((c) => ({ svg: c.svg, caption: c.style === 'north' ? l.vedic.north : l.vedic.south, width: '48%' }));
  const nakshatra = (name: string) =>
    locale === 'en' ? name : labels.th_nakshatras[NAKSHATRAS.indexOf(name as (typeof NAKSHATRAS)[number])];
  return {
    title: l.vedic.title,
    subtitle: l.subject,
    sections: [
      { heading: l.vedic.rasi, figures: charts('D1') },
      {
        heading: l.vedic.placements,
        table: {
          head: l.vedic.head,
          rows: k.placements.map((p) => [
            body(p.body) + (p.retrograde && p.body !== 'Rahu' && p.body !== 'Ketu' ? (locale === 'th' ? ' (พักร์)' : ' (R)') : ''),
            sign(p.sign),
            degreesMinutes(p.degree),
            nakshatra(p.nakshatra),
            String(p.pada),
            String(p.house),
          ]),
        },
      },
      { heading: l.vedic.navamsa, figures: charts('D9') },
    ],
  };
}

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  th: ['มกราคม', 'กุมภาพันธ์', 'มีนาคม', 'เมษายน', 'พฤษภาคม', 'มิถุนายน', 'กรกฎาคม', 'สิงหาคม', 'กันยายน', 'ตุลาคม', 'พฤศจิกายน', 'ธันวาคม'],
};

/** `YYYY-MM-DD` as a reader writes it: "10 March 1985", or in Thai with the Buddhist year, "10 มีนาคม พ.ศ. 2528". */
function longDate(iso: string, locale: SampleLocale): string {
  const [y, m, d] = iso.split('-').map(Number);
  return locale === 'th' ? `${d} ${MONTHS.th[m - 1]} พ.ศ. ${y + 543}` : `${d} ${MONTHS.en[m - 1]} ${y}`;
}

function thaksaSheet(locale: SampleLocale, _ctx: SystemContext): Sheet {
  const l = labels[locale];
  const wheel = mahaThaksa(BIRTH, AS_OF);
  return {
    title: l.thaksa.title,
    subtitle: l.subject,
    sections: [
      { heading: l.thaksa.board, figures: [{ svg: mahaThaksaSvg(wheel, locale === 'th' ? 'none' : 'english'), width: '60%' }] },
      {
        heading: l.thaksa.periods,
        table: {
          head: l.thaksa.head,
          rows: wheel.periods.map((p) => [
            p.planet_name[locale] + (p === wheel.periods[wheel.periods.length - 1] ? ` (${l.thaksa.now})` : ''),
            String(p.years),
            longDate(p.start, locale),
            longDate(p.end, locale),
          ]),
        },
      },
    ],
  };
}

function horoscopeSheet(locale: SampleLocale, ctx: SystemContext): Sheet {
  const l = labels[locale];
  const h = writeHoroscope(
    { sign: 'Pisces', period: 'monthly', periodStart: '2026-03-01', locale, voice: DEFAULT_VOICE },
    ctx.ephemerisPath,
  );
  return {
    title: l.horoscope.title,
    subtitle: h.title,
    sections: [{ heading: l.horoscope.reading, paragraphs: [...h.text.split('\n').filter(Boolean), h.disclaimer] }],
  };
}

/** A tarot spread on branded pages: the spread with its card faces, each position read, and the reading as a whole. */
function tarotSheetOf(spread: Spread, seed: string, file: string) {
  return (locale: SampleLocale, ctx: SystemContext): Sheet => {
    const l = labels[locale];
    const reading = tarotReading({ spread, question: l.tarot.question, locale, allowReversed: true, seed });
    const figure = tarotReadingSvg(reading, { locale, color: ctx.branding.primary_color });
    const spreadSection: Sheet['sections'][number] = {
      heading: l.tarot.spread,
      figures: [{ svg: figure, width: spread === 'celtic_cross' ? '86%' : '82%', file: `${file}-${locale}` }],
    };
    const byCardSection: Sheet['sections'][number] = {
      heading: l.tarot.by_card,
      table: {
        head: l.tarot.columns,
        nowrap: [0],
        rows: reading.cards.map((c, i) => [
          `${i + 1} · ${c.position.name[locale]}`,
          `${c.card.name[locale]}${c.orientation === 'reversed' ? ` (${l.tarot.reversed})` : ''}`,
          c.interpretation[locale],
        ]),
      },
    };
    const wholeSection: Sheet['sections'][number] = { heading: l.tarot.reading, paragraphs: [reading.synthesis_localized[locale]] };
    return {
      title: l.tarot.titles[spread as keyof typeof l.tarot.titles],
      subtitle: l.tarot.question,
      // A short spread: the cards and the reading as a whole fill the first page, each card's reading the next.
      sections:
        spread === 'three_card'
          ? [spreadSection, wholeSection, { ...byCardSection, newPage: true }]
          : [spreadSection, byCardSection, wholeSection],
    };
  };
}

const SHEETS: Record<SampleSystem, (locale: SampleLocale, ctx: SystemContext) => Sheet> = {
  saju: sajuSheet,
  bazi: baziSheet,
  qimen: qimenSheet,
  vedic: vedicSheet,
  'maha-thaksa': thaksaSheet,
  horoscope: horoscopeSheet,
  tarot: tarotSheetOf('three_card', 'siam-stars-sample-23', 'tarot-spread'),
  'tarot-celtic-cross': tarotSheetOf('celtic_cross', 'siam-stars-sample-7', 'tarot-celtic-cross'),
};

/** One system's branded page as HTML, ready for the PdfRenderer. */
export function systemSheet(system: SampleSystem, locale: SampleLocale, ctx: SystemContext): string {
  const sheet = SHEETS[system](locale, ctx);
  return systemSheetHtml({ lang: locale, ...sheet, branding: ctx.branding, logoDataUrl: ctx.logoDataUrl, pageLabel: labels[locale].page });
}

/** The pillar grids and the tarot spread at full size, by file name (the pages print them smaller). */
export function figureImages(ctx: SystemContext): Record<string, string> {
  const images: Record<string, string> = {};
  for (const system of SYSTEMS)
    for (const locale of SYSTEM_LOCALES)
      for (const section of SHEETS[system](locale, ctx).sections)
        for (const f of section.figures ?? []) if (f.file) images[`figure-${f.file}`] = f.svg;
  return images;
}

/** The chart images the endpoints return, by file name: exactly the SVG each API answer carries. */
export function endpointImages(ctx: SystemContext): Record<string, string> {
  const k = vedicKundli(ctx);
  const images: Record<string, string> = {
    'chart-qimen-board': qimenBoardSvg(qimenChart({ ...QIMEN_MOMENT, language: 'en' }, ctx.ephemerisPath)),
    'chart-maha-thaksa': mahaThaksaSvg(mahaThaksa(BIRTH, AS_OF)),
  };
  for (const c of k.charts) images[`chart-vedic-${c.style}-${c.varga.toLowerCase()}`] = c.svg;
  return images;
}

/** An SVG as the PNG librsvg (sharp) draws, at `scale` pixels per unit: what a customer rasterising the SVG sees. */
export async function svgPng(svg: string, scale = 1.5): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 * scale })
    .png()
    .toBuffer();
}

/**
 * Writes every system sheet (via `pages`, one PNG per PDF page) and the endpoint images into `out`.
 * `pages` is the report samples' own PDF → PNG step, so both kinds of sample look alike. With
 * `wanted`, only the sheets whose name it accepts (`system-tarot-en`) and no images.
 */
export async function systemSamples(
  renderer: PdfRenderer,
  ctx: SystemContext,
  out: string,
  pages: (pdf: Buffer, name: string) => Promise<number>,
  wanted?: (name: string) => boolean,
): Promise<void> {
  for (const system of SYSTEMS) {
    for (const locale of SYSTEM_LOCALES) {
      const name = `system-${system}-${locale}`;
      if (!wanted || wanted(name)) await pages(await renderer.render(systemSheet(system, locale, ctx)), name);
    }
  }
  if (wanted) return;
  for (const [name, svg] of Object.entries({ ...endpointImages(ctx), ...figureImages(ctx) })) {
    fs.writeFileSync(path.join(out, `${name}.svg`), svg);
    await sharp(await svgPng(svg))
      .png({ palette: true, colours: 96, compressionLevel: 9 })
      .toFile(path.join(out, `${name}.png`));
    console.log(`docs/samples/${name}.svg, .png`);
  }
}
