import { SPREADS, tarotReading } from '@astro/tarot';
import { DEFAULT_BRANDING } from '../../branding';
import { renderContext } from '../common';
import { computeReportData, reportHtml } from '../index';
import en from '../../content/tarot-report.en.json';
import th from '../../content/tarot-report.th.json';

const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe.each(SPREADS)('the tarot report of a %s spread', (spread) => {
  it.each(['en', 'th'] as const)('lays and prints in %s exactly the reading POST /api/v3/tarot/readings gives', (locale) => {
    const input = { spread, seed: `unit-${spread}`, allow_reversed: true, question: 'Where am I heading?', name: 'Ploy', locale };
    const report = computeReportData({ kind: 'tarot', input }, '');
    const reading = tarotReading({ spread, seed: input.seed, allowReversed: true, question: input.question, locale });
    expect(report).toEqual({ kind: 'tarot', data: { name: 'Ploy', reading } });
    const html = unescape(reportHtml(report, renderContext(locale, DEFAULT_BRANDING, null)));
    for (const drawn of reading.cards) {
      expect(html).toContain(drawn.interpretation[locale]);
      // the position's meaning as the caption of its block (capitalised in English)
      expect(html.toLowerCase()).toContain(drawn.position.meaning[locale].toLowerCase());
      // the face in the spread figure and in its own block, reversed where it fell reversed
      expect(html.split(`data-card="${drawn.card.id}"`)).toHaveLength(3);
    }
    expect(html.match(/data-reversed="true"/g)?.length ?? 0).toBe(reading.cards.filter((c) => c.orientation === 'reversed').length);
    expect(html).toContain(reading.synthesis_localized[locale]);
    expect(html).toContain((locale === 'en' ? en : th).spreads[spread].name);
  });
});

describe('the practical advice', () => {
  const adviceOf = (seed: string, spread: (typeof SPREADS)[number]) => {
    const report = computeReportData(
      { kind: 'tarot', input: { spread, seed, allow_reversed: true, question: null, name: null, locale: 'en' } },
      '',
    );
    const html = unescape(reportHtml(report, renderContext('en', DEFAULT_BRANDING, null)));
    return { reading: report.kind === 'tarot' ? report.data.reading : null, advice: /<ul class="advice">([\s\S]*?)<\/ul>/.exec(html)![1] };
  };

  it('follows the suit that leads the spread, the weight of the Major Arcana and the stage of the count', () => {
    let checked = 0;
    for (let i = 0; i < 60; i++) {
      const { reading, advice } = adviceOf(`advice-${i}`, 'celtic_cross');
      const p = reading!.pattern;
      if (p.dominant_suit) expect(advice).toContain(en.advice.suit[p.dominant_suit]);
      else expect(advice).toContain(en.advice.mixed);
      expect(advice.includes(en.advice.majors)).toBe(p.major_arcana >= 5);
      expect(advice.includes(en.advice.no_majors)).toBe(p.major_arcana === 0);
      if (p.number_phase) expect(advice).toContain(en.advice.phase[p.number_phase]);
      expect(advice.includes(en.advice.reversed)).toBe(p.reversed > 5);
      checked++;
    }
    expect(checked).toBe(60);
  });
});
