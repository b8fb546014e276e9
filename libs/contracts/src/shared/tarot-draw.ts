import { z } from 'zod';

/* What a tarot draw is asked for, shared by the readings route (tarot-numerology/) and the tarot report (reports/). */

export const TAROT_SPREADS = ['single', 'three_card', 'celtic_cross', 'relationship', 'horseshoe'] as const;

/** The question of a reading, quoted as asked (the readings route and the tarot report alike). */
export const TarotQuestion = z
  .string()
  .min(1, 'must be 1 to 500 characters')
  .max(500, 'must be 1 to 500 characters')
  .refine((q) => q.trim().length > 0, { message: 'must contain more than white space' });
/** The seed of a reproducible draw. */
export const TarotSeed = z.string().min(1, 'must be 1 to 128 characters').max(128, 'must be 1 to 128 characters');
export const TAROT_ALLOW_REVERSED = z.boolean().default(true).describe('whether a card may fall reversed (even odds)');
