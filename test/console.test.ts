import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { Browser, chromium, Page } from 'playwright-core';
import { CHROMIUM_PATH } from '@astro/rendering';
import { TestPlatform, useTestPlatform } from './support/fixture';
import { eventually, TestApi } from './support/harness';

// The console walked in a real Chromium against the real platform (API, PostgreSQL, Temporal, the
// worker and a webhook receiver): every page, in English and in Thai, with axe-core on each.

let platform: TestPlatform;
let api: TestApi;
let browser: Browser;
let logoFile: string;
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const HOSTILE = `<img src=x onerror="alert(1)">"'&<script>alert(2)</script>`;
const PASSWORD = 'correct horse battery';
const birth = { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };

useTestPlatform((p) => ((platform = p), (api = p.api)), { worker: true, receiver: true });

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  logoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'console-logo-')), 'logo.png');
  await sharp({ create: { width: 400, height: 120, channels: 3, background: '#1a7f5a' } })
    .png()
    .toFile(logoFile);
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** A browser page that records every console error, uncaught error, CSP violation and dialog (a script that ran). */
async function watchedPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ acceptDownloads: true, baseURL: api.http.baseUrl });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  // The browser reports each policy violation as an event; it is turned into a console error, which the watch above records.
  await page.addInitScript(
    "document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));",
  );
  return { page, problems };
}

/** axe-core on the page as it is: no serious or critical violation. (Evaluated through the DevTools protocol, which the page's CSP does not govern.) */
async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => v.id + ' (' + v.impact + ') at ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`)) as string[];
  expect({ url: page.url(), violations }).toEqual({ url: page.url(), violations: [] });
}

/** The page's own words must be in its language: Thai pages carry Thai headings and `lang="th"`. */
async function expectLanguage(page: Page, locale: 'en' | 'th'): Promise<void> {
  expect(await page.getAttribute('html', 'lang')).toBe(locale);
  const heading = await page.textContent('h1');
  expect(/[\u0E00-\u0E7F]/.test(heading ?? '')).toBe(locale === 'th');
}

async function reloadUntil(page: Page, selector: string, timeoutMs = 120_000): Promise<void> {
  await eventually(
    async () => {
      await page.reload();
      return (await page.locator(selector).count()) > 0 ? true : undefined;
    },
    timeoutMs,
    selector,
  );
}

const WORDS = {
  en: {
    signIn: 'Sign in',
    create: 'Create the key',
    revoke: 'Revoke',
    createProfile: 'Create the profile',
    addHook: 'Add the webhook',
    retry: 'Retry',
    pause: 'Pause',
    resume: 'Resume',
    revoked: 'The key was revoked',
    retried: 'queued again',
  },
  th: {
    signIn: 'เข้าสู่ระบบ',
    create: 'สร้างคีย์',
    revoke: 'ยกเลิก',
    createProfile: 'สร้างโปรไฟล์',
    addHook: 'เพิ่มเว็บฮุก',
    retry: 'ส่งอีกครั้ง',
    pause: 'หยุดชั่วคราว',
    resume: 'ส่งต่อ',
    revoked: 'ยกเลิกคีย์แล้ว',
    retried: 'นำการส่งเข้าคิวอีกครั้งแล้ว',
  },
} as const;

describe.each(['en', 'th'] as const)('the console in %s', (locale) => {
  it('signs in, manages keys, brands, jobs and webhooks, and every page is accessible, clean and hostile-proof', async () => {
    const words = WORDS[locale];
    const customer = await platform.customer({ credits: 500, password: PASSWORD });
    const { page, problems } = await watchedPage();

    // Sign-in (the language chosen on the sign-in page itself), then the overview.
    await page.goto('/console');
    expect(new URL(page.url()).pathname).toBe('/console/sign-in');
    if (locale === 'th') await page.click('a.language');
    await expectLanguage(page, locale);
    await expectAccessible(page);
    await page.fill('#email', customer.email);
    await page.fill('#password', PASSWORD);
    await page.click(`button:has-text("${words.signIn}")`);
    await page.waitForURL('**/console/overview').catch(async (err: Error) => {
      throw new Error(`${err.message}\nthe page says: ${await page.textContent('main')}`);
    });
    await expectLanguage(page, locale);
    // The session lives in an HttpOnly cookie, never in script-readable storage.
    expect(await page.evaluate('[document.cookie, localStorage.length, sessionStorage.length]')).toEqual(['', 0, 0]);
    await expectAccessible(page);

    // API keys: create (shown once), use it, revoke it, and it is refused.
    await page.click('nav a[href="/console/keys"]');
    await expectAccessible(page);
    await page.fill('#label', HOSTILE);
    await page.click(`button:has-text("${words.create}")`);
    const key = (await page.textContent('#new-key'))!.trim();
    expect(key).toMatch(/^ak_live_/);
    // The copy button is shown by the console's script once the page has loaded: wait for it (it fails if it never appears).
    await page.waitForSelector('button.copy', { state: 'visible', timeout: 10_000 });
    expect((await api.http.get('/v1/account', { key })).status).toBe(200);
    await expectAccessible(page);
    await page.locator('tr', { hasText: HOSTILE }).locator('button.danger', { hasText: words.revoke }).click();
    await page.waitForSelector(`text=${words.revoked}`);
    expect((await api.http.get('/v1/account', { key })).status).toBe(401);
    await expect(page.locator('td', { hasText: HOSTILE }).first()).toBeTruthy();

    // Brand profile with an uploaded logo; the cover preview shows the logo as the renderer draws it.
    await page.click('nav a[href="/console/brands"]');
    await page.click('a[href="/console/brands/new"]');
    await expectAccessible(page);
    await page.fill('#name', `Lotus ${HOSTILE}`);
    await page.fill('#brand_name', HOSTILE.slice(0, 60));
    await page.fill('#contact_email', 'desk@lotus.example');
    await page.setInputFiles('#logo', logoFile);
    await page.click(`button:has-text("${words.createProfile}")`);
    await page.waitForURL(/\/console\/brands\/brand_[a-f0-9]{24}/);
    const brandId = /brand_[a-f0-9]{24}/.exec(page.url())![0];
    expect(await page.inputValue('#brand_name')).toBe(HOSTILE.slice(0, 60));
    const cover = page.frameLocator('#cover-preview');
    await expect(cover.locator('img.cover-logo').getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    expect(await cover.locator('img.cover-logo').getAttribute('alt')).toBe(HOSTILE.slice(0, 60));
    expect(await cover.locator('html').getAttribute('lang')).toBe(locale);
    await expectAccessible(page);
    await page.click('nav a[href="/console/brands"]');
    expect(await page.locator('td', { hasText: HOSTILE.slice(0, 60) }).count()).toBeGreaterThan(0);
    await expectAccessible(page);

    // A webhook whose receiver fails three times, so its delivery is exhausted and can be retried by hand.
    const hookPath = `/hook-${locale}-${customer.accountId}`;
    const hookUrl = platform.receiver.script(hookPath, [500, 500, 500]);
    await page.click('nav a[href="/console/webhooks"]');
    await expectAccessible(page);
    await page.click('details summary');
    await page.fill('#url', hookUrl);
    await page.fill('#description', HOSTILE);
    await page.click(`button:has-text("${words.addHook}")`);
    expect((await page.textContent('#new-secret'))!.trim()).toMatch(/^whsec_/);
    await expectAccessible(page);

    // A report queued through the API, watched until it finishes in the jobs list, then downloaded.
    const queued = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { birth_subject: birth, target_year: 2026, name: HOSTILE.slice(0, 100), locale, brand_profile_id: brandId },
      { key: customer.apiKey },
    );
    expect(queued.status).toBe(202);
    const jobId = queued.body.job_id as string;
    await page.click('nav a[href="/console/jobs"]');
    await expectAccessible(page);
    await reloadUntil(page, `tr:has(a[href="/console/jobs/${jobId}"]) .badge.succeeded`);
    await page.selectOption('#status', 'succeeded');
    await page.click('form.filters button[type="submit"]');
    expect(await page.locator(`a[href="/console/jobs/${jobId}"]`).count()).toBe(1);
    await page.click(`a[href="/console/jobs/${jobId}"]`);
    await expectAccessible(page);
    expect(await page.locator('.timeline li').count()).toBeGreaterThanOrEqual(3);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('.artifacts a:has-text("pdf")')]);
    expect(
      fs
        .readFileSync((await download.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Its webhook attempts: exhausted after three 500s, then retried by hand, and the receiver gets it.
    await reloadUntil(page, '.badge.exhausted');
    await expectAccessible(page);
    const before = platform.receiver.at(hookPath).length;
    await page.click(`button:has-text("${words.retry}")`);
    await page.waitForSelector(`text=${words.retried}`);
    await eventually(async () => (platform.receiver.at(hookPath).length > before ? true : undefined), 60_000, 'the retried delivery');

    // Overview with the usage chart, the recent job and the failing webhook; webhooks paused and resumed; economics.
    await page.click('nav a[href="/console/overview"]');
    expect(await page.locator('svg.chart rect.bar').count()).toBe(30);
    // The job among the recent jobs, and again beside each failed attempt of its webhook (answered 500).
    expect(await page.locator(`a[href="/console/jobs/${jobId}"]`).count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('#failing-title ~ table td.num', { hasText: '500' }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    await page.click('nav a[href="/console/webhooks"]');
    await page.click(`button:has-text("${words.pause}")`);
    await page.click(`button:has-text("${words.resume}")`);
    expect(await page.locator('td.url', { hasText: hookUrl }).count()).toBe(1);
    await expectAccessible(page);
    await page.click('nav a[href="/console/economics"]');
    await expectLanguage(page, locale);
    await expectAccessible(page);

    // No script of a tenant ran, no image of one was requested, and no page broke its policy.
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 300_000);
});

describe('the console refuses what a cross-site page or a stranger sends', () => {
  it('answers a form without its token or from another origin with 403, and pages without a session with the sign-in page', async () => {
    const customer = await platform.customer({ credits: 10, password: PASSWORD });
    const login = await fetch(`${api.http.baseUrl}/console/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: api.http.baseUrl },
      body: new URLSearchParams({ email: customer.email, password: PASSWORD }),
    });
    expect(login.status).toBe(303);
    const cookie = login.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const session = cookie.split(';')[0];
    const page = await fetch(`${api.http.baseUrl}/console/keys`, { headers: { cookie: session } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
    expect(page.headers.get('content-security-policy')).not.toMatch(/unsafe-inline/);
    const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())![1];

    const post = (origin: string, token?: string) =>
      fetch(`${api.http.baseUrl}/console/keys`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: session, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ label: 'from elsewhere', ...(token ? { csrf: token } : {}) }),
      });
    expect((await post('https://evil.example', csrf)).status).toBe(403);
    expect((await post(api.http.baseUrl)).status).toBe(403);
    expect((await post(api.http.baseUrl, 'x'.repeat(43))).status).toBe(403);
    const keys = await api.http.get('/v1/api-keys', { headers: { Authorization: `Bearer ${customer.session}` } });
    expect(keys.body.keys.map((k: { label: string }) => k.label)).not.toContain('from elsewhere');
    expect((await post(api.http.baseUrl, csrf)).status).toBe(200);

    const stranger = await fetch(`${api.http.baseUrl}/console/overview`, { redirect: 'manual' });
    expect(stranger.status).toBe(303);
    expect(stranger.headers.get('location')).toBe('/console/sign-in');
    const forged = await fetch(`${api.http.baseUrl}/console/overview`, {
      redirect: 'manual',
      headers: { cookie: 'astro_console_session=ses_forged' },
    });
    expect(forged.headers.get('location')).toBe('/console/sign-in');
  });
});

describe('GET /v1/report-brand-profiles/{id}/cover-preview', () => {
  it("draws the cover with the profile's branding in the report shell, tenant text encoded, under the report policy", async () => {
    const customer = await platform.customer({ credits: 10, password: PASSWORD });
    const profile = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'Lotus', branding: { brand_name: HOSTILE.slice(0, 60), primary_color: '#1a7f5a', contact_email: 'desk@lotus.example' } },
      { key: customer.apiKey },
    );
    expect(profile.status).toBe(201);
    const cover = await api.http.get(`/v1/report-brand-profiles/${profile.body.id}/cover-preview?locale=th`, { key: customer.apiKey });
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/^text\/html/);
    expect(cover.headers.get('content-security-policy')).toMatch(/default-src 'none'.*sandbox/);
    expect(cover.text).toContain('<html lang="th">');
    expect(cover.text).toContain('class="cover"');
    expect(cover.text).toContain('#1a7f5a');
    expect(cover.text).toContain('desk@lotus.example');
    expect(cover.text).not.toContain('<img src=x');
    expect(cover.text).toContain('&lt;img src=x');
    const other = await platform.customer({ credits: 10, password: PASSWORD });
    expect((await api.http.get(`/v1/report-brand-profiles/${profile.body.id}/cover-preview`, { key: other.apiKey })).status).toBe(404);
    expect(
      (await api.http.get(`/v1/report-brand-profiles/${profile.body.id}/cover-preview?locale=fr`, { key: customer.apiKey })).status,
    ).toBe(400);
  });
});
