import { DEFAULT_BRANDING, ResolvedBranding } from './branding';
import { cssString, escapeHtml, hexColour, imageSource } from './html';
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
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}"><head><meta charset="utf-8">
${isolationLayerDisabled('csp') ? '' : `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`}
<title>${escapeHtml(input.title)}</title>
<style>
  @page {
    size: A4;
    margin: 20mm 16mm 20mm 16mm;
    @top-left { content: ${cssString(b.brand_name)}; font: 600 9pt "Noto Sans", "Noto Sans Thai", sans-serif; color: ${colour}; }
    @top-right { content: ${cssString(input.title)}; font: 9pt "Noto Sans", "Noto Sans Thai", sans-serif; color: #666; }
    @bottom-left { content: ${cssString(contacts)}; font: 8pt "Noto Sans", "Noto Sans Thai", sans-serif; color: #666; }
    @bottom-right { content: ${cssString(input.pageLabel)} " " counter(page, ${counter}) " / " counter(pages, ${counter}); font: 8pt "Noto Sans", sans-serif; color: #666; }
  }
  html { font-family: "Noto Sans", "Noto Sans Thai", "DejaVu Sans", sans-serif; font-size: 10.5pt; color: #222; line-height: 1.5; }
  h1, h2, h3 { color: ${colour}; line-height: 1.25; }
  h1 { font-size: 22pt; margin: 0 0 4pt; }
  h2 { font-size: 14pt; margin: 18pt 0 6pt; padding-bottom: 3pt; border-bottom: 2px solid ${colour}; break-after: avoid; }
  h3 { font-size: 11.5pt; margin: 10pt 0 4pt; break-after: avoid; }
  .band { background: ${colour}; color: #fff; padding: 14pt 16pt; border-radius: 6pt; margin-bottom: 14pt; }
  .band h1 { color: #fff; }
  .band p { margin: 2pt 0 0; opacity: 0.92; }
  .logo { max-height: 48pt; max-width: 180pt; float: right; background: #fff; padding: 4pt; border-radius: 4pt; }
  .cover { break-after: page; }
  .wheel { text-align: center; margin: 10pt 0; }
  .columns { display: flex; gap: 14pt; } .columns > * { flex: 1; }
  table { width: 100%; border-collapse: collapse; margin: 6pt 0 10pt; font-size: 9.5pt; }
  th { background: ${colour}; color: #fff; text-align: left; padding: 3pt 5pt; }
  td { border-bottom: 1px solid #ddd; padding: 3pt 5pt; vertical-align: top; }
  tr { break-inside: avoid; }
  .section { break-inside: auto; }
  .page-break { break-before: page; }
  .muted { color: #666; font-size: 9pt; }
  .score { font-size: 30pt; font-weight: 700; color: ${colour}; }
  .disclaimer { margin-top: 16pt; padding: 8pt; border-left: 3px solid ${colour}; color: #555; font-size: 9pt; }
</style></head>
<body>
  <div class="band">
    ${logo ? `<img class="logo" src="${escapeHtml(logo)}" alt="">` : ''}
    <h1>${escapeHtml(input.title)}</h1>
    <p>${escapeHtml(input.subtitle)}</p>
    <p>${escapeHtml(b.brand_name)}</p>
  </div>
  ${input.body}
</body></html>`;
}
