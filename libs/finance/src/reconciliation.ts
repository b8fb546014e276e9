import type { StoredEvent } from '@astro/ledger';

/** The period of a report: events recorded in [from, to) count towards its totals. */
export interface ReconciliationPeriod {
  from: Date;
  to: Date;
  accountId?: string;
}

export interface OperationTotals {
  account_id: string;
  /** the charged operation; `grant` for credits granted by an operator */
  operation: string;
  granted: number;
  charged: number;
  refunded: number;
  /** granted − charged + refunded */
  net: number;
}

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'unknown';

export interface JobLine {
  job_id: string;
  account_id: string;
  kind: string;
  operation: string;
  charged: number;
  refunded: number;
  refunds: number;
  /** 1, plus one for each operator retry (jobs:retry) */
  attempts: number;
  status: JobStatus;
}

export const INVARIANTS = [
  'failed_job_refunded_once',
  'no_refund_without_charge',
  'no_refund_above_charge',
  'no_succeeded_job_refunded',
  'retry_charged_back_its_refund',
  'sync_charge_has_request_id',
  'account_projection_equals_fold',
  'balances_equal_grants_charges_refunds',
] as const;
export type InvariantName = (typeof INVARIANTS)[number];

/** One row that breaks an invariant, with what an operator needs to find it in the log. */
export interface Violation {
  account_id: string;
  job_id?: string;
  position?: number;
  detail: string;
}

export interface InvariantResult {
  name: InvariantName;
  description: string;
  ok: boolean;
  /** false when the invariant could not be checked for this period (the reason is in `note`) */
  checked: boolean;
  note?: string;
  violations: Violation[];
}

export interface Reconciliation {
  period: { from: string; to: string; account_id: string | null };
  events_read: number;
  totals: { granted: number; charged: number; refunded: number; net: number };
  operations: OperationTotals[];
  jobs: JobLine[];
  invariants: InvariantResult[];
  ok: boolean;
}

/** What the live `accounts` projection says, compared with the fold of the log. */
export interface LiveAccountRow {
  id: string;
  balance: number;
  credits_granted: number;
  credits_charged: number;
  credits_refunded: number;
}

const DESCRIPTIONS: Record<InvariantName, string> = {
  failed_job_refunded_once: 'every failed or cancelled job was refunded exactly its charge, once',
  no_refund_without_charge: 'no refund without a charge',
  no_refund_above_charge: 'no refund above its charge',
  no_succeeded_job_refunded: 'no job both succeeded and refunded',
  retry_charged_back_its_refund: 'every retry charged back exactly the refund of the attempt before it, once',
  sync_charge_has_request_id: 'every synchronous charge has its request id',
  account_projection_equals_fold: 'the accounts projection equals the fold of the log',
  balances_equal_grants_charges_refunds: 'the sum of all balances equals grants − charges + refunds',
};

interface AccountFold {
  balance: number;
  granted: number;
  charged: number;
  refunded: number;
}

/** One run of a job: the first, and one more per operator retry. Refunds settle the latest attempt. */
interface AttemptFold {
  charged: number;
  charges: number;
  refunded: number;
  refunds: number;
  chargePositions: number[];
  refundPositions: number[];
}

interface JobFold extends JobLine {
  chargePositions: number[];
  refundPositions: number[];
  runs: AttemptFold[];
  inPeriod: boolean;
}

const newAttempt = (): AttemptFold => ({ charged: 0, charges: 0, refunded: 0, refunds: 0, chargePositions: [], refundPositions: [] });

/** The job's attempt `n` (1-based), opening the attempts up to it. */
function attemptOf(job: JobFold, n: number): AttemptFold {
  while (job.runs.length < n) job.runs.push(newAttempt());
  return job.runs[n - 1];
}

const JOB_STREAM = /^(report_job|visual_job):/;
const JOB_EVENT = /^(ReportJob|VisualJob)(Queued|Started|StageChanged|Succeeded|Failed|Erased|Retried)$/;

/**
 * Folds the event log (never the projections) into the finance report. Feed it every event
 * recorded before `period.to`, in log order: the invariants hold for the whole history up to the
 * end of the period, the totals count only the events inside it.
 */
export class ReconciliationFold {
  private readonly accounts = new Map<string, AccountFold>();
  private readonly operations = new Map<string, OperationTotals>();
  private readonly jobs = new Map<string, JobFold>();
  private readonly refundsWithoutJob: Violation[] = [];
  private readonly chargesWithoutRequest: Violation[] = [];
  private eventsRead = 0;

  constructor(private readonly period: ReconciliationPeriod) {}

  add(event: StoredEvent): void {
    if (event.recordedAt >= this.period.to) return;
    this.eventsRead++;
    if (event.streamId.startsWith('account:')) this.addAccountEvent(event.streamId.slice('account:'.length), event);
    else if (JOB_STREAM.test(event.streamId)) this.addJobEvent(event);
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

  private addAccountEvent(accountId: string, event: StoredEvent): void {
    if (!this.wanted(accountId)) return;
    let account = this.accounts.get(accountId);
    if (!account) {
      account = { balance: 0, granted: 0, charged: 0, refunded: 0 };
      this.accounts.set(accountId, account);
    }
    const amount = Number(event.payload.amount ?? 0);
    const jobId = typeof event.payload.job_id === 'string' ? event.payload.job_id : undefined;
    const counted = this.inPeriod(event);
    switch (event.type) {
      case 'CreditsGranted':
        account.balance += amount;
        account.granted += amount;
        if (counted) this.addToOperation(accountId, 'grant', { granted: amount });
        return;
      case 'CreditsCharged': {
        account.balance -= amount;
        account.charged += amount;
        const operation = String(event.payload.operation ?? 'unknown');
        if (counted) this.addToOperation(accountId, operation, { charged: amount });
        if (jobId) {
          const job = this.job(jobId, accountId);
          job.operation ||= operation;
          job.charged += amount;
          job.chargePositions.push(event.position);
          job.inPeriod ||= counted;
          // A retry's charge names its attempt; the first charge is attempt 1.
          const run = attemptOf(job, typeof event.payload.attempt === 'number' ? event.payload.attempt : 1);
          run.charged += amount;
          run.charges++;
          run.chargePositions.push(event.position);
        } else if (typeof event.payload.request_id !== 'string' || event.payload.request_id === '') {
          this.chargesWithoutRequest.push({
            account_id: accountId,
            position: event.position,
            detail: `synchronous charge of ${amount} for ${operation} has no request id`,
          });
        }
        return;
      }
      case 'CreditsRefunded': {
        account.balance += amount;
        account.refunded += amount;
        if (!jobId) {
          this.refundsWithoutJob.push({ account_id: accountId, position: event.position, detail: `refund of ${amount} names no job` });
          if (counted) this.addToOperation(accountId, 'unknown', { refunded: amount });
          return;
        }
        const job = this.job(jobId, accountId);
        job.refunded += amount;
        job.refunds++;
        job.refundPositions.push(event.position);
        job.inPeriod ||= counted;
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

  /** The report; `live` is the accounts projection read in the same snapshot, or null when not comparable. */
  result(live: LiveAccountRow[] | null, liveNote?: string): Reconciliation {
    const jobs = [...this.jobs.values()];
    const invariants: InvariantResult[] = [];
    const check = (name: InvariantName, violations: Violation[], checked = true, note?: string) =>
      invariants.push({
        name,
        description: DESCRIPTIONS[name],
        ok: violations.length === 0,
        checked,
        ...(note ? { note } : {}),
        violations,
      });
    const at = (positions: number[]) => positions[0];

    // A job's attempts: every one before the last failed (only a failed job is retried); the last
    // one ended as the job did.
    const failedRuns = (j: JobFold) => (j.status === 'failed' ? j.runs : j.runs.slice(0, -1)).map((run, i) => ({ run, n: i + 1 }));
    const attemptLabel = (j: JobFold, n: number) => (j.runs.length > 1 ? ` (attempt ${n})` : '');
    check(
      'failed_job_refunded_once',
      jobs.flatMap((j) =>
        failedRuns(j)
          .filter(({ run }) => run.charged > 0 && (run.refunds !== 1 || run.refunded !== run.charged))
          .map(({ run, n }) => ({
            account_id: j.account_id,
            job_id: j.job_id,
            position: at(run.refundPositions) ?? at(run.chargePositions),
            detail: `failed job${attemptLabel(j, n)} charged ${run.charged}, refunded ${run.refunded} in ${run.refunds} refund(s)`,
          })),
      ),
    );
    check('no_refund_without_charge', [
      ...this.refundsWithoutJob,
      ...jobs
        .filter((j) => j.refunds > 0 && j.chargePositions.length === 0)
        .map((j) => ({
          account_id: j.account_id,
          job_id: j.job_id,
          position: at(j.refundPositions),
          detail: `refund of ${j.refunded} for a job never charged`,
        })),
    ]);
    check(
      'no_refund_above_charge',
      jobs.flatMap((j) =>
        j.chargePositions.length === 0
          ? []
          : j.runs
              .map((run, i) => ({ run, n: i + 1 }))
              .filter(({ run }) => run.refunded > run.charged)
              .map(({ run, n }) => ({
                account_id: j.account_id,
                job_id: j.job_id,
                position: at(run.refundPositions),
                detail: `refunded ${run.refunded}${attemptLabel(j, n)}, above the charge of ${run.charged}`,
              })),
      ),
    );
    check(
      'no_succeeded_job_refunded',
      jobs
        .filter((j) => j.status === 'succeeded' && j.runs[j.runs.length - 1].refunds > 0)
        .map((j) => {
          const last = j.runs[j.runs.length - 1];
          return {
            account_id: j.account_id,
            job_id: j.job_id,
            position: at(last.refundPositions),
            detail: `succeeded${attemptLabel(j, j.runs.length)} and refunded ${last.refunded}`,
          };
        }),
    );
    check(
      'retry_charged_back_its_refund',
      jobs.flatMap((j) =>
        j.runs.slice(1).flatMap((run, i) => {
          const before = j.runs[i];
          const expected = { charges: before.refunded > 0 ? 1 : 0, amount: before.refunded };
          if (run.charges === expected.charges && run.charged === expected.amount) return [];
          return [
            {
              account_id: j.account_id,
              job_id: j.job_id,
              position: at(run.chargePositions),
              detail: `attempt ${i + 2} charged ${run.charged} in ${run.charges} charge(s); the refund of attempt ${i + 1} was ${before.refunded}`,
            },
          ];
        }),
      ),
    );
    check('sync_charge_has_request_id', this.chargesWithoutRequest);

    if (live) {
      const liveById = new Map(live.map((row) => [row.id, row]));
      const differences: Violation[] = [];
      for (const [id, fold] of this.accounts) {
        const row = liveById.get(id);
        const folded = `balance ${fold.balance}, granted ${fold.granted}, charged ${fold.charged}, refunded ${fold.refunded}`;
        if (!row) {
          differences.push({ account_id: id, detail: `no projection row; the log folds to ${folded}` });
          continue;
        }
        if (
          row.balance !== fold.balance ||
          row.credits_granted !== fold.granted ||
          row.credits_charged !== fold.charged ||
          row.credits_refunded !== fold.refunded
        ) {
          differences.push({
            account_id: id,
            detail: `projection has balance ${row.balance}, granted ${row.credits_granted}, charged ${row.credits_charged}, refunded ${row.credits_refunded}; the log folds to ${folded}`,
          });
        }
      }
      for (const row of live) {
        if (this.wanted(row.id) && !this.accounts.has(row.id))
          differences.push({ account_id: row.id, detail: 'projection row without any event in the log' });
      }
      check('account_projection_equals_fold', differences);
    } else {
      check('account_projection_equals_fold', [], false, liveNote);
    }

    // Every balance, from the live projection when it is comparable (else the fold), against the
    // credit movements of the whole log: a balance moved by anything but these events shows here.
    const all = { granted: 0, charged: 0, refunded: 0, balances: 0 };
    for (const fold of this.accounts.values()) {
      all.granted += fold.granted;
      all.charged += fold.charged;
      all.refunded += fold.refunded;
      all.balances += fold.balance;
    }
    const balances = live ? live.filter((row) => this.wanted(row.id)).reduce((sum, row) => sum + row.balance, 0) : all.balances;
    const expected = all.granted - all.charged + all.refunded;
    check(
      'balances_equal_grants_charges_refunds',
      balances === expected
        ? []
        : [
            {
              account_id: this.period.accountId ?? '*',
              detail: `balances sum to ${balances}; grants ${all.granted} − charges ${all.charged} + refunds ${all.refunded} = ${expected}`,
            },
          ],
    );

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
      jobs: jobs
        .filter((j) => j.inPeriod)
        .sort((a, b) => a.job_id.localeCompare(b.job_id))
        .map(({ job_id, account_id, kind, operation, charged, refunded, refunds, runs, status }) => ({
          job_id,
          account_id,
          kind,
          operation,
          charged,
          refunded,
          refunds,
          attempts: runs.length,
          status,
        })),
      invariants,
      ok: invariants.every((i) => i.ok),
    };
  }
}
