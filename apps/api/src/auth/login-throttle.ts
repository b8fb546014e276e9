import { LoginThrottleConfig } from '@astro/config';
import { ApiError } from '../http/api-error';
import { addressKey, addressRule, emailKey, emailRule, Outcome, settled, withAttempt } from './login-throttle-policy';
import { LoginThrottleStore } from './login-throttle-store';
import { verificationSlots } from './verification-slots';

/**
 * Brute-force protection of POST /v1/sessions (docs/security.md, "Login throttling"): an e-mail
 * backs off after a few failures, never for longer than a few seconds; a client address is stopped
 * after many failures in a window. Refusals are 429 `login_throttled` with Retry-After. The counts
 * live in PostgreSQL, shared by every replica; the clock is injected so tests control it.
 */
export class LoginThrottle {
  constructor(
    private readonly store: LoginThrottleStore,
    private readonly policy: LoginThrottleConfig,
    private readonly clock: () => number = Date.now,
    private readonly slots = verificationSlots(),
  ) {}

  /** Runs `verify` (the password check) unless a key is backing off; records the outcome; answers what `verify` answered. */
  async attempt<T>(email: string, address: string, verify: () => Promise<T | null>): Promise<T | null> {
    const keys = [emailKey(email), addressKey(address)];
    const { policy } = this;
    const startedMs = this.clock();
    this.store.sweep(startedMs, policy.windowSeconds * 1000);
    const wait = await this.store.update(keys, ([byEmail, byAddress]) => {
      const seconds = Math.max(emailRule.waitSeconds(byEmail, startedMs, policy), addressRule.waitSeconds(byAddress, startedMs, policy));
      if (seconds > 0) return { result: seconds };
      return {
        result: 0,
        write: [withAttempt(emailRule, byEmail, startedMs, policy), withAttempt(addressRule, byAddress, startedMs, policy)],
      };
    });
    if (wait > 0) {
      throw new ApiError(
        429,
        `too many failed logins; wait before trying again (retry after ${wait} s)`,
        { 'Retry-After': String(wait) },
        { code: 'login_throttled' },
      );
    }
    let outcome: Outcome = 'not-verified';
    try {
      const result = await this.slots.run(verify);
      outcome = result === null ? 'failed' : 'succeeded';
      return result;
    } finally {
      const endedMs = this.clock();
      await this.store.update(keys, ([byEmail, byAddress]) => ({
        result: undefined,
        write: [settled('email', byEmail, outcome, endedMs), settled('address', byAddress, outcome, endedMs)],
      }));
    }
  }
}
