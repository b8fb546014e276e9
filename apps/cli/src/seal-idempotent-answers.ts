import { IdempotencySeal } from '@astro/codec';
import { Database } from '@astro/database';

/**
 * Converts the `idempotent_calls` rows kept in clear before answers were sealed: the bare SHA-256
 * of the request becomes the keyed hash (IdempotencySeal hashes that SHA-256, so it needs no
 * request), the answer is sealed and the clear columns are emptied. Run by `npm run cli -- migrate`
 * after the migrations; a row already converted is left alone. Returns how many were converted.
 */
export async function sealStoredIdempotentAnswers(db: Database, seal: IdempotencySeal): Promise<number> {
  const rows = await db.query<{
    account_id: string;
    idempotency_key: string;
    request_hash: string;
    response_headers: Record<string, string> | null;
    response_body: string | null;
  }>(
    `SELECT account_id, idempotency_key, request_hash, response_headers, response_body FROM idempotent_calls
      WHERE request_hash NOT LIKE '%:%' OR response_body IS NOT NULL OR response_headers IS NOT NULL`,
  );
  for (const row of rows) {
    const keyed = row.request_hash.includes(':') ? row.request_hash : seal.requestHash(row.request_hash);
    const sealed =
      row.response_body === null
        ? null
        : seal.seal({ headers: row.response_headers ?? {}, body: row.response_body }, seal.contextOf(row.account_id, row.idempotency_key));
    await db.query(
      `UPDATE idempotent_calls SET request_hash = $3, response_sealed = COALESCE($4, response_sealed), response_headers = NULL, response_body = NULL
        WHERE account_id = $1 AND idempotency_key = $2`,
      [row.account_id, row.idempotency_key, keyed, sealed],
    );
  }
  return rows.length;
}
