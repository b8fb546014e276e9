import { z } from 'zod';

// The options of a calculation that its route and its PDF report both take (the Saju and BaZi
// routes and reports, the Western charts and reports, the Vedic routes and reports).

/** The house system of a Western chart. */
export const HouseSystemField = z.enum(['P', 'W', 'K', 'E']).default('P').describe('P Placidus, W whole sign, K Koch, E equal');

/** The Chinese pillars from local apparent solar time: the BaZi and Qi Men routes' and reports' field. */
export const TRUE_SOLAR_TIME = z
  .boolean()
  .default(false)
  .describe('when true, the day and hour pillars use local apparent solar time (longitude and the equation of time); the response says so');

/** Births 23:00–24:00 (the 子 hour): the BaZi route's and the BaZi report's field. */
export const ZI_HOUR = z
  .enum(['next_day', 'split'])
  .default('next_day')
  .describe(
    "births 23:00–24:00: `next_day` (default, 子初换日) takes the next day's day pillar; `split` (早晚子时) keeps the current day pillar with the next day's 子 hour",
  );

/** Births 23:00–24:00 (the Ja hour): the Saju route's and the Saju report's field. */
export const JA_HOUR_CONVENTION = z
  .enum(['next_day_at_23', 'split_at_midnight'])
  .default('next_day_at_23')
  .describe(
    "births 23:00–24:00: `next_day_at_23` (default) takes the next day's day and hour pillars; `split_at_midnight` (야자시) keeps the day pillar until midnight with the next day's Ja hour",
  );

/** The lunar node of Rahu and Ketu: the Vedic routes' and reports' field. */
export const NodeChoice = z
  .enum(['mean', 'true'], { error: (issue) => (issue.input === undefined ? 'is required' : 'must be mean or true') })
  .default('mean')
  .describe('Rahu and Ketu from the mean node (default, as most Indian almanacs) or the true node');
