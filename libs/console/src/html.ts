/**
 * The console's one way to write HTML: a tagged template that encodes every interpolated value for
 * an HTML text or a quoted attribute, unless it is already SafeHtml (the output of another `html`
 * template). Tenant strings (brand names, labels, webhook URLs, delivery errors) therefore cannot
 * become markup by any path that does not call `trustedHtml` on purpose.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

export function escapeText(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ENTITIES[c]);
}

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function encode(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(encode).join('');
  return escapeText(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += encode(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

/** Markup this code built itself from constants (an SVG of numbers); never a tenant string. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * A link target for a console page: a path of this console with a query built from values that
 * are URL-encoded here (ids, filters), never a URL a tenant gave.
 */
export function consolePath(path: string, query: Record<string, string | number | undefined | null> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const search = params.toString();
  return `/console${path}${search ? `?${search}` : ''}`;
}
