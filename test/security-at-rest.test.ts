import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { IdempotencySeal } from '@astro/codec';
import { stableJson } from '@astro/contracts';
import { Database } from '@astro/database';
import { sealStoredIdempotentAnswers } from '../apps/cli/src/seal-idempotent-answers';
import { useTestPlatform } from './support/fixture';
import { createAccount, startApi, testConfig, TestApi } from './support/harness';
import { createAndPut } from './support/uploads';

/**
 * What the service keeps at rest (docs/security.md, "Data at rest"): an Idempotency-Key keeps a
 * keyed hash of its request and its answer encrypted; artifacts and photos on the local disk are
 * readable by the service's user only (or a configured group).
 */
let db: Database;
let api: TestApi;
useTestPlatform((p) => ({ db, api } = p));

const NAME = 'Jane Roe';
const BIRTH_DATE = '1986-03-14';
const profile = { full_name: NAME, birth_date: BIRTH_DATE, date: '2026-11-23' };

interface StoredCall {
  request_hash: string;
  row: string;
}
/** The bare SHA-256 of the call, as the table kept it before answers were sealed. */
const bareHash = (body: unknown) =>
  createHash('sha256')
    .update(`POST\n/api/v3/numerology/profile\n{}\n${stableJson(body)}`)
    .digest('hex');
const storedCalls = (accountId: string) =>
  db.query<StoredCall>(`SELECT request_hash, to_jsonb(c)::text AS row FROM idempotent_calls c WHERE account_id = $1`, [accountId]);

describe('an Idempotency-Key keeps no personal data in clear', () => {
  it("stores a numerology answer with the person's name and birth date sealed, and still replays it", async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 20 });
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await api.http.post('/api/v3/numerology/profile', profile, { key: apiKey, headers });
    expect(first.status).toBe(200);
    expect(first.text).toContain(NAME);

    const [stored] = await storedCalls(accountId);
    // The probe read the whole answer (the name, the birth date and every reading) in this row.
    for (const personal of [NAME, 'Jane', BIRTH_DATE, '1986', 'life_path'])
      expect(stored.row.includes(personal) ? personal : 'absent').toBe('absent');
    // The request is kept as a keyed hash, not a bare SHA-256 a guess of the name and date could be checked against.
    expect(stored.request_hash).toMatch(/^[0-9a-f]{16}:[0-9a-f]{64}$/);
    expect(stored.request_hash).not.toContain(bareHash(profile));

    const replay = await api.http.post('/api/v3/numerology/profile', profile, { key: apiKey, headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
    const other = await api.http.post('/api/v3/numerology/profile', { ...profile, full_name: 'John Roe' }, { key: apiKey, headers });
    expect(other.status).toBe(409);
  });

  it('converts a row kept in clear before (`npm run cli -- migrate`): sealed, and its repeat still replays the first answer', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 20 });
    const key = randomUUID();
    const first = await api.http.post('/api/v3/numerology/profile', profile, { key: apiKey, headers: { 'Idempotency-Key': key } });
    // The row as the code before wrote it: the bare SHA-256 of the call and the answer in clear.
    const bare = bareHash(profile);
    await db.query(
      `UPDATE idempotent_calls SET request_hash = $3, response_sealed = NULL, response_headers = $4, response_body = $5
        WHERE account_id = $1 AND idempotency_key = $2`,
      [accountId, key, bare, JSON.stringify({ 'content-type': 'application/json; charset=utf-8' }), first.text],
    );
    const seal = new IdempotencySeal(api.config.idempotencySealKey);
    expect(await sealStoredIdempotentAnswers(db, seal)).toBeGreaterThanOrEqual(1);
    const [stored] = await storedCalls(accountId);
    expect(stored.row.includes(NAME) ? NAME : 'absent').toBe('absent');
    const replay = await api.http.post('/api/v3/numerology/profile', profile, { key: apiKey, headers: { 'Idempotency-Key': key } });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(first.text);
  });
});

describe("a queued job's Idempotency-Key keeps no personal data in clear", () => {
  it("stores a report's request keyed and its queued job sealed in the same store, and still replays it", async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const body = {
      birth_subject: { date: BIRTH_DATE, time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 },
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      name: NAME,
    };
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await api.http.post('/api/v3/reports/transit-window/pdf', body, { key: apiKey, headers });
    expect(first.status).toBe(202);

    const [stored] = await storedCalls(accountId);
    for (const personal of [NAME, 'Jane', BIRTH_DATE, '13.7563'])
      expect(stored.row.includes(personal) ? personal : 'absent').toBe('absent');
    expect(stored.request_hash).toMatch(/^[0-9a-f]{16}:[0-9a-f]{64}$/);
    // The bare SHA-256 the queue's key table kept: the scope and the canonical body.
    const bare = createHash('sha256')
      .update(`report_transit_window\n${stableJson(body)}`)
      .digest('hex');
    expect(stored.request_hash).not.toContain(bare);
    expect(JSON.parse(stored.row)).toMatchObject({ scope: 'report_transit_window', response_status: 202, response_body: null });

    const replay = await api.http.post('/api/v3/reports/transit-window/pdf', body, { key: apiKey, headers });
    expect(replay.status).toBe(202);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await api.http.post('/api/v3/reports/transit-window/pdf', { ...body, name: 'John Roe' }, { key: apiKey, headers });
    expect(other.status).toBe(409);
  });
});

describe('artifacts on the local disk are readable by the service only', () => {
  const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

  async function storedPhoto(target: TestApi) {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const photo = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#c08060' } })
      .jpeg()
      .toBuffer();
    const { stored, uploadId } = await createAndPut(target, apiKey, photo);
    expect(stored.status).toBe(204);
    const root = target.config.artifactsDir;
    const dir = path.join(root, uploadId);
    return { root, dir, file: path.join(dir, fs.readdirSync(dir)[0]) };
  }

  it('writes a photo 0600 in a directory 0700, under a root 0700', async () => {
    const { root, dir, file } = await storedPhoto(api);
    // The probe found them 0644 (directories 0755): any local user could read the photos.
    expect([modeOf(root), modeOf(dir), modeOf(file)].map((m) => m.toString(8))).toEqual(['700', '700', '600']);
  });

  it('writes 0640 and 0750, owned by the shared group, when ARTIFACTS_GROUP names one', async () => {
    const gid = process.getgid!();
    const shared = await startApi(testConfig({ ARTIFACTS_GROUP: String(gid) }));
    try {
      const { root, dir, file } = await storedPhoto(shared);
      expect([modeOf(root), modeOf(dir), modeOf(file)].map((m) => m.toString(8))).toEqual(['750', '750', '640']);
      expect(fs.statSync(file).gid).toBe(gid);
    } finally {
      await shared.close();
    }
  });
});
