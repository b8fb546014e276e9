/**
 * An allowlist sanitiser for SVG logos (docs/security.md, "SVG logos"). The document is
 * tokenised and rebuilt: only drawing elements survive, every event handler (`on…`), every
 * reference leaving the document (href, xlink:href, url(…) other than `#fragment`, CSS @import,
 * xml:base) and every active element (script, foreignObject, animation, iframe, …) is removed.
 * A DOCTYPE (entity declarations: XXE, "billion laughs") or malformed markup refuses the whole file.
 * Names are read with their namespaces: an element counts as SVG by its namespace, whatever its
 * prefix (`<svg:svg xmlns:svg="…/2000/svg">` is an SVG root), and the rebuilt document is plain
 * unprefixed SVG. What an SVG may cost to draw is capped too (svg-limits.ts: elements, `<use>`,
 * filters), refusing the file that asks for more. The result is then rasterised to PNG in a
 * budgeted child process (`normaliseLogo`), so no SVG ever reaches Chromium; the sanitising also
 * keeps librsvg from being asked to fetch anything.
 */
import { checkSvgLimits, SvgNode, SvgTally } from './svg-limits';
import { SvgRejected } from './svg-rejected';

export { SvgRejected };

/** Elements kept (with their allowed attributes); any other element is dropped with its whole content. */
const ALLOWED_ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'a',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'style',
  'image',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feOffset',
  'feFuncA',
  'feFuncR',
  'feFuncG',
  'feFuncB',
]);

/** Raster images embedded in the SVG itself are kept; anything else an <image> points at is not. */
const EMBEDDED_RASTER = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=\s]+$/i;

export interface SanitisedSvg {
  svg: string;
  /** what was taken out, e.g. `element script`, `attribute onload`, `attribute href (https://…)` */
  removed: string[];
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    const known = ENTITIES[name.toLowerCase()];
    if (known === undefined) throw new SvgRejected(`the SVG uses the undeclared entity ${whole}`);
    return known;
  });
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A url(…) that points outside the document: anything but `url(#id)`. */
const EXTERNAL_URL = /url\(\s*(?!['"]?#)[^)]*\)/gi;
/** Text that makes a value a link or code in some reader, whatever the attribute. */
const ACTIVE_VALUE = /(javascript|vbscript|data)\s*:|expression\s*\(|-moz-binding|behavior\s*:/i;

/**
 * CSS of a <style> element or a style attribute: no escape, no @import, no external url(), nothing
 * scriptable. A CSS escape (`u\72l(`, `\75 rl(`, `@imp\6f rt`) spells any of those in characters
 * the checks below would not see, and no drawing needs one: CSS with a backslash is dropped whole.
 */
function cleanCss(css: string, removed: string[]): string {
  if (css.includes('\\')) {
    removed.push(`css with an escape (${css.slice(0, 60)})`);
    return '';
  }
  let out = css.replace(/@import[^;]*;?/gi, () => {
    removed.push('css @import');
    return '';
  });
  out = out.replace(EXTERNAL_URL, (u) => {
    removed.push(`css ${u.slice(0, 60)}`);
    return 'none';
  });
  if (/expression\s*\(|-moz-binding|behavior\s*:|javascript\s*:/i.test(out)) {
    removed.push('css with script');
    return '';
  }
  return out;
}

/** The kept value of one attribute of one element, or null to drop it. */
function cleanAttribute(element: string, name: string, value: string, removed: string[]): string | null {
  const lower = name.toLowerCase();
  // Prefixes are any namespace's alias (xmlns:foo="…xlink" makes foo:href a link): judge the local part.
  const local = lower.slice(lower.lastIndexOf(':') + 1);
  const drop = (why: string) => {
    removed.push(`attribute ${name}${why ? ` (${why.slice(0, 60)})` : ''}`);
    return null;
  };
  if (local.startsWith('on')) return drop('');
  if (lower === 'xml:base' || local === 'base') return drop(value);
  if (lower === 'xmlns' || lower.startsWith('xmlns:')) return value;
  if (local === 'href' || local === 'src') {
    const target = value.trim();
    if (target.startsWith('#')) return target;
    if (element === 'image' && EMBEDDED_RASTER.test(target)) return target;
    return drop(target);
  }
  if (local === 'style') {
    const css = cleanCss(value, removed);
    return css.trim() === '' ? null : css;
  }
  // Presentation attributes (fill, filter, mask, …) are CSS values too: an escape hides a url( in them.
  if (ACTIVE_VALUE.test(value) || value.includes('\\')) return drop(value);
  const cleaned = value.replace(EXTERNAL_URL, (u) => {
    removed.push(`attribute ${name} ${u.slice(0, 60)}`);
    return 'none';
  });
  return cleaned;
}

const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
/** `#id` of an href, or every `url(#id)` of a value: what an element draws or uses from elsewhere. */
const LOCAL_URL = /url\(\s*['"]?#([^'")\s]+)/g;

/** An open element: its name as written, and what the rebuilt document makes of it. */
interface OpenElement {
  written: string;
  /** namespace prefixes in scope ('' for the default namespace) */
  namespaces: Map<string, string>;
  /** the SVG element's local name when kept, null when dropped with its content */
  kept: string | null;
  node: SvgNode | null;
}

/**
 * An element's namespace and local name from the prefixes in scope. Without any default
 * namespace an unprefixed element is taken as SVG, as librsvg draws it.
 */
function resolveName(written: string, namespaces: Map<string, string>): { namespace: string; local: string } {
  const colon = written.indexOf(':');
  const prefix = colon === -1 ? '' : written.slice(0, colon);
  const local = written.slice(colon + 1);
  const namespace = namespaces.get(prefix);
  if (namespace === undefined && prefix !== '') throw new SvgRejected(`the SVG uses the undeclared namespace prefix ${prefix}:`);
  return { namespace: namespace ?? SVG_NAMESPACE, local };
}

function scopeOf(parent: Map<string, string>, attributes: [string, string][]): Map<string, string> {
  const declared = attributes.filter(([name]) => name === 'xmlns' || name.startsWith('xmlns:'));
  if (declared.length === 0) return parent;
  const scope = new Map(parent);
  for (const [name, value] of declared) scope.set(name === 'xmlns' ? '' : name.slice(6), value.trim());
  return scope;
}

function referencesOf(attributes: readonly (readonly [string, string])[]): string[] {
  const refs: string[] = [];
  for (const [name, value] of attributes) {
    const local = name.slice(name.lastIndexOf(':') + 1).toLowerCase();
    if (local === 'href' && value.startsWith('#')) refs.push(value.slice(1));
    for (const match of value.matchAll(LOCAL_URL)) refs.push(match[1]);
  }
  return refs;
}

/**
 * Rebuilds an SVG document from what is allowed. Throws SvgRejected for a DOCTYPE, an undeclared
 * entity or namespace prefix, malformed markup, a root that is not an SVG <svg>, or a drawing
 * over the limits of svg-limits.ts.
 */
export function sanitiseSvg(source: string): SanitisedSvg {
  const removed: string[] = [];
  const out: string[] = [];
  const open: OpenElement[] = [];
  const tally = new SvgTally();
  let root: SvgNode | null = null;
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  const top = () => open[open.length - 1];
  const dropping = () => open.length > 0 && top().kept === null;
  const textOf = (text: string) => {
    if (top().kept !== 'style') return escapeText(text);
    tally.styleSheet(text);
    return escapeText(cleanCss(text, removed));
  };

  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > i) {
      const text = source.slice(i, textEnd);
      if (open.length === 0) {
        if (text.trim() !== '') throw new SvgRejected('the SVG has text outside its root element');
      } else if (!dropping()) out.push(textOf(decodeEntities(text)));
    }
    if (lt === -1) break;
    i = lt;
    if (source.startsWith('<!--', i)) {
      const end = source.indexOf('-->', i + 4);
      if (end === -1) throw new SvgRejected('the SVG has an unterminated comment');
      i = end + 3;
      continue;
    }
    if (source.startsWith('<![CDATA[', i)) {
      const end = source.indexOf(']]>', i + 9);
      if (end === -1) throw new SvgRejected('the SVG has an unterminated CDATA section');
      if (open.length === 0) throw new SvgRejected('the SVG has text outside its root element');
      if (!dropping()) out.push(textOf(source.slice(i + 9, end)));
      i = end + 3;
      continue;
    }
    if (source.startsWith('<!', i)) throw new SvgRejected('the SVG has a DOCTYPE or a declaration (entities are not accepted)');
    if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i + 2);
      if (end === -1) throw new SvgRejected('the SVG has an unterminated processing instruction');
      if (!/^<\?xml[\s?]/i.test(source.slice(i, i + 6)) || open.length > 0 || root) removed.push('processing instruction');
      i = end + 2;
      continue;
    }
    if (source.startsWith('</', i)) {
      NAME.lastIndex = i + 2;
      const name = NAME.exec(source)?.[0];
      const close = source.indexOf('>', i);
      if (!name || close === -1 || source.slice(NAME.lastIndex, close).trim() !== '')
        throw new SvgRejected('the SVG has a malformed end tag');
      const closed = open.pop();
      if (closed?.written !== name) throw new SvgRejected(`the SVG closes </${name}> that is not open`);
      if (closed.kept !== null) out.push(`</${closed.kept}>`);
      i = close + 1;
      continue;
    }
    NAME.lastIndex = i + 1;
    const name = NAME.exec(source)?.[0];
    if (!name) throw new SvgRejected('the SVG has a malformed tag');
    let j = NAME.lastIndex;
    const attributes: [string, string][] = [];
    for (;;) {
      ATTRIBUTE.lastIndex = j;
      const match = ATTRIBUTE.exec(source);
      if (!match) break;
      attributes.push([match[1], decodeEntities(match[2] ?? match[3])]);
      j = ATTRIBUTE.lastIndex;
    }
    const rest = /^\s*(\/?)>/.exec(source.slice(j, j + 64));
    if (!rest) throw new SvgRejected(`the SVG has a malformed <${name}> tag`);
    const selfClosing = rest[1] === '/';
    i = j + rest[0].length;

    const namespaces = scopeOf(open.length === 0 ? new Map() : top().namespaces, attributes);
    const { namespace, local } = resolveName(name, namespaces);
    const isSvg = namespace === SVG_NAMESPACE;
    if (open.length === 0) {
      if (root) throw new SvgRejected('the SVG has more than one root element');
      if (!isSvg || local !== 'svg') throw new SvgRejected(`the root element is <${name}> in ${namespace}, not an SVG <svg>`);
    }
    tally.element(open.length + 1, isSvg ? local : name, attributes);
    const element = (kept: string | null, node: SvgNode | null) => {
      if (!selfClosing) open.push({ written: name, namespaces, kept, node });
    };
    if (dropping() || !isSvg || !ALLOWED_ELEMENTS.has(local)) {
      if (!dropping()) removed.push(`element ${name}`);
      element(null, null);
      continue;
    }
    const kept = attributes
      .filter(([attr]) => attr !== 'xmlns')
      .map(([attr, value]) => [attr, cleanAttribute(local, attr, value, removed)] as const)
      .filter((a): a is readonly [string, string] => a[1] !== null);
    if (local === 'image' && !kept.some(([attr]) => /^([\w.-]*:)?href$/.test(attr))) {
      // An <image> whose only source was external draws nothing: leave it out altogether.
      removed.push('element image');
      element(null, null);
      continue;
    }
    const node: SvgNode = { name: local, id: kept.find(([attr]) => attr === 'id')?.[1] ?? null, refs: referencesOf(kept), children: [] };
    if (open.length === 0) root = node;
    else top().node?.children.push(node);
    const written = (open.length === 0 ? [['xmlns', SVG_NAMESPACE] as const, ...kept] : kept)
      .map(([attr, value]) => ` ${attr}="${escapeAttribute(value)}"`)
      .join('');
    out.push(`<${local}${written}${selfClosing ? '/>' : '>'}`);
    element(local, node);
  }
  if (!root) throw new SvgRejected('no <svg> root element');
  if (open.length > 0) throw new SvgRejected(`the SVG ends with <${top().written}> still open`);
  checkSvgLimits(root);
  return { svg: out.join(''), removed };
}
