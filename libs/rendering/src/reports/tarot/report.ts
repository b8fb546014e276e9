import en from '../../content/tarot-report.en.json';
import th from '../../content/tarot-report.th.json';
import { cardById, cardReference, DrawnCard, orientationName, SUITS } from '@astro/tarot';
import { compose, fill } from '@astro/text';
import { escapeHtml } from '../../html';
import { tarotReadingSvg } from '../../tarot/tarot-spread';
import { cardFaceSvg, cardNumeral } from '../../tarot/card-face';
import { disclaimer, heading, paragraph, EditionWords, RenderContext, table } from '../common';
import { TarotReportData } from './compute';

export { computeTarotReport } from './compute';
export type { TarotReportData, TarotReportInput } from './compute';

type Text = typeof en;

/** The words of the tarot report in the edition's language. */
class Words extends EditionWords<Text> {
  constructor(ctx: RenderContext) {
    super(ctx, { en, th });
  }
  /** a card's keywords as a table shows them: a comma list in English, spaced in Thai */
  keywords(card: DrawnCard['card']): string {
    return card.keywords[this.locale].join(this.locale === 'th' ? ' ' : ', ');
  }
}

export function tarotTitle(ctx: RenderContext, data: TarotReportData): { title: string; subtitle: string } {
  const w = new Words(ctx);
  const spread = w.t.spreads[data.reading.spread].name;
  return { title: w.t.title, subtitle: data.name ? fill(w.t.subtitle_named, { spread, name: data.name }) : fill(w.t.subtitle, { spread }) };
}

/** The cover's rows: the spread, how many cards, the asker and whether cards may lie reversed. */
export function tarotCover(ctx: RenderContext, data: TarotReportData): [string, string][] {
  const w = new Words(ctx);
  const c = w.t.cover;
  const r = data.reading;
  return [
    [c.spread, w.t.spreads[r.spread].name],
    [c.cards, fill(w.t.cover_values.cards, { count: r.cards.length })],
    ...(data.name ? [[c.asked_by, data.name] as [string, string]] : []),
    [c.reversals, r.allow_reversed ? w.t.cover_values.reversals_on : w.t.cover_values.reversals_off],
  ];
}

/** The figure's width in the page's text width: as wide as the page allows, never taller than `maxHeightMm`. */
function figureWidthPercent(svg: string, maxHeightMm: number): number {
  const [, width, height] = /width="(\d+)" height="(\d+)"/.exec(svg)!.map(Number);
  const TEXT_WIDTH_MM = 178;
  return Math.min(100, Math.round(((maxHeightMm * width) / height / TEXT_WIDTH_MM) * 100));
}

function questionSection(w: Words, data: TarotReportData): string {
  const r = data.reading;
  const svg = tarotReadingSvg(r, { locale: w.locale, color: w.ctx.branding.primary_color });
  // the spread shares the page with the question: a long question leaves it less height
  const maxHeight = r.question && r.question.length > 160 ? 150 : 175;
  return [
    heading(2, w.t.headings.question, true),
    ...(r.question
      ? [paragraph(w.t.question.asked), `<blockquote class="question">${escapeHtml(r.question)}</blockquote>`]
      : [paragraph(w.t.question.none)]),
    paragraph(w.t.spreads[r.spread].intro),
    `<figure class="spread" style="width: ${figureWidthPercent(svg, maxHeight)}%">${svg}<figcaption>${escapeHtml(w.t.figure_caption)}</figcaption></figure>`,
  ].join('\n');
}

/** Each position on its own block: the card's face, the position's meaning, and the card read in that position. */
function cardsSection(w: Words, data: TarotReportData): string {
  const t = w.t.position;
  const blocks = data.reading.cards.map((d, i) => {
    const reversed = d.orientation === 'reversed';
    const face = cardFaceSvg({ ...d.card, name: d.card.name[w.locale] }, { frameColor: w.ctx.branding.primary_color, reversed });
    const title = fill(reversed ? t.heading_reversed : t.heading, {
      number: i + 1,
      position: d.position.name[w.locale],
      card: d.card.name[w.locale],
    });
    return [
      '<div class="position">',
      `<div class="face" data-card="${escapeHtml(d.card.id)}">${face}</div>`,
      '<div class="reading">',
      heading(3, title),
      `<p class="place">${escapeHtml(w.say(t.meaning, { meaning: d.position.meaning[w.locale] }))}</p>`,
      paragraph(d.interpretation[w.locale]),
      '</div>',
      '</div>',
    ].join('');
  });
  return [heading(2, w.t.headings.cards, true), ...blocks].join('\n');
}

/** The pattern of the spread in numbers, then the reading's own synthesis of it. */
function wholeSection(w: Words, data: TarotReportData): string {
  const t = w.t.whole;
  const p = data.reading.pattern;
  const head = [t.table.major, ...SUITS.map((s) => t.suits[s]), t.table.court, t.table.reversed];
  const counts = [p.major_arcana, ...SUITS.map((s) => p.suits[s]), p.court_cards, p.reversed];
  return [
    heading(2, w.t.headings.whole, true),
    paragraph(t.intro),
    `<div class="pattern">${table(head, [counts])}</div>`,
    paragraph(data.reading.synthesis_localized[w.locale]),
  ].join('\n');
}

/** Practical steps from the pattern: the leading suit, the weight of the Major Arcana, reversals, the stage of the count, the last card. */
function adviceOf(w: { locale: 'en' | 'th'; t: Text }, data: TarotReportData): string[] {
  const a = w.t.advice;
  const r = data.reading;
  const p = r.pattern;
  const out: string[] = [];
  // the suit that leads, or the one small card's suit when it stands alone among trumps
  const suit = p.dominant_suit ?? (p.minor_arcana === 1 ? r.cards.find((d) => d.card.suit !== null)!.card.suit : null);
  if (suit) out.push(a.suit[suit]);
  else if (p.minor_arcana >= 2) out.push(a.mixed);
  if (p.major_arcana * 2 >= r.cards.length) out.push(a.majors);
  else if (r.cards.length > 1 && p.major_arcana === 0) out.push(a.no_majors);
  if (p.reversed * 2 > r.cards.length) out.push(a.reversed);
  if (p.number_phase) out.push(a.phase[p.number_phase]);
  const last = r.cards[r.cards.length - 1];
  out.push(compose(w.locale, a.last[last.orientation], { card: cardReference(last.card, w.locale) }));
  out.push(a.close);
  return out;
}

function adviceSection(w: Words, data: TarotReportData): string {
  const items = adviceOf(w, data);
  return [
    heading(2, w.t.headings.advice, true),
    paragraph(w.t.advice.intro),
    `<ul class="advice">${items.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>`,
  ].join('\n');
}

/** Each card drawn: what it is, its keywords, how it fell and where, and its meaning the other way up. */
function glossarySection(w: Words, data: TarotReportData): string {
  const g = w.t.glossary;
  const rows = data.reading.cards.map((d, i) => {
    const card = d.card;
    // a trump by its number as the card prints it (Roman), in Thai as a number; a small card's name says its suit
    const named =
      card.arcana === 'major'
        ? fill(g.major, { card: card.name[w.locale], numeral: w.locale === 'th' ? card.number : cardNumeral(card)! })
        : card.name[w.locale];
    const other = d.orientation === 'upright' ? 'reversed' : 'upright';
    return [
      named,
      w.keywords(card),
      w.say(g.drawn, { orientation: orientationName(d.orientation, w.locale), number: i + 1 }),
      w.say(g.other, { orientation: orientationName(other, w.locale), meaning: cardById(card.id)![other][w.locale] }),
    ];
  });
  return [
    heading(2, w.t.headings.glossary, true),
    paragraph(g.intro),
    `<div class="glossary">${table([g.table.card, g.table.keywords, g.table.drawn, g.table.other], rows)}</div>`,
  ].join('\n');
}

function aboutSection(w: Words, data: TarotReportData): string {
  const a = w.t.about;
  return [
    heading(2, w.t.headings.about, true),
    paragraph([a.deck, a.seeded, data.reading.allow_reversed ? a.reversals_on : a.reversals_off].join(' ')),
    // tarot's own caution in the default mode; a brand's workplace, financial or entertainment mode keeps its own
    w.ctx.branding.safety_mode === 'default' ? `<div class="disclaimer">${escapeHtml(w.t.disclaimer)}</div>` : disclaimer(w.ctx),
  ].join('\n');
}

const STYLE = `<style>
  figure.spread { margin: 6pt auto 4pt; break-inside: avoid; text-align: center; }
  figure.spread svg { width: 100%; height: auto; }
  figure.spread figcaption { font-size: 8.5pt; color: #666; margin-top: 3pt; }
  blockquote.question { margin: 4pt 18pt 10pt; padding: 6pt 10pt; border-left: 3pt solid #ccc; font-style: italic; white-space: pre-wrap; overflow-wrap: anywhere; }
  .position { display: flex; gap: 12pt; align-items: flex-start; break-inside: avoid; margin: 10pt 0 14pt; }
  .position .face { flex: 0 0 40mm; }
  .position .face svg { width: 40mm; height: auto; display: block; }
  .position .reading { flex: 1; }
  .position h3 { margin-top: 0; }
  .position p.place { color: #555; font-style: italic; margin: 0 0 4pt; }
  .pattern { break-inside: avoid; }
  .pattern td, .pattern th { text-align: center; }
  ul.advice li { margin-bottom: 4pt; }
  .glossary table { font-size: 9pt; }
  .glossary td:first-child { font-weight: 600; }
  p:has(+ .pattern), p:has(+ .glossary), p:has(+ figure) { break-after: avoid; }
  .glossary td:nth-child(3) { white-space: nowrap; }
  .glossary th:nth-child(1) { width: 21%; }
  .glossary th:nth-child(2) { width: 24%; }
</style>`;

/** The HTML body of the tarot report. */
export function tarotBody(ctx: RenderContext, data: TarotReportData): string {
  const w = new Words(ctx);
  return [
    STYLE,
    questionSection(w, data),
    cardsSection(w, data),
    wholeSection(w, data),
    adviceSection(w, data),
    glossarySection(w, data),
    aboutSection(w, data),
  ].join('\n');
}
