import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { Database } from '@astro/database';
import { deleteExpiredUploads, findUpload, IMAGE_FILE, scheduleUploadCleanup, uploadKey } from '@astro/visual';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, TestApi } from './support/harness';
import { uploadImage } from './support/uploads';

let db: Database;
let api: TestApi;
let key: string;
let otherKey: string;

const FIXTURES = path.join(__dirname, 'fixtures', 'visual');
const face = fs.readFileSync(path.join(FIXTURES, 'face-astronaut.png'));

useTestPlatform(async (p) => {
  ({ db, api } = p);
  key = (await createAccount(db, { credits: 10 })).apiKey;
  otherKey = (await createAccount(db, { credits: 10 })).apiKey;
});

async function balanceOf(apiKey: string): Promise<number> {
  return (await api.http.get('/v1/account', { key: apiKey })).body.balance;
}

async function put(url: string, bytes: Buffer, contentType = 'image/jpeg') {
  return api.http.request('PUT', url, { raw: bytes, contentType });
}

/** Creates an upload, PUTs the bytes and completes it; returns every response on the way. */
async function upload(bytes: Buffer, kind = 'face', contentType = 'image/jpeg', apiKey = key) {
  const calls = await uploadImage(api, apiKey, bytes, kind, contentType);
  expect(calls.created.status).toBe(201);
  return calls;
}

describe('visual-reading uploads', () => {
  test('a photo goes create → PUT → complete; the stored copy is upright and carries no metadata', async () => {
    // A portrait stored sideways with EXIF orientation 6 (rotate 90° clockwise to view) and GPS-like EXIF.
    const sideways = await sharp(face)
      .rotate(-90)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Copyright: 'secret-owner', Artist: 'someone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '13/1 45/1 0/1' } },
      })
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const balance = await balanceOf(key);
    const { created, stored, completed, uploadId } = await upload(sideways);
    expect(uploadId).toMatch(/^vup_[a-f0-9]{24}$/);
    expect(created.body.upload_url).toMatch(
      new RegExp(`^/api/v3/visual-readings/uploads/${uploadId}/bytes\\?expires=\\d+&signature=[a-f0-9]{64}$`),
    );
    expect(Date.parse(created.body.expires_at)).toBeGreaterThan(Date.now());
    expect(stored.status).toBe(204);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      upload_id: uploadId,
      kind: 'face',
      status: 'completed',
      content_type: 'image/jpeg',
      width: 512,
      height: 512,
    });
    expect(Date.parse(completed.body.expires_at) - Date.parse(completed.body.created_at)).toBe(24 * 3600 * 1000);

    const image = await api.handle.platform.artifacts.get(uploadKey(uploadId, IMAGE_FILE));
    expect(image).not.toBeNull();
    const meta = await sharp(image!).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(image!.includes(Buffer.from('secret-owner'))).toBe(false);
    // Upright again: the stored pixels match the original portrait closely (mean absolute difference).
    const [a, b] = await Promise.all([image!, face].map((x) => sharp(x).removeAlpha().resize(64, 64, { fit: 'fill' }).raw().toBuffer()));
    const diff = a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;
    expect(diff).toBeLessThan(12);
    // The raw bytes (with their metadata) are not kept, and uploads cost nothing.
    expect(await api.handle.platform.artifacts.exists(uploadKey(uploadId, 'upload.bin'))).toBe(false);
    expect(await balanceOf(key)).toBe(balance);
  });

  test('HEIC (HEIF with AV1 coding) and WebP photos are accepted and stored as JPEG', async () => {
    const heic = await sharp(face).heif({ compression: 'av1', quality: 60 }).toBuffer();
    expect((await sharp(heic).metadata()).format).toBe('heif');
    const fromHeic = await upload(heic, 'face', 'image/heic');
    expect(fromHeic.completed.status).toBe(200);
    expect(fromHeic.completed.body).toMatchObject({ status: 'completed', content_type: 'image/jpeg', width: 512, height: 512 });
    const fromWebp = await upload(await sharp(face).webp().toBuffer(), 'palm_right', 'image/webp');
    expect(fromWebp.completed.body).toMatchObject({ kind: 'palm_right', status: 'completed', width: 512 });
  });

  test('the PUT link is single-use, size-enforced and signed', async () => {
    const bytes = await sharp(face).jpeg().toBuffer();
    const created = await api.http.post(
      '/api/v3/visual-readings/uploads',
      { kind: 'face', content_type: 'image/jpeg', byte_size: bytes.length },
      { key },
    );
    const url: string = created.body.upload_url;
    const short = await put(url, bytes.subarray(0, bytes.length - 1));
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('byte_size');
    const tampered = await put(
      url.replace(/signature=([a-f0-9])/, (_m, c) => `signature=${c === '0' ? '1' : '0'}`),
      bytes,
    );
    expect(tampered.status).toBe(403);
    const notImage = await api.http.request('PUT', url, { raw: 'hello', contentType: 'text/plain' });
    expect(notImage.status).toBe(415);
    expect(notImage.body.error).toBe('unsupported_media_type');
    // Two PUTs at once: exactly one is accepted.
    const results = await Promise.all([put(url, bytes), put(url, bytes)]);
    expect(results.map((r) => r.status).sort()).toEqual([204, 409]);
    expect((await put(url, bytes)).status).toBe(409);
  });

  test('a PUT of more than 15 MB is refused with 413 before it is stored', async () => {
    const created = await api.http.post(
      '/api/v3/visual-readings/uploads',
      { kind: 'face', content_type: 'image/jpeg', byte_size: 15 * 1024 * 1024 },
      { key },
    );
    const tooBig = await put(created.body.upload_url, Buffer.alloc(15 * 1024 * 1024 + 1));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ error: 'payload_too_large', code: '413' });
    expect(tooBig.body.message).toMatch(/photo uploads 15 MB/);
    expect((await findUpload(db, created.body.upload_id))?.status).toBe('awaiting_bytes');
  });

  test('complete refuses what sharp cannot use, naming the rule; nothing is kept', async () => {
    const small = await sharp(face).resize(400, 400).jpeg().toBuffer();
    const tooSmall = await upload(small);
    expect(tooSmall.completed.status).toBe(400);
    expect(tooSmall.completed.body).toMatchObject({ error: 'bad_request', code: '400' });
    expect(tooSmall.completed.body.message).toMatch(/file: 400×400 is too small; the short side must be at least 480 px/);
    expect((await findUpload(db, tooSmall.uploadId))?.status).toBe('deleted');
    expect(await api.handle.platform.artifacts.exists(uploadKey(tooSmall.uploadId, 'upload.bin'))).toBe(false);

    const garbage = await upload(Buffer.from('this is not an image at all, just text'));
    expect(garbage.completed.status).toBe(400);
    expect(garbage.completed.body.message).toMatch(/file: not a decodable JPEG, PNG, WebP or HEIC image/);

    const gif = await sharp(face).gif().toBuffer();
    const wrongFormat = await upload(gif, 'face', 'image/png');
    expect(wrongFormat.completed.status).toBe(400);
    expect(wrongFormat.completed.body.message).toMatch(/format gif is not accepted/);

    // 8000 × 5001 = 40.008 MP: refused from the header, before decoding.
    const huge = await sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooManyPixels = await upload(huge, 'face', 'image/png');
    expect(tooManyPixels.completed.status).toBe(400);
    expect(tooManyPixels.completed.body.message).toMatch(/more than 40/);
  });

  test('the OpenAPI document describes the upload and visual-reading routes', async () => {
    const doc = (await api.http.get('/docs-json')).body;
    const put = doc.paths['/api/v3/visual-readings/uploads/{upload_id}/bytes'].put;
    expect(put.requestBody.content['image/jpeg'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(Object.keys(doc.paths['/api/v3/visual-readings/jobs/{jobId}']).sort()).toEqual(['delete', 'get']);
    expect(doc.paths['/api/v3/visual-readings/face/jobs'].post.responses['202']).toBeDefined();
    expect(doc.components.schemas.VisualJobQueued.required.sort()).toEqual([
      'credits_charged',
      'credits_remaining',
      'job_id',
      'poll',
      'replayed',
      'status',
      'unlimited_credits',
    ]);
    expect(Object.keys(doc.components.schemas.VisualReadingJob.properties.artifacts.properties)).toEqual(['json', 'hosted', 'pdf']);
  });

  test('create validates its body and the 15 MB limit', async () => {
    const bad = await api.http.post(
      '/api/v3/visual-readings/uploads',
      { kind: 'foot', content_type: 'image/gif', byte_size: 16 * 1024 * 1024 },
      { key },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/kind/);
    expect(bad.body.message).toMatch(/content_type/);
    expect(bad.body.message).toMatch(/byte_size: must be at most 15728640 bytes/);
    const unauthenticated = await api.http.post('/api/v3/visual-readings/uploads', {
      kind: 'face',
      content_type: 'image/png',
      byte_size: 10,
    });
    expect(unauthenticated.status).toBe(401);
  });

  test('another account, a malformed id and an incomplete upload', async () => {
    const bytes = await sharp(face).jpeg().toBuffer();
    const { uploadId } = await upload(bytes);
    expect((await api.http.get(`/api/v3/visual-readings/uploads/${uploadId}`, { key: otherKey })).status).toBe(404);
    expect((await api.http.post(`/api/v3/visual-readings/uploads/${uploadId}/complete`, undefined, { key: otherKey })).status).toBe(404);
    expect((await api.http.get('/api/v3/visual-readings/uploads/vup_nothex', { key })).status).toBe(404);
    expect((await api.http.get(`/api/v3/visual-readings/uploads/${uploadId}`, { key })).body.status).toBe('completed');

    const pending = await api.http.post(
      '/api/v3/visual-readings/uploads',
      { kind: 'palm_left', content_type: 'image/jpeg', byte_size: 100 },
      { key },
    );
    const early = await api.http.post(`/api/v3/visual-readings/uploads/${pending.body.upload_id}/complete`, undefined, { key });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/PUT the photo/);
  });

  // The database is shared with the other test files, which complete uploads of their own: these
  // tests age their own upload in the table instead of moving the clock, so no one else's expires.
  const age = (uploadId: string, hours: number) =>
    db.query(
      `UPDATE visual_uploads SET created_at = now() - make_interval(secs => $2), expires_at = now() - make_interval(secs => $2) + interval '24 hours' WHERE id = $1`,
      [uploadId, hours * 3600],
    );

  test('uploads no job used are deleted once 24 h have passed', async () => {
    const bytes = await sharp(face).jpeg().toBuffer();
    const { uploadId } = await upload(bytes);
    const store = api.handle.platform.artifacts;
    expect(await store.exists(uploadKey(uploadId, IMAGE_FILE))).toBe(true);
    await age(uploadId, 23);
    expect(await deleteExpiredUploads(db, store)).not.toContain(uploadId);
    expect(await store.exists(uploadKey(uploadId, IMAGE_FILE))).toBe(true);
    await age(uploadId, 24.01);
    expect(await deleteExpiredUploads(db, store)).toContain(uploadId);
    expect(await store.exists(uploadKey(uploadId, IMAGE_FILE))).toBe(false);
    expect((await findUpload(db, uploadId))?.status).toBe('deleted');
    expect((await api.http.get(`/api/v3/visual-readings/uploads/${uploadId}`, { key })).status).toBe(404);
  });

  test('the scheduled cleanup of a worker deletes an upload whose 24 h are over', async () => {
    const bytes = await sharp(face).jpeg().toBuffer();
    const { uploadId } = await upload(bytes);
    await age(uploadId, 25);
    const store = api.handle.platform.artifacts;
    const logged: string[] = [];
    const cleanup = scheduleUploadCleanup(db, store, 60_000, (line) => logged.push(line));
    try {
      // The round logs once its files are gone.
      await eventually(async () => (logged.length > 0 ? true : undefined), 10_000, 'cleanup');
      expect(logged[0]).toMatch(/^upload cleanup: deleted \d+ unused upload/);
      expect((await findUpload(db, uploadId))?.status).toBe('deleted');
      expect(await store.exists(uploadKey(uploadId, IMAGE_FILE))).toBe(false);
    } finally {
      cleanup.stop();
    }
  });
});
