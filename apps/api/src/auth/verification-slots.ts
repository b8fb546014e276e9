import { ApiError } from '../http/api-error';
import { Slots } from '../http/slots';

/**
 * Password hashes verified at once by this process (argon2 costs ~0.45 s of CPU each), with a short
 * queue; beyond it a login is refused at once with 429, so a login flood cannot take the CPU the
 * calculations need.
 */
export function verificationSlots(concurrent = 1, maxWaiting = 16): Slots {
  return new Slots(
    concurrent,
    maxWaiting,
    () =>
      new ApiError(
        429,
        'too many logins in progress; try again in a moment (retry after 1 s)',
        { 'Retry-After': '1' },
        { code: 'login_throttled' },
      ),
  );
}
