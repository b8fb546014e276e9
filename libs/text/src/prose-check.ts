import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

/** One generated text for the prose check: its key (where it came from), language and text. */
export interface ProseSample {
  key: string;
  language: 'en' | 'th';
  text: string;
}

const SCRIPT = path.resolve(__dirname, '../../../scripts/prose-check.mjs');

/**
 * The issues scripts/prose-check.mjs finds in generated texts (docs/content.md, "The prose
 * check"): the same rules CI runs on the content files, for tests of the code that assembles text.
 * Each issue is `key: message`; none means the texts pass.
 */
export function proseIssues(samples: ProseSample[]): string[] {
  const out = execFileSync(process.execPath, [SCRIPT, '--stdin'], { input: JSON.stringify({ samples }), maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(out.toString('utf8')) as string[];
}

/** Every string of a JSON tree with its key path ("reading.face.0.text"), for checking a whole document. */
export function stringLeaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, prefix ? `${prefix}.${k}` : k));
}

/**
 * The text of an HTML page as the reader sees it: the text of each block (paragraph, heading, table
 * cell, caption) on its own line, inline tags joined into their sentence; the head, styles, inline
 * SVG (a chart wheel's labels) and tags (with any image data in their attributes) removed and entities decoded.
 */
export function pageTexts(html: string): string[] {
  const body = html.includes('<body') ? html.slice(html.indexOf('<body')) : html;
  return body
    .replace(/<(style|script|svg)\b[\s\S]*?<\/\1>/g, '')
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
