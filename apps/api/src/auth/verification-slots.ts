import { ApiError } from '../http/api-error';

/**
 * Password hashes verified at once by this process (argon2 costs ~0.45 s of CPU each), with a short
 * queue; beyond it a login is refused at once with 429, so a login flood cannot take the CPU the
 * calculations need. Per process on purpose: it guards this process's CPU.
 */
export class VerificationSlots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrent = 1,
    private readonly maxWaiting = 16,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrent) {
      if (this.waiting.length >= this.maxWaiting) {
        throw new ApiError(
          429,
          'too many logins in progress; try again in a moment (retry after 1 s)',
          { 'Retry-After': '1' },
          { code: 'login_throttled' },
        );
      }
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
