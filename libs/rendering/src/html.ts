import { isolationLayerDisabled } from './isolation';

/*
 * One encoder per output context; every tenant string reaches a document through exactly one of
 * them (docs/security.md): escapeHtml for HTML text and attribute values (SVG inside HTML too),
 * cssString for CSS string literals, hexColour for colours, imageSource for an <img src>.
 */

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Characters a CSS string may carry as they are: letters, marks, digits and the space, in any script. */
const CSS_STRING_SAFE = /^[\p{L}\p{M}\p{N} ]$/u;

/**
 * A CSS string literal (for `content:` in @page margin boxes). Anything but letters, digits and
 * spaces is written as a six-digit CSS escape closed by one space (`<` → `\00003c `), so no quote,
 * backslash, newline, comment or `</style>` can come out of it. CSS swallows one white space after
 * any hex escape, so the closing space is always written: a space of the text after it stays.
 */
export function cssString(text: string): string {
  if (isolationLayerDisabled('encoding')) return `"${text}"`;
  let literal = '';
  for (const char of text) {
    literal += CSS_STRING_SAFE.test(char) ? char : `\\${char.codePointAt(0)!.toString(16).padStart(6, '0')} `;
  }
  return `"${literal}"`;
}

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A colour for CSS or an SVG attribute: `#rrggbb` exactly, else `fallback` (never the text itself). */
export function hexColour(value: string | null | undefined, fallback: string): string {
  if (isolationLayerDisabled('encoding')) return value ?? fallback;
  if (!HEX_COLOUR.test(fallback)) throw new Error(`the fallback colour ${JSON.stringify(fallback)} is not #rrggbb`);
  return value && HEX_COLOUR.test(value) ? value : fallback;
}

const IMAGE_DATA_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/** The `src` of an image we rasterised ourselves: a base64 PNG or JPEG data: URL, or null for anything else. */
export function imageSource(dataUrl: string | null | undefined): string | null {
  return dataUrl && IMAGE_DATA_URL.test(dataUrl) ? dataUrl : null;
}
