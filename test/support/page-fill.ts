// How full each page of a printed document is, and whether it opens a section: the measure behind
// the rule of docs/rendering.md ("Pages"): a page may be less than half full only when it holds a
// whole short section that starts on it, never when it continues a section from the page before.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { htmlBlocks, pdfWords } from './document-checks';

/** The @page margins of the reports, readings and system sheets (layout.ts): 20 mm top and bottom. */
const MARGIN_MM = 20;
/** Resolution of the raster the fill is measured on: a 10.5 pt line is 3 to 4 pixels high, enough to see it. */
const DPI = 24;
/** A pixel darker than this (0 black, 255 white) is ink: text, rules, table bands, figures, photos. */
const INK = 235;

export interface PageFill {
  /** 1-based page number */
  page: number;
  /** the share of the body (between the top and bottom margins) from its top down to its lowest ink, 0 to 1 */
  fill: number;
  /** the page's body opens with one of the section titles given */
  startsSection: boolean;
  /** the page's first words, for the findings */
  opening: string;
}

/** The gray rows of each page of a PDF (pdftoppm, one PGM per page). */
function pageRasters(pdf: Buffer): { width: number; height: number; pixels: Buffer }[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-fill-'));
  try {
    fs.writeFileSync(path.join(dir, 'doc.pdf'), pdf);
    execFileSync('pdftoppm', ['-gray', '-r', String(DPI), path.join(dir, 'doc.pdf'), path.join(dir, 'p')]);
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.pgm'))
      .sort((a, b) => Number(/(\d+)\.pgm$/.exec(a)![1]) - Number(/(\d+)\.pgm$/.exec(b)![1]))
      .map((f) => {
        const data = fs.readFileSync(path.join(dir, f));
        // binary PGM: "P5\n<width> <height>\n<maxval>\n" then one byte per pixel
        const head = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 40).toString('latin1'))!;
        return { width: +head[1], height: +head[2], pixels: data.subarray(head[0].length) };
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const squeeze = (s: string) => s.replace(/\s+/g, '');

/**
 * Each page's fill and whether it opens a section. The fill is read from the raster: the lowest
 * row holding ink inside the body (the running header and footer live in the margins and are left
 * out), so figures and photos count as much as text. A page opens a section when the words at the
 * top of its body begin with one of `sectionTitles` (the document's own headings as the renderer
 * wrote them), compared without spaces since Thai has none between words.
 */
export function pageFills(pdf: Buffer, sectionTitles: string[]): PageFill[] {
  const rasters = pageRasters(pdf);
  const words = pdfWords(pdf);
  const titles = sectionTitles.map(squeeze).filter((t) => t.length > 0);
  return rasters.map((r, i) => {
    const margin = Math.round((MARGIN_MM / 25.4) * DPI);
    const bodyTop = margin;
    const bodyBottom = r.height - margin;
    let lowest = bodyTop;
    for (let y = bodyBottom - 1; y >= bodyTop && lowest === bodyTop; y--)
      for (let x = 0; x < r.width; x++)
        if (r.pixels[y * r.width + x] < INK) {
          lowest = y + 1;
          break;
        }
    const page = words[i];
    const marginPt = (MARGIN_MM / 25.4) * 72;
    const body = page ? page.words.filter((w) => w.yMin > marginPt - 2 && w.yMax < page.height - marginPt + 2) : [];
    const opening = squeeze(
      body
        .slice(0, 40)
        .map((w) => w.text)
        .join(''),
    );
    const startsSection =
      opening.length > 0 && titles.some((t) => opening.startsWith(t) || (t.startsWith(opening) && opening.length >= 12));
    return { page: i + 1, fill: (lowest - bodyTop) / (bodyBottom - bodyTop), startsSection, opening: opening.slice(0, 40) };
  });
}

/**
 * The pages that break the rule: less than half full without being a whole section of their own
 * (opening a section, with the next page opening another one or the document ending there).
 * `skip` leaves out the first pages that may be short by design (a cover, a contents page).
 */
export function sparsePages(fills: PageFill[], skip = 0): string[] {
  const found: string[] = [];
  for (const [i, p] of fills.entries()) {
    if (i < skip || p.fill >= 0.5) continue;
    const next = fills[i + 1];
    if (p.startsSection && (!next || next.startsSection)) continue;
    const why = !p.startsSection ? `continues the section before ("${p.opening}")` : `its section goes on to page ${p.page + 1}`;
    found.push(`page ${p.page} of ${fills.length} is ${Math.round(100 * p.fill)}% full and ${why}`);
  }
  return found;
}

/** The headings a renderer wrote (sections and their parts, h2 and h3): what a page may open with. */
export const sectionTitles = (html: string): string[] =>
  [...html.matchAll(/<h([23])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => htmlBlocks(m[2]).join(' '));

/** The pages before the body that may be short by design: the cover and the contents. */
export const frontPages = (html: string): number =>
  (html.includes('<section class="cover">') ? 1 : 0) + (html.includes('<section class="contents">') ? 1 : 0);

/** The sparse pages of a printed document, measured against the headings of the HTML it was printed from. */
export const sparsePagesOf = (html: string, pdf: Buffer): string[] => sparsePages(pageFills(pdf, sectionTitles(html)), frontPages(html));
