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

/** The invariants the folded event log answers on its own; the last two compare it with the balances. */
export const LOG_INVARIANTS = [
  'failed_job_refunded_once',
  'no_refund_without_charge',
  'no_refund_above_charge',
  'no_succeeded_job_refunded',
  'retry_charged_back_its_refund',
  'sync_charge_has_request_id',
] as const;

export const INVARIANTS = [...LOG_INVARIANTS, 'account_projection_equals_fold', 'balances_equal_grants_charges_refunds'] as const;
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

/**
 * The report but its job lines: what stays in memory for any range (accounts, operations,
 * violations). The job lines, which grow with the range, are streamed apart (load.ts).
 */
export type ReconciliationSummary = Omit<Reconciliation, 'jobs'>;

/** The report's job section: how many, and the lines themselves in job id order, a page at a time. */
export interface JobLines {
  count: number;
  failed: number;
  pages: () => AsyncIterable<JobLine[]>;
}

/** What the live `accounts` projection says, compared with the fold of the log. */
export interface LiveAccountRow {
  id: string;
  balance: number;
  credits_granted: number;
  credits_charged: number;
  credits_refunded: number;
}

export const DESCRIPTIONS: Record<InvariantName, string> = {
  failed_job_refunded_once: 'every failed or cancelled job was refunded exactly its charge, once',
  no_refund_without_charge: 'no refund without a charge',
  no_refund_above_charge: 'no refund above its charge',
  no_succeeded_job_refunded: 'no job both succeeded and refunded',
  retry_charged_back_its_refund: 'every retry charged back exactly the refund of the attempt before it, once',
  sync_charge_has_request_id: 'every synchronous charge has its request id',
  account_projection_equals_fold: 'the accounts projection equals the fold of the log',
  balances_equal_grants_charges_refunds: 'the sum of all balances equals grants − charges + refunds',
};

export interface AccountFold {
  balance: number;
  granted: number;
  charged: number;
  refunded: number;
}

/** One run of a job: the first, and one more per operator retry. Refunds settle the latest attempt. */
export interface AttemptFold {
  charged: number;
  charges: number;
  refunded: number;
  refunds: number;
  chargePositions: number[];
  refundPositions: number[];
}

export interface JobFold extends JobLine {
  chargePositions: number[];
  refundPositions: number[];
  runs: AttemptFold[];
  inPeriod: boolean;
}

/**
 * What a month-end checkpoint keeps of the fold besides the account balances: the jobs that are not
 * settled yet (a settled job is dropped and folded again from its own events if the log touches it
 * later), the violations found so far, and how many events were folded.
 */
export interface FoldState {
  jobs: JobFold[];
  refundsWithoutJob: Violation[];
  chargesWithoutRequest: Violation[];
  eventsRead: number;
}
