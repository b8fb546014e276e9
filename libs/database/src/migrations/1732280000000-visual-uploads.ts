import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private visual-reading uploads. Operational state, not money: the row says where the bytes are
 * in their short life (awaiting bytes, received, completed, used by a job, deleted); the image bytes
 * themselves live in the artifact store under the upload id, never in this table or the event log.
 */
export class VisualUploads1732280000000 implements MigrationInterface {
  name = 'VisualUploads1732280000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE visual_uploads (
        id            text PRIMARY KEY,
        account_id    text        NOT NULL,
        kind          text        NOT NULL CHECK (kind IN ('palm_left', 'palm_right', 'face')),
        content_type  text        NOT NULL,
        byte_size     int         NOT NULL,
        status        text        NOT NULL CHECK (status IN ('awaiting_bytes', 'received', 'completed', 'used', 'deleted')),
        width         int,
        height        int,
        used_by       text,
        created_at    timestamptz NOT NULL DEFAULT now(),
        expires_at    timestamptz NOT NULL,
        completed_at  timestamptz,
        deleted_at    timestamptz
      )`);
    await q.query(
      `CREATE INDEX visual_uploads_expiry_idx ON visual_uploads (created_at) WHERE status IN ('awaiting_bytes', 'received', 'completed')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS visual_uploads`);
  }
}
