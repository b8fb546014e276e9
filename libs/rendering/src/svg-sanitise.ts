/**
 * An allowlist sanitiser for SVG logos (docs/security.md, "SVG logos"). The document is
 * tokenised and rebuilt: only drawing elements survive, every event handler (`on…`), every
 * reference leaving the document (href, xlink:href, url(…) other than `#fragment`, CSS @import,
 * xml:base) and every active element (script, foreignObject, animation, iframe, …) is removed.
 * A DOCTYPE (entity declarations: XXE, "billion laughs") or malformed markup refuses the whole file.
 * The result is then rasterised to PNG (`normaliseLogo`), so no SVG ever reaches Chromium; the
 * sanitising also keeps librsvg from being asked to fetch anything.
 */
export class SvgRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SvgRejected';
  }
}

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

/** CSS of a <style> element or a style attribute: no @import, no external url(), nothing scriptable. */
function cleanCss(css: string, removed: string[]): string {
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
  if (ACTIVE_VALUE.test(value)) return drop(value);
  const cleaned = value.replace(EXTERNAL_URL, (u) => {
    removed.push(`attribute ${name} ${u.slice(0, 60)}`);
    return 'none';
  });
  return cleaned;
}

const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

/**
 * Rebuilds an SVG document from what is allowed. Throws SvgRejected for a DOCTYPE, an undeclared
 * entity, malformed markup, or a root that is not <svg>.
 */
export function sanitiseSvg(source: string): SanitisedSvg {
  const removed: string[] = [];
  const out: string[] = [];
  const open: string[] = [];
  /** depth inside a dropped element (0: not dropping) */
  let dropping = 0;
  let sawRoot = false;
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0;

  while (i < source.length) {
    const lt = source.indexOf('<', i);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > i) {
      const text = source.slice(i, textEnd);
      if (open.length === 0) {
        if (text.trim() !== '') throw new SvgRejected('the SVG has text outside its root element');
      } else if (!dropping) {
        const decoded = decodeEntities(text);
        out.push(escapeText(open[open.length - 1] === 'style' ? cleanCss(decoded, removed) : decoded));
      }
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
      const text = source.slice(i + 9, end);
      if (open.length === 0) throw new SvgRejected('the SVG has text outside its root element');
      if (!dropping) out.push(escapeText(open[open.length - 1] === 'style' ? cleanCss(text, removed) : text));
      i = end + 3;
      continue;
    }
    if (source.startsWith('<!', i)) throw new SvgRejected('the SVG has a DOCTYPE or a declaration (entities are not accepted)');
    if (source.startsWith('<?', i)) {
      const end = source.indexOf('?>', i + 2);
      if (end === -1) throw new SvgRejected('the SVG has an unterminated processing instruction');
      if (!/^<\?xml[\s?]/i.test(source.slice(i, i + 6)) || open.length > 0 || sawRoot) removed.push('processing instruction');
      i = end + 2;
      continue;
    }
    if (source.startsWith('</', i)) {
      NAME.lastIndex = i + 2;
      const name = NAME.exec(source)?.[0];
      const close = source.indexOf('>', i);
      if (!name || close === -1 || source.slice(NAME.lastIndex, close).trim() !== '')
        throw new SvgRejected('the SVG has a malformed end tag');
      if (open.pop() !== name) throw new SvgRejected(`the SVG closes </${name}> that is not open`);
      if (dropping) dropping--;
      else out.push(`</${name}>`);
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

    if (open.length === 0) {
      if (sawRoot) throw new SvgRejected('the SVG has more than one root element');
      if (name !== 'svg') throw new SvgRejected(`the root element is <${name}>, not <svg>`);
      sawRoot = true;
    }
    if (dropping || !ALLOWED_ELEMENTS.has(name)) {
      if (!dropping) removed.push(`element ${name}`);
      if (!selfClosing) {
        open.push(name);
        dropping++;
      }
      continue;
    }
    const kept = attributes
      .map(([attr, value]) => [attr, cleanAttribute(name, attr, value, removed)] as const)
      .filter((a): a is readonly [string, string] => a[1] !== null)
      .map(([attr, value]) => ` ${attr}="${escapeAttribute(value)}"`)
      .join('');
    if (name === 'image' && !/\s[\w.-]*:?href="/.test(kept)) {
      // An <image> whose only source was external draws nothing: leave it out altogether.
      removed.push('element image');
      if (!selfClosing) {
        open.push(name);
        dropping++;
      }
      continue;
    }
    out.push(`<${name}${kept}${selfClosing ? '/>' : '>'}`);
    if (!selfClosing) open.push(name);
  }
  if (!sawRoot) throw new SvgRejected('no <svg> root element');
  if (open.length > 0) throw new SvgRejected(`the SVG ends with <${open[open.length - 1]}> still open`);
  return { svg: out.join(''), removed };
}
