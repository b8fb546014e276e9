import { parsePeriodBound } from '@astro/finance';
import { Flags, required } from './flags';

/** A period bound such as `--from` (apart from ./flags so that only the commands taking one load the finance library). */
export function dateFlag(f: Flags, name: string): Date {
  const date = parsePeriodBound(required(f, name));
  if (!date) throw new Error(`--${name} must be a date (YYYY-MM-DD, UTC) or an ISO 8601 instant`);
  return date;
}
