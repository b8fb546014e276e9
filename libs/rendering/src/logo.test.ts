import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { LOGO_LIMITS } from '@astro/contracts';
import { LogoRejected, normaliseDataUrlLogo, normaliseLogo } from './logo';
import { sanitiseSvg, SvgRejected } from './svg-sanitise';

/** Everything an SVG can do to a reader that renders it: scripts, handlers, links out, HTML islands (also used by test/branding-api.test.ts). */
const HOSTILE_SVG = fs.readFileSync(path.join(__dirname, '..', '..', '..', 'test', 'fixtures', 'branding', 'hostile.svg'), 'utf8');

describe('sanitiseSvg', () => {
  it('keeps the drawing and removes scripts, event handlers, external references and foreignObject', () => {
    const { svg, removed } = sanitiseSvg(HOSTILE_SVG);
    for (const gone of [
      /script/i,
      /onload|onclick|onmouseover/i,
      /evil\.example/,
      /foreignObject/,
      /iframe/,
      /javascript:/i,
      /file:/,
      /@import/,
      /<animate|<set/,
    ]) {
      expect(svg).not.toMatch(gone);
    }
    // The drawing stays: the rectangle in its colour, the circles, the internal gradient reference.
    expect(svg).toMatch(/<rect class="bg" width="200" height="100" style="fill:#1a7f5a; filter:none"\/>/);
    expect(svg).toContain('fill="url(#grad)"');
    expect(svg).toContain('.bg { fill: #1a7f5a; background: none }');
    expect(removed).toEqual(
      expect.arrayContaining([
        'element script',
        'element foreignObject',
        'attribute onload',
        'attribute onclick',
        'element image',
        'element animate',
        'element set',
        'css @import',
      ]),
    );
    expect(removed.some((r) => r.startsWith('attribute l:href'))).toBe(true);
  });

  it.each([
    [
      'a DOCTYPE with entities (XXE, billion laughs)',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      /DOCTYPE/,
    ],
    ['an undeclared entity', '<svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>', /entity/],
    ['a root that is not svg', '<html><svg/></html>', /root element is <html>/],
    ['unbalanced tags', '<svg xmlns="http://www.w3.org/2000/svg"><g></svg>', /not open/],
    ['an unterminated document', '<svg xmlns="http://www.w3.org/2000/svg"><g>', /still open/],
  ])('refuses %s', (_, source, message) => {
    expect(() => sanitiseSvg(source)).toThrow(SvgRejected);
    expect(() => sanitiseSvg(source)).toThrow(message);
  });

  it('decodes character references before judging a link (java&#115;cript: is still javascript:)', () => {
    const { svg } = sanitiseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="java&#115;cript:alert(1)"><rect width="1" height="1"/></a></svg>',
    );
    expect(svg).toBe('<svg xmlns="http://www.w3.org/2000/svg"><a><rect width="1" height="1"/></a></svg>');
  });
});

describe('normaliseLogo', () => {
  it("rasterises a sanitised SVG to a PNG 600 px wide in the drawing's colours", async () => {
    const logo = await normaliseLogo(Buffer.from(HOSTILE_SVG), 'image/svg+xml');
    expect((await sharp(logo.png).metadata()).format).toBe('png');
    expect([logo.width, logo.height]).toEqual([600, 300]);
    const { data } = await sharp(logo.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // The top-left corner is the rectangle's green (#1a7f5a).
    expect([data[0], data[1], data[2]]).toEqual([0x1a, 0x7f, 0x5a]);
    expect(logo.removed.length).toBeGreaterThan(5);
  });

  it('refuses bytes that are not what the declared type says, and oversized files', async () => {
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    await expect(normaliseLogo(png, 'image/jpeg')).rejects.toThrow('the bytes are image/png, not the declared image/jpeg');
    await expect(normaliseLogo(Buffer.from('GIF89a....'), 'image/png')).rejects.toThrow(
      'the bytes are not a PNG, JPEG or WebP image, so not the declared image/png',
    );
    await expect(normaliseLogo(Buffer.alloc(LOGO_LIMITS.uploadMaxBytes + 1), 'image/png')).rejects.toThrow(LogoRejected);
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#000000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expect(normaliseLogo(huge, 'image/png')).rejects.toThrow('30.0 megapixels, more than 25');
    const logo = await normaliseLogo(png, 'image/png');
    expect([logo.width, logo.height]).toEqual([40, 20]);
  });

  it('reads data: URLs in base64 and percent-encoding, within 256 KiB', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 200, channels: 3, background: '#aa0000' } })
      .jpeg()
      .toBuffer();
    expect((await normaliseDataUrlLogo(`data:image/jpeg;base64,${jpeg.toString('base64')}`)).width).toBe(600);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="10"><rect width="30" height="10" fill="#00f"/></svg>';
    expect((await normaliseDataUrlLogo(`data:image/svg+xml,${encodeURIComponent(svg)}`)).width).toBe(600);
    await expect(normaliseDataUrlLogo(`data:image/gif;base64,R0lGODlh`)).rejects.toThrow('must be image/png, image/jpeg or image/svg+xml');
    await expect(normaliseDataUrlLogo(`data:image/png;base64,${jpeg.toString('base64')}`)).rejects.toThrow(
      'the bytes are image/jpeg, not the declared image/png',
    );
    const big = Buffer.concat([jpeg, Buffer.alloc(LOGO_LIMITS.dataUrlMaxBytes)]);
    await expect(normaliseDataUrlLogo(`data:image/jpeg;base64,${big.toString('base64')}`)).rejects.toThrow('more than 262144 (256 KiB)');
  });
});
