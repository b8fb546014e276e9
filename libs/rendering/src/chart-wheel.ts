import { escapeHtml } from './html';

export const SIGN_GLYPHS = ['♈', '♉', '♊', '♋', '♌', '♍', '♎', '♏', '♐', '♑', '♒', '♓'];
export const PLANET_GLYPHS: Record<string, string> = {
  Sun: '☉', Moon: '☽', Mercury: '☿', Venus: '♀', Mars: '♂', Jupiter: '♃', Saturn: '♄',
  Uranus: '♅', Neptune: '♆', Pluto: '♇', 'North Node': '☊', Chiron: '⚷',
};

export interface WheelPoint {
  name: string;
  longitude: number;
}

export interface WheelInput {
  ascendant: number;
  cusps: number[];
  inner: WheelPoint[];
  /** a second ring (bi-wheel), e.g. the partner's planets */
  outer?: WheelPoint[];
  color: string;
  size?: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * A chart wheel as SVG, drawn from computed positions: the Ascendant at nine o'clock, longitudes
 * increasing counter-clockwise, sign band, house cusps, planets (and an outer ring for a bi-wheel).
 */
export function chartWheelSvg(input: WheelInput): string {
  const size = input.size ?? 420;
  const c = size / 2;
  const rSigns = c - 6;
  const rSignsInner = rSigns - 34;
  const rOuterPlanets = rSignsInner - 16;
  const rRing = input.outer ? rSignsInner - 34 : rSignsInner;
  const rInnerPlanets = rRing - 18;
  const rHub = rRing * 0.38;
  const point = (longitude: number, radius: number) => {
    const theta = ((180 - (longitude - input.ascendant)) * Math.PI) / 180;
    return { x: r2(c + radius * Math.cos(theta)), y: r2(c - radius * Math.sin(theta)) };
  };
  const line = (lon: number, from: number, to: number, attrs: string) => {
    const a = point(lon, from);
    const b = point(lon, to);
    return `<line x1="${a.x}" y1="${a.y}" x2="${b.x}" y2="${b.y}" ${attrs}/>`;
  };
  const parts: string[] = [
    `<circle cx="${c}" cy="${c}" r="${rSigns}" fill="#fff" stroke="${input.color}" stroke-width="2"/>`,
    `<circle cx="${c}" cy="${c}" r="${rSignsInner}" fill="none" stroke="${input.color}" stroke-width="1"/>`,
    `<circle cx="${c}" cy="${c}" r="${rRing}" fill="none" stroke="#999" stroke-width="0.8"/>`,
    `<circle cx="${c}" cy="${c}" r="${rHub}" fill="none" stroke="#bbb" stroke-width="0.8"/>`,
  ];
  for (let s = 0; s < 12; s++) {
    parts.push(line(s * 30, rSignsInner, rSigns, `stroke="${input.color}" stroke-width="1"`));
    const g = point(s * 30 + 15, (rSigns + rSignsInner) / 2);
    parts.push(`<text x="${g.x}" y="${g.y}" font-size="17" text-anchor="middle" dominant-baseline="central" fill="${input.color}">${SIGN_GLYPHS[s]}</text>`);
  }
  input.cusps.forEach((cusp, i) => {
    const angular = i % 3 === 0;
    parts.push(line(cusp, rHub, rRing, `stroke="${angular ? '#333' : '#aaa'}" stroke-width="${angular ? 1.6 : 0.8}"`));
    const label = point(cusp + 4, rHub + 10);
    parts.push(`<text x="${label.x}" y="${label.y}" font-size="9" text-anchor="middle" dominant-baseline="central" fill="#777">${i + 1}</text>`);
  });
  const placeRing = (points: WheelPoint[], radius: number, fill: string) => {
    // Spread planets that sit within 7° of each other so their glyphs do not overlap.
    const sorted = [...points].sort((a, b) => a.longitude - b.longitude);
    let last = -Infinity;
    for (const p of sorted) {
      const shown = p.longitude - last < 7 ? last + 7 : p.longitude;
      last = shown;
      const g = point(shown, radius);
      parts.push(line(p.longitude, radius + 8, radius + 13, `stroke="${fill}" stroke-width="1"`));
      parts.push(
        `<text x="${g.x}" y="${g.y}" font-size="15" text-anchor="middle" dominant-baseline="central" fill="${fill}"><title>${escapeHtml(p.name)}</title>${PLANET_GLYPHS[p.name] ?? escapeHtml(p.name.slice(0, 2))}</text>`,
      );
    }
  };
  placeRing(input.inner, rInnerPlanets, '#222');
  if (input.outer) placeRing(input.outer, rOuterPlanets, input.color);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" font-family="DejaVu Sans, sans-serif" role="img">${parts.join('')}</svg>`;
}
