import { escapeHtml } from '../../html';
import { birthFacts, disclaimer, heading, paragraph as htmlParagraph, RenderContext, table } from '../common';
import { adviceSection, conventionsSection } from './advice-sections';
import { FourPillarsData } from './compute';
import { DocBlock, FourPillarsDocument } from './document';
import { reportPillarGrid } from './grid';
import { luckSection, yearsSection } from './luck-sections';
import {
  dayMasterSection,
  elementsSection,
  naYinStagesSection,
  pillarsSection,
  relationsSection,
  strengthSection,
  tenGodsSection,
} from './natal-sections';
import { Voice } from './voice';

/** The Korean Saju or the Chinese BaZi report of a chart, as a document in the context's language. */
export function fourPillarsDocument(kind: 'saju' | 'bazi', data: FourPillarsData, ctx: RenderContext): FourPillarsDocument {
  const v = new Voice(ctx, kind);
  const t = v.t;
  const edition = t.edition[kind];
  const chart = data.chart;
  return {
    kind,
    locale: ctx.locale,
    title: edition.title,
    subtitle: v.say(edition.subtitle, { name: data.name }),
    name: data.name,
    cover: [...birthFacts(ctx, data.birth), [t.cover.gender, t.cover.genders[data.gender]], [t.cover.as_of, v.date(chart.asOf.date)]],
    sections: [
      pillarsSection(v, chart),
      dayMasterSection(v, chart),
      strengthSection(v, chart),
      elementsSection(v, chart),
      tenGodsSection(v, chart),
      naYinStagesSection(v, chart),
      relationsSection(v, chart),
      luckSection(v, chart, data.gender),
      yearsSection(v, chart),
      adviceSection(v, chart),
      conventionsSection(v, data),
    ],
    disclaimer: ctx.chart.disclaimers[ctx.branding.safety_mode],
    chart,
  };
}

const SHORT_TABLE_ROWS = 6;

function blockHtml(block: DocBlock, grid: () => string): string {
  switch (block.kind) {
    case 'paragraph':
      return htmlParagraph(block.text);
    case 'subheading':
      return heading(3, block.text);
    case 'table': {
      // A short table is printed whole; a long one breaks with its header repeated (common.ts, table).
      const style = block.style ?? (block.rows.length <= SHORT_TABLE_ROWS ? 'whole' : null);
      return style ? `<div class="${style}">${table(block.head, block.rows)}</div>` : table(block.head, block.rows);
    }
    case 'figure':
      return `<figure class="pillar-grid">${grid()}<figcaption>${escapeHtml(block.caption)}</figcaption></figure>`;
  }
}

// The grid fills the text width and never splits across pages; its caption stays with it.
const STYLE = `<style>
  figure.pillar-grid { margin: 6pt 0 10pt; break-inside: avoid; text-align: center; }
  figure.pillar-grid svg { width: 100%; height: auto; }
  figure.pillar-grid figcaption { font-size: 8.5pt; color: #666; margin-top: 3pt; }
  .whole, .part { break-inside: avoid; }
  p:has(+ .whole), h3:has(+ .whole), p:has(+ .periods) { break-after: avoid; }
  .periods table { font-size: 9pt; } .periods td:nth-child(-n+3) { white-space: nowrap; }
  .labelled td:first-child { white-space: nowrap; }
</style>`;

/** The blocks of a section; a subheading and the paragraph it heads print whole (`.part`), so no page opens with a paragraph's end. */
function partsHtml(blocks: DocBlock[], grid: () => string): string[] {
  const out: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const next = blocks[i + 1];
    if (blocks[i].kind === 'subheading' && next?.kind === 'paragraph') {
      out.push(`<div class="part">${blockHtml(blocks[i], grid)}${blockHtml(next, grid)}</div>`);
      i++;
    } else out.push(blockHtml(blocks[i], grid));
  }
  return out;
}

/** The HTML body of a four-pillar report: its sections in order, the pillar grid drawn where the document places it. */
export function fourPillarsBody(doc: FourPillarsDocument, ctx: RenderContext): string {
  const grid = () => reportPillarGrid(new Voice(ctx, doc.kind), doc.chart);
  const sections = doc.sections.map((s) => [heading(2, s.heading, true), ...partsHtml(s.blocks, grid)].join('\n'));
  // the last section (how the chart was cast) closes the report whole, with the disclaimer
  return [STYLE, ...sections.slice(0, -1), `<section class="closing">${sections.at(-1)}\n${disclaimer(ctx)}</section>`].join('\n');
}
