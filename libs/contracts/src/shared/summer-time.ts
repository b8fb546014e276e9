import { z } from 'zod';

/** The request field of the Chinese and Korean pillar routes: how summer time in the clock is read. */
export const DST_RULE = z
  .enum(['standard_time', 'as_given'])
  .default('standard_time')
  .describe(
    'summer time (daylight saving) in the birth clock: `standard_time` (default) takes it off by the tzdb rules of `timezone` before the day and hour pillars are read, as practitioners do (e.g. China 1986–1991, Korea 1987–1988); `as_given` reads the summer clock as given. Needs `timezone`: with only an offset the clock is read as given',
  );

/** The answer's account of what was done with summer time. */
export const SummerTimeBasis = z
  .object({
    rule: z.enum(['standard_time', 'as_given']),
    timezone: z.string().nullable().describe('the IANA zone whose rules were read; null when only an offset was given'),
    summer_time_minutes: z.number().int().describe('minutes of summer time in force at the birth by those rules'),
    removed_minutes: z.number().int().describe('minutes taken off the clock before the day and hour pillars were read'),
    note: z.string(),
  })
  .meta({ id: 'SummerTimeBasis' });
