import { ApiError } from '../http/api-error';

interface Counter {
  failures: number;
  /** attempts being verified right now: they count against the budget before they fail */
  inFlight: number;
  lastFailureMs: number;
}

export interface LoginThrottleOptions {
  /** failed logins of one e-mail before the back-off starts */
  perEmail: number;
  /** failed logins from one client address (any e-mail) before the back-off starts */
  perAddress: number;
  /** password hashes verified at once; argon2 costs ~0.45 s of CPU each, the API has 2 cores */
  concurrentVerifications: number;
  /** logins allowed to wait for a verification slot; beyond that a login is refused at once */
  maxWaiting: number;
  /** the longest back-off */
  maxBackoffSeconds: number;
  /** a counter with no failure for this long is forgotten */
  forgetAfterSeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleOptions = {
  perEmail: 5,
  perAddress: 20,
  concurrentVerifications: 1,
  maxWaiting: 16,
  maxBackoffSeconds: 900,
  forgetAfterSeconds: 900,
};

/**
 * Brute-force protection of POST /v1/sessions: after `perEmail` failures for an e-mail (or
 * `perAddress` from one client address) every further attempt waits a back-off that doubles with
 * each failure (1 s, 2 s, 4 s … up to 15 min) and is answered 429 with Retry-After until then. A
 * success clears the e-mail's count. Password hashes are verified one at a time (a small queue, then
 * 429), so a login flood cannot take the CPU the calculations need. Counters are per API process.
 */
export class LoginThrottle {
  private readonly counters = new Map<string, Counter>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: LoginThrottleOptions = DEFAULT_LOGIN_THROTTLE) {}

  private counter(key: string, nowMs: number): Counter {
    let counter = this.counters.get(key);
    if (counter && counter.inFlight === 0 && nowMs - counter.lastFailureMs > this.options.forgetAfterSeconds * 1000) {
      this.counters.delete(key);
      counter = undefined;
    }
    if (!counter) {
      counter = { failures: 0, inFlight: 0, lastFailureMs: 0 };
      this.counters.set(key, counter);
    }
    return counter;
  }

  /** Seconds the key must still wait, or 0. Attempts in flight count against the budget until they end. */
  private waitSeconds(counter: Counter, allowed: number, nowMs: number): number {
    if (counter.failures + counter.inFlight < allowed) return 0;
    // The rest of the budget is being spent by attempts in flight, or one back-off attempt is already running.
    if (counter.failures < allowed || counter.inFlight > 0) return 1;
    const backoffMs = Math.min(this.options.maxBackoffSeconds, 2 ** (counter.failures - allowed)) * 1000;
    return Math.max(0, Math.ceil((counter.lastFailureMs + backoffMs - nowMs) / 1000));
  }

  /**
   * Runs `verify` (the password check) under the throttle: refuses with 429 while the e-mail or
   * the address is backing off, records the outcome, and returns what `verify` returned.
   */
  async attempt<T>(email: string, address: string, verify: () => Promise<T | null>, nowMs = Date.now()): Promise<T | null> {
    const byEmail = this.counter(`email:${email.trim().toLowerCase()}`, nowMs);
    const byAddress = this.counter(`address:${address}`, nowMs);
    const wait = Math.max(
      this.waitSeconds(byEmail, this.options.perEmail, nowMs),
      this.waitSeconds(byAddress, this.options.perAddress, nowMs),
    );
    if (wait > 0) throw tooMany(wait, 'too many failed logins; wait before trying again');
    byEmail.inFlight += 1;
    byAddress.inFlight += 1;
    try {
      const result = await this.withSlot(verify);
      const now = Date.now();
      if (result === null) {
        for (const c of [byEmail, byAddress]) {
          c.failures += 1;
          c.lastFailureMs = now;
        }
      } else {
        byEmail.failures = 0;
      }
      return result;
    } finally {
      byEmail.inFlight -= 1;
      byAddress.inFlight -= 1;
    }
  }

  private async withSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.concurrentVerifications) {
      if (this.waiting.length >= this.options.maxWaiting) throw tooMany(1, 'too many logins in progress; try again in a moment');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const tooMany = (seconds: number, message: string) =>
  new ApiError(429, `${message} (retry after ${seconds} s)`, { 'Retry-After': String(seconds) }, { code: 'login_throttled' });
