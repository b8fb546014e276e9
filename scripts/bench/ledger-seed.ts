import { Database } from '@astro/database';

/** The 24 seeded months: November 2024 up to, not including, November 2026 (UTC). */
export const SEED_FROM = '2024-11-01T00:00:00Z';
/** The last seeded month, October 2026, holds MEASURED_MONTH_UNITS units at every size; the growth goes to the 23 months before it. */
export const MEASURED_MONTH = { from: '2026-10-01', to: '2026-11-01', month: '2026-10' };
const HISTORY_DAYS = 699;
const MEASURED_MONTH_UNITS = 3_000;
export const ACCOUNTS = 1_000;

/**
 * Of every 10 units of work, 9 are synchronous charges (one event) and 1 is a report job (its
 * charge, Queued, Started and Succeeded; one job in 20 fails instead and is refunded): 13.05 events
 * per 10 units.
 */
const EVENTS_PER_UNIT = 1.305;

/**
 * Seeds `events` rows shaped as the platform writes them (the same payloads and metadata as
 * openAccount, grantCredits, chargeCredits, the job ledger's events and refundJob), so the folds,
 * the projections and every reconciliation invariant accept them: consecutive stream versions, a
 * grant large enough that no charge overdraws, every failed job refunded once. Accounts are drawn
 * by a power law (account 0 takes about a tenth of the units), recorded_at in the order of the
 * positions: spread evenly over the first 23 months, and MEASURED_MONTH_UNITS units in the 24th, so
 * that a month's figures compare across sizes while the history before it grows. Bulk INSERT … SELECT over generate_series, one month at a
 * time; the projections are then built from the log by the caller (projections:rebuild).
 */
export async function seedLedger(db: Database, events: number, accountIds: string[], keyIds: string[]): Promise<void> {
  const units = Math.round((events - 2 * ACCOUNTS) / EVENTS_PER_UNIT);
  await db.query(`SELECT setseed(0.42)`);
  await db.query(`DROP TABLE IF EXISTS seed_units, seed_account_events`);
  await db.query(
    `CREATE UNLOGGED TABLE seed_units AS
     SELECT u, least(${ACCOUNTS - 1}, floor(${ACCOUNTS} * power(random(), 3)))::int AS a,
            CASE WHEN u % 10 <> 0 THEN 's' WHEN u % 200 = 0 THEN 'f' ELSE 'j' END AS kind,
            CASE WHEN u <= $2 THEN timestamptz '${SEED_FROM}' + (u::float8 / $2) * interval '${HISTORY_DAYS} days'
                 ELSE timestamptz '${MEASURED_MONTH.from}T00:00:00Z' + ((u - $2)::float8 / ($1 - $2 + 1)) * interval '31 days' END AS t
       FROM generate_series(1, $1::int) u`,
    [units, units - MEASURED_MONTH_UNITS],
  );
  await db.query(
    `CREATE UNLOGGED TABLE seed_account_events AS
     SELECT u, k, a, kind, t, 2 + row_number() OVER (PARTITION BY a ORDER BY u, k) AS v
       FROM (SELECT u, 0 AS k, a, kind, t FROM seed_units UNION ALL SELECT u, 4, a, kind, t FROM seed_units WHERE kind = 'f') x`,
  );
  await db.query(`CREATE INDEX ON seed_units (u)`);
  await db.query(`CREATE INDEX ON seed_account_events (u)`);
  await db.query(
    `INSERT INTO events (stream_id, stream_version, event_type, payload, metadata, recorded_at)
     SELECT 'account:' || id, v, type, payload, '{"actor":"operator"}', timestamptz '${SEED_FROM}' - interval '1 day'
       FROM unnest($1::text[]) WITH ORDINALITY AS acct(id, n),
            LATERAL (VALUES (1, 'AccountOpened', jsonb_build_object('account_id', id, 'name', 'bench ' || n, 'tier', 'pro')),
                            (2, 'CreditsGranted', jsonb_build_object('amount', 1000000000, 'reason', 'bench'))) e(v, type, payload)
      ORDER BY n, v`,
    [accountIds],
  );
  const perChunk = Math.ceil(units / 24);
  for (let from = 1; from <= units; from += perChunk) {
    const to = Math.min(units, from + perChunk - 1);
    await db.query(
      `INSERT INTO events (stream_id, stream_version, event_type, payload, metadata, recorded_at)
       SELECT stream_id, version, type, payload, metadata, at FROM (
         SELECT e.u, e.k, 'account:' || ($3::text[])[e.a + 1] AS stream_id, e.v AS version,
                CASE e.k WHEN 0 THEN 'CreditsCharged' ELSE 'CreditsRefunded' END AS type,
                CASE WHEN e.k = 4 THEN jsonb_build_object('job_id', 'job_bench' || e.u, 'amount', 5, 'reason', 'render_failed')
                     WHEN e.kind = 's' THEN jsonb_build_object('operation', 'planets', 'amount', 1, 'request_id', 'req_bench' || e.u)
                     ELSE jsonb_build_object('operation', 'report_natal', 'amount', 5, 'request_id', 'req_bench' || e.u, 'job_id', 'job_bench' || e.u) END AS payload,
                CASE WHEN e.k = 4 THEN jsonb_build_object('actor', 'worker')
                     WHEN e.a = 0 THEN jsonb_build_object('request_id', 'req_bench' || e.u, 'actor', 'key:' || ($4::text[])[1 + e.u % array_length($4::text[], 1)])
                     ELSE jsonb_build_object('request_id', 'req_bench' || e.u, 'actor', 'key:key_bench' || e.a) END AS metadata,
                e.t + e.k * interval '1 millisecond' AS at
           FROM seed_account_events e WHERE e.u BETWEEN $1 AND $2
         UNION ALL
         SELECT s.u, j.k, 'report_job:job_bench' || s.u, j.k, j.type, j.payload, jsonb_build_object('actor', 'worker'), s.t + j.k * interval '1 millisecond'
           FROM seed_units s,
                LATERAL (VALUES
                  (1, 'ReportJobQueued', jsonb_build_object('job_id', 'job_bench' || s.u, 'account_id', ($3::text[])[s.a + 1], 'kind', 'report_natal', 'credits_charged', 5)),
                  (2, 'ReportJobStarted', jsonb_build_object('stage', 'calculating')),
                  (3, CASE s.kind WHEN 'f' THEN 'ReportJobFailed' ELSE 'ReportJobSucceeded' END,
                      CASE s.kind WHEN 'f' THEN jsonb_build_object('error_code', 'render_failed', 'error_message', 'the renderer failed')
                           ELSE jsonb_build_object('artifacts', jsonb_build_object('pdf', 'bench/job_bench' || s.u || '.pdf'), 'warnings', '[]'::jsonb) END)
                ) j(k, type, payload)
          WHERE s.kind <> 's' AND s.u BETWEEN $1 AND $2
       ) x ORDER BY u, k`,
      [from, to, accountIds, keyIds],
    );
  }
  await db.query(`DROP TABLE seed_units, seed_account_events`);
  await db.query(`ANALYZE events`);
}
