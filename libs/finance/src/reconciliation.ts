import type { StoredEvent } from '@astro/ledger';
import { checkInvariants, isSettled } from './reconciliation-invariants';
import {
  AccountFold,
  AttemptFold,
  FoldState,
  JobFold,
  JobLine,
  LiveAccountRow,
  OperationTotals,
  Reconciliation,
  ReconciliationPeriod,
  ReconciliationSummary,
  Violation,
} from './reconciliation-types';

export * from './reconciliation-types';
export { isSettled, jobViolations } from './reconciliation-invariants';

const newAttempt = (): AttemptFold => ({ charged: 0, charges: 0, refunded: 0, refunds: 0, chargePositions: [], refundPositions: [] });

/** The job's attempt `n` (1-based), opening the attempts up to it. */
function attemptOf(job: JobFold, n: number): AttemptFold {
  while (job.runs.length < n) job.runs.push(newAttempt());
  return job.runs[n - 1];
}

/** The fold holds at most about this many jobs before the settled ones are dropped. */
/** Job id order, byte-wise: the order PostgreSQL's "C" collation gives the stored lines. */
export const compareJobIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export const PRUNE_ABOVE = 20_000;

const JOB_STREAM = /^(report_job|visual_job):/;
const JOB_EVENT = /^(ReportJob|VisualJob)(Queued|Started|StageChanged|Succeeded|Failed|Erased|Retried)$/;

/** The job an event concerns: its own stream's, or the one a charge or refund names; null for none. */
export function jobIdOf(event: StoredEvent): string | null {
  if (JOB_STREAM.test(event.streamId)) return event.streamId.slice(event.streamId.indexOf(':') + 1);
  if (event.streamId.startsWith('account:') && typeof event.payload.job_id === 'string') return event.payload.job_id;
  return null;
}

const lineOf = ({ job_id, account_id, kind, operation, charged, refunded, refunds, runs, status }: JobFold): JobLine => ({
  job_id,
  account_id,
  kind,
  operation,
  charged,
  refunded,
  refunds,
  attempts: runs.length,
  status,
});

/**
 * Folds the event log (never the projections) into the finance report. Feed it every event
 * recorded before `period.to`, in log order — or start it from a month-end checkpoint (`restore`)
 * and feed it the events after: the invariants hold for the whole history up to the end of the
 * period, the totals count only the events inside it.
 *
 * Memory stays bounded by the jobs not yet settled: `prune` drops every finished job without a
 * violation and hands its report line, when it belongs to the period, to the reader
 * (`takeSettledLines`), which stores it outside the process (see job-lines.ts). A later event of a
 * dropped job — an operator's retry, a stray refund — is preceded by `replayJob` with that job's
 * earlier events, which the reader finds through the job id index (`knowsJob` tells it which to
 * look up); the reader withdraws the line it stored for that job.
 */
export class ReconciliationFold {
  readonly accounts = new Map<string, AccountFold>();
  private readonly operations = new Map<string, OperationTotals>();
  private readonly jobs = new Map<string, JobFold>();
  /** Lines of jobs dropped since the reader last took them (at most one prune's worth). */
  private settledLines = new Map<string, JobLine>();
  private refundsWithoutJob: Violation[] = [];
  private chargesWithoutRequest: Violation[] = [];
  private eventsRead = 0;

  constructor(
    private readonly period: ReconciliationPeriod,
    private readonly pruneAbove = PRUNE_ABOVE,
  ) {}

  add(event: StoredEvent): void {
    if (event.recordedAt >= this.period.to) return;
    this.eventsRead++;
    if (event.streamId.startsWith('account:')) this.addAccountEvent(event.streamId.slice('account:'.length), event, false);
    else if (JOB_STREAM.test(event.streamId)) this.addJobEvent(event);
  }

  knowsJob(jobId: string): boolean {
    return this.jobs.has(jobId);
  }

  /** Between pages: prunes once the fold holds more than PRUNE_ABOVE jobs. */
  pruneIfLarge(): void {
    if (this.jobs.size > this.pruneAbove) this.prune();
  }

  /** The lines of the period's jobs dropped since the last call; the fold forgets them. */
  takeSettledLines(): JobLine[] {
    const lines = [...this.settledLines.values()];
    this.settledLines = new Map();
    return lines;
  }

  /** What the fold holds for the rest of the range: bounded by the unsettled jobs, not the log. */
  retained(): { jobs: number; settledLines: number; violations: number; accounts: number; operations: number } {
    return {
      jobs: this.jobs.size,
      settledLines: this.settledLines.size,
      violations: this.refundsWithoutJob.length + this.chargesWithoutRequest.length,
      accounts: this.accounts.size,
      operations: this.operations.size,
    };
  }

  /** Folds the earlier events of a job dropped by `prune` (its credits are already in the balances). */
  replayJob(events: StoredEvent[]): void {
    for (const event of events) {
      if (event.recordedAt >= this.period.to) continue;
      const jobId = jobIdOf(event);
      if (jobId) this.settledLines.delete(jobId);
      if (event.streamId.startsWith('account:')) this.addAccountEvent(event.streamId.slice('account:'.length), event, true);
      else this.addJobEvent(event);
    }
  }

  /** Drops the settled jobs (see the class comment). */
  prune(): void {
    for (const [id, job] of this.jobs) {
      if (!isSettled(job)) continue;
      if (job.inPeriod) this.settledLines.set(id, lineOf(job));
      this.jobs.delete(id);
    }
  }

  /** The state a checkpoint keeps (the accounts are stored apart); settled jobs are pruned first. */
  snapshot(): FoldState {
    this.prune();
    return {
      jobs: [...this.jobs.values()].map((j) => ({ ...j, inPeriod: false })),
      refundsWithoutJob: this.refundsWithoutJob,
      chargesWithoutRequest: this.chargesWithoutRequest,
      eventsRead: this.eventsRead,
    };
  }

  /** Starts from a checkpoint: the fold of every event recorded before it. */
  restore(state: FoldState, accounts: Map<string, AccountFold>): void {
    for (const [id, account] of accounts) if (this.wanted(id)) this.accounts.set(id, { ...account });
    for (const job of state.jobs) if (this.wanted(job.account_id)) this.jobs.set(job.job_id, { ...job, inPeriod: false });
    this.refundsWithoutJob = state.refundsWithoutJob.filter((v) => this.wanted(v.account_id));
    this.chargesWithoutRequest = state.chargesWithoutRequest.filter((v) => this.wanted(v.account_id));
    this.eventsRead = state.eventsRead;
  }

  private inPeriod(event: StoredEvent): boolean {
    return event.recordedAt >= this.period.from && event.recordedAt < this.period.to;
  }

  private wanted(accountId: string): boolean {
    return !this.period.accountId || this.period.accountId === accountId;
  }

  private job(jobId: string, accountId: string): JobFold {
    let job = this.jobs.get(jobId);
    if (!job) {
      job = {
        job_id: jobId,
        account_id: accountId,
        kind: '',
        operation: '',
        charged: 0,
        refunded: 0,
        refunds: 0,
        attempts: 1,
        status: 'unknown',
        chargePositions: [],
        refundPositions: [],
        runs: [newAttempt()],
        inPeriod: false,
      };
      this.jobs.set(jobId, job);
    }
    return job;
  }

  private addToOperation(accountId: string, operation: string, change: { granted?: number; charged?: number; refunded?: number }): void {
    const key = `${accountId}\u0000${operation}`;
    let totals = this.operations.get(key);
    if (!totals) {
      totals = { account_id: accountId, operation, granted: 0, charged: 0, refunded: 0, net: 0 };
      this.operations.set(key, totals);
    }
    totals.granted += change.granted ?? 0;
    totals.charged += change.charged ?? 0;
    totals.refunded += change.refunded ?? 0;
    totals.net = totals.granted - totals.charged + totals.refunded;
  }

  /** `replay`: only the job's side of the event (its credits are already in the account). */
  private addAccountEvent(accountId: string, event: StoredEvent, replay: boolean): void {
    if (!this.wanted(accountId)) return;
    let account = this.accounts.get(accountId);
    if (!account) {
      account = { balance: 0, granted: 0, charged: 0, refunded: 0 };
      if (!replay) this.accounts.set(accountId, account);
    }
    const amount = Number(event.payload.amount ?? 0);
    const jobId = typeof event.payload.job_id === 'string' ? event.payload.job_id : undefined;
    const counted = this.inPeriod(event) && !replay;
    switch (event.type) {
      case 'CreditsGranted':
        if (replay) return;
        account.balance += amount;
        account.granted += amount;
        if (counted) this.addToOperation(accountId, 'grant', { granted: amount });
        return;
      case 'CreditsCharged': {
        if (!replay) {
          account.balance -= amount;
          account.charged += amount;
        }
        const operation = String(event.payload.operation ?? 'unknown');
        if (counted) this.addToOperation(accountId, operation, { charged: amount });
        if (jobId) {
          const job = this.job(jobId, accountId);
          job.operation ||= operation;
          job.charged += amount;
          job.chargePositions.push(event.position);
          job.inPeriod ||= this.inPeriod(event);
          // A retry's charge names its attempt; the first charge is attempt 1.
          const run = attemptOf(job, typeof event.payload.attempt === 'number' ? event.payload.attempt : 1);
          run.charged += amount;
          run.charges++;
          run.chargePositions.push(event.position);
        } else if (!replay && (typeof event.payload.request_id !== 'string' || event.payload.request_id === '')) {
          this.chargesWithoutRequest.push({
            account_id: accountId,
            position: event.position,
            detail: `synchronous charge of ${amount} for ${operation} has no request id`,
          });
        }
        return;
      }
      case 'CreditsRefunded': {
        if (!replay) {
          account.balance += amount;
          account.refunded += amount;
        }
        if (!jobId) {
          if (replay) return;
          this.refundsWithoutJob.push({ account_id: accountId, position: event.position, detail: `refund of ${amount} names no job` });
          if (counted) this.addToOperation(accountId, 'unknown', { refunded: amount });
          return;
        }
        const job = this.job(jobId, accountId);
        job.refunded += amount;
        job.refunds++;
        job.refundPositions.push(event.position);
        job.inPeriod ||= this.inPeriod(event);
        const run = job.runs[job.runs.length - 1];
        run.refunded += amount;
        run.refunds++;
        run.refundPositions.push(event.position);
        if (counted) this.addToOperation(accountId, job.operation || 'unknown', { refunded: amount });
        return;
      }
      default:
        return; // AccountOpened, AccountTierChanged: no credits move
    }
  }

  private addJobEvent(event: StoredEvent): void {
    const match = JOB_EVENT.exec(event.type);
    if (!match) return;
    const jobId = event.streamId.slice(event.streamId.indexOf(':') + 1);
    const existing = this.jobs.get(jobId);
    const accountId = existing?.account_id ?? String(event.payload.account_id ?? '');
    if (!this.wanted(accountId)) return;
    const job = this.job(jobId, accountId);
    job.inPeriod ||= this.inPeriod(event);
    switch (match[2]) {
      case 'Queued':
        job.kind = String(event.payload.kind ?? '');
        if (job.status === 'unknown') job.status = 'queued';
        return;
      case 'Started':
        if (job.status === 'queued' || job.status === 'unknown') job.status = 'running';
        return;
      case 'Succeeded':
        job.status = 'succeeded';
        return;
      case 'Failed':
        job.status = 'failed';
        return;
      case 'Retried':
        attemptOf(job, Number(event.payload.attempt));
        job.status = 'queued';
        return;
      case 'Erased':
        // Erasing an unfinished job ends it as failed (deleted by its owner), which is refunded.
        if (event.payload.was_status === 'queued' || event.payload.was_status === 'running') job.status = 'failed';
        return;
      default:
        return;
    }
  }

  /**
   * The report without its job lines; `live` is the accounts projection read in the same snapshot,
   * or null when not comparable. The lines still held are in `openLines` and `takeSettledLines`.
   */
  summary(live: LiveAccountRow[] | null, liveNote?: string): ReconciliationSummary {
    const invariants = checkInvariants({
      jobs: this.jobs.values(),
      refundsWithoutJob: this.refundsWithoutJob,
      chargesWithoutRequest: this.chargesWithoutRequest,
      accounts: this.accounts,
      live,
      liveNote,
      wanted: (id) => this.wanted(id),
      scope: this.period.accountId ?? '*',
    });
    const operations = [...this.operations.values()].sort(
      (a, b) => a.account_id.localeCompare(b.account_id) || a.operation.localeCompare(b.operation),
    );
    const totals = operations.reduce(
      (t, o) => ({ granted: t.granted + o.granted, charged: t.charged + o.charged, refunded: t.refunded + o.refunded, net: t.net + o.net }),
      { granted: 0, charged: 0, refunded: 0, net: 0 },
    );
    return {
      period: { from: this.period.from.toISOString(), to: this.period.to.toISOString(), account_id: this.period.accountId ?? null },
      events_read: this.eventsRead,
      totals,
      operations,
      invariants,
      ok: invariants.every((i) => i.ok),
    };
  }

  /** The lines of the period's jobs the fold still holds (not dropped). */
  openLines(): JobLine[] {
    return [...this.jobs.values()].filter((j) => j.inPeriod).map(lineOf);
  }

  /** The whole report in memory, job lines in job id order: for a fold fed by hand (tests, small periods). */
  result(live: LiveAccountRow[] | null, liveNote?: string): Reconciliation {
    const jobs = [...this.takeSettledLines(), ...this.openLines()].sort((a, b) => compareJobIds(a.job_id, b.job_id));
    const { invariants, ok, ...head } = this.summary(live, liveNote);
    return { ...head, jobs, invariants, ok };
  }
}
