import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Published horoscopes: the read model of the `HoroscopePublished` events (one stream per sign,
 * period, period start, locale and voice). The primary key is the published-once rule: a second
 * publisher of the same text fails on it (and on the stream's first version) and reads the first.
 */
export class HoroscopePublications1732600000000 implements MigrationInterface {
  name = 'HoroscopePublications1732600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE horoscope_publications (
        stream_id      text        NOT NULL UNIQUE,
        sign           text        NOT NULL,
        period         text        NOT NULL,
        period_start   date        NOT NULL,
        locale         text        NOT NULL,
        voice          text        NOT NULL,
        content        jsonb       NOT NULL,
        published_at   timestamptz NOT NULL,
        event_position bigint      NOT NULL,
        PRIMARY KEY (sign, period, period_start, locale, voice)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE horoscope_publications`);
  }
}
