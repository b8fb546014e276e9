import { DEFAULT_BRANDING, ResolvedBranding } from './branding';
import { cssString, escapeHtml, hexColour, imageSource } from './html';
import { contentsPageSlot } from './contents-pages';
import { isolationLayerDisabled } from './isolation';

export interface DocumentInput {
  lang: string;
  title: string;
  subtitle: string;
  branding: ResolvedBranding;
  /** a base64 PNG or JPEG data: URL (anything else is left out) */
  logoDataUrl: string | null;
  /** HTML whose tenant strings are already encoded */
  body: string;
  pageLabel: string;
  /** CSS counter style of the page numbers: `thai` writes ๑ ๒ ๓ (Thai editions with Thai digits) */
  pageCounterStyle?: 'decimal' | 'thai';
  /**
   * A cover page instead of the title band: the logo, the brand, the title, who it is for and the
   * birth data as a customer reads them (per person: a name where there are several, and label and value rows).
   */
  cover?: { people: { name?: string; rows: [string, string][] }[] };
  /** A contents page after the cover listing the body's main sections (its h2 headings), under this title. */
  contentsTitle?: string;
}

/** The text of every h2 of a body, in order: the entries of its contents page. */
function mainSections(body: string): string[] {
  return [...body.matchAll(/<h2\b[^>]*>([\s\S]*?)<\/h2>/g)].map((m) => m[1].replace(/<[^>]*>/g, ''));
}

/** The first page of a report: logo, brand, title and subject on the brand's colour. `logo` is a checked data: URL (imageSource). */
function coverPage(input: DocumentInput, contacts: string, logo: string | null): string {
  const b = input.branding;
  const details = (input.cover?.people ?? [])
    .map(
      (p) =>
        `<table class="cover-person">${p.name ? `<caption>${escapeHtml(p.name)}</caption>` : ''}${p.rows
          .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
          .join('')}</table>`,
    )
    .join('');
  return `<section class="cover">
    <div class="cover-brand">${
      // A logo usually carries the brand's name; without one the name stands in its place.
      logo
        ? `<img class="cover-logo" src="${escapeHtml(logo)}" alt="${escapeHtml(b.brand_name)}">`
        : `<p class="cover-brand-name">${escapeHtml(b.brand_name)}</p>`
    }</div>
    <div class="cover-title"><h1>${escapeHtml(input.title)}</h1><p class="cover-subject">${escapeHtml(input.subtitle)}</p></div>
    <div><div class="cover-details">${details}</div><p class="cover-prepared">${escapeHtml([b.brand_name, contacts].filter(Boolean).join('  ·  '))}</p></div>
  </section>`;
}

/** The body with an anchor on every h2 (`section-1`, …), the targets of the contents page's entries. */
function anchoredSections(body: string): string {
  let n = 0;
  return body.replace(/<h2\b([^>]*)>/g, (_, attributes: string) => `<h2${attributes} id="section-${++n}">`);
}

/**
 * The contents page: the main sections in order, each linked to its heading, with an empty slot
 * for its page number that PdfRenderer fills from a first printing (contents-pages.ts).
 */
function contentsPage(title: string, body: string, thaiDigits: boolean): string {
  const items = mainSections(body)
    .map((entry, i) => `<li><a href="#section-${i + 1}">${entry}</a>${contentsPageSlot(`section-${i + 1}`, thaiDigits)}</li>`)
    .join('');
  return `<section class="contents"><h2 class="contents-title">${escapeHtml(title)}</h2><ol>${items}</ol></section>`;
}

/**
 * The policy of every report and hosted reading: no script, no fetch, no frame, no form; images
 * only inline (data:), styles only inline. A static document needs nothing more.
 */
export const REPORT_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:; base-uri 'none'; form-action 'none'";

/**
 * The page shell of every report: A4, brand colour on headings and bands, the brand name in the
 * top margin and contacts plus page numbers in the bottom margin (CSS @page margin boxes, which
 * cost nothing, unlike Chromium's header templates). Thai and zodiac glyphs come from Noto Sans
 * Thai and DejaVu Sans (Debian fonts-noto-core, fonts-dejavu-core), which the CSP does not govern.
 * Tenant text in the margin boxes is a CSS string of escapes (cssString); the contact URL is
 * printed as text there, never used as a URL.
 */
export function reportDocument(input: DocumentInput): string {
  const b = input.branding;
  const contacts = [b.contact_email, b.contact_phone, b.contact_url].filter(Boolean).join('  ·  ');
  const colour = hexColour(b.primary_color, DEFAULT_BRANDING.primary_color);
  const counter = input.pageCounterStyle === 'thai' ? 'thai' : 'decimal';
  const logo = imageSource(input.logoDataUrl);
  const body = input.contentsTitle ? anchoredSections(input.body) : input.body;
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}"><head><meta charset="utf-8">
${isolationLayerDisabled('csp') ? '' : `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`}
<title>${escapeHtml(input.title)}</title>
<meta name="author" content="${escapeHtml(b.brand_name)}">
<style>
  @page {
    size: A4;
    margin: 20mm 16mm 20mm 16mm;
    @top-left { content: ${cssString(b.brand_name)}; font: 600 9pt "Noto Sans", "Noto Sans Thai", sans-serif; color: ${colour}; }
    @top-right { content: ${cssString(input.title)}; font: 9pt "Noto Sans", "Noto Sans Thai", sans-serif; color: #666; }
    @bottom-left { content: ${cssString(contacts)}; font: 8pt "Noto Sans", "Noto Sans Thai", sans-serif; color: #666; }
    @bottom-right { content: ${cssString(input.pageLabel)} " " counter(page, ${counter}) " / " counter(pages, ${counter}); font: 8pt "Noto Sans", sans-serif; color: #666; }
  }
  ${input.cover ? '@page :first { @top-left { content: none; } @top-right { content: none; } @bottom-left { content: none; } @bottom-right { content: none; } }' : ''}
  html { font-family: "Noto Sans", "Noto Sans Thai", "DejaVu Sans", sans-serif; font-size: 10.5pt; color: #222; line-height: 1.5; }
  h1, h2, h3 { color: ${colour}; line-height: 1.25; }
  /* Thai marks above a heading's first line reach past its line box; padding (kept at a page's top,
     unlike margin) holds them on the heading's own page instead of a stray dot at the foot of the one before. */
  h2, h3 { padding-top: 3pt; }
  h1 { font-size: 22pt; margin: 0 0 4pt; }
  h2 { font-size: 14pt; margin: 15pt 0 6pt; padding-bottom: 3pt; border-bottom: 2px solid ${colour}; break-after: avoid; }
  h3 { font-size: 11.5pt; margin: 7pt 0 4pt; break-after: avoid; }
  .band { background: ${colour}; color: #fff; padding: 14pt 16pt; border-radius: 6pt; margin-bottom: 14pt; }
  .band h1 { color: #fff; }
  .band p { margin: 2pt 0 0; opacity: 0.92; }
  .logo { max-height: 48pt; max-width: 180pt; float: right; background: #fff; padding: 4pt; border-radius: 4pt; }
  .cover { break-after: page; }
  .wheel { text-align: center; margin: 10pt 0; }
  .planets table, .compact table { font-size: 9pt; margin-top: 2pt; } .planets td, .planets th, .compact td, .compact th { padding: 1.5pt 5pt; }
  .columns { display: flex; gap: 14pt; } .columns > * { flex: 1; }
  table { width: 100%; border-collapse: collapse; margin: 6pt 0 10pt; font-size: 9.5pt; }
  thead { display: table-header-group; }
  tbody.keep { break-inside: avoid; }
  /* A table stays with the heading and the sentence that introduce it. */
  p:has(+ table), h2:has(+ table), h3:has(+ table), h2:has(+ p + table), h3:has(+ p + table) { break-after: avoid; }
  th { background: ${colour}; color: #fff; text-align: left; padding: 3pt 5pt; }
  td { border-bottom: 1px solid #ddd; padding: 3pt 5pt; vertical-align: top; }
  tr { break-inside: avoid; }
  .section { break-inside: auto; }
  .page-break { break-before: page; }
  /* A main section starts where the page allows, set off by space rather than by an empty page. */
  h2.major { margin-top: 23pt; }
  p { orphans: 3; widows: 3; }
  .cover { break-after: page; box-sizing: border-box; height: 250mm; display: flex; flex-direction: column;
    justify-content: space-between; border-top: 10pt solid ${colour}; padding-top: 16mm; }
  .cover-brand { text-align: center; }
  .cover-logo { max-width: 120mm; max-height: 40mm; }
  .cover-brand-name { font-size: 20pt; font-weight: 700; color: ${colour}; margin: 0; }
  .cover-prepared { font-size: 9pt; color: #666; margin: 14pt 0 0; text-align: center; }
  .cover-title { text-align: center; }
  .cover-title h1 { font-size: 30pt; margin: 0 0 10pt; }
  .cover-subject { font-size: 16pt; margin: 0; }
  .cover-details { border-top: 2px solid ${colour}; padding-top: 10pt; font-size: 10.5pt; color: #333; }
  .cover-details { display: flex; gap: 18pt; }
  .cover-person { flex: 1; margin: 0; font-size: 10.5pt; }
  .cover-person caption { text-align: left; font-weight: 700; color: ${colour}; padding-bottom: 3pt; }
  .cover-person th { background: none; color: #666; font-weight: 400; width: 28%; padding: 2pt 6pt 2pt 0; }
  .cover-person td { border: none; padding: 2pt 0; }
  main.chapter { display: block; }
  .contents { break-after: page; }
  .contents ol { font-size: 12pt; line-height: 2; padding-left: 18pt; }
  .contents li { border-bottom: 1px dotted #bbb; }
  .contents a { color: inherit; text-decoration: none; }
  .toc-page { float: right; font-variant-numeric: tabular-nums; color: #444; }
  .contents li::marker { color: ${colour}; font-weight: 600; }
  .muted { color: #666; font-size: 9pt; }
  .score { font-size: 22pt; font-weight: 700; color: ${colour}; margin: 4pt 0 8pt; }
  /* The disclaimer closes the last section on its page, never alone on a page of its own. */
  .disclaimer { break-before: avoid; break-inside: avoid; }
  /* A report's short closing section (how it was made, the conventions) and the disclaimer print
     whole: when they do not fit under the section before, they open a page of their own rather
     than leave a table's last rows or a paragraph's end alone on the last page. */
  .closing { break-inside: avoid; }
  /* A figure's caption under it stays on its page. */
  figure + p.muted { break-before: avoid; }
  .disclaimer { margin-top: 12pt; padding: 8pt; border-left: 3px solid ${colour}; color: #555; font-size: 9pt; }
</style></head>
<body>
  ${
    input.cover
      ? coverPage(input, contacts, logo)
      : `<div class="band">
    ${logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="">` : ''}
    <h1>${escapeHtml(input.title)}</h1>
    <p>${escapeHtml(input.subtitle)}</p>
    <p>${escapeHtml(b.brand_name)}</p>
  </div>`
  }
  ${input.contentsTitle ? contentsPage(input.contentsTitle, input.body, counter === 'thai') : ''}
  ${input.cover ? `<main class="chapter">${body}</main>` : body}
</body></html>`;
}
