import { Database, Queryable } from '@astro/database';
import { appendToStream, ConcurrencyError } from '@astro/ledger';
import { PublicationKey, PublishedContent, streamIdOf, voiceKey, writeHoroscope } from './published-horoscope';

export const HOROSCOPE_PUBLISHED = 'HoroscopePublished';

export interface Publication {
  content: PublishedContent;
  published_at: string;
  stream_id: string;
}

interface PublicationRow {
  content: PublishedContent;
  published_at: Date;
}

async function readPublication(q: Queryable, key: PublicationKey): Promise<Publication | null> {
  const rows = await q.query<PublicationRow>(
    `SELECT content, published_at FROM horoscope_publications
      WHERE sign = $1 AND period = $2 AND period_start = $3 AND locale = $4 AND voice = $5`,
    [key.sign, key.period, key.periodStart, key.locale, voiceKey(key.voice)],
  );
  return rows[0] ? { content: rows[0].content, published_at: rows[0].published_at.toISOString(), stream_id: streamIdOf(key) } : null;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; driverError?: { code?: string } };
  return (e.code ?? e.driverError?.code) === '23505';
};

/**
 * Published horoscopes: read from the read model (and a small in-process cache, since a
 * publication never changes), or written once. Publishing appends `HoroscopePublished` as the
 * first event of the text's stream and inserts the read-model row in one transaction; a concurrent
 * publisher of the same text fails on the stream's first version (or the row's primary key) and
 * serves the winner's text, so every caller gets the same words.
 */
export class HoroscopePublisher {
  private readonly cache = new Map<string, Publication>();

  constructor(
    private readonly db: Database,
    private readonly ephemerisPath: string,
    private readonly cacheSize = 5_000,
  ) {}

  async find(key: PublicationKey): Promise<Publication | null> {
    const id = streamIdOf(key);
    const cached = this.cache.get(id);
    if (cached) return cached;
    const found = await readPublication(this.db, key);
    if (found) this.remember(id, found);
    return found;
  }

  /** The published text, publishing it first when nobody has. `published` says whether this call wrote it. */
  async getOrPublish(key: PublicationKey, actor = 'api'): Promise<Publication & { published: boolean }> {
    const existing = await this.find(key);
    if (existing) return { ...existing, published: false };
    const content = writeHoroscope(key, this.ephemerisPath);
    const id = streamIdOf(key);
    try {
      const publication = await this.db.transaction(async (tx) => {
        const publishedAt = new Date();
        const [event] = await appendToStream(tx, id, 0, [
          {
            type: HOROSCOPE_PUBLISHED,
            payload: {
              sign: key.sign,
              period: key.period,
              period_start: key.periodStart,
              locale: key.locale,
              voice: voiceKey(key.voice),
              content,
              published_at: publishedAt.toISOString(),
            },
            metadata: { actor },
          },
        ]);
        await tx.query(
          `INSERT INTO horoscope_publications (stream_id, sign, period, period_start, locale, voice, content, published_at, event_position)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            id,
            key.sign,
            key.period,
            key.periodStart,
            key.locale,
            voiceKey(key.voice),
            JSON.stringify(content),
            publishedAt,
            event.position,
          ],
        );
        return { content, published_at: publishedAt.toISOString(), stream_id: id };
      });
      // Served as every later reader gets it: from the read model (jsonb orders keys its own way).
      const stored = (await readPublication(this.db, key)) ?? publication;
      this.remember(id, stored);
      return { ...stored, published: true };
    } catch (err) {
      if (!(err instanceof ConcurrencyError) && !isUniqueViolation(err)) throw err;
      const winner = await readPublication(this.db, key);
      if (!winner) throw err;
      this.remember(id, winner);
      return { ...winner, published: false };
    }
  }

  private remember(id: string, publication: Publication): void {
    if (this.cache.size >= this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, publication);
  }
}
