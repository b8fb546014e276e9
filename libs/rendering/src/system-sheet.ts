import { ResolvedBranding } from './branding';
import { escapeHtml } from './html';
import { reportDocument } from './layout';

/**
 * A branded page of one calculation's answer (a Saju grid, a Vedic chart, a horoscope, a tarot
 * spread): the report shell (logo, brand name and colour, contacts, page numbers) around figures,
 * tables and paragraphs, printed by the PdfRenderer like every report. Figures are SVG drawn by
 * this platform's own renderers (their text already encoded); every other string is encoded here.
 */
export interface SheetFigure {
  svg: string;
  caption?: string;
  /** CSS width of the figure on the page, e.g. "48%"; default: the page width */
  width?: string;
}

export interface SheetSection {
  heading: string;
  figures?: SheetFigure[];
  /**
   * `nowrap`: the columns (from 0) whose cells keep to one line, e.g. short Chinese names beside long
   * meanings; `compact`: smaller type and tighter rows, for a table that completes its figure's page
   */
  table?: { head: string[]; rows: string[][]; nowrap?: number[]; compact?: boolean };
  paragraphs?: string[];
  /** starts on a new page: a long section that would otherwise leave its last rows alone on a page */
  newPage?: boolean;
}

export interface SheetInput {
  lang: string;
  title: string;
  subtitle: string;
  branding: ResolvedBranding;
  logoDataUrl: string | null;
  pageLabel: string;
  sections: SheetSection[];
}

const figureHtml = (f: SheetFigure) =>
  `<figure style="width:${f.width && /^\d{1,3}%$/.test(f.width) ? f.width : '100%'}">${f.svg}${
    f.caption ? `<figcaption>${escapeHtml(f.caption)}</figcaption>` : ''
  }</figure>`;

function tableHtml(table: NonNullable<SheetSection['table']>): string {
  const nowrap = new Set(table.nowrap ?? []);
  const cell = (tag: 'th' | 'td', value: string, i: number) =>
    `<${tag}${nowrap.has(i) ? ' class="nowrap"' : ''}>${escapeHtml(value)}</${tag}>`;
  const html = `<table><thead><tr>${table.head.map((h, i) => cell('th', h, i)).join('')}</tr></thead><tbody>${table.rows
    .map((row) => `<tr>${row.map((value, i) => cell('td', value, i)).join('')}</tr>`)
    .join('')}</tbody></table>`;
  return table.compact ? `<div class="compact">${html}</div>` : html;
}

function sectionHtml(s: SheetSection): string {
  const figures = s.figures?.length ? `<div class="figures">${s.figures.map(figureHtml).join('')}</div>` : '';
  const table = s.table ? tableHtml(s.table) : '';
  const paragraphs = (s.paragraphs ?? []).map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  return `<section class="sheet-section${s.newPage ? ' new-page' : ''}"><h2>${escapeHtml(s.heading)}</h2>${figures}${table}${paragraphs}</section>`;
}

// Figures side by side when they fit, each scaled to its box; a figure never splits across pages.
const SHEET_STYLE = `<style>
  .figures { display: flex; flex-wrap: wrap; gap: 10pt; justify-content: center; }
  figure { margin: 0; break-inside: avoid; text-align: center; }
  figure svg { width: 100%; height: auto; }
  figcaption { font-size: 9pt; color: #666; margin-top: 3pt; }
  .sheet-section p { margin: 3pt 0 6pt; }
  .band h1 { font-size: 19pt; }
  .nowrap { white-space: nowrap; }
  .new-page { break-before: page; }
</style>`;

export function systemSheetHtml(input: SheetInput): string {
  return reportDocument({
    lang: input.lang,
    title: input.title,
    subtitle: input.subtitle,
    branding: input.branding,
    logoDataUrl: input.logoDataUrl,
    pageLabel: input.pageLabel,
    pageCounterStyle: 'decimal',
    body: SHEET_STYLE + input.sections.map(sectionHtml).join(''),
  });
}
