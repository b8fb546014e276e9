import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Brand logos through the upload mechanism of visual readings, so one size limit, sniffing and cleanup serve both: an upload may be of kind
 * `logo`. A logo named by a brand profile is `used` (used_by `brand_profile`) and so never deleted
 * by the cleanup of unused uploads.
 */
export class LogoUploads1733023000000 implements MigrationInterface {
  name = 'LogoUploads1733023000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE visual_uploads DROP CONSTRAINT visual_uploads_kind_check`);
    await q.query(
      `ALTER TABLE visual_uploads ADD CONSTRAINT visual_uploads_kind_check CHECK (kind IN ('palm_left', 'palm_right', 'face', 'logo'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM visual_uploads WHERE kind = 'logo'`);
    await q.query(`ALTER TABLE visual_uploads DROP CONSTRAINT visual_uploads_kind_check`);
    await q.query(
      `ALTER TABLE visual_uploads ADD CONSTRAINT visual_uploads_kind_check CHECK (kind IN ('palm_left', 'palm_right', 'face'))`,
    );
  }
}
