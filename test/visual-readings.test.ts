import { ApplicationFailure } from '@temporalio/activity';
import * as fs from 'node:fs';
import * as path from 'node:path';
import sharp from 'sharp';
import { PRICES } from '@astro/contracts';
import { Database } from '@astro/database';
import { visualJobsProjection } from '@astro/jobs';
import { diffProjections, readStream } from '@astro/ledger';
import { pageTexts, ProseSample, stringLeaves } from '@astro/text';
import { proseIssues } from './support/prose-check';
import { findUpload, IMAGE_FILE, readingText, uploadKey } from '@astro/visual';
import { createCustomer, useTestPlatform } from './support/fixture';
import { ActivityTracker, createAccount, eventually, TestApi } from './support/harness';
import { WebhookReceiver } from './support/webhook-receiver';
import { pdfText } from './support/pdf';

let db: Database;
let api: TestApi;
let key: string;
let otherKey: string;

let receiver: WebhookReceiver;
const FIXTURES = path.join(__dirname, 'fixtures', 'visual');
const face = fs.readFileSync(path.join(FIXTURES, 'face-astronaut.png'));
const leftPalm = fs.readFileSync(path.join(FIXTURES, 'palm-left-opencv.jpg'));
const THAI = /[\u0E00-\u0E7F]{4,}/;
/** The worker's running activities: a test waits for none before asserting that nothing more is written. */
const activities = new ActivityTracker();

useTestPlatform(
  async (p) => {
    ({ db, api, receiver } = p);
    key = (await createAccount(db, { credits: 1000 })).apiKey;
    otherKey = (await createAccount(db, { credits: 1000 })).apiKey;
  },
  {
    receiver: true,
    // The real activities; the PDF print fails for good only for the subject labelled FAIL-RENDER.
    worker: (real) =>
      activities.wrap({
        ...real,
        async renderVisualReading(input) {
          if (input.subjectLabel === 'FAIL-RENDER') throw ApplicationFailure.retryable('injected: Chromium crashed', 'render_failed');
          return real.renderVisualReading(input);
        },
      }),
  },
);

const balanceOf = async (apiKey = key): Promise<number> => (await api.http.get('/v1/account', { key: apiKey })).body.credits_balance;

async function upload(bytes: Buffer, kind: 'face' | 'palm_left' | 'palm_right', apiKey = key): Promise<string> {
  const created = await api.http.post(
    '/api/v3/visual-readings/uploads',
    { kind, content_type: 'image/jpeg', byte_size: bytes.length },
    { key: apiKey },
  );
  expect((await api.http.request('PUT', created.body.upload_url, { raw: bytes, contentType: 'image/jpeg' })).status).toBe(204);
  const completed = await api.http.post(`/api/v3/visual-readings/uploads/${created.body.upload_id}/complete`, undefined, { key: apiKey });
  expect(completed.status).toBe(200);
  return created.body.upload_id;
}

async function finished(jobId: string, apiKey = key) {
  return eventually(
    async () => {
      const response = await api.http.get(`/api/v3/visual-readings/jobs/${jobId}`, { key: apiKey });
      return ['succeeded', 'failed'].includes(response.body.job?.status) ? response.body : undefined;
    },
    120_000,
    `visual job ${jobId}`,
  );
}

async function download(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(api.http.baseUrl + url);
  return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The Thai check of the prose check (scripts/prose-check.mjs, through proseIssues): no English
 * sentence in any string of the JSON artifact, any text of the hosted page or any line of the PDF.
 */
function englishInThai(json: unknown, hosted: Buffer, pdf: Buffer): string[] {
  const samples: ProseSample[] = [
    ...stringLeaves(json).map(([key, text]) => ({ key: `json ${key}`, text })),
    ...pageTexts(hosted.toString()).map((text, i) => ({ key: `hosted ${i}`, text })),
    ...pdfText(pdf)
      .split('\n')
      .map((text, i) => ({ key: `pdf line ${i}`, text })),
  ].map((s) => ({ ...s, language: 'th' as const }));
  expect(samples.length).toBeGreaterThan(100);
  return proseIssues(samples);
}

const jobEvents = async (jobId: string) => (await readStream(db, `visual_job:${jobId}`)).map((e) => [e.type, e.payload.stage ?? null]);

const palmBody = (left: string, right: string, extra: Record<string, unknown> = {}) => ({
  left_upload_id: left,
  right_upload_id: right,
  capture_handedness: { left_upload: 'left', right_upload: 'right', mirrored_preview: false },
  sku: 'branded',
  locale: 'en',
  subject_label: 'Somchai Jaidee',
  ...extra,
});

describe('visual readings through the API, Temporal and a worker with the real landmark models', () => {
  test("the delivering stage sends visual_reading.completed to the account's subscription, recorded as telemetry", async () => {
    const account = await createCustomer(db, api, { credits: 100 });
    const session = account.session;
    const subscription = await api.http.post(
      '/v1/visual-reading-deliveries/subscriptions',
      { url: receiver.script('/visual-e2e', [200]), events: ['visual_reading.completed'] },
      { key: session },
    );
    expect(subscription.status).toBe(201);
    const uploadId = await upload(await sharp(face).jpeg({ quality: 95 }).toBuffer(), 'face', account.apiKey);
    const queued = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: uploadId, sku: 'json', locale: 'en', subject_label: 'Eileen' },
      { key: account.apiKey },
    );
    expect(queued.status).toBe(202);
    expect((await finished(queued.body.job_id, account.apiKey)).job.status).toBe('succeeded');
    const webhook = await eventually(async () => receiver.received.find((r) => r.path === '/visual-e2e'), 30_000, 'the webhook');
    expect(JSON.parse(webhook.body)).toMatchObject({
      type: 'visual_reading.completed',
      data: { job_id: queued.body.job_id, family: 'face', sku: 'json' },
    });
    expect(webhook.headers['webhook-signature']).toMatch(/^v1,/);
    // The job's absolute address, and a download link signed by this attempt that downloads the reading.
    const sent = JSON.parse(webhook.body).data;
    expect(sent.url).toBe(`${api.config.publicBaseUrl}/api/v3/visual-readings/jobs/${queued.body.job_id}`);
    expect(Object.keys(sent.links)).toEqual(['json']);
    const link = new URL(sent.links.json.url);
    const download = await api.http.get(link.pathname + link.search);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^application\/json/);
    const telemetry = await eventually(
      async () => {
        const list = await api.http.get(`/v1/visual-reading-deliveries/events?subject_id=${queued.body.job_id}`, { key: session });
        return list.body.deliveries?.[0]?.status === 'succeeded' ? list.body.deliveries : undefined;
      },
      30_000,
      'the telemetry',
    );
    expect(telemetry[0]).toMatchObject({
      subject_id: queued.body.job_id,
      event_type: 'visual_reading.completed',
      channel: 'webhook',
      attempt: 1,
      response_status: 200,
    });
  });

  test('a face photo goes through all four stages; the measurements come from a real face', async () => {
    const uploadId = await upload(await sharp(face).jpeg({ quality: 95 }).toBuffer(), 'face');
    const before = await balanceOf();
    const queued = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: uploadId, sku: 'premium', locale: 'th', subject_label: 'Eileen' },
      { key, headers: { 'Idempotency-Key': 'face-1' } },
    );
    expect(queued.status).toBe(202);
    expect(queued.body).toEqual({
      job_id: expect.stringMatching(/^vrj_[a-f0-9]{24}$/),
      status: 'queued',
      credits_charged: PRICES.visual_face_premium.credits,
      credits_remaining: before - PRICES.visual_face_premium.credits,
      unlimited_credits: false,
      replayed: false,
      poll: `/api/v3/visual-readings/jobs/${queued.body.job_id}`,
    });
    const result = await finished(queued.body.job_id);
    expect(result.job).toMatchObject({
      id: queued.body.job_id,
      family: 'face',
      sku: 'premium',
      locale: 'th',
      status: 'succeeded',
      stage: 'done',
      credits: PRICES.visual_face_premium.credits,
      credits_refunded: 0,
      error_code: null,
    });
    for (const field of ['created_at', 'started_at', 'finished_at']) expect(Date.parse(result.job[field])).not.toBeNaN();
    expect(await jobEvents(queued.body.job_id)).toEqual([
      ['VisualJobQueued', null],
      ['VisualJobStarted', 'validating'],
      ['VisualJobStageChanged', 'analysing'],
      ['VisualJobStageChanged', 'rendering'],
      ['VisualJobStageChanged', 'delivering'],
      ['VisualJobSucceeded', null],
    ]);
    // No image bytes in the event log.
    for (const e of await readStream(db, `visual_job:${queued.body.job_id}`)) expect(JSON.stringify(e.payload).length).toBeLessThan(2000);

    for (const name of ['json', 'hosted', 'pdf'] as const) {
      expect(result.artifacts[name]).toMatchObject({
        status: 'ready',
        url: expect.stringMatching(/^\/v1\/artifacts\/vrj_/),
        valid_for_seconds: expect.any(Number),
      });
    }
    const json = JSON.parse((await download(result.artifacts.json.url)).bytes.toString());
    const f = json.analysis.face;
    expect(f.landmarks.count).toBe(478);
    expect(f.landmarks.mesh).toHaveLength(478);
    expect(f.landmarks.mesh[473]).toEqual(f.points.rightIris);
    const [x, y, w, h] = f.landmarks.box;
    // Two eyes inside the face box, level with each other, the right eye on the image's left.
    for (const eye of ['rightIris', 'leftIris']) {
      const [ex, ey] = f.points[eye];
      expect(ex).toBeGreaterThan(x);
      expect(ex).toBeLessThan(x + w);
      expect(ey).toBeGreaterThan(y);
      expect(ey).toBeLessThan(y + h);
    }
    expect(f.points.rightIris[0]).toBeLessThan(f.points.leftIris[0]);
    expect(Math.abs(f.points.rightIris[1] - f.points.leftIris[1])).toBeLessThan(h * 0.1);
    // Eyes above the nose tip, above the mouth, above the chin; the portrait's face is near (150–300, 50–200).
    expect(f.points.rightIris[1]).toBeLessThan(f.points.noseTip[1]);
    expect(f.points.noseTip[1]).toBeLessThan(f.points.upperLipTop[1]);
    expect(f.points.lowerLipBottom[1]).toBeLessThan(f.points.chin[1]);
    expect(x).toBeGreaterThan(100);
    expect(x + w).toBeLessThan(350);
    const m = f.measurements;
    expect(m.upper_third.value + m.middle_third.value + m.lower_third.value).toBeCloseTo(1, 2);
    // Cheekbone width over nasion–menton, inner over outer eye corners (adult means 1.05–1.11, 0.33–0.34).
    expect(m.face_width_to_height.value).toBeGreaterThan(0.8);
    expect(m.face_width_to_height.value).toBeLessThan(1.6);
    expect(m.eye_spacing.value).toBeGreaterThan(0.25);
    expect(m.eye_spacing.value).toBeLessThan(0.5);
    expect(m.interpupillary_to_face_width.value).toBeGreaterThan(0.3);
    expect(m.interpupillary_to_face_width.value).toBeLessThan(0.6);
    expect(m.mouth_width_to_nose_width.value).toBeGreaterThan(1);
    for (const measured of Object.values(m) as { definition: string }[]) expect(measured.definition.length).toBeGreaterThan(20);
    expect(json.reading.face).toHaveLength(9);
    for (const item of json.reading.face) {
      expect(item.text).toMatch(THAI);
      expect(item.detail).toMatch(THAI);
    }

    const hosted = await download(result.artifacts.hosted.url);
    expect(hosted.type).toMatch(/^text\/html/);
    expect(hosted.bytes.toString()).toContain('Eileen');
    expect(hosted.bytes.toString()).toContain('data:image/jpeg;base64,');
    expect(hosted.bytes.toString()).toContain(readingText('th').labels.photo_face);
    const pdf = await download(result.artifacts.pdf.url);
    expect(pdf.type).toBe('application/pdf');
    expect(pdfText(pdf.bytes)).toMatch(THAI);
    expect(pdfText(pdf.bytes)).toContain(json.reading.summary.slice(0, 20));
    expect(englishInThai(json, hosted.bytes, pdf.bytes)).toEqual([]);
    expect(await diffProjections(db, [visualJobsProjection])).toEqual([]);
  });

  test('a palm job reads both hands: 21 keypoints each, five fingertips beyond the palm, the right hand told from the left', async () => {
    // The right palm is the left one mirrored: a mirror image of a left hand is a right hand.
    const left = await upload(leftPalm, 'palm_left');
    const right = await upload(await sharp(leftPalm).flop().jpeg({ quality: 95 }).toBuffer(), 'palm_right');
    const queued = await api.http.post('/api/v3/visual-readings/palm/jobs', palmBody(left, right, { sku: 'premium', locale: 'th' }), {
      key,
      headers: { 'Idempotency-Key': 'palm-1' },
    });
    expect(queued.status).toBe(202);
    const result = await finished(queued.body.job_id);
    expect(result.job).toMatchObject({ family: 'palm', sku: 'premium', status: 'succeeded', credits_refunded: 0 });
    expect(result.artifacts.pdf.status).toBe('ready');
    const json = JSON.parse((await download(result.artifacts.json.url)).bytes.toString());
    // The whole Thai reading is Thai: paragraphs, definitions, the page and the PDF.
    const hosted = (await download(result.artifacts.hosted.url)).bytes;
    const pdf = (await download(result.artifacts.pdf.url)).bytes;
    expect(englishInThai(json, hosted, pdf)).toEqual([]);
    for (const item of [...json.reading.left, ...json.reading.right]) expect(item.text).toMatch(THAI);
    expect(json.reading.summary).toMatch(THAI);
    expect(pdfText(pdf)).toContain(readingText('th').labels.photo_right);
    for (const side of ['left', 'right'] as const) {
      const hand = json.analysis[side];
      expect(hand.hand).toBe(side);
      const k: [number, number][] = hand.landmarks.keypoints;
      expect(k).toHaveLength(21);
      // The fingers point sideways in the photos: the models found them only after rotating.
      expect(hand.landmarks.rotation_degrees).not.toBe(0);
      const d = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
      for (const [base, tip] of [
        [1, 4],
        [5, 8],
        [9, 12],
        [13, 16],
        [17, 20],
      ])
        expect(d(k[0], k[tip])).toBeGreaterThan(d(k[0], k[base]));
      // The fingers point right in the left-hand photo and left in its mirror image: each fingertip
      // lies at least 150 px that way from the wrist, inside the 640 px wide photo.
      for (const tip of [8, 12, 16, 20]) {
        const reach = side === 'left' ? k[tip][0] - k[0][0] : k[0][0] - k[tip][0];
        expect(reach).toBeGreaterThan(150);
        expect(k[tip][0]).toBeGreaterThan(0);
        expect(k[tip][0]).toBeLessThan(640);
      }
      expect(hand.measurements.palm_length_to_width.value).toBeGreaterThan(0.8);
      expect(hand.measurements.palm_length_to_width.value).toBeLessThan(2.2);
      expect(hand.measurements.middle_to_palm_length.value).toBeGreaterThan(hand.measurements.pinky_to_palm_length.value);
      expect(['earth', 'air', 'fire', 'water']).toContain(hand.hand_shape.class);
      for (const line of ['heart', 'head', 'life']) {
        expect(hand.lines[line].prominence).toBeGreaterThan(0);
        expect(hand.lines[line].length).toBeGreaterThanOrEqual(0);
        expect(hand.lines[line].length).toBeLessThanOrEqual(1);
      }
    }
    // A mirror image of a hand measures the same hand: each hand is read as the mean of the model's
    // readings of the photo and of its mirror image, so only the JPEG re-encoding of the mirrored
    // upload remains (tolerance 2 %; before the averaging the palm read 1.58 against 1.70).
    for (const [key, m] of Object.entries(json.analysis.left.measurements) as [string, { value: number }][]) {
      const other = json.analysis.right.measurements[key].value;
      expect(Math.abs(other - m.value) / m.value).toBeLessThan(0.02);
    }
    expect(json.analysis.right.measurements.index_to_ring.percentile).toBeGreaterThan(0);
    // The lines found are traced: a path of points inside the photo, the same length in both hands.
    for (const line of ['heart', 'head', 'life']) {
      const [l, r] = [json.analysis.left.lines[line], json.analysis.right.lines[line]];
      expect(l.path.length).toBeGreaterThan(5);
      expect(Math.abs(l.path.length - r.path.length)).toBeLessThanOrEqual(2);
      expect(Math.abs(l.prominence - r.prominence) / l.prominence).toBeLessThan(0.05);
      for (const [x, y] of [...l.path, ...r.path]) {
        expect(x).toBeGreaterThan(-2);
        expect(x).toBeLessThan(642);
        expect(y).toBeGreaterThan(-2);
        expect(y).toBeLessThan(482);
      }
    }
    expect(json.reading.left.map((i: { feature: string }) => i.feature)).toEqual([
      'hand_shape',
      'heart_line',
      'head_line',
      'life_line',
      'index_to_ring',
      'thumb_angle_degrees',
    ]);
  });

  test('two different faces read differently against the reference; the mirror image of a face reads the same', async () => {
    // The portrait, its mirror image and the portrait narrowed by a fifth (and enlarged, for the
    // upload's minimum size): a longer face, whose width-to-height proportions change while its
    // vertical and horizontal ones among themselves do not.
    const { width = 0, height = 0 } = await sharp(face).metadata();
    const photos = [
      await sharp(face).jpeg({ quality: 95 }).toBuffer(),
      await sharp(face).flop().jpeg({ quality: 95 }).toBuffer(),
      await sharp(face)
        .resize({ width: Math.round(width * 1.6), height: height * 2, fit: 'fill' })
        .jpeg({ quality: 95 })
        .toBuffer(),
    ];
    const readings = await Promise.all(
      photos.map(async (bytes, i) => {
        const uploadId = await upload(bytes, 'face');
        const queued = await api.http.post(
          '/api/v3/visual-readings/face/jobs',
          { upload_id: uploadId, sku: 'json', locale: 'en', subject_label: `face ${i}` },
          { key },
        );
        const result = await finished(queued.body.job_id);
        expect(result.job.status).toBe('succeeded');
        return JSON.parse((await download(result.artifacts.json.url)).bytes.toString());
      }),
    );
    const [portrait, mirrored, narrowed] = readings;
    type Item = { feature: string; band: string; percentile?: number; text: string };
    const byFeature = (json: { reading: { face: Item[] } }) => new Map(json.reading.face.map((i) => [i.feature, i]));
    const [p, m, n] = [portrait, mirrored, narrowed].map(byFeature);
    // Every feature with a published reference carries its percentile; fewer than half read "usual".
    const referenced = [...p.values()].filter((i) => i.percentile !== undefined);
    expect(referenced.length).toBe(7);
    for (const i of referenced) {
      expect(i.percentile).toBeGreaterThanOrEqual(1);
      expect(i.percentile).toBeLessThanOrEqual(99);
    }
    expect([...p.values()].filter((i) => ['middle', 'canon_typical'].includes(i.band)).length).toBeLessThan(5);
    // The mirror image: the same measurements within 2 % (the JPEG noise of the re-encoded copy), the same reading.
    for (const [key, measured] of Object.entries(portrait.analysis.face.measurements) as [string, { value: number }][]) {
      expect(Math.abs(mirrored.analysis.face.measurements[key].value - measured.value) / measured.value).toBeLessThan(0.02);
    }
    expect([...m.values()].map((i) => i.band)).toEqual([...p.values()].map((i) => i.band));
    // The longer face: a narrower outline, a lower percentile, other paragraphs and another summary.
    const ratio = (json: typeof portrait, key: string) => json.analysis.face.measurements[key].value;
    // The photo is stretched to 0.8 of its width-to-height; the face mesh, trained on real faces, reads such a stretched face
    // as about 0.88 as wide for its height (in a single view of the photo as in the mean of 20), so the check is that it reads clearly narrower.
    expect(ratio(narrowed, 'face_width_to_height') / ratio(portrait, 'face_width_to_height')).toBeLessThan(0.92);
    expect(ratio(narrowed, 'face_width_to_height') / ratio(portrait, 'face_width_to_height')).toBeGreaterThan(0.75);
    expect(ratio(narrowed, 'eye_spacing') / ratio(portrait, 'eye_spacing')).toBeCloseTo(1, 1);
    expect(n.get('face_width_to_height')!.percentile!).toBeLessThan(p.get('face_width_to_height')!.percentile!);
    const differing = [...p.keys()].filter((k) => p.get(k)!.text !== n.get(k)!.text);
    expect(differing).toEqual(expect.arrayContaining(['face_width_to_height', 'brow_height', 'lip_fullness']));
    expect(narrowed.reading.summary).not.toBe(portrait.reading.summary);
  });

  test('a blurred photo fails at validating with image_too_blurry and is refunded', async () => {
    const uploadId = await upload(await sharp(face).blur(8).jpeg().toBuffer(), 'face');
    const before = await balanceOf();
    const queued = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: uploadId, sku: 'json', locale: 'en', subject_label: 'blurred' },
      { key },
    );
    expect(queued.status).toBe(202);
    expect(await balanceOf()).toBe(before - PRICES.visual_face_json.credits);
    const result = await finished(queued.body.job_id);
    expect(result.job).toMatchObject({
      status: 'failed',
      stage: 'failed',
      error_code: 'image_too_blurry',
      credits: PRICES.visual_face_json.credits,
      credits_refunded: PRICES.visual_face_json.credits,
    });
    expect(result.artifacts.json).toEqual({ status: 'failed', url: null, valid_for_seconds: 0 });
    expect(result.artifacts.pdf.status).toBe('not_included');
    expect(await balanceOf()).toBe(before);
    expect((await jobEvents(queued.body.job_id)).map((e) => e[0])).toEqual(['VisualJobQueued', 'VisualJobStarted', 'VisualJobFailed']);
  });

  test('a hand uploaded as a face fails with no_face_detected, a portrait uploaded as palms with hand_too_small', async () => {
    const handAsFace = await upload(leftPalm, 'face');
    const faceJob = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: handAsFace, sku: 'json', locale: 'en', subject_label: 'hand' },
      { key },
    );
    const portrait = await sharp(face).jpeg().toBuffer();
    const palmJob = await api.http.post(
      '/api/v3/visual-readings/palm/jobs',
      palmBody(await upload(portrait, 'palm_left'), await upload(portrait, 'palm_right'), { sku: 'json' }),
      { key },
    );
    const [faceResult, palmResult] = await Promise.all([finished(faceJob.body.job_id), finished(palmJob.body.job_id)]);
    expect(faceResult.job).toMatchObject({
      status: 'failed',
      error_code: 'no_face_detected',
      credits_refunded: PRICES.visual_face_json.credits,
    });
    // The models do find a hand in the portrait, a small one at its edge: not a palm photo.
    expect(palmResult.job.error_code).toBe('hand_too_small');
    expect(palmResult.job.credits_refunded).toBe(PRICES.visual_palm_json.credits);
  });

  test('a dark photo fails with image_too_dark; a palm declared with the wrong hand with handedness_mismatch', async () => {
    const dark = await upload(await sharp(face).linear(0.2, 0).jpeg().toBuffer(), 'face');
    const darkJob = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: dark, sku: 'json', locale: 'en', subject_label: 'dark' },
      { key },
    );
    // A mirrored preview flips the pixels: the left palm then reads as a right one.
    const left = await upload(leftPalm, 'palm_left');
    const right = await upload(await sharp(leftPalm).flop().jpeg().toBuffer(), 'palm_right');
    const mirrored = palmBody(left, right, {
      sku: 'json',
      capture_handedness: { left_upload: 'left', right_upload: 'right', mirrored_preview: true },
    });
    const palmJob = await api.http.post('/api/v3/visual-readings/palm/jobs', mirrored, { key });
    const [darkResult, palmResult] = await Promise.all([finished(darkJob.body.job_id), finished(palmJob.body.job_id)]);
    expect(darkResult.job).toMatchObject({
      status: 'failed',
      error_code: 'image_too_dark',
      credits_refunded: PRICES.visual_face_json.credits,
    });
    expect(palmResult.job).toMatchObject({
      status: 'failed',
      error_code: 'handedness_mismatch',
      credits_refunded: PRICES.visual_palm_json.credits,
    });
    expect(palmResult.job.error_message).toMatch(/declared a left hand but the photo shows a right palm/);
  });

  test('concurrent identical idempotent requests charge once; the same key with another body is a 409', async () => {
    const uploadId = await upload(await sharp(face).jpeg().toBuffer(), 'face');
    const before = await balanceOf();
    const body = { upload_id: uploadId, sku: 'json', locale: 'en', subject_label: 'same' };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.http.post('/api/v3/visual-readings/face/jobs', body, { key, headers: { 'Idempotency-Key': 'concurrent-1' } }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(responses.map((r) => r.body.job_id)).size).toBe(1);
    expect(responses.filter((r) => r.body.replayed === false)).toHaveLength(1);
    for (const r of responses) {
      expect(r.body.credits_charged).toBe(PRICES.visual_face_json.credits);
      expect(r.body.credits_remaining).toBe(before - PRICES.visual_face_json.credits);
    }
    expect(await balanceOf()).toBe(before - PRICES.visual_face_json.credits);
    const other = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { ...body, sku: 'branded' },
      { key, headers: { 'Idempotency-Key': 'concurrent-1' } },
    );
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('conflict');
    expect(await balanceOf()).toBe(before - PRICES.visual_face_json.credits);
    await finished(responses[0].body.job_id);
  });

  test('bad requests are 4xx naming the field and charge nothing; another account sees 404', async () => {
    const faceUpload = await upload(await sharp(face).jpeg().toBuffer(), 'face');
    const before = await balanceOf();
    const wrongKind = await api.http.post(
      '/api/v3/visual-readings/palm/jobs',
      palmBody(
        faceUpload,
        faceUpload.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      ),
      { key },
    );
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.message).toMatch(/left_upload_id: the upload is a face photo/);
    const foreign = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: faceUpload, sku: 'json', locale: 'en', subject_label: 'x' },
      { key: otherKey },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/upload_id: no such upload in this account/);
    const invalid = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: 'vup_x', sku: 'gold', locale: 'fr', subject_label: 'x'.repeat(121) },
      { key },
    );
    expect(invalid.status).toBe(400);
    for (const field of ['upload_id', 'sku', 'locale', 'subject_label']) expect(invalid.body.message).toContain(field);
    const longKey = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: faceUpload, sku: 'json', locale: 'en', subject_label: 'x' },
      { key, headers: { 'Idempotency-Key': 'k'.repeat(129) } },
    );
    expect(longKey.status).toBe(400);
    expect(await balanceOf()).toBe(before);
    expect((await findUpload(db, faceUpload))?.status).toBe('completed');

    const queued = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: faceUpload, sku: 'json', locale: 'en', subject_label: 'x' },
      { key },
    );
    expect((await api.http.get(`/api/v3/visual-readings/jobs/${queued.body.job_id}`, { key: otherKey })).status).toBe(404);
    expect((await api.http.request('DELETE', `/api/v3/visual-readings/jobs/${queued.body.job_id}`, { key: otherKey })).status).toBe(404);
    expect((await api.http.get('/api/v3/visual-readings/jobs/vrj_123', { key })).status).toBe(404);
    // The upload now belongs to that job.
    const reuse = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: faceUpload, sku: 'json', locale: 'en', subject_label: 'x' },
      { key },
    );
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toMatch(/already used/);
    await finished(queued.body.job_id);
  });

  test("a customer session queues a reading in its brand profile's look; a rendering that keeps failing is refunded", async () => {
    const { apiKey, session } = await createCustomer(db, api, { credits: 100 });
    const profile = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'Palmist', branding: { brand_name: 'Lotus Palmistry', primary_color: '#2255aa', safety_mode: 'workplace' } },
      { key: session },
    );
    expect(profile.status).toBe(201);
    const uploadId = await upload(await sharp(face).jpeg().toBuffer(), 'face', apiKey);
    const queued = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: uploadId, sku: 'branded', locale: 'en', subject_label: 'Malee', brand_profile_id: profile.body.id },
      { key: session },
    );
    expect(queued.status).toBe(202);
    const result = await finished(queued.body.job_id, session);
    expect(result.job.status).toBe('succeeded');
    const text = await pdfText((await download(result.artifacts.pdf.url)).bytes);
    expect(text).toContain('Lotus Palmistry');
    expect(text).toContain('Malee');
    // The profile's safety mode chooses the paragraphs and the disclaimer.
    const json = JSON.parse((await download(result.artifacts.json.url)).bytes.toString());
    expect(json.safety_mode).toBe('workplace');
    expect(json.reading.disclaimer).toBe(readingText('en').disclaimers.workplace);
    expect(text.replace(/\s+/g, ' ')).toContain(readingText('en').disclaimers.workplace.slice(0, 40));

    const failing = await upload(await sharp(face).jpeg().toBuffer(), 'face', apiKey);
    const before = await balanceOf(apiKey);
    const broken = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: failing, sku: 'branded', locale: 'en', subject_label: 'FAIL-RENDER' },
      { key: apiKey },
    );
    const failed = await finished(broken.body.job_id, apiKey);
    expect(failed.job).toMatchObject({
      status: 'failed',
      error_code: 'render_failed',
      credits_refunded: PRICES.visual_face_branded.credits,
    });
    expect(await balanceOf(apiKey)).toBe(before);
    expect((await jobEvents(broken.body.job_id)).map((e) => e[1]).filter(Boolean)).toEqual(['validating', 'analysing', 'rendering']);
  });

  test('delete erases the photos and the artifacts, keeps the events, and stops a running job', async () => {
    const store = api.handle.platform.artifacts;
    const uploadId = await upload(await sharp(face).jpeg().toBuffer(), 'face');
    const queued = await api.http.post(
      '/api/v3/visual-readings/face/jobs',
      { upload_id: uploadId, sku: 'branded', locale: 'en', subject_label: 'to delete' },
      { key },
    );
    const done = await finished(queued.body.job_id);
    const pdfUrl = done.artifacts.pdf.url;
    expect((await download(pdfUrl)).status).toBe(200);
    expect(await store.exists(`${queued.body.job_id}/reading.pdf`)).toBe(true);
    const deleted = await api.http.request('DELETE', `/api/v3/visual-readings/jobs/${queued.body.job_id}`, { key });
    expect(deleted.status).toBe(204);
    expect(await store.exists(`${queued.body.job_id}/reading.pdf`)).toBe(false);
    expect(await store.exists(`${queued.body.job_id}/reading.json`)).toBe(false);
    expect(await store.exists(uploadKey(uploadId, IMAGE_FILE))).toBe(false);
    expect((await findUpload(db, uploadId))?.status).toBe('deleted');
    expect((await download(pdfUrl)).status).toBe(404);
    expect((await api.http.get(`/api/v3/visual-readings/jobs/${queued.body.job_id}`, { key })).status).toBe(404);
    expect((await jobEvents(queued.body.job_id)).map((e) => e[0]).slice(-2)).toEqual(['VisualJobSucceeded', 'VisualJobErased']);

    // A palm job deleted at once: its workflow is stopped and nothing is written afterwards.
    const left = await upload(leftPalm, 'palm_left');
    const right = await upload(await sharp(leftPalm).flop().jpeg().toBuffer(), 'palm_right');
    const running = await api.http.post('/api/v3/visual-readings/palm/jobs', palmBody(left, right), { key });
    expect((await api.http.request('DELETE', `/api/v3/visual-readings/jobs/${running.body.job_id}`, { key })).status).toBe(204);
    const description = await api.handle.platform.temporal.client.workflow.getHandle(running.body.job_id).describe();
    expect(description.status.name).toBe('TERMINATED');
    // An activity that was running when the workflow stopped may still finish: once none runs, nothing more can be written.
    await activities.idle();
    expect(await store.exists(`${running.body.job_id}/reading.json`)).toBe(false);
    expect(await store.exists(uploadKey(left, IMAGE_FILE))).toBe(false);
    const [row] = await db.query<{ status: string; error_code: string }>(`SELECT status, error_code FROM visual_jobs WHERE id = $1`, [
      running.body.job_id,
    ]);
    expect(row).toEqual({ status: 'failed', error_code: 'deleted' });
    expect(await diffProjections(db, [visualJobsProjection])).toEqual([]);
  });
});
