import * as http from 'node:http';
import { AddressInfo, BlockList } from 'node:net';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { sniffLogoType } from '@astro/contracts';
import { checkLogo, fetchLogo, LogoRejected, normaliseLogo } from './logo';

/**
 * Whatever librsvg would draw as an SVG must pass the SVG sanitiser or be refused, on every path
 * (upload, data: URL, fetched logo). The cases below are documents a "does it start like an SVG?"
 * test missed; each is first shown to be an SVG to librsvg itself (sharp's metadata), so the test
 * is against the decoder that would draw it, not against our own idea of what an SVG looks like.
 */
const SVG_NS = 'http://www.w3.org/2000/svg';
const drawing = (root = 'svg', prefix = '') =>
  `<${root} ${prefix ? `xmlns:${prefix}` : 'xmlns'}="${SVG_NS}" width="40" height="20">` +
  `<${prefix ? `${prefix}:` : ''}script>alert(1)</${prefix ? `${prefix}:` : ''}script>` +
  `<${prefix ? `${prefix}:` : ''}rect width="40" height="20" fill="#1a7f5a" onclick="steal()"/></${root}>`;

const CANDIDATES: [string, Buffer][] = [
  ['a prefixed root (<svg:svg xmlns:svg=…>)', Buffer.from(drawing('svg:svg', 'svg'))],
  ['a 5 KiB comment before the root', Buffer.from(`<!--${'x'.repeat(5 * 1024)}-->${drawing()}`)],
  ['5 KiB of whitespace before the root', Buffer.from(`${' \n'.repeat(2600)}${drawing()}`)],
  ['a byte order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(drawing())])],
  ['a 5 KiB processing instruction before the root', Buffer.from(`<?xml version="1.0"?><?note ${'x'.repeat(5 * 1024)}?>${drawing()}`)],
];

describe('one logo detection for uploads, data: URLs and fetched logos', () => {
  it.each(CANDIDATES)('reads %s as an SVG, as librsvg does, and sanitises it', async (_, bytes) => {
    expect((await sharp(bytes).metadata()).format).toBe('svg');
    expect(sniffLogoType(bytes)).toBe('image/svg+xml');
    const checked = checkLogo(bytes, null);
    expect(checked.format).toBe('svg');
    const svg = checked.input.toString('utf8');
    // Rebuilt as plain unprefixed SVG (a prefix declaration may stay), without the script and the handler.
    expect(svg).toMatch(
      new RegExp(
        `^<svg xmlns="${SVG_NS}"( xmlns:svg="${SVG_NS}")? width="40" height="20"><rect width="40" height="20" fill="#1a7f5a"/></svg>$`,
      ),
    );
    expect(checked.removed).toEqual(expect.arrayContaining(['attribute onclick']));
  });

  it('refuses a DOCTYPE however far it is from the start', () => {
    const doctype = Buffer.from(`<!--${'x'.repeat(5 * 1024)}--><!DOCTYPE svg [<!ENTITY e "e">]>${drawing()}`);
    expect(sniffLogoType(doctype)).toBe('image/svg+xml');
    expect(() => checkLogo(doctype, null)).toThrow(/DOCTYPE/);
  });

  it('refuses a gzip-compressed SVG, which librsvg would draw', async () => {
    const svgz = gzipSync(drawing());
    expect((await sharp(svgz).metadata()).format).toBe('svg');
    expect(sniffLogoType(svgz)).toBe('image/svg+xml');
    expect(() => checkLogo(svgz, null)).toThrow(LogoRejected);
  });

  it('judges elements by namespace: a prefixed script is dropped, a root outside the SVG namespace is refused', () => {
    const aliased = `<svg xmlns="${SVG_NS}" xmlns:s="${SVG_NS}"><s:script>alert(1)</s:script><s:circle r="2"/></svg>`;
    expect(checkLogo(Buffer.from(aliased), 'image/svg+xml').input.toString()).toBe(
      `<svg xmlns="${SVG_NS}" xmlns:s="${SVG_NS}"><circle r="2"/></svg>`,
    );
    const html = `<svg xmlns="http://www.w3.org/1999/xhtml"><rect width="1" height="1"/></svg>`;
    expect(() => checkLogo(Buffer.from(html), null)).toThrow(/not an SVG <svg>/);
    expect(() => checkLogo(Buffer.from(`<x:svg><x:rect/></x:svg>`), null)).toThrow(/undeclared namespace prefix x:/);
  });

  it('recognises PNG, JPEG and WebP only by their magic bytes, whatever follows', async () => {
    const box = { create: { width: 8, height: 4, channels: 3 as const, background: '#000' } };
    expect(sniffLogoType(await sharp(box).png().toBuffer())).toBe('image/png');
    expect(sniffLogoType(await sharp(box).jpeg().toBuffer())).toBe('image/jpeg');
    expect(sniffLogoType(await sharp(box).webp().toBuffer())).toBe('image/webp');
    // A GIF is not one of them: it is an SVG candidate, which the sanitiser refuses.
    const gif = await sharp(box).gif().toBuffer();
    expect(sniffLogoType(gif)).toBe('image/svg+xml');
    expect(() => checkLogo(gif, null)).toThrow();
    // An SVG behind a PNG signature is a broken PNG to libvips too: refused, never drawn as an SVG.
    const disguised = Buffer.concat([(await sharp(box).png().toBuffer()).subarray(0, 8), Buffer.from(drawing())]);
    expect(sniffLogoType(disguised)).toBe('image/png');
    await expect(normaliseLogo(disguised, null)).rejects.toThrow(LogoRejected);
  });
});

describe('fetchLogo', () => {
  let server: http.Server;
  let base: string;
  const served = new Map<string, { type: string; body: Buffer }>();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const found = served.get(req.url ?? '');
      res.writeHead(found ? 200 : 404, { 'Content-Type': found?.type ?? 'text/plain' }).end(found?.body ?? '');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const allowlist = new BlockList();
  allowlist.addSubnet('127.0.0.1', 32, 'ipv4');
  const policy = { allowlist, requireHttps: false, timeoutMs: 5_000, maxRedirects: 0 };

  it('sends a fetched SVG with a prefixed root and a long comment through the sanitiser and its limits', async () => {
    // Five levels of ten <use>s: 10^5 copies, over the drawn-element limit. Served as image/png.
    let uses = `<!--${'x'.repeat(5 * 1024)}--><svg:svg xmlns:svg="${SVG_NS}" xmlns:l="http://www.w3.org/1999/xlink" width="10" height="10">`;
    uses += '<svg:g id="a0"><svg:rect width="1" height="1"/></svg:g>';
    for (let level = 1; level <= 5; level++) uses += `<svg:g id="a${level}">${`<svg:use l:href="#a${level - 1}"/>`.repeat(10)}</svg:g>`;
    uses += '</svg:svg>';
    served.set('/deep.png', { type: 'image/png', body: Buffer.from(uses) });
    const result = await fetchLogo(`${base}/deep.png`, policy);
    expect(result.dataUrl).toBeNull();
    expect(result.warning).toMatch(/nests <use> 5 deep/);

    served.set('/ok.svg', { type: 'image/svg+xml', body: Buffer.from(drawing('svg:svg', 'svg')) });
    const ok = await fetchLogo(`${base}/ok.svg`, policy);
    expect(ok.warning).toBeNull();
    const png = Buffer.from(ok.dataUrl!.split(',')[1], 'base64');
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 600, height: 300 });
  });

  it("refuses the probe's IPv4-translated spelling of loopback, [::ffff:0:127.0.0.1], before connecting", async () => {
    let requests = 0;
    server.on('request', () => requests++);
    const port = new URL(base).port;
    const closed = { ...policy, allowlist: new BlockList() };
    const result = await fetchLogo(`http://[::ffff:0:127.0.0.1]:${port}/ok.svg?token=s3cr3t`, closed);
    expect(result.dataUrl).toBeNull();
    expect(result.warning).toMatch(/127\.0\.0\.1 is a private or reserved address/);
    // The warning is kept with the job (and its events): it names the field, never the URL and its token.
    expect(result.warning).not.toContain('s3cr3t');
    expect(requests).toBe(0);
  });

  it('draws a fetched WebP logo', async () => {
    const webp = await sharp({ create: { width: 1200, height: 300, channels: 3, background: '#e67e22' } })
      .webp()
      .toBuffer();
    served.set('/logo.webp', { type: 'image/webp', body: webp });
    const result = await fetchLogo(`${base}/logo.webp`, policy);
    expect(result.warning).toBeNull();
    expect((await normaliseLogo(webp, null)).width).toBe(600);
  });
});
