import { Database, Queryable } from '@astro/database';
import { appendToStream, ConcurrencyError, EventMetadata, readStream } from '@astro/ledger';
import { DeliveryEventType, payloadOf, PlatformEvent } from './payload';
import { SubscriptionKind } from './subscriptions';

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'exhausted';
export const DELIVERY_STATUSES: DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'exhausted'];

export const deliveryStream = (deliveryId: string) => `delivery:${deliveryId}`;
export const attemptKey = (deliveryId: string, attempt: number) => `${deliveryId}:${attempt}`;

/** What a delivery is, in its record and in each attempt's row: whose, through which subscription, about what. */
interface DeliveryAbout {
  account_id: string;
  subscription_id: string;
  subscription_kind: SubscriptionKind;
  event_id: string;
  event_type: DeliveryEventType;
  channel: string;
  report_job_id: string | null;
  subject_id: string | null;
}

/** One row per attempt of a delivery (the spec's "delivery attempt" record). */
export interface AttemptRow extends DeliveryAbout {
  row_key: string;
  id: string;
  attempt: number;
  /** false for a test-mode delivery (its subscription's mode) */
  livemode: boolean;
  status: DeliveryStatus;
  response_status: number | null;
  attempt_duration_ms: number | null;
  last_error: string | null;
  seq: string;
  created_at: Date;
  delivered_at: Date | null;
}

const COLUMNS = `row_key, id, attempt, account_id, subscription_id, subscription_kind, event_id, event_type, channel, report_job_id,
  subject_id, livemode, status, response_status, attempt_duration_ms, last_error, seq, created_at, delivered_at`;

/**
 * A delivery: what DeliveryCreated records, and the exact body it sends. The body (a horoscope
 * with the name it was written for, a report's warnings) is kept in `webhook_delivery_payloads`,
 * never in the event: deleting the subscription, or erasing the reading it is about, erases it
 * (docs/security.md, "Personal data and the event log").
 */
export interface DeliveryRecord extends DeliveryAbout {
  delivery_id: string;
  /** false for a test-mode delivery; absent in deliveries recorded before test mode (live) */
  livemode?: boolean;
  payload: { type: string; timestamp: string; data: Record<string, unknown>; livemode?: boolean };
}

async function insertPendingRow(tx: Queryable, record: Omit<DeliveryRecord, 'payload'>, attempt: number, position: number): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_delivery_attempts (row_key, id, attempt, account_id, subscription_id, subscription_kind, event_id, event_type,
            channel, report_job_id, subject_id, livemode, status, seq, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $13, 'pending', $12, now(), now())`,
    [
      attemptKey(record.delivery_id, attempt),
      record.delivery_id,
      attempt,
      record.account_id,
      record.subscription_id,
      record.subscription_kind,
      record.event_id,
      record.event_type,
      record.channel,
      record.report_job_id,
      record.subject_id,
      position,
      record.livemode !== false,
    ],
  );
}

/**
 * Records a delivery (its first attempt pending). Returns false when it exists already: the stream
 * is opened at version 0, so concurrent or repeated publishing of one event records it once.
 */
export async function recordDeliveryCreated(db: Database, record: DeliveryRecord, metadata: EventMetadata): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const { payload, ...logged } = record;
      const [created] = await appendToStream(tx, deliveryStream(record.delivery_id), 0, [
        { type: 'DeliveryCreated', payload: logged, metadata },
      ]);
      await tx.query(
        `INSERT INTO webhook_delivery_payloads (delivery_id, account_id, subscription_id, subject_id, payload, created_at)
         VALUES ($1, $2, $3, $4, $5, now())`,
        [record.delivery_id, record.account_id, record.subscription_id, record.subject_id ?? record.report_job_id, JSON.stringify(payload)],
      );
      await insertPendingRow(tx, record, 1, created.position);
      return true;
    });
  } catch (err) {
    if (err instanceof ConcurrencyError) return false;
    throw err;
  }
}

export function deliveryRecordFor(
  event: PlatformEvent,
  subscription: { id: string; kind: SubscriptionKind; channel: string },
  deliveryId: string,
): DeliveryRecord {
  return {
    delivery_id: deliveryId,
    account_id: event.accountId,
    subscription_id: subscription.id,
    subscription_kind: subscription.kind,
    event_id: event.id,
    event_type: event.type,
    channel: subscription.channel,
    report_job_id: event.reportJobId ?? null,
    subject_id: event.subjectId ?? null,
    livemode: event.livemode !== false,
    payload: payloadOf(event),
  };
}

/** A delivery as recorded; its `payload` is null once erased (its subscription deleted, its reading erased). */
export async function readDeliveryRecord(
  q: Queryable,
  deliveryId: string,
): Promise<{ record: Omit<DeliveryRecord, 'payload'> & { payload: DeliveryRecord['payload'] | null }; version: number } | null> {
  const events = await readStream(q, deliveryStream(deliveryId));
  if (events.length === 0) return null;
  const [body] = await q.query<{ payload: DeliveryRecord['payload'] }>(
    `SELECT payload FROM webhook_delivery_payloads WHERE delivery_id = $1`,
    [deliveryId],
  );
  const record = { ...(events[0].payload as unknown as Omit<DeliveryRecord, 'payload'>), payload: body?.payload ?? null };
  return { record, version: events[events.length - 1].streamVersion };
}

/** Erases the bodies of every delivery about a subject (a reading `vrj_…` erased by its owner). */
export async function eraseDeliveryPayloadsAbout(q: Queryable, subjectId: string): Promise<void> {
  await q.query(`DELETE FROM webhook_delivery_payloads WHERE subject_id = $1`, [subjectId]);
}

export async function findAttempt(q: Queryable, deliveryId: string, attempt: number): Promise<AttemptRow | null> {
  const [row] = await q.query<AttemptRow>(`SELECT ${COLUMNS} FROM webhook_delivery_attempts WHERE row_key = $1`, [
    attemptKey(deliveryId, attempt),
  ]);
  return row ?? null;
}

/** The latest attempt row of a delivery: its current state. */
export async function latestAttempt(q: Queryable, deliveryId: string): Promise<AttemptRow | null> {
  const [row] = await q.query<AttemptRow>(`SELECT ${COLUMNS} FROM webhook_delivery_attempts WHERE id = $1 ORDER BY attempt DESC LIMIT 1`, [
    deliveryId,
  ]);
  return row ?? null;
}

export interface AttemptResult {
  attempt: number;
  /** succeeded; failed (another attempt follows); exhausted (no attempt follows) */
  outcome: 'succeeded' | 'failed' | 'exhausted';
  responseStatus: number | null;
  durationMs: number;
  error: string | null;
}

/**
 * Appends one attempt's result and projects it: the attempt row gets its outcome, and a failed
 * attempt that will be retried opens the next attempt's pending row. `alsoInTx` runs in the same
 * transaction (disabling a subscription on 410). Idempotent per attempt: a retried activity that
 * already recorded its attempt finds the row settled and changes nothing.
 */
export async function recordAttempt(
  db: Database,
  deliveryId: string,
  result: AttemptResult,
  metadata: EventMetadata,
  alsoInTx?: (tx: Queryable) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<AttemptRow>(`SELECT ${COLUMNS} FROM webhook_delivery_attempts WHERE row_key = $1 FOR UPDATE`, [
      attemptKey(deliveryId, result.attempt),
    ]);
    if (!row || row.status !== 'pending') return false;
    const [{ version }] = await tx.query<{ version: number }>(`SELECT max(stream_version) AS version FROM events WHERE stream_id = $1`, [
      deliveryStream(deliveryId),
    ]);
    const [event] = await appendToStream(tx, deliveryStream(deliveryId), version, [
      {
        type: 'DeliveryAttempted',
        payload: {
          attempt: result.attempt,
          outcome: result.outcome,
          response_status: result.responseStatus,
          duration_ms: result.durationMs,
          error: result.error,
        },
        metadata,
      },
    ]);
    await tx.query(
      `UPDATE webhook_delivery_attempts
          SET status = $2, response_status = $3, attempt_duration_ms = $4, last_error = $5,
              delivered_at = CASE WHEN $2 = 'succeeded' THEN now() ELSE NULL END, updated_at = now()
        WHERE row_key = $1`,
      [row.row_key, result.outcome, result.responseStatus, result.durationMs, result.error],
    );
    if (result.outcome === 'failed') {
      const { record } = (await readDeliveryRecord(tx, deliveryId))!;
      await insertPendingRow(tx, record, result.attempt + 1, event.position);
    }
    if (alsoInTx) await alsoInTx(tx);
    return true;
  });
}

/** A redelivery was asked for while attempts are still scheduled or running. */
export class RetryNotAllowedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryNotAllowedError';
  }
}

/** A redelivery by hand: opens a pending attempt after the last one, if the delivery has finished. */
export async function recordRetryRequested(tx: Queryable, deliveryId: string, metadata: EventMetadata): Promise<number> {
  // Lock the delivery's rows, then read the latest state afresh: concurrent requests serialize here.
  await tx.query(`SELECT row_key FROM webhook_delivery_attempts WHERE id = $1 FOR UPDATE`, [deliveryId]);
  const last = await latestAttempt(tx, deliveryId);
  if (!last) throw new RetryNotAllowedError(`delivery ${deliveryId} does not exist`);
  if (last.status !== 'succeeded' && last.status !== 'exhausted') {
    throw new RetryNotAllowedError(
      `delivery ${deliveryId} is still ${last.status} (attempt ${last.attempt}); retry once it has succeeded or is exhausted`,
    );
  }
  const attempt = last.attempt + 1;
  const stored = await readDeliveryRecord(tx, deliveryId);
  const [event] = await appendToStream(tx, deliveryStream(deliveryId), stored!.version, [
    { type: 'DeliveryRetryRequested', payload: { attempt }, metadata },
  ]);
  await insertPendingRow(tx, stored!.record, attempt, event.position);
  return attempt;
}

export interface AttemptFilter {
  accountId: string;
  /** live or test deliveries: a key sees only those of its own mode */
  livemode: boolean;
  kinds: SubscriptionKind[];
  status?: DeliveryStatus;
  subscriptionId?: string;
  reportJobId?: string;
  subjectId?: string;
  deliveryId?: string;
}

/** Attempt rows newest first; the cursor is the `seq` (event position) of the last row returned. */
export async function listAttempts(
  q: Queryable,
  filter: AttemptFilter,
  page: { limit: number; before?: number },
): Promise<{ rows: AttemptRow[]; nextBefore: number | null }> {
  const rows = await q.query<AttemptRow>(
    `SELECT ${COLUMNS} FROM webhook_delivery_attempts
      WHERE account_id = $1 AND subscription_kind = ANY($2::text[])
        AND ($3::text IS NULL OR status = $3)
        AND ($4::text IS NULL OR subscription_id = $4)
        AND ($5::text IS NULL OR report_job_id = $5)
        AND ($6::text IS NULL OR subject_id = $6)
        AND ($7::text IS NULL OR id = $7)
        AND ($8::bigint IS NULL OR seq < $8)
        AND livemode = $10
      ORDER BY seq DESC LIMIT $9`,
    [
      filter.accountId,
      filter.kinds,
      filter.status ?? null,
      filter.subscriptionId ?? null,
      filter.reportJobId ?? null,
      filter.subjectId ?? null,
      filter.deliveryId ?? null,
      page.before ?? null,
      page.limit + 1,
      filter.livemode,
    ],
  );
  const more = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  return { rows: pageRows, nextBefore: more ? Number(pageRows[pageRows.length - 1].seq) : null };
}
