import { formatDegrees } from './dial';
import { Factor } from './factors';

export interface DialFactor {
  factor: Factor;
  dial_position: number;
}

const SIZE = 600;
const CENTER = SIZE / 2;
const RADIUS = 240;

/** Dial degrees run counter-clockwise from the top (0° at 12 o'clock), 4° of circle per dial degree. */
function point(dialDegrees: number, radius: number): [number, number] {
  const angle = ((dialDegrees * 4 - 90) * Math.PI) / 180;
  return [CENTER + radius * Math.cos(-angle - Math.PI), CENTER + radius * Math.sin(-angle - Math.PI)].map(
    (v) => Math.round(v * 100) / 100,
  ) as [number, number];
}

const escape = (s: string) => s.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The 90° dial as SVG: a tick per degree (longer every 5°), the 0/22.5/45/67.5 cardinal marks,
 * the factors on their dial positions (labels stepped inward where they crowd) and an optional
 * pointer drawn through both ends, as a Hamburg School dial is read.
 */
export function dialSvg(factors: DialFactor[], pointer?: number, title = 'Uranian 90° dial'): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="${escape(title)}">`,
    `<title>${escape(title)}</title>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="#ffffff"/>`,
    `<circle cx="${CENTER}" cy="${CENTER}" r="${RADIUS}" fill="none" stroke="#222" stroke-width="1.5"/>`,
  ];
  for (let d = 0; d < 90; d++) {
    const long = d % 5 === 0;
    const [x1, y1] = point(d, RADIUS);
    const [x2, y2] = point(d, RADIUS - (long ? 14 : 6));
    parts.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#222" stroke-width="${long ? 1.2 : 0.6}"/>`);
    if (long) {
      const [tx, ty] = point(d, RADIUS + 16);
      parts.push(
        `<text x="${tx}" y="${ty}" font-size="11" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif">${d}</text>`,
      );
    }
  }
  const sorted = [...factors].sort((a, b) => a.dial_position - b.dial_position);
  let previous = -Infinity;
  let ring = 0;
  for (const f of sorted) {
    ring = f.dial_position - previous < 2.5 ? (ring + 1) % 4 : 0;
    previous = f.dial_position;
    const [mx1, my1] = point(f.dial_position, RADIUS - 14);
    const [mx2, my2] = point(f.dial_position, RADIUS - 24);
    const [lx, ly] = point(f.dial_position, RADIUS - 38 - ring * 22);
    parts.push(`<line x1="${mx1}" y1="${my1}" x2="${mx2}" y2="${my2}" stroke="#0b5394" stroke-width="2"/>`);
    parts.push(
      `<text x="${lx}" y="${ly}" font-size="13" font-weight="bold" fill="#0b5394" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif"><title>${f.factor} ${formatDegrees(f.dial_position)}</title>${f.factor}</text>`,
    );
  }
  if (pointer !== undefined) {
    const [x1, y1] = point(pointer, RADIUS - 4);
    const [x2, y2] = point(pointer + 45, RADIUS - 4);
    parts.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#cc0000" stroke-width="2"/>`);
    parts.push(`<circle cx="${x1}" cy="${y1}" r="5" fill="#cc0000"><title>pointer ${formatDegrees(pointer)}</title></circle>`);
  }
  parts.push(`<circle cx="${CENTER}" cy="${CENTER}" r="3" fill="#222"/>`, '</svg>');
  return parts.join('\n');
}
