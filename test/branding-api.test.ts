import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { JobRecord } from '@astro/contracts';
import { Database } from '@astro/database';
import { findUpload, LOGO_FILE, uploadKey } from '@astro/visual';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, TestApi } from './support/harness';
import { pixelsOfColour } from './support/pdf';

/**
 * Brand profiles and webhook subscriptions managed with an API key as well as a session, so a server
 * integration needs no dashboard login (each scoped to the key's account), and logos as uploads of kind `logo` and as data: URLs, used by queued reports.
 */
let db: Database;
let api: TestApi;
let hostile: http.Server;
let hostileBase: string;
/** every request the hostile SVG's external references made (there must be none) */
const hostileHits: string[] = [];

useTestPlatform(
  async (p) => {
    ({ db, api } = p);
    hostile = http.createServer((req, res) => {
      hostileHits.push(req.url ?? '');
      res.writeHead(200, { 'Content-Type': 'image/png' }).end();
    });
    await new Promise<void>((r) => hostile.listen(0, '127.0.0.1', r));
    hostileBase = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
  },
  { env: { OUTBOUND_ALLOWLIST: '127.0.0.1/32' }, worker: true },
);
afterAll(() => new Promise<void>((r) => hostile.close(() => r())));

const LOGO_GREEN = '#1a7f5a';
const LOGO_ORANGE = '#e67e22';
const birth = { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };
const SOLAR_RETURN = { birth_subject: birth, target_year: 2026, name: 'Somchai Jaidee' };

/** The hostile SVG with its external references pointed at our local server, which counts requests. */
const hostileSvg = () =>
  fs.readFileSync(path.join(__dirname, 'fixtures', 'branding', 'hostile.svg'), 'utf8').replace(/https:\/\/evil\.example/g, hostileBase);

async function balanceOf(key: string): Promise<number> {
  return (await api.http.get('/v1/account', { key })).body.balance;
}

async function uploadLogo(key: string, bytes: Buffer, contentType: string) {
  const created = await api.http.post(
    '/api/v3/visual-readings/uploads',
    { kind: 'logo', content_type: contentType, byte_size: bytes.length },
    { key },
  );
  expect(created.status).toBe(201);
  const stored = await api.http.request('PUT', created.body.upload_url, { raw: bytes, contentType });
  expect(stored.status).toBe(204);
  const completed = await api.http.post(`/api/v3/visual-readings/uploads/${created.body.upload_id}/complete`, undefined, { key });
  return { uploadId: created.body.upload_id as string, completed };
}

async function finishedPdf(jobId: string, key: string): Promise<{ job: JobRecord; pdf: Buffer }> {
  const job = await eventually(
    async () => {
      const response = await api.http.get(`/api/v3/jobs/${jobId}`, { key });
      return ['succeeded', 'failed'].includes(response.body.status) ? (response.body as JobRecord) : undefined;
    },
    90_000,
    `report ${jobId}`,
  );
  expect(job).toMatchObject({ status: 'succeeded', warnings: [] });
  const response = await fetch(api.http.baseUrl + job.artifacts.pdf.url!);
  return { job, pdf: Buffer.from(await response.arrayBuffer()) };
}

/** The sizes (width×height) of the raster images embedded in a PDF, as poppler's pdfimages lists them. */
function pdfImageSizes(pdf: Buffer): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-images-')), 'in.pdf');
  fs.writeFileSync(file, pdf);
  const list = execFileSync('pdfimages', ['-list', file]).toString('utf8');
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  // page num type width height …, after two header lines; soft masks (smask) of the same image aside
  return list
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length > 5 && f[2] === 'image')
    .map((f) => `${f[3]}×${f[4]}`);
}

describe('brand profiles and webhook subscriptions with an API key', () => {
  it("creates, lists, reads, changes and deletes brand profiles with an API key; another account's key gets 404", async () => {
    const owner = await createAccount(db, { tier: 'free' });
    const stranger = await createAccount(db);
    const created = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'Main', branding: { brand_name: 'Lotus Astro', tone: 'mystical', primary_color: '#2255aa' } },
      { key: owner.apiKey },
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await api.http.get('/v1/report-brand-profiles', { key: owner.apiKey })).body.profiles.map((p: { id: string }) => p.id)).toEqual(
      [id],
    );
    const patched = await api.http.request('PATCH', `/v1/report-brand-profiles/${id}`, {
      key: owner.apiKey,
      json: { name: 'Renamed', branding: { contact_email: 'desk@lotus.example' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      id,
      name: 'Renamed',
      branding: { brand_name: 'Lotus Astro', tone: 'mystical', primary_color: '#2255aa', contact_email: 'desk@lotus.example' },
    });
    expect((await api.http.get(`/v1/report-brand-profiles/${id}`, { headers: { 'X-API-Key': owner.apiKey } })).body.name).toBe('Renamed');

    // Another account's key sees nothing of it and cannot touch it.
    for (const [method, json] of [
      ['GET', undefined],
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await api.http.request(method, `/v1/report-brand-profiles/${id}`, { key: stranger.apiKey, json });
      expect([method, response.status, response.body.error]).toEqual([method, 404, 'not_found']);
    }
    expect((await api.http.get('/v1/report-brand-profiles', { key: stranger.apiKey })).body.profiles).toEqual([]);

    expect((await api.http.request('DELETE', `/v1/report-brand-profiles/${id}`, { key: owner.apiKey })).status).toBe(204);
    expect((await api.http.get(`/v1/report-brand-profiles/${id}`, { key: owner.apiKey })).status).toBe(404);
    expect((await api.http.get('/v1/report-brand-profiles')).status).toBe(401);
  });

  it.each([
    ['report webhooks', '/v1/report-webhooks', 'report.completed', '/v1/report-webhooks/deliveries'],
    [
      'visual-reading delivery subscriptions',
      '/v1/visual-reading-deliveries/subscriptions',
      'visual_reading.completed',
      '/v1/visual-reading-deliveries/events',
    ],
  ])(
    "creates, lists, changes, rotates and deletes %s with an API key; another account's key gets 404",
    async (_, base, event, deliveries) => {
      const owner = await createAccount(db);
      const stranger = await createAccount(db);
      const created = await api.http.post(
        base,
        { url: 'https://hooks.example.com/astro', events: [event], description: 'backend' },
        { key: owner.apiKey },
      );
      expect(created.status).toBe(201);
      expect(created.body.secret).toMatch(/^whsec_/);
      const id = created.body.id as string;
      expect((await api.http.get(base, { key: owner.apiKey })).body.subscriptions.map((s: { id: string }) => s.id)).toEqual([id]);
      expect((await api.http.get(`${base}/${id}`, { key: owner.apiKey })).body).toMatchObject({
        id,
        url: 'https://hooks.example.com/astro',
        enabled: true,
      });
      const patched = await api.http.request('PATCH', `${base}/${id}`, {
        key: owner.apiKey,
        json: { enabled: false, url: 'https://hooks.example.com/v2' },
      });
      expect(patched.body).toMatchObject({ id, enabled: false, url: 'https://hooks.example.com/v2' });
      const rotated = await api.http.post(`${base}/${id}/rotate-secret`, undefined, { key: owner.apiKey });
      expect(rotated.status).toBe(200);
      expect(rotated.body.secret).not.toBe(created.body.secret);
      expect((await api.http.get(deliveries, { key: owner.apiKey })).body).toEqual({ deliveries: [], next_cursor: null });

      for (const [method, suffix, json] of [
        ['GET', '', undefined],
        ['PATCH', '', { enabled: true }],
        ['POST', '/rotate-secret', undefined],
        ['DELETE', '', undefined],
      ] as const) {
        const response = await api.http.request(method, `${base}/${id}${suffix}`, { key: stranger.apiKey, json });
        expect([method, suffix, response.status]).toEqual([method, suffix, 404]);
      }
      expect((await api.http.get(base, { key: stranger.apiKey })).body.subscriptions).toEqual([]);

      expect((await api.http.request('DELETE', `${base}/${id}`, { key: owner.apiKey })).status).toBe(204);
      expect((await api.http.get(`${base}/${id}`, { key: owner.apiKey })).status).toBe(404);
    },
  );
});

describe('logos', () => {
  it('uploads a PNG logo (any tier), names it from a brand profile and renders it in a queued report', async () => {
    const free = await createAccount(db, { tier: 'free' });
    const png = await sharp({ create: { width: 800, height: 200, channels: 3, background: LOGO_GREEN } })
      .png()
      .toBuffer();
    // A photo upload stays a pro feature; a logo upload is open to the free tier.
    const photo = await api.http.post(
      '/api/v3/visual-readings/uploads',
      { kind: 'face', content_type: 'image/jpeg', byte_size: 1000 },
      { key: free.apiKey },
    );
    expect(photo.status).toBe(403);
    const freeLogo = await uploadLogo(free.apiKey, png, 'image/png');
    expect(freeLogo.completed.body).toMatchObject({
      kind: 'logo',
      status: 'completed',
      content_type: 'image/png',
      width: 600,
      height: 150,
    });

    const { apiKey } = await createAccount(db, { credits: 100 });
    const { uploadId, completed } = await uploadLogo(apiKey, png, 'image/png');
    expect(completed.status).toBe(200);
    const profile = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'Uploaded', branding: { brand_name: 'Green Leaf', logo_upload_id: uploadId } },
      { key: apiKey },
    );
    expect(profile.status).toBe(201);
    expect(profile.body.branding).toEqual({ brand_name: 'Green Leaf', logo_upload_id: uploadId });
    // The profile now holds the logo: it is `used`, so the cleanup of unused uploads keeps it.
    expect(await findUpload(db, uploadId)).toMatchObject({ status: 'used', used_by: 'brand_profile' });

    const queued = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { ...SOLAR_RETURN, brand_profile_id: profile.body.id },
      { key: apiKey },
    );
    expect(queued.status).toBe(202);
    const { pdf } = await finishedPdf(queued.body.job_id, apiKey);
    // The logo is in the PDF as the stored 600×150 PNG, and its green shows on the first page.
    expect(pdfImageSizes(pdf)).toContain('600×150');
    expect(await pixelsOfColour(pdf, LOGO_GREEN)).toBeGreaterThan(100);

    // Setting a logo_url replaces the uploaded logo (a profile has one logo).
    const switched = await api.http.request('PATCH', `/v1/report-brand-profiles/${profile.body.id}`, {
      key: apiKey,
      json: { branding: { logo_url: 'https://cdn.example.com/logo.png' } },
    });
    expect(switched.body.branding).toEqual({ brand_name: 'Green Leaf', logo_url: 'https://cdn.example.com/logo.png' });
  });

  it('renders a data: URL logo (a hostile SVG, cleaned and rasterised) in a queued report; its external references are never fetched', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const svg = hostileSvg().replace(/#1a7f5a/g, LOGO_ORANGE);
    const logo_url = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    const queued = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { ...SOLAR_RETURN, branding: { brand_name: 'Orange Sun', primary_color: '#2255aa', logo_url } },
      { key: apiKey },
    );
    expect(queued.status).toBe(202);
    const { pdf } = await finishedPdf(queued.body.job_id, apiKey);
    expect(pdfImageSizes(pdf)).toContain('600×300');
    expect(await pixelsOfColour(pdf, LOGO_ORANGE)).toBeGreaterThan(100);
    // The PDF embeds a raster image (the logo), and no trace of the SVG's script or links.
    expect(pdf.includes(Buffer.from('alert('))).toBe(false);
    expect(hostileHits).toEqual([]);

    // The same data: URL in a brand profile, managed with the API key.
    const profile = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'Inline', branding: { brand_name: 'Orange Sun', logo_url } },
      { key: apiKey },
    );
    expect(profile.status).toBe(201);
    expect(profile.body.branding.logo_url).toBe(logo_url);
  });

  it('cleans a hostile SVG upload: stored as a PNG, nothing it points at is fetched', async () => {
    const { apiKey } = await createAccount(db);
    const { uploadId, completed } = await uploadLogo(apiKey, Buffer.from(hostileSvg()), 'image/svg+xml');
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ kind: 'logo', status: 'completed', content_type: 'image/png', width: 600, height: 300 });
    const stored = await api.handle.platform.artifacts.get(uploadKey(uploadId, LOGO_FILE));
    expect((await sharp(stored!).metadata()).format).toBe('png');
    const { data } = await sharp(stored!).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0x1a, 0x7f, 0x5a]);
    expect(hostileHits).toEqual([]);
  });

  it('refuses oversized, mismatched and wrong-kind logos with a 400 naming the field, and charges nothing', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const balance = await balanceOf(apiKey);
    const png = await sharp({ create: { width: 80, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 80, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .toBuffer();
    const uploads = '/api/v3/visual-readings/uploads';
    for (const [body, message] of [
      [{ kind: 'logo', content_type: 'image/png', byte_size: 2 * 1024 * 1024 + 1 }, /byte_size: a logo must be at most 2097152 bytes/],
      [
        { kind: 'logo', content_type: 'image/webp', byte_size: 100 },
        /content_type: a logo must be image\/png, image\/jpeg or image\/svg\+xml/,
      ],
      [{ kind: 'face', content_type: 'image/svg+xml', byte_size: 100 }, /content_type: a photo must be/],
    ] as const) {
      const response = await api.http.post(uploads, body, { key: apiKey });
      expect([response.status, response.body.message]).toEqual([400, expect.stringMatching(message)]);
    }

    // The bytes must be what the upload declared: a PNG declared as SVG is refused at complete, naming `file`.
    const mismatched = await uploadLogo(apiKey, png, 'image/svg+xml');
    expect(mismatched.completed.status).toBe(400);
    expect(mismatched.completed.body.message).toMatch(/file: the bytes are image\/png, not the declared image\/svg\+xml/);
    const doctype = await uploadLogo(
      apiKey,
      Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>'),
      'image/svg+xml',
    );
    expect(doctype.completed.status).toBe(400);
    expect(doctype.completed.body.message).toMatch(/file: .*DOCTYPE/);

    // A face photo cannot be a logo, and a logo cannot be a face photo.
    const face = fs.readFileSync(path.join(__dirname, 'fixtures', 'visual', 'face-astronaut.png'));
    const faceCreated = await api.http.post(uploads, { kind: 'face', content_type: 'image/png', byte_size: face.length }, { key: apiKey });
    await api.http.request('PUT', faceCreated.body.upload_url, { raw: face, contentType: 'image/png' });
    expect((await api.http.post(`${uploads}/${faceCreated.body.upload_id}/complete`, undefined, { key: apiKey })).status).toBe(200);
    const logo = await uploadLogo(apiKey, png, 'image/png');
    const other = await createAccount(db);
    const otherLogo = await uploadLogo(other.apiKey, png, 'image/png');

    const profiles = '/v1/report-brand-profiles';
    const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
    for (const [branding, message] of [
      [{ logo_upload_id: faceCreated.body.upload_id }, /branding\.logo_upload_id: the upload is a face photo, not a logo/],
      [{ logo_upload_id: otherLogo.uploadId }, /branding\.logo_upload_id: no such upload in this account/],
      [
        { logo_upload_id: logo.uploadId, logo_url: 'https://cdn.example.com/l.png' },
        /branding\.logo_upload_id: send logo_url or logo_upload_id, not both/,
      ],
      [{ logo_url: dataUrl('image/png', jpeg) }, /branding\.logo_url: the bytes are image\/jpeg, not the declared image\/png/],
      [
        { logo_url: dataUrl('image/gif', Buffer.from('GIF89a')) },
        /branding\.logo_url: a data: URL logo must be image\/png, image\/jpeg or image\/svg\+xml/,
      ],
      [
        { logo_url: dataUrl('image/jpeg', Buffer.concat([jpeg, Buffer.alloc(300 * 1024)])) },
        /branding\.logo_url: must be at most \d+ characters/,
      ],
      [
        { logo_url: dataUrl('image/svg+xml', Buffer.from('<svg><g></svg>')) },
        /branding\.logo_url: the SVG closes <\/svg> that is not open/,
      ],
      [{ logo_url: 'javascript:alert(1)' }, /branding\.logo_url: must be an http\(s\) URL or a data: URL/],
    ] as const) {
      const response = await api.http.post(profiles, { name: 'Bad', branding: { brand_name: 'Bad', ...branding } }, { key: apiKey });
      expect([response.status, response.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    // A face upload named as a logo is untouched (still usable by a face reading).
    expect((await findUpload(db, faceCreated.body.upload_id))!.status).toBe('completed');
    expect((await api.http.get(profiles, { key: apiKey })).body.profiles).toEqual([]);

    // A logo upload is not a face photo.
    const faceJob = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: logo.uploadId, sku: 'json', locale: 'en', subject_label: 'x' },
      { key: apiKey },
    );
    expect([faceJob.status, faceJob.body.message]).toEqual([
      400,
      expect.stringMatching(/upload_id: the upload is a logo, this field takes a face photo/),
    ]);

    // A report with a broken data: URL logo is refused before anything is charged.
    const broken = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { ...SOLAR_RETURN, branding: { logo_url: dataUrl('image/png', Buffer.concat([png.subarray(0, 40)])) } },
      { key: apiKey },
    );
    expect([broken.status, broken.body.message]).toEqual([400, expect.stringMatching(/^invalid body: branding\.logo_url: /)]);
    expect(await balanceOf(apiKey)).toBe(balance);
  });
});
