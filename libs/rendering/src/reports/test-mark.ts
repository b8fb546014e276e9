import { cssString, escapeHtml } from '../html';
import { ReportLocale, reportText } from './common';

/**
 * The mark of a test-mode document (a test key's report or reading, docs/integration.md "Test
 * mode"): a large "TEST" across every page with a line saying why, so a test PDF can never pass
 * for a sold one. A fixed element is printed on every page by Chromium and shown over the hosted
 * page; it is translucent, so the text beneath it is still read, selected and searched.
 */
export function withTestMark(html: string, locale: ReportLocale): string {
  const text = reportText(locale, 'default').test_mode;
  // One translucent diagonal block (the word and the line under it) over the page's middle: it reads
  // at a glance, and the text beneath it stays readable.
  // The word again in the top margin of every printed page, as text a search or pdftotext finds.
  const mark = `<style>
  @page { @top-center { content: ${cssString(text.mark)}; font: 700 9pt "Noto Sans", sans-serif; color: #c81e1e; } }
  .test-mode-mark { position: fixed; inset: 0; display: flex; align-items: center; justify-content: center; pointer-events: none; z-index: 1000; }
  .test-mode-mark div { transform: rotate(-35deg); text-align: center; color: rgba(200, 30, 30, 0.18); }
  .test-mode-mark strong { display: block; font: 700 120pt "Noto Sans", sans-serif; letter-spacing: 12pt; }
  .test-mode-mark span { display: block; max-width: 150mm; font: 700 13pt "Noto Sans", "Noto Sans Thai", sans-serif; color: rgba(200, 30, 30, 0.45); }
</style>
<div class="test-mode-mark"><div><strong>${escapeHtml(text.mark)}</strong><span>${escapeHtml(text.note)}</span></div></div>`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + mark : html.slice(0, end) + mark + html.slice(end);
}
