/**
 * What the prose check (scripts/prose-check.mjs, docs/content.md) reads: samples of generated text,
 * and the helpers that pull the text out of a JSON document or an HTML page. The check itself runs
 * as a script; tests call it through proseIssues (test/support/prose-check.ts).
 */

/** One generated text for the prose check: its key (where it came from), language and text. */
export interface ProseSample {
  key: string;
  language: 'en' | 'th';
  text: string;
}

/** Every string of a JSON tree with its key path ("reading.face.0.text"), for checking a whole document. */
export function stringLeaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, prefix ? `${prefix}.${k}` : k));
}

/** The HTML without its <svg> figures, nested ones included (a tarot spread holds an <svg> per card face): innermost first. */
export function withoutSvg(html: string): string {
  let out = html;
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/<svg\b(?:(?!<svg\b)[\s\S])*?<\/svg>/gi, '');
  }
  return out;
}

/**
 * The text of an HTML page as the reader sees it: the text of each block (paragraph, heading, table
 * cell, caption) on its own line, inline tags joined into their sentence; the head, styles, inline
 * SVG (a chart wheel's labels) and tags (with any image data in their attributes) removed and entities decoded.
 */
export function pageTexts(html: string): string[] {
  const body = html.includes('<body') ? html.slice(html.indexOf('<body')) : html;
  return withoutSvg(body)
    .replace(/<(style|script)\b[\s\S]*?<\/\1>/g, '')
    .replace(/<\/?(p|div|h[1-6]|td|th|tr|li|table|figure|figcaption|br|img)\b[^>]*>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
