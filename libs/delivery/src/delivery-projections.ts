import { Projection, ProjectionRow, StoredEvent, utcIsoSql } from '@astro/ledger';

/** The columns of a subscription the log holds; `url`, `description` and `settings` are kept in the row only. */
const SUBSCRIPTION_COLUMNS = ['events', 'enabled', 'disabled_reason'];

/**
 * `webhook_subscriptions`, folded from `webhook_subscription:<id>` streams: every column but the
 * URL, the description and the settings, which the log never holds (docs/security.md, "Personal
 * data and the event log"). A rebuild leaves those three as they are in each row.
 */
export const webhookSubscriptionsProjection: Projection = {
  table: 'webhook_subscriptions',
  key: 'id',
  columns: [
    'id',
    'account_id',
    'kind',
    'events',
    'channel',
    'enabled',
    'disabled_reason',
    'livemode',
    'seq',
    'version',
    'created_at',
    'updated_at',
  ],
  selectLive: `SELECT id, account_id, kind, events, channel, enabled, disabled_reason, livemode, seq::float8 AS seq, version,
                      ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('updated_at')} AS updated_at
                 FROM webhook_subscriptions`,
  fold(rows: Map<string, ProjectionRow>, event: StoredEvent): void {
    if (!event.streamId.startsWith('webhook_subscription:')) return;
    const id = event.streamId.slice('webhook_subscription:'.length);
    const at = event.recordedAtIso;
    const p = event.payload;
    if (event.type === 'WebhookSubscriptionCreated') {
      rows.set(id, {
        id,
        account_id: String(p.account_id),
        kind: String(p.kind),
        events: p.events as unknown as Record<string, unknown>,
        channel: String(p.channel),
        enabled: true,
        disabled_reason: null,
        // Subscriptions made before test mode were live.
        livemode: p.livemode !== false,
        seq: event.position,
        version: event.streamVersion,
        created_at: at,
        updated_at: at,
      });
      return;
    }
    if (event.type === 'WebhookSubscriptionDeleted') {
      rows.delete(id);
      return;
    }
    const row = rows.get(id);
    if (!row) throw new Error(`event ${event.position} on ${event.streamId} precedes WebhookSubscriptionCreated`);
    switch (event.type) {
      case 'WebhookSubscriptionUpdated':
        for (const [column, value] of Object.entries(p.changes as Record<string, ProjectionRow[string]>))
          if (SUBSCRIPTION_COLUMNS.includes(column)) row[column] = value;
        break;
      case 'WebhookSecretRotated':
        break;
      case 'WebhookSubscriptionDisabled':
        Object.assign(row, { enabled: false, disabled_reason: String(p.reason) });
        break;
      default:
        throw new Error(`webhook_subscriptions projection does not know event ${event.type}`);
    }
    row.version = event.streamVersion;
    row.updated_at = at;
  },
};

function attemptRow(created: ProjectionRow, attempt: number, event: StoredEvent): ProjectionRow {
  return {
    ...created,
    row_key: `${created.id}:${attempt}`,
    attempt,
    status: 'pending',
    response_status: null,
    attempt_duration_ms: null,
    last_error: null,
    seq: event.position,
    created_at: event.recordedAtIso,
    delivered_at: null,
    updated_at: event.recordedAtIso,
  };
}

/** `webhook_delivery_attempts`, one row per attempt, folded from `delivery:<id>` streams. */
export const webhookDeliveryAttemptsProjection: Projection = {
  table: 'webhook_delivery_attempts',
  key: 'row_key',
  columns: [
    'row_key',
    'id',
    'attempt',
    'account_id',
    'subscription_id',
    'subscription_kind',
    'event_id',
    'event_type',
    'channel',
    'report_job_id',
    'subject_id',
    'livemode',
    'status',
    'response_status',
    'attempt_duration_ms',
    'last_error',
    'seq',
    'created_at',
    'delivered_at',
    'updated_at',
  ],
  selectLive: `SELECT row_key, id, attempt, account_id, subscription_id, subscription_kind, event_id, event_type, channel, report_job_id,
                      subject_id, livemode, status, response_status, attempt_duration_ms, last_error, seq::float8 AS seq,
                      ${utcIsoSql('created_at')} AS created_at, ${utcIsoSql('delivered_at')} AS delivered_at, ${utcIsoSql('updated_at')} AS updated_at
                 FROM webhook_delivery_attempts`,
  fold(rows: Map<string, ProjectionRow>, event: StoredEvent): void {
    if (!event.streamId.startsWith('delivery:')) return;
    const id = event.streamId.slice('delivery:'.length);
    const p = event.payload;
    if (event.type === 'DeliveryCreated') {
      const first: ProjectionRow = {
        id,
        account_id: String(p.account_id),
        subscription_id: String(p.subscription_id),
        subscription_kind: String(p.subscription_kind),
        event_id: String(p.event_id),
        event_type: String(p.event_type),
        channel: String(p.channel),
        report_job_id: (p.report_job_id as string | null) ?? null,
        subject_id: (p.subject_id as string | null) ?? null,
        livemode: p.livemode !== false,
      };
      const row = attemptRow(first, 1, event);
      rows.set(String(row.row_key), row);
      return;
    }
    const first = rows.get(`${id}:1`);
    if (!first) throw new Error(`event ${event.position} on ${event.streamId} precedes DeliveryCreated`);
    const attempt = Number(p.attempt);
    switch (event.type) {
      case 'DeliveryAttempted': {
        const row = rows.get(`${id}:${attempt}`);
        if (!row) throw new Error(`event ${event.position}: attempt ${attempt} of ${id} was never opened`);
        Object.assign(row, {
          status: String(p.outcome),
          response_status: (p.response_status as number | null) ?? null,
          attempt_duration_ms: (p.duration_ms as number | null) ?? null,
          last_error: (p.error as string | null) ?? null,
          delivered_at: p.outcome === 'succeeded' ? event.recordedAtIso : null,
          updated_at: event.recordedAtIso,
        });
        if (p.outcome === 'failed') {
          const next = attemptRow(first, attempt + 1, event);
          rows.set(String(next.row_key), next);
        }
        break;
      }
      case 'DeliveryRetryRequested': {
        const next = attemptRow(first, attempt, event);
        rows.set(String(next.row_key), next);
        break;
      }
      default:
        throw new Error(`webhook_delivery_attempts projection does not know event ${event.type}`);
    }
  },
};
