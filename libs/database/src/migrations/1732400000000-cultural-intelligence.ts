import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cultural Intelligence: enterprise orgs with their wrapped data key, member profiles whose birth
 * data is only ever stored sealed (AES-256-GCM under a per-profile key wrapped by the org key),
 * teams, and the unit-usage projection folded from `org:<id>` streams.
 */
export class CulturalIntelligence1732400000000 implements MigrationInterface {
  name = 'CulturalIntelligence1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ci_orgs (
        id                  text PRIMARY KEY,
        account_id          text        NOT NULL,
        name                text        NOT NULL,
        default_locale      text        NOT NULL,
        audience            text        NOT NULL,
        share_member_labels boolean     NOT NULL,
        monthly_unit_quota  int         NOT NULL,
        quota_mode          text        NOT NULL,
        wrapped_key         bytea,
        master_key_id       text,
        version             int         NOT NULL,
        created_at          timestamptz NOT NULL,
        updated_at          timestamptz NOT NULL,
        deleted_at          timestamptz
      )`);
    await q.query(`CREATE INDEX ci_orgs_account_idx ON ci_orgs (account_id, created_at)`);
    await q.query(`
      CREATE TABLE ci_profiles (
        id           text PRIMARY KEY,
        org_id       text        NOT NULL REFERENCES ci_orgs (id),
        wrapped_key  bytea       NOT NULL,
        sealed       bytea       NOT NULL,
        consent      jsonb       NOT NULL,
        locale       text,
        created_at   timestamptz NOT NULL,
        updated_at   timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX ci_profiles_org_idx ON ci_profiles (org_id, created_at, id)`);
    await q.query(`
      CREATE TABLE ci_teams (
        id          text PRIMARY KEY,
        org_id      text        NOT NULL REFERENCES ci_orgs (id),
        name        text        NOT NULL,
        profile_ids jsonb       NOT NULL,
        created_at  timestamptz NOT NULL,
        updated_at  timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX ci_teams_org_idx ON ci_teams (org_id, created_at, id)`);
    await q.query(`
      CREATE TABLE ci_usage (
        id            text PRIMARY KEY,
        org_id        text  NOT NULL,
        period        text  NOT NULL,
        units_used    int   NOT NULL,
        overage_units int   NOT NULL,
        by_endpoint   jsonb NOT NULL,
        by_family     jsonb NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS ci_usage, ci_teams, ci_profiles, ci_orgs`);
  }
}
