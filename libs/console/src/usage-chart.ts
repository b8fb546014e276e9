import { html, SafeHtml, trustedHtml } from './html';
import { ConsoleLocale, formatDay, formatNumber } from './text';

export interface UsageDay {
  date: string;
  credits_used: number;
  calls: number;
}

const WIDTH = 720;
const HEIGHT = 200;
const BOTTOM = 24;
const LEFT = 40;

/**
 * Credits used per day as an SVG bar chart drawn here from numbers only (no tenant text), with its
 * accessible name given by the caller; the same figures follow as a table for screen readers and
 * for reading exact values.
 */
export function usageChart(locale: ConsoleLocale, days: UsageDay[], label: string): SafeHtml {
  const max = Math.max(1, ...days.map((d) => d.credits_used));
  const slot = (WIDTH - LEFT) / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const plot = HEIGHT - BOTTOM;
  const bars = days
    .map((d, i) => {
      const h = Math.round((Math.max(0, d.credits_used) / max) * (plot - 8));
      const x = (LEFT + i * slot + (slot - bar) / 2).toFixed(1);
      return `<rect class="bar" x="${x}" y="${plot - h}" width="${bar.toFixed(1)}" height="${h}"><title>${escapeSvg(formatDay(locale, d.date))}: ${d.credits_used}</title></rect>`;
    })
    .join('');
  const ticks = [0, Math.round(max / 2), max]
    .map((v) => {
      const y = plot - Math.round((v / max) * (plot - 8));
      return `<text class="tick" x="${LEFT - 6}" y="${y + 4}" text-anchor="end">${escapeSvg(formatNumber(locale, v))}</text><line class="grid" x1="${LEFT}" x2="${WIDTH}" y1="${y}" y2="${y}"/>`;
    })
    .join('');
  const labelled = [0, Math.floor(days.length / 2), days.length - 1]
    .filter((i, n, all) => i >= 0 && all.indexOf(i) === n)
    .map(
      (i) =>
        `<text class="tick" x="${(LEFT + i * slot + slot / 2).toFixed(1)}" y="${HEIGHT - 6}" text-anchor="middle">${escapeSvg(formatDay(locale, days[i].date))}</text>`,
    )
    .join('');
  return html`<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${label}">
    ${trustedHtml(ticks + bars + labelled)}
  </svg>`;
}

/** Day names from Intl and digits: no tenant text reaches the SVG, but encode all the same. */
function escapeSvg(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
