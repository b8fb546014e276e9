import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook delivery: subscriptions and delivery attempts are projections of the event log
 * (`webhook_subscription:<id>` and `delivery:<id>` streams), written in the event's transaction.
 * Signing keys are a plain table: key material stays out of the append-only log, which only
 * records that a secret was created or rotated.
 */
export class CreateDeliverySchema1732260000000 implements MigrationInterface {
  name = 'CreateDeliverySchema1732260000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_subscriptions (
        id              text PRIMARY KEY,
        account_id      text        NOT NULL,
        kind            text        NOT NULL CHECK (kind IN ('report', 'visual_reading', 'horoscope')),
        url             text        NOT NULL,
        events          jsonb       NOT NULL,
        description     text,
        channel         text        NOT NULL DEFAULT 'webhook',
        enabled         boolean     NOT NULL,
        disabled_reason text,
        settings        jsonb       NOT NULL DEFAULT '{}'::jsonb,
        seq             bigint      NOT NULL,
        version         int         NOT NULL,
        created_at      timestamptz NOT NULL,
        updated_at      timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX webhook_subscriptions_account_idx ON webhook_subscriptions (account_id, kind, seq DESC)`);

    await q.query(`
      CREATE TABLE webhook_secrets (
        id              text PRIMARY KEY,
        subscription_id text        NOT NULL,
        key             bytea       NOT NULL,
        created_at      timestamptz NOT NULL DEFAULT now(),
        retires_at      timestamptz
      )`);
    await q.query(`CREATE INDEX webhook_secrets_subscription_idx ON webhook_secrets (subscription_id)`);

    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        row_key             text PRIMARY KEY,
        id                  text        NOT NULL,
        attempt             int         NOT NULL,
        account_id          text        NOT NULL,
        subscription_id     text        NOT NULL,
        subscription_kind   text        NOT NULL,
        event_id            text        NOT NULL,
        event_type          text        NOT NULL,
        channel             text        NOT NULL,
        report_job_id       text,
        subject_id          text,
        status              text        NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed', 'exhausted')),
        response_status     int,
        attempt_duration_ms int,
        last_error          text,
        seq                 bigint      NOT NULL,
        created_at          timestamptz NOT NULL,
        delivered_at        timestamptz,
        updated_at          timestamptz NOT NULL
      )`);
    await q.query(
      `CREATE INDEX webhook_delivery_attempts_account_idx ON webhook_delivery_attempts (account_id, subscription_kind, seq DESC)`,
    );
    await q.query(`CREATE INDEX webhook_delivery_attempts_delivery_idx ON webhook_delivery_attempts (id, attempt)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['webhook_delivery_attempts', 'webhook_secrets', 'webhook_subscriptions'])
      await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}
