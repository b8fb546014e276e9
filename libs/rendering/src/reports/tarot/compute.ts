import { Spread, TarotLocale, TarotReading, tarotReading } from '@astro/tarot';

/** What the tarot report is asked for: the spread, the seed fixed at queueing, the question and the asker. */
export interface TarotReportInput {
  spread: Spread;
  /** the request's seed, or one drawn from the CSPRNG when the job was queued: a retried job lays the same cards */
  seed: string;
  allow_reversed: boolean;
  question: string | null;
  name: string | null;
  /** the language of the reading's `synthesis` (both languages are in `synthesis_localized`) */
  locale: TarotLocale;
}

export interface TarotReportData {
  name: string | null;
  /** the reading exactly as POST /api/v3/tarot/readings answers it for the same seed, spread and allow_reversed */
  reading: TarotReading;
}

/** The reading of the report: the readings route's own draw and text for the same seed, spread and allow_reversed. */
export function computeTarotReport(input: TarotReportInput): TarotReportData {
  const reading = tarotReading({
    spread: input.spread,
    question: input.question ?? undefined,
    locale: input.locale,
    allowReversed: input.allow_reversed,
    seed: input.seed,
  });
  return { name: input.name, reading };
}
