import { Database } from '@astro/database';
import { AccountBalance, ChargeRequest } from './credits';
import { EventMetadata } from './event-store';

interface PendingCharge {
  charge: ChargeRequest;
  metadata: EventMetadata;
  resolve: (result: AccountBalance | null) => void;
  reject: (err: unknown) => void;
}

export interface BatcherStats {
  batches: number;
  charges: number;
  largestBatch: number;
}

export interface ChargeBatcherOptions {
  /** charges written by one flush at the most */
  maxBatch?: number;
  /**
   * Flushes running at once. Two keep the database busy while the previous commit returns (a second
   * batch of the same account waits for the first on the row lock inside PostgreSQL, not for a round
   * trip through this process); batches lock accounts in sorted order, so concurrent flushes cannot
   * deadlock each other.
   */
  maxInFlight?: number;
  /** told of every committed flush: how many charges it wrote and how long the statement took */
  onFlush?: (charges: number, seconds: number) => void;
}

const TRANSIENT = new Set(['40P01', '40001']); // deadlock, serialization failure
const MAX_ATTEMPTS = 3;

/**
 * Group commit for synchronous charges. Each request enqueues its charge and waits; a flush writes
 * every charge waiting at that moment in a single statement (`charge_credits_batch`), then releases
 * each waiter with its own result. At most `maxInFlight` flushes run at once; while they are in
 * flight the next requests gather, so under load one commit serves many requests instead of one
 * commit per request, and a response still leaves only after its charge is durable in the event log.
 *
 * Per charge the rules are those of `chargeCredits`: the account's row lock, the balance check in
 * order (no overdraw at any concurrency), one `CreditsCharged` event at the next stream version.
 * Charges are applied sorted by account (stable), so batches of several API processes always lock
 * accounts in the same order and cannot deadlock one another.
 */
export class ChargeBatcher {
  private pending: PendingCharge[] = [];
  private inFlight = 0;
  private scheduled = false;
  private closed = false;
  readonly stats: BatcherStats = { batches: 0, charges: 0, largestBatch: 0 };

  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(
    private readonly db: Database,
    private readonly options: ChargeBatcherOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  /** Resolves with the new balance once the charge is committed, or null when the balance is too low. */
  charge(charge: ChargeRequest, metadata: EventMetadata): Promise<AccountBalance | null> {
    if (this.closed) return Promise.reject(new Error('the charge batcher is closed'));
    return new Promise((resolve, reject) => {
      this.pending.push({ charge, metadata, resolve, reject });
      this.schedule();
    });
  }

  /** Waits for the charges already queued; refuses new ones. */
  async close(): Promise<void> {
    this.closed = true;
    while (this.inFlight > 0 || this.scheduled || this.pending.length > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.maxInFlight || this.pending.length === 0) return;
    this.scheduled = true;
    // setImmediate: the requests parsed in the same turn of the event loop join this batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    this.inFlight += 1;
    const batch = this.pending.splice(0, this.maxBatch);
    try {
      const started = performance.now();
      const results = await this.write(batch);
      const seconds = (performance.now() - started) / 1000;
      batch.forEach((p, i) => p.resolve(results[i]));
      this.stats.batches += 1;
      this.stats.charges += batch.length;
      this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
      // After the waiters are released: the charges are committed whatever the observer does.
      this.options.onFlush?.(batch.length, seconds);
    } catch (err) {
      for (const p of batch) p.reject(err);
    } finally {
      this.inFlight -= 1;
      this.schedule();
    }
  }

  private async write(batch: PendingCharge[]): Promise<(AccountBalance | null)[]> {
    const order = batch
      .map((_, i) => i)
      .sort((a, b) =>
        batch[a].charge.accountId < batch[b].charge.accountId ? -1 : batch[a].charge.accountId > batch[b].charge.accountId ? 1 : a - b,
      );
    const payloads = order.map((i) => {
      const { operation, amount, requestId, jobId } = batch[i].charge;
      // Two literals rather than a conditional spread: every synchronous request's charge passes here.
      return JSON.stringify(
        jobId ? { operation, amount, request_id: requestId, job_id: jobId } : { operation, amount, request_id: requestId },
      );
    });
    for (let attempt = 1; ; attempt++) {
      try {
        const rows = await this.db.query<{ idx: number; balance: string | null; version: number | null; event_position: string | null }>(
          `SELECT idx, balance, version, event_position FROM charge_credits_batch($1::text[], $2::bigint[], $3::jsonb[], $4::jsonb[])`,
          [
            order.map((i) => batch[i].charge.accountId),
            order.map((i) => batch[i].charge.amount),
            payloads,
            order.map((i) => JSON.stringify(batch[i].metadata)),
          ],
        );
        const results: (AccountBalance | null)[] = new Array(batch.length).fill(null);
        for (const row of rows) {
          if (row.balance === null) continue;
          results[order[row.idx - 1]] = { balance: Number(row.balance), version: row.version!, position: Number(row.event_position) };
        }
        return results;
      } catch (err) {
        const code =
          (err as { code?: string; driverError?: { code?: string } }).code ??
          (err as { driverError?: { code?: string } }).driverError?.code;
        if (!TRANSIENT.has(code ?? '') || attempt >= MAX_ATTEMPTS) throw err;
      }
    }
  }
}
