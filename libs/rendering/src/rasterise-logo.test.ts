import sharp from 'sharp';
import { LogoRejected } from './logo-rejected';
import { LOGO_RASTER_BUDGET, rasteriseLogo } from './rasterise-logo';
import { sanitiseSvg, SvgRejected } from './svg-sanitise';

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A drawing that librsvg would work on for minutes: 400 full-size rectangles, each through a
 * filter of 30 blurs (12 000 blurs of the whole 600 × 600 canvas). The sanitiser refuses it; here
 * it is handed to the rasteriser directly, as if the sanitiser had let it through.
 */
const PATHOLOGICAL = Buffer.from(
  `<svg xmlns="${SVG_NS}" width="600" height="600"><filter id="b">${'<feGaussianBlur stdDeviation="40"/>'.repeat(30)}</filter>` +
    `${'<rect width="600" height="600" filter="url(#b)"/>'.repeat(400)}</svg>`,
);

describe('rasteriseLogo', () => {
  it('stops a drawing that runs past its time budget, killing the child that draws it', async () => {
    expect(() => sanitiseSvg(PATHOLOGICAL.toString())).toThrow(SvgRejected);
    const drawing = rasteriseLogo(PATHOLOGICAL, 'svg', { ...LOGO_RASTER_BUDGET, timeMs: 1_000 });
    await expect(drawing).rejects.toThrow(LogoRejected);
    // The promise settles only once the child has exited: the drawing has stopped, not been abandoned.
    await expect(drawing).rejects.toThrow('drawing the logo took longer than its budget of 1 s; simplify the drawing');
  });

  it('refuses a raster image over its pixel budget before decoding it', async () => {
    const png = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expect(rasteriseLogo(png, 'png', { ...LOGO_RASTER_BUDGET, maxInputPixels: 5_000 })).rejects.toThrow(/exceeds pixel limit/);
  });

  it('draws an SVG to fit the output box, whatever size it declares', async () => {
    const tall = Buffer.from(`<svg xmlns="${SVG_NS}" width="100" height="10000"><rect width="100" height="10000" fill="#123456"/></svg>`);
    const drawn = await rasteriseLogo(tall, 'svg');
    expect([drawn.width, drawn.height]).toEqual([6, 600]);
    const wide = Buffer.from(`<svg xmlns="${SVG_NS}" viewBox="0 0 4 1"><rect width="4" height="1"/></svg>`);
    expect(await rasteriseLogo(wide, 'svg')).toMatchObject({ width: 600, height: 150 });
  });

  it('refuses bytes that decode as another format than the one detected', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    await expect(rasteriseLogo(jpeg, 'png')).rejects.toThrow('the bytes decode as jpeg, not png');
  });
});
