import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { createCustomerUser } from '@astro/accounts';
import { Database } from '@astro/database';
import { logoRasterisations } from '@astro/rendering';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, HttpResponse, TestApi } from './support/harness';
import { complete, createAndPut } from './support/uploads';

/**
 * Free expensive work is budgeted per account (docs/security.md, "Free work budgets"). The
 * attacker's probe: six logos of one 22,000-segment path from tenant A delayed tenant B's ordinary
 * brand profile from 0.28 s to 15.3 s; six 6300 × 6300 PNG photos completed in parallel slowed
 * another tenant's download from 7 ms to 2.3 s and its login from 0.28 s to 1.1 s. Each test
 * measures B's request before A floods and while A floods, in the same run, and bounds the second
 * by the first: B's request waits for none of A's queued work and shares the CPU with at most one
 * of A's child processes, so it stays within a small multiple of its own time.
 */
let db: Database;
let api: TestApi;
useTestPlatform((p) => ({ db, api } = p));

/** How much slower B's request may be while A floods, relative to the same request just before. */
const BOUND = 4;
const FLOOD = 6;
const SAMPLES = 3;
const SVG_NS = 'http://www.w3.org/2000/svg';
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** The probe's logo: one path of 22,000 random segments (190 KB), within every limit, and a whole drawing budget of work. */
function heavyLogo(): string {
  let seed = 47;
  const next = () => Math.floor(((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 600);
  let d = 'M300 300';
  for (let i = 0; i < 22_000; i++) d += ` L${next()} ${next()}`;
  return `<svg xmlns="${SVG_NS}" width="600" height="600"><path d="${d}" fill="#234" stroke="#c33" stroke-width="3" fill-rule="evenodd"/></svg>`;
}
const PLAIN_LOGO = `<svg xmlns="${SVG_NS}" width="200" height="50"><rect width="200" height="50" fill="#e67e22"/></svg>`;

/** Milliseconds of each call of `call`, one after the other, every answer checked. */
async function durations(count: number, call: () => Promise<HttpResponse>, expected: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const answer = await call();
    times.push(performance.now() - started);
    expect(answer.status).toBe(expected);
  }
  return times;
}
/** The mean: a request held behind the flood counts however many come after it (a median would hide it). */
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** A's flood: its answers, and how many have come back so far. */
function flood(calls: (() => Promise<HttpResponse>)[]) {
  const state = { settled: 0, answers: Promise.resolve([] as HttpResponse[]) };
  state.answers = Promise.all(calls.map((call) => call().finally(() => state.settled++)));
  return state;
}

/** A's answers: each a refusal, none a 5xx; what did not fit A's queue is a 429 with Retry-After. */
function expectRefusedInBudget(answers: HttpResponse[], refusal: RegExp) {
  for (const answer of answers) expect([400, 429]).toContain(answer.status);
  for (const answer of answers.filter((a) => a.status === 400)) expect(answer.body.message).toMatch(refusal);
  const busy = answers.filter((a) => a.status === 429);
  expect(busy.length).toBeGreaterThan(0);
  for (const answer of busy) {
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answer.body.message).toMatch(/image work .*retry after \d+ s/);
  }
}

describe("one account's flood of free image work", () => {
  it("of heavy logos does not delay another account's brand profile", async () => {
    const a = await createAccount(db, { tier: 'free' });
    const b = await createAccount(db, { tier: 'free' });
    const profileOf = (apiKey: string, svg: string) => () =>
      api.http.post(
        '/v1/report-brand-profiles',
        { name: 'Studio', branding: { brand_name: 'Studio', logo_url: dataUrl(svg) } },
        { key: apiKey },
      );

    // One call first, not counted: the first drawing of a process pays for loading what every later one reuses.
    await durations(1, profileOf(b.apiKey, PLAIN_LOGO), 201);
    const before = await durations(SAMPLES, profileOf(b.apiKey, PLAIN_LOGO), 201);
    const drawn = logoRasterisations();
    const heavy = heavyLogo();
    const attack = flood(Array.from({ length: FLOOD }, () => profileOf(a.apiKey, heavy)));
    await eventually(async () => (logoRasterisations() > drawn ? true : undefined), 30_000, "A's first drawing");
    const during = await durations(SAMPLES, profileOf(b.apiKey, PLAIN_LOGO), 201);
    const floodStillRunning = attack.settled < FLOOD;

    expect(mean(during)).toBeLessThan(BOUND * mean(before));
    expect(floodStillRunning).toBe(true);
    expectRefusedInBudget(await attack.answers, /branding\.logo_url: drawing the logo took longer than its budget of 5 s/);
  });

  it("of 40-megapixel photos does not delay another account's photo or login", async () => {
    const a = await createAccount(db, { tier: 'pro' });
    const b = await createAccount(db, { tier: 'pro' });
    const customer = `free-work-${b.accountId}@example.com`;
    await createCustomerUser(db, { accountId: b.accountId, email: customer, password: 'correct horse battery' });
    const login = () => api.http.post('/v1/sessions', { email: customer, password: 'correct horse battery' });

    // The probe's photo: one colour, 6300 × 6300 (39.7 megapixels, under the 40 allowed), about 128 KB of PNG.
    const huge = await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#808080' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const photo = await sharp({ create: { width: 1000, height: 800, channels: 3, background: '#c08060' } })
      .jpeg()
      .toBuffer();
    const floodUploads = await Promise.all(
      Array.from({ length: FLOOD }, () => createAndPut(api, a.apiKey, huge, 'palm_left', 'image/png')),
    );
    const ownUploads = await Promise.all(Array.from({ length: 2 * SAMPLES + 1 }, () => createAndPut(api, b.apiKey, photo)));
    const completeNext = () => complete(api, b.apiKey, ownUploads.shift()!.uploadId);

    await durations(1, completeNext, 200); // not counted, as above
    await durations(1, login, 201);
    const photoBefore = await durations(SAMPLES, completeNext, 200);
    const loginBefore = await durations(SAMPLES, login, 201);
    const attack = flood(
      floodUploads.map(
        ({ uploadId }) =>
          () =>
            complete(api, a.apiKey, uploadId),
      ),
    );
    // A's completes are on their way; B's requests go out behind them.
    await new Promise((r) => setTimeout(r, 500));
    const photoDuring = await durations(SAMPLES, completeNext, 200);
    const loginDuring = await durations(SAMPLES, login, 201);
    const floodStillRunning = attack.settled < FLOOD;

    expect(mean(photoDuring)).toBeLessThan(BOUND * mean(photoBefore));
    expect(mean(loginDuring)).toBeLessThan(BOUND * mean(loginBefore));
    expect(floodStillRunning).toBe(true);
    const answers = await attack.answers;
    // Each of A's photos that was let in was decoded (it is within the limits), the rest refused with Retry-After.
    expect(answers.filter((x) => x.status === 200).length).toBeGreaterThan(0);
    expect(answers.filter((x) => x.status !== 200).every((x) => x.status === 429 && Number(x.headers.get('retry-after')) > 0)).toBe(true);
    expect(answers.some((x) => x.status === 429)).toBe(true);
  });
});
