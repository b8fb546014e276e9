import { chartLabels, chartSvg, houseFrom, SIGN_NAMES } from '@astro/vedic';
import { escapeHtml } from '../html';
import { heading, paragraph, RenderContext, table } from './common';
import { fill, grahaLabel, grahaName, listed, sentence, signName, vedicText } from './vedic-common';
import type { VedicKundliData } from './vedic-kundli-data';

/** How many signs the Sarvashtakavarga reading names as strongest and as weakest. */
const NAMED_SIGNS = 3;

/** The Sarvashtakavarga drawn in the chart's style: each sign's bindus where the grahas would stand. */
function savChart(ctx: RenderContext, data: VedicKundliData, caption: string): string {
  const lagna = SIGN_NAMES.indexOf(data.kundli.placements[0].sign);
  const bindus = data.ashtakavarga.sarvashtakavarga.bindus.map((b, sign) => ({ label: String(b), sign }));
  const svg = chartSvg(data.chart_style, lagna, bindus, caption, chartLabels(ctx.locale));
  return `<div class="vedic-figures"><figure class="vedic-chart large">${svg}<figcaption>${escapeHtml(caption)}</figcaption></figure></div>`;
}

/** The Sarvashtakavarga with its strongest and weakest signs, and the Shadbala with the grahas strong enough to deliver. */
export function strengthSection(ctx: RenderContext, data: VedicKundliData): string {
  const t = vedicText(ctx.locale);
  const s = t.kundli.strength;
  const lagna = SIGN_NAMES.indexOf(data.kundli.placements[0].sign);
  const bySupport = data.ashtakavarga.sarvashtakavarga.bindus.map((bindus, sign) => ({ sign, bindus })).sort((a, b) => b.bindus - a.bindus);
  const named = (signs: { sign: number; bindus: number }[]) => ({
    list: listed(
      ctx,
      signs.map((x) => fill(s.sign_bindus, { sign: signName(t, x.sign), bindus: x.bindus })),
    ),
    topics: signs
      .map((x) => (t.names.house_topics as Record<string, string>)[String(houseFrom(lagna, x.sign))])
      .join(t.kundli.dasha.topic_join),
  });
  const parts = [
    heading(2, t.kundli.sections.strength, true),
    heading(3, s.sav_heading),
    paragraph(s.sav_intro),
    savChart(ctx, data, s.sav_caption),
    paragraph(
      `${sentence(ctx, s.strongest, named(bySupport.slice(0, NAMED_SIGNS)))} ${sentence(ctx, s.weakest, named(bySupport.slice(-NAMED_SIGNS).reverse()))}`,
    ),
  ];
  // The Shadbala closes the report: printed whole (layout.ts, .closing), it never leaves its table's last rows alone on the last page.
  const closing = (...blocks: string[]) =>
    [
      ...parts,
      `<section class="closing">${[heading(3, s.shadbala_heading), paragraph(s.shadbala_intro), ...blocks].join('\n')}</section>`,
    ].join('\n');
  const bala = data.shadbala;
  if (!bala) return closing(paragraph(s.no_shadbala));
  const h = s.headers;
  const rows = bala.map((p) => [
    grahaLabel(t, p.planet),
    p.total_rupa.toFixed(2),
    (p.required_virupa / 60).toFixed(1),
    `${Math.round(p.strength_ratio * 100)}%`,
  ]);
  const strong = bala.filter((p) => p.strength_ratio >= 1).map((p) => grahaName(t, p.planet));
  const short = bala.filter((p) => p.strength_ratio < 1).map((p) => grahaName(t, p.planet));
  const verdict =
    short.length === 0
      ? s.all_strong
      : strong.length === 0
        ? s.none_strong
        : `${sentence(ctx, s.deliver, { list: listed(ctx, strong) })} ${sentence(ctx, s.short, { list: listed(ctx, short) })}`;
  return closing(table([h.graha, h.total, h.required, h.ratio], rows), paragraph(verdict));
}
