import { Logger } from '@nestjs/common';
import { recordApiKeyUse } from '@astro/accounts';
import { Database } from '@astro/database';

const logger = new Logger('api-key-usage');

/**
 * Counts the requests of each API key in memory and writes them (with the last-used time) every
 * `flushMs`, one UPDATE for all keys: a write per request would cost more than most requests.
 * The counts are additive, so any number of replicas may flush; a crash loses at most one interval.
 */
export class ApiKeyUsageRecorder {
  private pending = new Map<string, { requests: number; lastUsedAt: Date }>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    flushMs: number,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  record(keyId: string, at = new Date()): void {
    const entry = this.pending.get(keyId);
    if (entry) {
      entry.requests += 1;
      entry.lastUsedAt = at;
    } else {
      this.pending.set(keyId, { requests: 1, lastUsedAt: at });
    }
  }

  /** Writes what was counted; a failed write puts the counts back for the next flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const batch = this.pending;
      if (batch.size === 0) return;
      this.pending = new Map();
      try {
        await recordApiKeyUse(this.db, batch);
      } catch (err) {
        logger.warn(`could not record API key usage, kept for the next flush: ${(err as Error).message}`);
        for (const [id, use] of batch) {
          const later = this.pending.get(id);
          this.pending.set(id, later ? { requests: later.requests + use.requests, lastUsedAt: later.lastUsedAt } : use);
        }
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
