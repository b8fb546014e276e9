import { z } from 'zod';
import { TAROT_ALLOW_REVERSED, TAROT_SPREADS, TarotQuestion, TarotSeed } from '../shared/tarot-draw';
import { tarotReportPrices } from '../shared/prices/reports';
import { ReportName, reportEditionFields, thaiDigitsNeedThai } from './schemas';

/* The request of the tarot report product (docs/tarot-numerology.md, "The tarot report"). */

export const TarotReportRequest = z
  .object({
    spread: z
      .enum(TAROT_SPREADS)
      .describe(
        'single (1), three_card past/present/future (3), relationship (5), horseshoe (7), celtic_cross (10): as POST /api/v3/tarot/readings; the price follows the spread (GET /v1/pricing)',
      ),
    question: TarotQuestion.optional().describe(
      'the question in the asker’s words: quoted as asked, printed as plain text, never read as markup',
    ),
    seed: TarotSeed.optional().describe(
      'makes the draw reproducible: the same seed, spread and allow_reversed draw the cards POST /api/v3/tarot/readings draws; omitted, a seed is drawn from the CSPRNG when the job is queued and kept with the job (report.json `data.reading.seed`), so a retried job lays the same cards',
    ),
    allow_reversed: TAROT_ALLOW_REVERSED,
    name: ReportName.optional().describe('the asker’s name, printed on the cover'),
    ...reportEditionFields,
  })
  .strict()
  .superRefine(thaiDigitsNeedThai)
  .meta({
    id: 'TarotReportRequest',
    example: { spread: 'three_card', question: 'What should I focus on at work?', name: 'Ploy', seed: 'example', locale: 'en' },
  });
export type TarotReportRequest = z.infer<typeof TarotReportRequest>;

/** The priced operation of a tarot report, by its spread (reports/prices.ts, tarotReportPrices). */
export const TAROT_REPORT_OPERATION = {
  single: 'report_tarot_short',
  three_card: 'report_tarot_short',
  relationship: 'report_tarot_spread',
  horseshoe: 'report_tarot_spread',
  celtic_cross: 'report_tarot_celtic_cross',
} as const satisfies Record<TarotReportRequest['spread'], keyof typeof tarotReportPrices>;
