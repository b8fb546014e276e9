import { IdempotencySeal } from '@astro/codec';
import { Database } from '@astro/database';

/** The scope of the synchronous calls' keys in `idempotent_calls` (apps/api/src/http/idempotent-calls.ts). */
const SYNCHRONOUS = 'synchronous';

/**
 * Converts the `idempotent_calls` rows kept in clear: a synchronous call's written before answers
 * were sealed, a queue call's moved from its former table by the migration. The bare SHA-256 of the
 * request becomes the keyed hash (IdempotencySeal hashes that SHA-256, so it needs no request), the
 * answer is sealed (a synchronous call's headers and body, a queue call's queued job) and the clear
 * columns are emptied. Run by `npm run cli -- migrate` after the migrations; a row already converted
 * is left alone. Returns how many were converted.
 */
export async function sealStoredIdempotentAnswers(db: Database, seal: IdempotencySeal): Promise<number> {
  const rows = await db.query<{
    account_id: string;
    scope: string;
    idempotency_key: string;
    request_hash: string;
    response_headers: Record<string, string> | null;
    response_body: string | null;
  }>(
    `SELECT account_id, scope, idempotency_key, request_hash, response_headers, response_body FROM idempotent_calls
      WHERE request_hash NOT LIKE '%:%' OR response_body IS NOT NULL OR response_headers IS NOT NULL`,
  );
  for (const row of rows) {
    const keyed = row.request_hash.includes(':') ? row.request_hash : seal.requestHash(row.request_hash);
    let sealed: Buffer | null = null;
    if (row.response_body !== null && row.scope === SYNCHRONOUS) {
      sealed = seal.seal(
        { headers: row.response_headers ?? {}, body: row.response_body },
        seal.contextOf(row.account_id, row.idempotency_key),
      );
    } else if (row.response_body !== null) {
      sealed = seal.seal(JSON.parse(row.response_body), seal.contextOf(row.account_id, row.idempotency_key, row.scope));
    }
    await db.query(
      `UPDATE idempotent_calls SET request_hash = $4, response_sealed = COALESCE($5, response_sealed), response_headers = NULL, response_body = NULL
        WHERE account_id = $1 AND scope = $2 AND idempotency_key = $3`,
      [row.account_id, row.scope, row.idempotency_key, keyed, sealed],
    );
  }
  return rows.length;
}
