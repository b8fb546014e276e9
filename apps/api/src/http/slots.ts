/**
 * At most `concurrent` pieces of work at once in this process, with a queue of at most
 * `maxWaiting` behind them; beyond it, work is refused at once with `refusal()` (a 429 or 503 the
 * caller retries), so a flood waits in a bounded queue instead of taking what other calls need
 * (the CPU, the pooled database connections). Per process on purpose: it guards this process.
 */
export class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrent: number,
    private readonly maxWaiting: number,
    private readonly refusal: () => Error,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrent) {
      if (this.waiting.length >= this.maxWaiting) throw this.refusal();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter: `active` counts it still.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
