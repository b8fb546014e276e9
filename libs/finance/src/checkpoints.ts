import { Database, Queryable } from '@astro/database';
import { AccountFold, FoldState } from './reconciliation-types';
import { ReconciliationFold } from './reconciliation';
import { eventPages, restoreDroppedJobs } from './event-pages';

/**
 * A month end's checkpoint: the finance fold of every event recorded before `periodEnd`, and where
 * that month end falls in the log. `lastPosition` is the last event recorded before it;
 * `nextPosition` the first recorded at or after it. The two overlap by the few events whose
 * transactions straddled the month end (recorded_at is the start of the transaction, the position
 * is taken at the insert), which is why a range read filters on recorded_at as well.
 */
export interface Checkpoint {
  periodEnd: Date;
  lastPosition: number;
  nextPosition: number;
  eventsBefore: number;
}

/** An account at a month end, with its stream's versions on both sides of it. */
export interface CheckpointAccount extends AccountFold {
  name: string;
  tier: string;
  lastVersion: number;
  nextVersion: number;
}

/**
 * A month end gets its checkpoint only this long after it: by then every transaction that started
 * before it has committed (a transaction of the platform lasts well under a second).
 */
export const CHECKPOINT_SETTLE_MS = 10 * 60_000;

const PAGE = 5_000;

interface CheckpointRow {
  period_end: Date;
  last_position: string;
  next_position: string;
  events_before: string;
}

const toCheckpoint = (r: CheckpointRow): Checkpoint => ({
  periodEnd: r.period_end,
  lastPosition: Number(r.last_position),
  nextPosition: Number(r.next_position),
  eventsBefore: Number(r.events_before),
});

const COLUMNS = 'period_end, last_position, next_position, events_before';

/** The latest checkpoint at or before `at` (a period starting at `at` starts from it). */
export async function checkpointAtOrBefore(q: Queryable, at: Date): Promise<Checkpoint | null> {
  const [row] = await q.query<CheckpointRow>(
    `SELECT ${COLUMNS} FROM ledger_checkpoints WHERE period_end <= $1 ORDER BY period_end DESC LIMIT 1`,
    [at],
  );
  return row ? toCheckpoint(row) : null;
}

/** The earliest checkpoint at or after `at` (every event recorded before `at` is at or below its lastPosition). */
export async function checkpointAtOrAfter(q: Queryable, at: Date): Promise<Checkpoint | null> {
  const [row] = await q.query<CheckpointRow>(
    `SELECT ${COLUMNS} FROM ledger_checkpoints WHERE period_end >= $1 ORDER BY period_end LIMIT 1`,
    [at],
  );
  return row ? toCheckpoint(row) : null;
}

/** The accounts of a checkpoint (one account's row when `accountId` is given). */
export async function checkpointAccounts(q: Queryable, periodEnd: Date, accountId?: string): Promise<Map<string, CheckpointAccount>> {
  const rows = await q.query<{ account_id: string } & Record<string, string>>(
    `SELECT account_id, name, tier, balance, granted, charged, refunded, last_version, next_version
       FROM ledger_checkpoint_accounts WHERE period_end = $1 ${accountId ? 'AND account_id = $2' : ''}`,
    accountId ? [periodEnd, accountId] : [periodEnd],
  );
  return new Map(
    rows.map((r) => [
      r.account_id,
      {
        name: r.name,
        tier: r.tier,
        balance: Number(r.balance),
        granted: Number(r.granted),
        charged: Number(r.charged),
        refunded: Number(r.refunded),
        lastVersion: Number(r.last_version),
        nextVersion: Number(r.next_version),
      },
    ]),
  );
}

export async function checkpointState(q: Queryable, periodEnd: Date): Promise<FoldState> {
  const [row] = await q.query<{ state: FoldState }>(`SELECT state FROM ledger_checkpoints WHERE period_end = $1`, [periodEnd]);
  return row.state;
}

/** Midnight UTC of the first day of the month after `at`. */
export function nextMonthEnd(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/**
 * Builds the checkpoint of every month end that is settled (CHECKPOINT_SETTLE_MS past) and has none,
 * each from the one before and the events of its month: one pass over the new months of the log.
 * Returns the month ends built. Safe to run from several processes (an advisory lock serialises them).
 */
export async function ensureCheckpoints(db: Database, now: Date = new Date()): Promise<Date[]> {
  const built: Date[] = [];
  for (;;) {
    const next = await db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('ledger_checkpoints'))`);
      const [latest] = await tx.query<{ period_end: Date }>(`SELECT max(period_end) AS period_end FROM ledger_checkpoints`);
      let periodEnd: Date;
      if (latest.period_end) periodEnd = nextMonthEnd(latest.period_end);
      else {
        const [first] = await tx.query<{ recorded_at: Date }>(`SELECT recorded_at FROM events ORDER BY position LIMIT 1`);
        if (!first) return null;
        periodEnd = nextMonthEnd(first.recorded_at);
      }
      if (periodEnd.getTime() + CHECKPOINT_SETTLE_MS > now.getTime()) return null;
      await buildCheckpoint(tx, periodEnd, latest.period_end ? await checkpointAtOrBefore(tx, latest.period_end) : null);
      return periodEnd;
    }, 'REPEATABLE READ');
    if (!next) return built;
    built.push(next);
  }
}

/** Removes the checkpoints at or after `from` (after events were written with an earlier recorded_at). */
export async function dropCheckpoints(q: Queryable, from: Date): Promise<void> {
  await q.query(`DELETE FROM ledger_checkpoints WHERE period_end >= $1`, [from]);
}

async function buildCheckpoint(tx: Queryable, periodEnd: Date, previous: Checkpoint | null): Promise<void> {
  const fold = new ReconciliationFold({ from: periodEnd, to: periodEnd });
  const accounts = previous ? await checkpointAccounts(tx, previous.periodEnd) : new Map<string, CheckpointAccount>();
  if (previous) fold.restore(await checkpointState(tx, previous.periodEnd), accounts);
  const versionAfter = new Map<string, number>();
  const settled = periodEnd.getTime() + CHECKPOINT_SETTLE_MS;
  let lastPosition = previous?.lastPosition ?? 0;
  let nextPosition: number | null = null;
  let maxSeen = previous ? previous.nextPosition - 1 : 0;
  const range = {
    fromPosition: previous?.nextPosition ?? 0,
    toPosition: null,
    recordedFrom: previous?.periodEnd ?? null,
    recordedTo: null,
  };
  pages: for await (const page of eventPages(tx, range, PAGE)) {
    await restoreDroppedJobs(tx, fold, page, periodEnd);
    for (const event of page) {
      if (event.recordedAt.getTime() >= settled) break pages;
      maxSeen = event.position;
      if (!event.streamId.startsWith('account:')) {
        fold.add(event);
        if (event.recordedAt < periodEnd) lastPosition = Math.max(lastPosition, event.position);
        else nextPosition ??= event.position;
        continue;
      }
      const id = event.streamId.slice('account:'.length);
      if (event.recordedAt >= periodEnd) {
        nextPosition ??= event.position;
        if (!versionAfter.has(id)) versionAfter.set(id, event.streamVersion);
        continue;
      }
      lastPosition = Math.max(lastPosition, event.position);
      fold.add(event);
      let account = accounts.get(id);
      if (!account) {
        account = { name: '', tier: '', balance: 0, granted: 0, charged: 0, refunded: 0, lastVersion: 0, nextVersion: 0 };
        accounts.set(id, account);
      }
      if (event.type === 'AccountOpened') account.name = String(event.payload.name ?? '');
      if (event.type === 'AccountOpened' || event.type === 'AccountTierChanged') account.tier = String(event.payload.tier ?? account.tier);
      account.lastVersion = Math.max(account.lastVersion, event.streamVersion);
    }
    fold.pruneIfLarge();
  }
  for (const [id, account] of accounts) {
    const folded = fold.accounts.get(id);
    if (folded)
      Object.assign(account, { balance: folded.balance, granted: folded.granted, charged: folded.charged, refunded: folded.refunded });
    account.nextVersion = versionAfter.get(id) ?? account.lastVersion + 1;
  }
  const state = fold.snapshot();
  await tx.query(
    `INSERT INTO ledger_checkpoints (period_end, last_position, next_position, events_before, state) VALUES ($1, $2, $3, $4, $5)`,
    [periodEnd, lastPosition, nextPosition ?? maxSeen + 1, state.eventsRead, JSON.stringify(state)],
  );
  const rows = [...accounts.entries()];
  for (let i = 0; i < rows.length; i += 1_000) {
    const slice = rows.slice(i, i + 1_000);
    await tx.query(
      `INSERT INTO ledger_checkpoint_accounts (period_end, account_id, name, tier, balance, granted, charged, refunded, last_version, next_version)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::int[], $10::int[])`,
      [
        periodEnd,
        slice.map(([id]) => id),
        slice.map(([, a]) => a.name),
        slice.map(([, a]) => a.tier),
        slice.map(([, a]) => a.balance),
        slice.map(([, a]) => a.granted),
        slice.map(([, a]) => a.charged),
        slice.map(([, a]) => a.refunded),
        slice.map(([, a]) => a.lastVersion),
        slice.map(([, a]) => a.nextVersion),
      ],
    );
  }
}
