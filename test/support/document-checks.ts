// The checks a customer's document must pass, read from what was printed: the HTML's text blocks
// (sentences, wording) and the PDF (poppler's pdftotext: page fill from word boxes, table headers).
// Each check returns its findings as readable strings; an empty list passes.
import { execFileSync } from 'node:child_process';
import { withoutSvg } from '@astro/text';

/** The text blocks of an HTML document as a reader sees them: one string per paragraph, cell, heading or item. */
export function htmlBlocks(html: string): string[] {
  const body = withoutSvg(html)
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<title>[\s\S]*?<\/title>/gi, '');
  return body
    .split(/<\/?(?:p|li|td|th|h[1-6]|div|caption|figcaption|tr|table|section|dt|dd)\b[^>]*>/i)
    .map((block) =>
      block
        .replace(/<[^>]*>/g, '')
        .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((b) => b.length > 0);
}

const THAI = /[\u0E01-\u0E4F]/;
const words = (text: string): string[] =>
  [...new Intl.Segmenter(THAI.test(text) ? 'th' : 'en', { granularity: 'word' }).segment(text)]
    .filter((s) => s.isWordLike)
    .map((s) => s.segment);

/**
 * The sentences of a block: English ends a sentence with . ! or ?; Thai with a space (a Thai
 * clause), so a Thai "sentence" here is a clause between spaces.
 */
export function sentences(block: string): string[] {
  const parts = THAI.test(block) ? block.split(/(?<=[.!?])\s+|\s+/) : block.split(/(?<=[.!?…])\s+(?=[A-Z"“(])/);
  return parts.map((s) => s.trim()).filter(Boolean);
}

/**
 * ICU's Thai dictionary splits compounds an English reader counts as one word (ดวง|รอบ|ปี for
 * "solar return", กลาง|ฟ้า for "Midheaven"): over the parallel texts of content/depth.en.json and
 * depth.th.json it finds 1.35 Thai segments per English word, so eight words are 11 Thai segments.
 */
const THAI_SEGMENTS_PER_WORD = 1.35;

/**
 * Sentences that share a run of eight or more words with another sentence of the same document: a
 * sentence printed twice, or a template whose slots are the only variation ("… watch tempers, speed
 * and sharp tools" after a different planet each time). Each finding names the shared words.
 */
export function repeatedSentences(blocks: string[], minWords = 8): string[] {
  const where = new Map<string, Set<number>>();
  let index = 0;
  for (const block of blocks)
    for (const s of sentences(block)) {
      const w = words(s).map((x) => x.toLowerCase());
      const n = THAI.test(s) ? Math.round(minWords * THAI_SEGMENTS_PER_WORD) : minWords;
      index++;
      for (let i = 0; i + n <= w.length; i++) {
        const key = w.slice(i, i + n).join(' ');
        if (!where.has(key)) where.set(key, new Set());
        where.get(key)!.add(index);
      }
    }
  // One finding per group of sentences: the first shared run of each.
  const reported = new Set<string>();
  const found: string[] = [];
  for (const [run, at] of where) {
    if (at.size < 2) continue;
    const group = [...at].join(',');
    if (reported.has(group)) continue;
    reported.add(group);
    found.push(`×${at.size} "${run}"`);
  }
  return found;
}

/** The prose of a document: its text blocks without the cover, the contents, the tables and the figures (data, or the headings again). */
export function proseBlocks(html: string): string[] {
  return htmlBlocks(
    html
      .replace(/<section class="(?:cover|contents)">[\s\S]*?<\/section>/g, '')
      .replace(/<table\b[\s\S]*?<\/table>/gi, '')
      .replace(/<figure\b[\s\S]*?<\/figure>/gi, ''),
  );
}

/**
 * Phrases printed three or more times in a document: runs of six words in English, of thirty
 * characters in Thai (about six words; spaces left out, since Thai separates clauses, not words, by
 * spaces). A frame that comes back in every section or for every item ("… in the year branch, so it
 * acts openly …") reads as a form, not as a reading. Each finding names the phrase and how often it
 * appears; overlapping runs of one longer phrase are reported once.
 */
export function repeatedPhrases(blocks: string[], options = { words: 6, thaiCharacters: 30, times: 3 }): string[] {
  const counts = new Map<string, number>();
  for (const block of blocks) for (const run of phraseRuns(block, options)) counts.set(run, (counts.get(run) ?? 0) + 1);
  const found: string[] = [];
  let last = '';
  for (const [phrase, n] of counts) {
    if (n < options.times) continue;
    // one finding per run of overlapping phrases: skip one that continues the last by a character or a word
    const continues =
      last.slice(1) === phrase.slice(0, -1) || last.slice(last.indexOf(' ') + 1) === phrase.slice(0, phrase.lastIndexOf(' '));
    if (!continues) found.push(`×${n} "${phrase}"`);
    last = phrase;
  }
  return found;
}

/** Every run of a block that repeatedPhrases counts: thirty characters of Thai without its spaces, or six English words. */
function phraseRuns(block: string, options: { words: number; thaiCharacters: number }): string[] {
  const [units, size, joiner] = THAI.test(block)
    ? [[...block.replace(/\s+/g, '')], options.thaiCharacters, '']
    : [words(block).map((x) => x.toLowerCase()), options.words, ' '];
  return Array.from({ length: Math.max(0, units.length - size + 1) }, (_, i) => units.slice(i, i + size).join(joiner));
}

/** Rules for any text a customer reads, in either language: developer data that must not show. */
export const CUSTOMER_TEXT_RULES: [string, RegExp][] = [
  ['an ISO date or timestamp', /\b\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2})?/],
  ['a clock time with seconds', /\b\d{1,2}:\d{2}:\d{2}\b/],
  ['the word latitude or longitude', /\b(?:latitude|longitude)\b|ละติจูด|ลองจิจูด/i],
  ['"time(s)"-style plurals', /\w\(s\)/],
  ['a unitless ratio', /(?<![\d.,])0\.\d{2,}(?![\d°%′″]|\s*(?:°|%|mm|cm|px))/],
  ['"SI seconds"', /SI seconds|วินาที SI/],
  ['an apology for a missing time zone', /no time zone was given|ไม่ได้ระบุเขตเวลา/i],
  ['a raw field name', /\b[a-z]+_[a-z_]+\b/],
];

/** The Thai seams: each a rule over the text of a Thai edition. */
export const THAI_SEAM_RULES: [string, RegExp][] = [
  ['a name doubled across a break', /(?<![A-Za-z])([A-Z][a-z]+)\s+\1(?![a-z])/],
  ['two names run together across a break', /(?<![A-Za-z] ?)(?!Siam Stars)[A-Z][a-z]+ [A-Z][a-z]+(?! ?[A-Za-z])/],
  ['no space between ")" and a Thai word', /\)[\u0E01-\u0E4F]/],
  ['no space between a Latin digit and a Thai word', /\d[\u0E01-\u0E2E\u0E40-\u0E44]/],
  ['a literal translation', /พลังที่สะอาด|อย่างสะอาด/],
  ['a word doubled by a template and its slot', /เรื่องเรื่อง|ของของ|กับกับ/],
  // "ดาวศุกร์ในเรือนเกณฑ์คือเรือนที่ 4": a term glossed by its value, as a translation seams it
  ['a house named by its class, then glossed with คือ', /ใน(?:เรือน|ราศี)[\u0E01-\u0E4F]+คือ(?:เรือน|ราศี)/],
  // (a year of another era named before it, วิกรมศักราช 2041, is not one)
  ['a Gregorian year in a Thai edition', /(?<![\d.]|ศักราช )(?:19|20)\d\d(?!\d)/],
];

/**
 * The words of a Thai edition (its HTML text; the chart wheel's own labels are the wheel's): no
 * English word but the names of the people and the brand, and UTC.
 */
export const thaiWordingRules = (names: string[]): [string, RegExp][] => [
  ['an English word in a Thai edition', new RegExp(`(?<![@.\\w])(?!(?:${[...names, 'UTC'].join('|')})\\b)[A-Za-z]{3,}\\b(?![@.]\\w)`)],
];

/** Thai headings: an aspect is named as a noun ("การกุม"), never a verb with its angle ("กุมกัน (0°)"). */
export const THAI_HEADING_RULES: [string, RegExp][] = [['an aspect verb with its angle in a heading', /กัน\s*\(\d+°\)/]];

/** The headings of an HTML document (h1 to h3). */
export const htmlHeadings = (html: string): string[] =>
  [...html.matchAll(/<h[1-3]\b[^>]*>([\s\S]*?)<\/h[1-3]>/g)].flatMap((m) => htmlBlocks(m[1]));

export function textRuleFindings(lines: string[], rules: [string, RegExp][]): string[] {
  const found: string[] = [];
  for (const line of lines)
    for (const [name, rule] of rules) {
      const m = rule.exec(line);
      if (m) found.push(`${name}: "${m[0]}" in "${line.slice(Math.max(0, m.index - 40), m.index + 60)}"`);
    }
  return found;
}

/** A word of a PDF page with its box (points, y down). */
export interface PageWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}
export interface PdfPage {
  width: number;
  height: number;
  words: PageWord[];
}

/** Every page's words with their boxes (`pdftotext -bbox`). */
export function pdfWords(pdf: Buffer): PdfPage[] {
  const xhtml = execFileSync('pdftotext', ['-bbox', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
  const pages: PdfPage[] = [];
  for (const page of xhtml.split(/<page /).slice(1)) {
    const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page)!;
    const list: PageWord[] = [];
    for (const m of page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g))
      list.push({
        xMin: +m[1],
        yMin: +m[2],
        xMax: +m[3],
        yMax: +m[4],
        text: m[5]
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&apos;/g, "'")
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&'),
      });
    pages.push({ width: +size[1], height: +size[2], words: list });
  }
  return pages;
}

/** The page text line by line (`pdftotext -layout`), one array per page. */
export function pdfLines(pdf: Buffer): string[][] {
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
  return text
    .split('\f')
    .map((page) =>
      page
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .filter((_, i, all) => i < all.length - 1 || all[i].length > 0);
}

/** The document information of a PDF as `pdfinfo` reads it: Title, Author, Creator, Producer, … */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const text = execFileSync('pdfinfo', ['-enc', 'UTF-8', '-'], { input: pdf }).toString('utf8');
  return Object.fromEntries([...text.matchAll(/^([A-Za-z ]+):\s*(.*)$/gm)].map((m) => [m[1], m[2]]));
}

/** A table of the HTML: its header cells and its rows' cells. */
export interface HtmlTable {
  header: string[];
  rows: string[][];
}
export function htmlTables(html: string): HtmlTable[] {
  const cells = (row: string, tag: 'td' | 'th') =>
    [...row.matchAll(new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => htmlBlocks(m[1]).join(' '));
  return [...html.matchAll(/<table\b[\s\S]*?<\/table>/g)].map((m) => {
    const rows = [...m[0].matchAll(/<tr\b[\s\S]*?<\/tr>/g)].map((r) => r[0]);
    return { header: rows.length > 0 ? cells(rows[0], 'th') : [], rows: rows.map((r) => cells(r, 'td')).filter((r) => r.length > 0) };
  });
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A row as it prints on one line of `pdftotext -layout`: each cell's first words, in order. */
const rowPattern = (cells: string[]) =>
  new RegExp(
    cells
      .map((c) => c.split(' ').slice(0, 2).map(escapeRe).join('\\s+'))
      .filter(Boolean)
      .join('\\s+.*?'),
  );

/**
 * Tables split across pages without their header on the continuing page, and pages that carry a
 * single row of a table of several rows (a lone row). A row is found on a page by its cells' first
 * words on one line, the header by its cells in order above it.
 */
export function splitTableFindings(tables: HtmlTable[], pages: string[][]): string[] {
  const found: string[] = [];
  for (const [t, table] of tables.entries()) {
    if (table.header.length === 0 || table.rows.length === 0) continue;
    const header = new RegExp(table.header.map(escapeRe).join('\\s+'));
    const patterns = table.rows.map(rowPattern);
    let from = 0;
    const onPages = new Map<number, number>();
    for (const pattern of patterns) {
      for (let p = from; p < pages.length; p++)
        if (pages[p].some((l) => pattern.test(l))) {
          onPages.set(p, (onPages.get(p) ?? 0) + 1);
          from = p;
          break;
        }
    }
    if (onPages.size < 2) continue;
    for (const [p, n] of onPages) {
      if (!pages[p].some((l) => header.test(l)))
        found.push(`table ${t + 1} (${table.header.join(' | ')}) continues on page ${p + 1} without its header`);
      if (n === 1) found.push(`table ${t + 1} (${table.header.join(' | ')}) leaves a lone row on page ${p + 1}`);
    }
  }
  return found;
}
