import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The event log and the projections the foundation needs. The events table is the source of truth
 * for money and job state; accounts and jobs are projections written in the same transaction.
 * API keys, customer users, sessions and idempotency records are plain tables: they hold no money.
 */
export class CreatePlatformSchema1732240000000 implements MigrationInterface {
  name = 'CreatePlatformSchema1732240000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE events (
        position       bigserial PRIMARY KEY,
        stream_id      text        NOT NULL,
        stream_version int         NOT NULL CHECK (stream_version >= 1),
        event_type     text        NOT NULL,
        payload        jsonb       NOT NULL,
        metadata       jsonb       NOT NULL DEFAULT '{}'::jsonb,
        recorded_at    timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version)
      )`);
    await q.query(`CREATE INDEX events_event_type_idx ON events (event_type, position)`);
    await q.query(`
      CREATE FUNCTION events_reject_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'events is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
      END $$`);
    await q.query(`CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
                   FOR EACH ROW EXECUTE FUNCTION events_reject_change()`);
    await q.query(`CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
                   FOR EACH STATEMENT EXECUTE FUNCTION events_reject_change()`);

    await q.query(`
      CREATE TABLE accounts (
        id               text PRIMARY KEY,
        name             text        NOT NULL,
        tier             text        NOT NULL CHECK (tier IN ('free', 'pro', 'enterprise')),
        balance          bigint      NOT NULL CHECK (balance >= 0),
        credits_granted  bigint      NOT NULL DEFAULT 0,
        credits_charged  bigint      NOT NULL DEFAULT 0,
        credits_refunded bigint      NOT NULL DEFAULT 0,
        version          int         NOT NULL,
        created_at       timestamptz NOT NULL,
        updated_at       timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE jobs (
        id               text PRIMARY KEY,
        account_id       text        NOT NULL,
        kind             text        NOT NULL,
        status           text        NOT NULL,
        stage            text        NOT NULL,
        credits_charged  int         NOT NULL,
        credits_refunded int         NOT NULL DEFAULT 0,
        error_code       text,
        error_message    text,
        artifacts        jsonb       NOT NULL DEFAULT '{}'::jsonb,
        version          int         NOT NULL,
        created_at       timestamptz NOT NULL,
        started_at       timestamptz,
        finished_at      timestamptz,
        updated_at       timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX jobs_account_created_idx ON jobs (account_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE api_keys (
        id          text PRIMARY KEY,
        account_id  text        NOT NULL,
        key_hash    bytea       NOT NULL UNIQUE,
        key_prefix  text        NOT NULL,
        label       text        NOT NULL DEFAULT '',
        created_at  timestamptz NOT NULL DEFAULT now(),
        revoked_at  timestamptz
      )`);
    await q.query(`CREATE INDEX api_keys_account_idx ON api_keys (account_id)`);

    await q.query(`
      CREATE TABLE customer_users (
        id            text PRIMARY KEY,
        account_id    text        NOT NULL,
        email         text        NOT NULL,
        password_hash text        NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX customer_users_email_idx ON customer_users (lower(email))`);

    await q.query(`
      CREATE TABLE sessions (
        token_hash bytea PRIMARY KEY,
        user_id    text        NOT NULL,
        account_id text        NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE idempotency_keys (
        account_id      text        NOT NULL,
        operation       text        NOT NULL,
        idempotency_key text        NOT NULL,
        request_hash    text        NOT NULL,
        response        jsonb,
        created_at      timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, operation, idempotency_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['idempotency_keys', 'sessions', 'customer_users', 'api_keys', 'jobs', 'accounts']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DROP TABLE IF EXISTS events`);
    await q.query(`DROP FUNCTION IF EXISTS events_reject_change()`);
  }
}
