import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '@astro/config';
import { PdfRenderer } from '@astro/rendering';
import { SAMPLE_BRANDING, sampleLogo } from '../scripts/sample-documents';
import { endpointImages, svgPng, SYSTEM_LOCALES, SYSTEMS, systemSheet, SystemContext } from '../scripts/samples/systems';

/**
 * The renderers behind `npm run samples` for the systems beyond the Western reports: every system
 * in English and Thai prints a branded PDF, every endpoint chart image rasterises to a drawn PNG,
 * and every character they print has a glyph in a font installed here (the check that shows a tofu
 * box before a customer does: the Qi Men board, the pillar grids and the Thai pages).
 */

/** The families the sheets and figures name, in the order they are asked for. */
const FAMILIES = ['Noto Sans', 'Noto Sans Thai', 'Noto Sans CJK SC', 'Noto Sans CJK KR', 'DejaVu Sans'];

/** The code points the faces of a font family cover, from fontconfig's charsets ("20-7e a0-103 …"). */
function coverage(family: string): [number, number][] {
  const charsets = execFileSync('fc-list', ['-f', '%{charset}\n', `:family=${family}`], { encoding: 'utf8' });
  return charsets
    .split(/\s+/)
    .filter(Boolean)
    .map((range) => {
      const [from, to] = range.split('-').map((h) => parseInt(h, 16));
      return [from, to ?? from];
    });
}

/** The text a document or SVG prints: tags, the style sheet and attribute values (the logo's data: URL) left out. */
function printedText(markup: string): string {
  return markup
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<title>[\s\S]*?<\/title>/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('the samples of every system', () => {
  const ephemerisPath = loadConfig().ephemerisPath;
  const branding = SAMPLE_BRANDING;
  let ctx: SystemContext;
  let renderer: PdfRenderer;
  let fonts: [number, number][];
  const missingGlyphs = (text: string) =>
    [...new Set(text.replace(/\s/g, ''))].filter((ch) => {
      const cp = ch.codePointAt(0)!;
      return !fonts.some(([from, to]) => cp >= from && cp <= to);
    });

  beforeAll(async () => {
    ctx = { branding, logoDataUrl: await sampleLogo(), ephemerisPath };
    renderer = new PdfRenderer(1);
    fonts = FAMILIES.flatMap(coverage);
  });
  afterAll(async () => {
    await renderer.close();
  });

  it('has the Chinese, Korean and Thai fonts installed (npm start and npm test install fonts-noto-cjk)', () => {
    for (const lang of ['zh', 'ko', 'th']) expect(execFileSync('fc-list', [`:lang=${lang}`], { encoding: 'utf8' }).trim()).not.toBe('');
    // the check below would pass on an empty font list; these characters prove the fonts answer
    expect(missingGlyphs('甲子戊午일간비견มหาทักษา♈★')).toEqual([]);
    expect(missingGlyphs('\u{1F680}')).toEqual(['\u{1F680}']);
  });

  for (const system of SYSTEMS) {
    for (const locale of SYSTEM_LOCALES) {
      it(`prints ${system} in ${locale}: a branded PDF whose every character has a glyph`, async () => {
        const html = systemSheet(system, locale, ctx);
        expect(missingGlyphs(printedText(html))).toEqual([]);
        expect(html).toContain('data:image/png;base64,'); // the logo
        // the customer's name as given, in every edition (the Western reports print "Ploy" too)
        expect(printedText(html)).not.toContain('พลอย ·');
        const pdf = await renderer.render(html);
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-'));
        try {
          fs.writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
          const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' });
          const embedded = execFileSync('pdffonts', [path.join(dir, 'sheet.pdf')], { encoding: 'utf8' });
          expect(text).toContain('Siam Stars');
          if (locale === 'th') expect(embedded).toMatch(/NotoSansThai/);
          // the Chinese characters are on the page as text (Chromium embeds the CJK faces as unnamed Type 3 fonts)
          for (const ch of printedText(html)
            .match(/[\u4e00-\u9fff]/g)
            ?.slice(0, 20) ?? [])
            expect(text).toContain(ch);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      });
    }
  }

  it('rasterises every chart image an endpoint returns to a drawn PNG, every character with a glyph', async () => {
    const images = endpointImages(ctx);
    expect(Object.keys(images).sort()).toEqual([
      'chart-maha-thaksa',
      'chart-qimen-board',
      'chart-vedic-north-d1',
      'chart-vedic-north-d9',
      'chart-vedic-south-d1',
      'chart-vedic-south-d9',
    ]);
    for (const [name, svg] of Object.entries(images)) {
      expect({ name, missing: missingGlyphs(printedText(svg)) }).toEqual({ name, missing: [] });
      const png = await svgPng(svg);
      const stats = await sharp(png).stats();
      const meta = await sharp(png).metadata();
      expect(meta.width).toBeGreaterThan(300);
      // not a blank image: some pixels differ from the background
      expect(stats.channels.some((c) => c.stdev > 10)).toBe(true);
    }
  });
});
