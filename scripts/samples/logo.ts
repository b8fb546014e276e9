import sharp from 'sharp';

/**
 * The sample brand's logo ("Siam Stars"): an eight-pointed star over a crescent in the brand's
 * colour, drawn here as SVG and rasterised to the PNG data: URL a brand profile's logo becomes
 * (reports embed only PNG or JPEG logos).
 */
export async function sampleLogoDataUrl(colour: string): Promise<string> {
  const points: string[] = [];
  for (let i = 0; i < 16; i++) {
    const radius = i % 2 === 0 ? 46 : 18;
    const angle = (Math.PI / 8) * i - Math.PI / 2;
    points.push(`${(60 + radius * Math.cos(angle)).toFixed(1)},${(60 + radius * Math.sin(angle)).toFixed(1)}`);
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="120" viewBox="0 0 420 120">` +
    `<circle cx="60" cy="60" r="56" fill="${colour}"/>` +
    `<path d="M30 80 A38 38 0 1 0 90 30 A30 30 0 1 1 30 80 Z" fill="#f4c542"/>` +
    `<polygon points="${points.join(' ')}" fill="#fff" transform="translate(60 60) scale(0.55) translate(-60 -60)"/>` +
    `<text x="128" y="58" font-family="DejaVu Sans" font-size="34" font-weight="bold" fill="${colour}">Siam Stars</text>` +
    `<text x="130" y="88" font-family="DejaVu Sans" font-size="17" fill="#8a6d1f">horoscopes · charts · readings</text></svg>`;
  const png = await sharp(Buffer.from(svg), { density: 144 }).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}
