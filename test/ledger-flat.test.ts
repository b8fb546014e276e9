import { Client } from 'pg';
import { brandProfilesProjection, foldKeyUsage, foldPendingKeyUsage, usageByKeyFromLog } from '@astro/accounts';
import { newId } from '@astro/contracts';
import { Database, setUpDatabase } from '@astro/database';
import {
  ensureCheckpoints,
  foldStatement,
  monthlyStatement,
  Reconciliation,
  ReconciliationFold,
  ReconciliationPeriod,
  reconcile,
} from '@astro/finance';
import { jobsProjection } from '@astro/jobs';
import {
  accountsProjection,
  accountStream,
  ChargeBatcher,
  diffProjections,
  ProjectionDifference,
  readAllEvents,
  readStream,
  rebuildProjections,
} from '@astro/ledger';

// The flat ledger (ADR 0006) on a database of its own: the events carry recorded_at of 2025, which
// the shared test database must not see (its month-end checkpoints would be built over them).

const database = `ledger_flat_${process.pid}`;
let db: Database;

interface Seeded {
  stream: string;
  type: string;
  payload: Record<string, unknown>;
  metadata: Record<string, unknown>;
  at: string;
}

const ACCOUNTS = Array.from({ length: 5 }, () => newId('account'));
const KEYS = [newId('apiKey'), newId('apiKey')];
const [A, B, C] = ACCOUNTS;
const P = newId('job'); // failed and refunded in March, retried and succeeded in June
const Q = newId('job'); // failed in April, refunded twice in May: a violation kept across checkpoints
const R = newId('job'); // charged a millisecond before July, succeeded in July
const S = newId('job'); // charged in August, refunded in September

function events(): Seeded[] {
  const out: Seeded[] = [];
  const acct = (id: string, type: string, payload: Record<string, unknown>, at: string, actor = 'operator') =>
    out.push({ stream: accountStream(id), type, payload, metadata: { actor }, at });
  const job = (id: string, type: string, payload: Record<string, unknown>, at: string) =>
    out.push({ stream: `report_job:${id}`, type: `ReportJob${type}`, payload, metadata: { actor: 'worker' }, at });
  const runJob = (id: string, account: string, at: (k: number) => string, outcome: 'Succeeded' | 'Failed', actor: string) => {
    acct(account, 'CreditsCharged', { operation: 'report_natal', amount: 5, request_id: `req_${id}`, job_id: id }, at(0), actor);
    job(id, 'Queued', { job_id: id, account_id: account, kind: 'report_natal', credits_charged: 5 }, at(1));
    job(id, 'Started', { stage: 'calculating' }, at(2));
    if (outcome === 'Succeeded') job(id, 'Succeeded', { artifacts: { pdf: `${id}.pdf` }, warnings: [] }, at(3));
    else job(id, 'Failed', { error_code: 'render_failed', error_message: 'the renderer failed' }, at(3));
  };
  for (const [i, id] of ACCOUNTS.entries()) {
    acct(id, 'AccountOpened', { account_id: id, name: `flat ${i}`, tier: 'pro' }, '2024-12-20T00:00:00.000Z');
    acct(id, 'CreditsGranted', { amount: 100_000, reason: 'invoice' }, '2024-12-20T00:00:00.000Z');
  }
  for (let m = 0; m < 12; m++) {
    for (let i = 0; i < 120; i++) {
      const base = Date.UTC(2025, m, 1) + i * 5 * 3_600_000 + 60_000;
      const at = (k: number) => new Date(base + k).toISOString();
      const account = i % 3 === 0 ? A : ACCOUNTS[(i + m) % 5];
      const actor = account === A ? `key:${KEYS[i % 2]}` : `key:key_${account}`;
      if (i % 10 === 0) {
        const id = newId('job');
        runJob(id, account, at, i % 40 === 0 ? 'Failed' : 'Succeeded', actor);
        if (i % 40 === 0) acct(account, 'CreditsRefunded', { job_id: id, amount: 5, reason: 'render_failed' }, at(4), 'worker');
      } else {
        acct(account, 'CreditsCharged', { operation: i % 2 ? 'planets' : 'tarot', amount: 1, request_id: `req_${m}_${i}` }, at(0), actor);
      }
      if (m === 2 && i === 50) {
        runJob(P, A, at, 'Failed', `key:${KEYS[0]}`);
        acct(A, 'CreditsRefunded', { job_id: P, amount: 5, reason: 'render_failed' }, at(4), 'worker');
      }
      if (m === 5 && i === 50) {
        job(P, 'Retried', { attempt: 2 }, at(0));
        acct(A, 'CreditsCharged', { operation: 'report_natal', amount: 5, request_id: 'req_retry', job_id: P, attempt: 2 }, at(1));
        job(P, 'Started', { stage: 'calculating' }, at(2));
        job(P, 'Succeeded', { artifacts: { pdf: 'p.pdf' }, warnings: [] }, at(3));
      }
      if (m === 3 && i === 60) runJob(Q, B, at, 'Failed', 'key:key_q');
      if (m === 4 && i === 60) {
        acct(B, 'CreditsRefunded', { job_id: Q, amount: 5, reason: 'render_failed' }, at(0), 'worker');
        acct(B, 'CreditsRefunded', { job_id: Q, amount: 5, reason: 'render_failed' }, at(1), 'worker');
      }
      if (m === 7 && i === 70) runJob(S, A, at, 'Failed', `key:${KEYS[1]}`);
      if (m === 8 && i === 0) acct(A, 'CreditsRefunded', { job_id: S, amount: 5, reason: 'render_failed' }, at(0), 'worker');
    }
    if (m === 5) {
      // R's charge is recorded a millisecond before July; its job runs in July.
      acct(C, 'CreditsCharged', { operation: 'report_natal', amount: 5, request_id: 'req_r', job_id: R }, '2025-06-30T23:59:59.999Z');
      job(R, 'Queued', { job_id: R, account_id: C, kind: 'report_natal', credits_charged: 5 }, '2025-07-01T00:00:00.100Z');
      job(R, 'Started', { stage: 'calculating' }, '2025-07-01T00:00:00.200Z');
      job(R, 'Succeeded', { artifacts: { pdf: 'r.pdf' }, warnings: [] }, '2025-07-01T00:00:00.300Z');
    }
    if (m === 8) {
      // Two transactions straddling October: the one that started first took its position last.
      acct(B, 'CreditsCharged', { operation: 'planets', amount: 1, request_id: 'req_late' }, '2025-10-01T00:00:00.100Z');
      acct(C, 'CreditsCharged', { operation: 'planets', amount: 1, request_id: 'req_early' }, '2025-09-30T23:59:59.900Z');
    }
  }
  return out;
}

/** Appends in the order given, each stream's versions consecutive, recorded_at as given. */
async function append(list: Seeded[]): Promise<void> {
  const versions = new Map<string, number>();
  for (const [stream, v] of (
    await db.query<{ stream_id: string; v: number }>(`SELECT stream_id, max(stream_version) AS v FROM events GROUP BY 1`)
  ).map((r) => [r.stream_id, r.v] as const))
    versions.set(stream, v);
  const version = (stream: string) => {
    versions.set(stream, (versions.get(stream) ?? 0) + 1);
    return versions.get(stream)!;
  };
  await db.query(
    `INSERT INTO events (stream_id, stream_version, event_type, payload, metadata, recorded_at)
     SELECT s, v, t, p, m, a FROM unnest($1::text[], $2::int[], $3::text[], $4::jsonb[], $5::jsonb[], $6::timestamptz[]) WITH ORDINALITY
       AS x(s, v, t, p, m, a, n) ORDER BY n`,
    [
      list.map((e) => e.stream),
      list.map((e) => version(e.stream)),
      list.map((e) => e.type),
      list.map((e) => JSON.stringify(e.payload)),
      list.map((e) => JSON.stringify(e.metadata)),
      list.map((e) => e.at),
    ],
  );
}

/** The reference: every event folded from the start of the log, no checkpoint. */
async function fullFold(period: ReconciliationPeriod): Promise<Reconciliation> {
  const fold = new ReconciliationFold(period);
  for await (const event of readAllEvents(db)) fold.add(event);
  return fold.result(null, 'the period ends in the past; the projection holds the present state');
}

const normalised = (r: Reconciliation) => ({
  ...r,
  invariants: r.invariants.map((i) => ({
    ...i,
    violations: [...i.violations].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
  })),
});
const month = (m: number) => ({ from: new Date(Date.UTC(2025, m, 1)), to: new Date(Date.UTC(2025, m + 1, 1)) });

beforeAll(async () => {
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_SERVER_URL!);
  url.pathname = `/${database}`;
  await setUpDatabase(url.toString(), 'ledger-flat-test-password');
  db = await Database.connect(url.toString(), { poolSize: 6, applicationName: 'ledger-flat-test' });
  await append(events());
  await rebuildProjections(db, [accountsProjection, jobsProjection]);
  // Every month end of 2025 is settled on 15 January 2026.
  expect((await ensureCheckpoints(db, new Date('2026-01-15T00:00:00Z'))).map((d) => d.toISOString().slice(0, 7))).toEqual([
    '2025-01',
    '2025-02',
    '2025-03',
    '2025-04',
    '2025-05',
    '2025-06',
    '2025-07',
    '2025-08',
    '2025-09',
    '2025-10',
    '2025-11',
    '2025-12',
    '2026-01',
  ]);
});
afterAll(async () => {
  await db?.close();
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
});

describe('month-end checkpoints', () => {
  it('reconcile each month of 2025 exactly as the fold of the whole log does, reading only that month', async () => {
    const [{ n }] = await db.query<{ n: string }>(`SELECT count(*) AS n FROM events`);
    for (let m = 0; m < 12; m++) {
      let range = Infinity;
      const report = await reconcile(db, month(m), { onProgress: (_read, total) => (range = total) });
      expect(normalised(report)).toEqual(normalised(await fullFold(month(m))));
      expect(range).toBeLessThan(Number(n) / 6);
    }
  });

  it('carry a settled job that is retried later, a violation, a job across a month end and transactions straddling one', async () => {
    const june = await reconcile(db, month(5));
    expect(june.jobs.find((j) => j.job_id === P)).toMatchObject({ attempts: 2, status: 'succeeded', charged: 10, refunded: 5 });
    const may = await reconcile(db, month(4));
    expect(may.invariants.find((i) => i.name === 'failed_job_refunded_once')!.violations).toEqual([
      expect.objectContaining({ job_id: Q, detail: 'failed job charged 5, refunded 10 in 2 refund(s)' }),
    ]);
    const december = await reconcile(db, month(11));
    expect(december.ok).toBe(false); // Q's double refund stays a violation of the history
    const july = await reconcile(db, month(6));
    expect(july.jobs.find((j) => j.job_id === R)).toMatchObject({ status: 'succeeded', charged: 5 });
    const september = await reconcile(db, { ...month(8), accountId: C });
    expect(september.operations.find((o) => o.operation === 'planets')!.charged).toBeGreaterThan(0);
    for (const period of [
      { from: new Date('2025-02-15T00:00:00Z'), to: new Date('2025-08-10T00:00:00Z') },
      { ...month(9), accountId: A },
    ])
      expect(normalised(await reconcile(db, period))).toEqual(normalised(await fullFold(period)));
  });

  it('give each month statement the same figures as folding the account stream from its start', async () => {
    for (const account of [A, B, C]) {
      const stream = await readStream(db, accountStream(account));
      for (let m = 0; m < 12; m++) {
        const key = `2025-${String(m + 1).padStart(2, '0')}`;
        const { events_read: read, ...fromCheckpoint } = (await monthlyStatement(db, account, key))!;
        const { events_read: all, ...reference } = foldStatement(account, key, stream);
        expect(fromCheckpoint).toEqual(reference);
        expect(read).toBeLessThan(all);
      }
    }
    const september = (await monthlyStatement(db, A, '2025-09'))!;
    // S (charged in August, its operation found through the job id index) and a job of September
    expect(september.refunds).toEqual([{ item: 'report_natal', count: 2, credits: 10 }]);
  });
});

describe('per-key usage counters', () => {
  it('equal the fold of the log, for seeded events and for charges and refunds written by the platform', async () => {
    // Folded on read (fold_api_key_usage) from what each stream gained since the last fold: batched
    // charges (a refused one and one by a session not at all), a charge written outside a batch and
    // a refund whose job's charge an earlier fold counted.
    const counters = async (account: string, { fold } = { fold: true }) => {
      if (fold) await foldKeyUsage(db, account);
      return new Map(
        (
          await db.query<{ key_id: string; charges: number; charged: number; refunded: number }>(
            `SELECT key_id, charges::float8 AS charges, credits_charged::float8 AS charged, credits_refunded::float8 AS refunded
               FROM api_key_usage WHERE account_id = $1`,
            [account],
          )
        ).map((r) => [r.key_id, { charges: r.charges, credits_charged: r.charged, credits_refunded: r.refunded }]),
      );
    };
    for (const account of ACCOUNTS) expect(await counters(account)).toEqual(await usageByKeyFromLog(db, account));
    const batcher = new ChargeBatcher(db);
    const job = newId('job');
    await Promise.all([
      batcher.charge({ accountId: A, operation: 'planets', amount: 2, requestId: 'req_b1' }, { actor: `key:${KEYS[0]}` }),
      batcher.charge({ accountId: A, operation: 'report_natal', amount: 5, requestId: 'req_b2', jobId: job }, { actor: `key:${KEYS[1]}` }),
      batcher.charge({ accountId: B, operation: 'planets', amount: 1, requestId: 'req_b3' }, { actor: 'key:key_b3' }),
      batcher.charge({ accountId: B, operation: 'planets', amount: 1, requestId: 'req_b4' }, { actor: 'user:usr_b4' }),
      batcher.charge({ accountId: C, operation: 'planets', amount: 10_000_000, requestId: 'req_b5' }, { actor: `key:${KEYS[0]}` }),
    ]);
    await batcher.close();
    await counters(A); // the job's charge folded before its refund is appended
    const { chargeCredits, refundCredits } = await import('@astro/ledger');
    await chargeCredits(db, { accountId: C, operation: 'planets', amount: 3, requestId: 'req_c1' }, { actor: 'key:key_c1' });
    await refundCredits(db, { accountId: A, jobId: job, amount: 5, reason: 'render_failed' }, { actor: 'worker' });
    for (const account of ACCOUNTS) expect(await counters(account)).toEqual(await usageByKeyFromLog(db, account));
    expect((await counters(A)).get(KEYS[1])!.credits_refunded).toBeGreaterThanOrEqual(10); // S and this job
    expect((await counters(B)).get('key_b3')).toEqual({ charges: 1, credits_charged: 1, credits_refunded: 0 });
    expect((await counters(C)).get('key_c1')).toEqual({ charges: 1, credits_charged: 3, credits_refunded: 0 });
    expect((await counters(C)).get(KEYS[0])).toBeUndefined(); // refused: nothing written
    // The worker's round folds every account whose stream moved since its mark; the next finds none.
    await chargeCredits(db, { accountId: C, operation: 'planets', amount: 2, requestId: 'req_c2' }, { actor: 'key:key_c1' });
    expect(await foldPendingKeyUsage(db)).toBe(1);
    expect(await foldPendingKeyUsage(db)).toBe(0);
    expect((await counters(C, { fold: false })).get('key_c1')).toEqual({ charges: 2, credits_charged: 5, credits_refunded: 0 });
  });
});

describe('streamed verification and the shadow rebuild', () => {
  it('find every difference when the jobs are verified in many key partitions', async () => {
    const projections = [accountsProjection, jobsProjection];
    await rebuildProjections(db, projections);
    expect(await diffProjections(db, projections, { rowsPerPass: 20 })).toEqual([]);
    await db.query(`UPDATE jobs SET stage = 'tampered' WHERE id = $1`, [P]);
    await db.query(`DELETE FROM jobs WHERE id = $1`, [R]);
    const differences = await diffProjections(db, projections, { rowsPerPass: 20 });
    expect(differences.map((d) => [d.table, d.key, d.live?.stage ?? null, d.rebuilt?.stage ?? null]).sort()).toEqual(
      [
        ['jobs', P, 'tampered', 'done'],
        ['jobs', R, null, 'done'],
      ].sort(),
    );
  });

  it('report the same differences in many key partitions as in one pass: every partition, a missing row and an extra one', async () => {
    const projections = [accountsProjection, jobsProjection, brandProfilesProjection]; // the last has no key: folded in the first pass
    await rebuildProjections(db, projections);
    const jobs = (await db.query<{ id: string }>(`SELECT id FROM jobs`)).map((r) => r.id);
    expect(Math.ceil(jobs.length / 20)).toBeGreaterThanOrEqual(5);
    // A difference in every job (so in every partition, whatever the hash), one job missing from
    // the table, one the log never queued, and one account.
    const X = newId('job');
    await db.query(`UPDATE jobs SET stage = 'tampered' WHERE id <> $1`, [R]);
    await db.query(`DELETE FROM jobs WHERE id = $1`, [R]);
    await db.query(`INSERT INTO jobs SELECT (jsonb_populate_record(j, jsonb_build_object('id', $2::text))).* FROM jobs j WHERE id = $1`, [
      P,
      X,
    ]);
    await db.query(`UPDATE accounts SET credits_granted = credits_granted + 1 WHERE id = $1`, [C]);
    const summary = (differences: ProjectionDifference[]) =>
      differences
        .map((d) => [d.table, d.key, !d.live ? 'missing' : !d.rebuilt ? 'extra' : d.table === 'jobs' ? String(d.live.stage) : 'differs'])
        .sort();
    const partitioned = summary(await diffProjections(db, projections, { rowsPerPass: 20 }));
    expect(partitioned).toEqual(
      [
        ...jobs.filter((id) => id !== R).map((id) => ['jobs', id, 'tampered']),
        ['jobs', R, 'missing'],
        ['jobs', X, 'extra'],
        ['accounts', C, 'differs'],
      ].sort(),
    );
    expect(partitioned).toEqual(summary(await diffProjections(db, projections)));
    await rebuildProjections(db, projections);
    expect(await diffProjections(db, projections, { rowsPerPass: 20 })).toEqual([]);
  });

  it('fold and write their shadow while a charge is still open, and take in what was charged before the swap', async () => {
    const projections = [accountsProjection, jobsProjection];
    const before = Number((await db.query<{ balance: string }>(`SELECT balance FROM accounts WHERE id = $1`, [A]))[0].balance);
    // An open charge: it holds its account row and the writers' lock on the log until it commits.
    const open = await db.dataSource.createQueryRunner();
    await open.connect();
    await open.startTransaction();
    await open.query(
      `SELECT balance FROM charge_credits_batch(ARRAY[$1], ARRAY[3]::bigint[], ARRAY[$2::jsonb], ARRAY['{"actor":"test"}'::jsonb])`,
      [A, JSON.stringify({ operation: 'planets', amount: 3, request_id: 'req_open' })],
    );
    const swapped: string[] = [];
    await rebuildProjections(db, projections, {
      beforeSwap: async (table) => {
        swapped.push(table);
        if (table !== 'accounts') return;
        // The fold and the shadow are done while the charge is open: nothing of the rebuild waited for it.
        await open.commitTransaction();
        await open.release();
        await db.query(
          `SELECT balance FROM charge_credits_batch(ARRAY[$1], ARRAY[4]::bigint[], ARRAY[$2::jsonb], ARRAY['{"actor":"test"}'::jsonb])`,
          [A, JSON.stringify({ operation: 'planets', amount: 4, request_id: 'req_after_fold' })],
        );
      },
    });
    expect(swapped).toEqual(['accounts', 'jobs']);
    expect(Number((await db.query<{ balance: string }>(`SELECT balance FROM accounts WHERE id = $1`, [A]))[0].balance)).toBe(before - 7);
    expect(await diffProjections(db, projections)).toEqual([]);
  });
});
