import type { QimenChart, QimenPalace } from './qimen';

/** Lo Shu layout as apps draw it, south at the top: rows 巽4 离9 坤2 / 震3 中5 兑7 / 艮8 坎1 乾6. */
const LAYOUT = [
  [4, 9, 2],
  [3, 5, 7],
  [8, 1, 6],
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The nine-palace board as SVG in the visual language of the chart wheels (libs/rendering's
 * chartWheelSvg): white ground, the accent colour for the frame and the chart's own symbols, grey
 * for the secondary lines, and text only from the computed chart.
 */
export function qimenBoardSvg(chart: QimenChart, options: { color?: string; size?: number } = {}): string {
  const color = options.color ?? '#4b2e83'; // the default brand colour of the report wheels (libs/rendering branding)
  const size = options.size ?? 480;
  const header = 40;
  const cell = (size - 12) / 3;
  const x0 = 6;
  const y0 = header;
  const byNumber = new Map(chart.palaces.map((p) => [p.number, p]));
  const parts: string[] = [
    `<rect x="0" y="0" width="${size}" height="${size + header}" fill="#fff"/>`,
    `<text x="${size / 2}" y="16" font-size="14" text-anchor="middle" fill="${color}">${escape(`${chart.dun_zh}${chart.ju}局 ${chart.yuan_zh} ${chart.solar_term.zh}`)}</text>`,
    `<text x="${size / 2}" y="33" font-size="12" text-anchor="middle" fill="#555">${escape(
      `${chart.pillars.year.gan_zhi} ${chart.pillars.month.gan_zhi} ${chart.pillars.day.gan_zhi} ${chart.pillars.hour.gan_zhi}  旬首${chart.xun_shou.gan_zhi}  值符${chart.duty_star.zh} 值使${chart.duty_door.zh}`,
    )}</text>`,
    `<rect x="${x0}" y="${y0}" width="${cell * 3}" height="${cell * 3}" fill="none" stroke="${color}" stroke-width="2"/>`,
  ];
  for (let i = 1; i < 3; i++) {
    parts.push(`<line x1="${x0 + i * cell}" y1="${y0}" x2="${x0 + i * cell}" y2="${y0 + 3 * cell}" stroke="#999" stroke-width="0.8"/>`);
    parts.push(`<line x1="${x0}" y1="${y0 + i * cell}" x2="${x0 + 3 * cell}" y2="${y0 + i * cell}" stroke="#999" stroke-width="0.8"/>`);
  }
  LAYOUT.forEach((row, r) =>
    row.forEach((number, c) => parts.push(palaceSvg(byNumber.get(number)!, x0 + c * cell, y0 + r * cell, cell, color))),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size + header}" viewBox="0 0 ${size} ${size + header}" font-family="'Noto Sans CJK SC','Noto Sans SC','DejaVu Sans',sans-serif">${parts.join('')}</svg>`;
}

function palaceSvg(p: QimenPalace, x: number, y: number, cell: number, color: string): string {
  const t = (dx: number, dy: number, text: string, attrs: string) =>
    `<text x="${Math.round((x + dx) * 100) / 100}" y="${Math.round((y + dy) * 100) / 100}" ${attrs}>${escape(text)}</text>`;
  const out: string[] = [];
  out.push(t(6, 14, `${p.trigram}${p.number} ${p.direction_zh}`, `font-size="11" fill="#999"`));
  if (p.marks.length > 0) out.push(t(cell - 6, 14, p.marks.map((m) => m.zh).join(' '), `font-size="10" text-anchor="end" fill="#b03a2e"`));
  if (p.number === 5) {
    out.push(t(cell / 2, cell / 2 + 6, p.earth_stem, `font-size="20" text-anchor="middle" fill="${color}"`));
    out.push(t(cell / 2, cell - 10, `暗${p.hidden_stem}`, `font-size="11" text-anchor="middle" fill="#999"`));
    return out.join('');
  }
  out.push(t(cell / 2, cell * 0.3, p.deity?.zh ?? '', `font-size="13" text-anchor="middle" fill="#555"`));
  out.push(
    t(
      cell * 0.3,
      cell * 0.52,
      [p.star?.zh, p.star_lodged?.zh].filter(Boolean).join(' '),
      `font-size="13" text-anchor="middle" fill="${color}"`,
    ),
  );
  out.push(
    t(
      cell * 0.78,
      cell * 0.52,
      [p.heaven_stem, p.heaven_stem_lodged].filter(Boolean).join(''),
      `font-size="18" text-anchor="middle" fill="${color}"`,
    ),
  );
  out.push(t(cell * 0.3, cell * 0.78, p.door?.zh ?? '', `font-size="13" text-anchor="middle" fill="#333"`));
  out.push(
    t(
      cell * 0.78,
      cell * 0.78,
      [p.earth_stem, p.earth_stem_lodged].filter(Boolean).join(''),
      `font-size="18" text-anchor="middle" fill="#333"`,
    ),
  );
  out.push(t(cell * 0.12, cell - 8, `暗${p.hidden_stem}`, `font-size="10" fill="#999"`));
  return out.join('');
}
