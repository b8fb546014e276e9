import {
  AccountFold,
  DESCRIPTIONS,
  InvariantName,
  InvariantResult,
  JobFold,
  LiveAccountRow,
  LOG_INVARIANTS,
  Violation,
} from './reconciliation-types';

const at = (positions: number[]) => positions[0];
const attemptLabel = (j: JobFold, n: number) => (j.runs.length > 1 ? ` (attempt ${n})` : '');

/**
 * The violations of one job, by invariant. A job's attempts: every one before the last failed (only
 * a failed job is retried); the last one ended as the job did.
 */
export function jobViolations(j: JobFold): Partial<Record<InvariantName, Violation[]>> {
  const found: Partial<Record<InvariantName, Violation[]>> = {};
  const add = (name: InvariantName, violations: Violation[]) => {
    if (violations.length > 0) found[name] = violations;
  };
  const failedRuns = (j.status === 'failed' ? j.runs : j.runs.slice(0, -1)).map((run, i) => ({ run, n: i + 1 }));
  add(
    'failed_job_refunded_once',
    failedRuns
      .filter(({ run }) => run.charged > 0 && (run.refunds !== 1 || run.refunded !== run.charged))
      .map(({ run, n }) => ({
        account_id: j.account_id,
        job_id: j.job_id,
        position: at(run.refundPositions) ?? at(run.chargePositions),
        detail: `failed job${attemptLabel(j, n)} charged ${run.charged}, refunded ${run.refunded} in ${run.refunds} refund(s)`,
      })),
  );
  if (j.refunds > 0 && j.chargePositions.length === 0)
    add('no_refund_without_charge', [
      {
        account_id: j.account_id,
        job_id: j.job_id,
        position: at(j.refundPositions),
        detail: `refund of ${j.refunded} for a job never charged`,
      },
    ]);
  if (j.chargePositions.length > 0)
    add(
      'no_refund_above_charge',
      j.runs
        .map((run, i) => ({ run, n: i + 1 }))
        .filter(({ run }) => run.refunded > run.charged)
        .map(({ run, n }) => ({
          account_id: j.account_id,
          job_id: j.job_id,
          position: at(run.refundPositions),
          detail: `refunded ${run.refunded}${attemptLabel(j, n)}, above the charge of ${run.charged}`,
        })),
    );
  const last = j.runs[j.runs.length - 1];
  if (j.status === 'succeeded' && last.refunds > 0)
    add('no_succeeded_job_refunded', [
      {
        account_id: j.account_id,
        job_id: j.job_id,
        position: at(last.refundPositions),
        detail: `succeeded${attemptLabel(j, j.runs.length)} and refunded ${last.refunded}`,
      },
    ]);
  add(
    'retry_charged_back_its_refund',
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
  );
  return found;
}

/** A finished job without any violation: nothing but a retry or a stray refund can change that. */
export function isSettled(j: JobFold): boolean {
  return (j.status === 'succeeded' || j.status === 'failed') && Object.keys(jobViolations(j)).length === 0;
}

export interface InvariantInputs {
  jobs: Iterable<JobFold>;
  refundsWithoutJob: Violation[];
  chargesWithoutRequest: Violation[];
  accounts: Map<string, AccountFold>;
  live: LiveAccountRow[] | null;
  liveNote?: string;
  wanted: (accountId: string) => boolean;
  scope: string;
}

function projectionDifferences(accounts: Map<string, AccountFold>, live: LiveAccountRow[], wanted: (id: string) => boolean): Violation[] {
  const liveById = new Map(live.map((row) => [row.id, row]));
  const differences: Violation[] = [];
  for (const [id, fold] of accounts) {
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
    if (wanted(row.id) && !accounts.has(row.id))
      differences.push({ account_id: row.id, detail: 'projection row without any event in the log' });
  }
  return differences;
}

/** Every invariant, checked over the jobs still held by the fold and the accounts' balances. */
export function checkInvariants(input: InvariantInputs): InvariantResult[] {
  const byName = new Map<InvariantName, Violation[]>();
  const push = (name: InvariantName, violations: Violation[]) => byName.set(name, [...(byName.get(name) ?? []), ...violations]);
  push('no_refund_without_charge', input.refundsWithoutJob);
  for (const job of input.jobs) {
    for (const [name, violations] of Object.entries(jobViolations(job))) push(name as InvariantName, violations);
  }
  push('sync_charge_has_request_id', input.chargesWithoutRequest);
  const results: InvariantResult[] = [];
  const check = (name: InvariantName, checked = true, note?: string) => {
    const violations = byName.get(name) ?? [];
    results.push({ name, description: DESCRIPTIONS[name], ok: violations.length === 0, checked, ...(note ? { note } : {}), violations });
  };
  for (const name of LOG_INVARIANTS) check(name);
  if (input.live) {
    push('account_projection_equals_fold', projectionDifferences(input.accounts, input.live, input.wanted));
    check('account_projection_equals_fold');
  } else {
    check('account_projection_equals_fold', false, input.liveNote);
  }

  // Every balance, from the live projection when it is comparable (else the fold), against the
  // credit movements of the whole log: a balance moved by anything but these events shows here.
  const all = { granted: 0, charged: 0, refunded: 0, balances: 0 };
  for (const fold of input.accounts.values()) {
    all.granted += fold.granted;
    all.charged += fold.charged;
    all.refunded += fold.refunded;
    all.balances += fold.balance;
  }
  const balances = input.live ? input.live.filter((row) => input.wanted(row.id)).reduce((sum, row) => sum + row.balance, 0) : all.balances;
  const expected = all.granted - all.charged + all.refunded;
  if (balances !== expected)
    push('balances_equal_grants_charges_refunds', [
      {
        account_id: input.scope,
        detail: `balances sum to ${balances}; grants ${all.granted} − charges ${all.charged} + refunds ${all.refunded} = ${expected}`,
      },
    ]);
  check('balances_equal_grants_charges_refunds');
  return results;
}
