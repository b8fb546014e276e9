import { ApplicationFailure } from '@temporalio/activity';
import { InputError } from '@astro/ephemeris';

/**
 * Rethrows an activity's error: an error in the job's input (a date outside the ephemeris…) as a
 * non-retryable failure, since retries would only fail again; anything else as it is (retried).
 */
export function rethrowActivityError(err: unknown): never {
  if (err instanceof InputError) throw ApplicationFailure.nonRetryable(err.message, err.kind);
  throw err;
}
