import { randomBytes } from 'node:crypto';
import { Database, Queryable } from '@astro/database';
import { newId } from '@astro/contracts';
import { appendToStream, EventMetadata } from '@astro/ledger';
import { SecretBox, webhookSecretBox } from './secret-box';
import { newSecretKey, secretToString, SigningKey } from './signing';

export type SubscriptionKind = 'report' | 'visual_reading' | 'horoscope';

export const subscriptionStream = (id: string) => `webhook_subscription:${id}`;

/**
 * What a subscription's events leave out (docs/security.md, "Personal data and the event log"): the
 * URL (receivers often put a token in it), the description (free text), and the settings that
 * describe a person (a horoscope delivery's `name` and `birth_subject`). They live in the
 * subscription's row only, which deleting the subscription erases; its events say which fields
 * changed, not what they hold.
 */
const PERSONAL_SETTINGS = ['birth_subject', 'name'];
const PERSONAL_FIELDS = ['url', 'description'];

/** The settings without what describes a person: what the log may hold. */
function loggedSettings(settings: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(settings).filter(([key]) => !PERSONAL_SETTINGS.includes(key)));
}

/** How long a rotated secret keeps signing beside the new one. */
export const ROTATION_WINDOW_MS = 24 * 3600_000;

export interface SubscriptionRow {
  id: string;
  account_id: string;
  kind: SubscriptionKind;
  url: string;
  events: string[];
  description: string | null;
  channel: string;
  enabled: boolean;
  disabled_reason: string | null;
  settings: Record<string, unknown>;
  /** false for a test-mode subscription: it receives the events of test keys only */
  livemode: boolean;
  seq: string;
  version: number;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, account_id, kind, url, events, description, channel, enabled, disabled_reason, settings, livemode, seq, version, created_at, updated_at`;

/** Writes a new secret key, encrypted at rest; the log records only its id. */
async function insertSecret(tx: Queryable, subscriptionId: string): Promise<{ secretId: string; secret: string }> {
  const key = newSecretKey();
  const secretId = `sec_${randomBytes(12).toString('hex')}`;
  await tx.query(`INSERT INTO webhook_secrets (id, subscription_id, key, created_at) VALUES ($1, $2, $3, now())`, [
    secretId,
    subscriptionId,
    webhookSecretBox().seal(key),
  ]);
  return { secretId, secret: secretToString(key) };
}

export interface NewSubscription {
  accountId: string;
  kind: SubscriptionKind;
  url: string;
  events: string[];
  description?: string | null;
  settings?: Record<string, unknown>;
  /** a subscription id chosen by the caller (horoscope deliveries name their schedule with it) */
  id?: string;
  /** false when a test key made it (default true) */
  livemode?: boolean;
}

/** Creates a subscription and its first signing secret; the secret is returned once, here. */
export async function createSubscription(
  tx: Queryable,
  input: NewSubscription,
  metadata: EventMetadata,
): Promise<{ subscription: SubscriptionRow; secret: string }> {
  const id = input.id ?? newId('webhookSubscription');
  const { secretId, secret } = await insertSecret(tx, id);
  const [created] = await appendToStream(tx, subscriptionStream(id), 0, [
    {
      type: 'WebhookSubscriptionCreated',
      payload: {
        subscription_id: id,
        account_id: input.accountId,
        kind: input.kind,
        events: input.events,
        channel: 'webhook',
        settings: loggedSettings(input.settings ?? {}),
        secret_id: secretId,
        livemode: input.livemode !== false,
      },
      metadata,
    },
  ]);
  const [row] = await tx.query<SubscriptionRow>(
    `INSERT INTO webhook_subscriptions (id, account_id, kind, url, events, description, channel, enabled, settings, seq, version, livemode, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'webhook', true, $7, $8, $9, $10, now(), now()) RETURNING ${COLUMNS}`,
    [
      id,
      input.accountId,
      input.kind,
      input.url,
      JSON.stringify(input.events),
      input.description ?? null,
      JSON.stringify(input.settings ?? {}),
      created.position,
      created.streamVersion,
      input.livemode !== false,
    ],
  );
  return { subscription: row, secret };
}

export async function findSubscription(q: Queryable, id: string): Promise<SubscriptionRow | null> {
  const [row] = await q.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1`, [id]);
  return row ?? null;
}

/**
 * The account's subscription of that kind and mode, or null: another account's id, or one of the
 * other mode (a test subscription asked for with a live key, or the reverse), is simply not found.
 */
export async function findOwnSubscription(
  q: Queryable,
  accountId: string,
  kind: SubscriptionKind,
  id: string,
  livemode = true,
): Promise<SubscriptionRow | null> {
  const row = await findSubscription(q, id);
  return row && row.account_id === accountId && row.kind === kind && row.livemode === livemode ? row : null;
}

export async function listSubscriptions(
  q: Queryable,
  accountId: string,
  kind: SubscriptionKind,
  page: { limit: number; before?: number },
  livemode = true,
): Promise<{ rows: SubscriptionRow[]; nextBefore: number | null }> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions
      WHERE account_id = $1 AND kind = $2 AND ($3::bigint IS NULL OR seq < $3) AND livemode = $5
      ORDER BY seq DESC LIMIT $4`,
    [accountId, kind, page.before ?? null, page.limit + 1, livemode],
  );
  const more = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  return { rows: pageRows, nextBefore: more ? Number(pageRows[pageRows.length - 1].seq) : null };
}

export interface SubscriptionChanges {
  url?: string;
  events?: string[];
  enabled?: boolean;
  description?: string | null;
  settings?: Record<string, unknown>;
}

const CHANGEABLE = ['url', 'events', 'enabled', 'description', 'settings'] as const;

/**
 * Applies one event to a subscription under its row lock; `decide` returns the event and the columns
 * it changes, or null for no change. Every change to a subscription goes through here.
 */
async function change(
  db: Database,
  id: string,
  decide: (row: SubscriptionRow) => { type: string; payload: Record<string, unknown>; set: Record<string, unknown> } | null,
  metadata: EventMetadata,
): Promise<SubscriptionRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) return null;
    const decided = decide(row);
    if (!decided) return row;
    const [event] = await appendToStream(tx, subscriptionStream(id), row.version, [
      { type: decided.type, payload: decided.payload, metadata },
    ]);
    const values: unknown[] = [];
    const assignments = Object.entries({ ...decided.set, version: event.streamVersion }).map(([column, value]) => {
      values.push(column === 'events' || column === 'settings' ? JSON.stringify(value) : value);
      return `${column} = $${values.length + 1}`;
    });
    const [updated] = await tx.query<SubscriptionRow>(
      // Through a CTE: TypeORM answers a bare UPDATE with [rows, count] instead of the rows.
      `WITH u AS (UPDATE webhook_subscriptions SET ${assignments.join(', ')}, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}) SELECT * FROM u`,
      [id, ...values],
    );
    return updated;
  });
}

export function updateSubscription(
  db: Database,
  id: string,
  changes: SubscriptionChanges,
  metadata: EventMetadata,
): Promise<SubscriptionRow | null> {
  return change(
    db,
    id,
    () => {
      const set: Record<string, unknown> = {};
      for (const key of CHANGEABLE) if (changes[key] !== undefined) set[key] = changes[key];
      if (Object.keys(set).length === 0) return null;
      // Re-enabling clears the reason it was disabled (e.g. a 410 from the receiver).
      if (set.enabled === true) set.disabled_reason = null;
      const logged = Object.fromEntries(Object.entries(set).filter(([key]) => !PERSONAL_FIELDS.includes(key)));
      if (set.settings) logged.settings = loggedSettings(set.settings as Record<string, unknown>);
      return { type: 'WebhookSubscriptionUpdated', payload: { changed: Object.keys(set).sort(), changes: logged }, set };
    },
    metadata,
  );
}

/** A 410 Gone from the receiver: the subscription stops receiving until it is re-enabled. */
export async function disableSubscription(tx: Queryable, row: SubscriptionRow, reason: string, metadata: EventMetadata): Promise<void> {
  const [event] = await appendToStream(tx, subscriptionStream(row.id), row.version, [
    { type: 'WebhookSubscriptionDisabled', payload: { reason }, metadata },
  ]);
  await tx.query(`UPDATE webhook_subscriptions SET enabled = false, disabled_reason = $2, version = $3, updated_at = now() WHERE id = $1`, [
    row.id,
    reason,
    event.streamVersion,
  ]);
}

/**
 * A new secret. At most two are ever active: the new one and the one it replaces, which keeps
 * signing beside it for ROTATION_WINDOW_MS (24 h) so receivers can switch; an older previous secret
 * is deleted at once. Returns the new secret, once.
 */
export async function rotateSecret(
  db: Database,
  id: string,
  metadata: EventMetadata,
  now = new Date(),
): Promise<{ subscription: SubscriptionRow; secret: string } | null> {
  const retiresAt = new Date(now.getTime() + ROTATION_WINDOW_MS);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) return null;
    await tx.query(`DELETE FROM webhook_secrets WHERE subscription_id = $1 AND retires_at IS NOT NULL`, [id]);
    await tx.query(`UPDATE webhook_secrets SET retires_at = $2 WHERE subscription_id = $1`, [id, retiresAt]);
    const { secretId, secret } = await insertSecret(tx, id);
    const [event] = await appendToStream(tx, subscriptionStream(id), row.version, [
      { type: 'WebhookSecretRotated', payload: { secret_id: secretId, previous_secrets_retire_at: retiresAt.toISOString() }, metadata },
    ]);
    const [subscription] = await tx.query<SubscriptionRow>(
      `WITH u AS (UPDATE webhook_subscriptions SET version = $2, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}) SELECT * FROM u`,
      [id, event.streamVersion],
    );
    return { subscription, secret };
  });
}

/**
 * Deletes a subscription: its row (with the URL and any person it names), its secrets and the
 * bodies of its deliveries are erased; its history stays in the log, which never held them.
 */
export async function deleteSubscription(db: Database, id: string, metadata: EventMetadata): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<SubscriptionRow>(`SELECT ${COLUMNS} FROM webhook_subscriptions WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) return false;
    await appendToStream(tx, subscriptionStream(id), row.version, [{ type: 'WebhookSubscriptionDeleted', payload: {}, metadata }]);
    await tx.query(`DELETE FROM webhook_subscriptions WHERE id = $1`, [id]);
    await tx.query(`DELETE FROM webhook_secrets WHERE subscription_id = $1`, [id]);
    await tx.query(`DELETE FROM webhook_delivery_payloads WHERE subscription_id = $1`, [id]);
    return true;
  });
}

export async function signingKeysOf(q: Queryable, subscriptionId: string): Promise<SigningKey[]> {
  const rows = await q.query<{ key: Buffer; created_at: Date; retires_at: Date | null }>(
    `SELECT key, created_at, retires_at FROM webhook_secrets WHERE subscription_id = $1`,
    [subscriptionId],
  );
  const box = webhookSecretBox();
  return rows.map((r) => ({
    key: box.open(r.key),
    createdAt: new Date(r.created_at),
    retiresAt: r.retires_at ? new Date(r.retires_at) : null,
  }));
}

/**
 * Seals every webhook secret still stored in clear (from before encryption at rest) or under a
 * previous WEBHOOK_SECRET_KEY; run by `npm run cli -- migrate`. Returns how many were sealed.
 */
export async function sealStoredWebhookSecrets(db: Database): Promise<number> {
  const box = webhookSecretBox();
  const rows = await db.query<{ id: string; key: Buffer }>(`SELECT id, key FROM webhook_secrets`);
  let sealed = 0;
  for (const row of rows) {
    if (!box.isStale(row.key)) continue;
    const plain = SecretBox.isSealed(row.key) ? box.open(row.key) : row.key;
    await db.query(`UPDATE webhook_secrets SET key = $2 WHERE id = $1`, [row.id, box.seal(plain)]);
    sealed += 1;
  }
  return sealed;
}

/** Enabled subscriptions of an account and mode (live or test) that want this event type. */
export async function matchingSubscriptions(
  q: Queryable,
  accountId: string,
  kind: SubscriptionKind,
  eventType: string,
  livemode: boolean,
): Promise<SubscriptionRow[]> {
  return q.query<SubscriptionRow>(
    `SELECT ${COLUMNS} FROM webhook_subscriptions WHERE account_id = $1 AND kind = $2 AND enabled AND events ? $3 AND livemode = $4 ORDER BY seq`,
    [accountId, kind, eventType, livemode],
  );
}
