import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { connectTestDatabase, createAccount, eventually, startApi, testConfig, TestApi } from './support/harness';
import { hostAndPort, startTcpProxy, TcpProxy } from './support/tcp-proxy';

const DT = '/v1/planets?dt=2024-03-20T12:00:00Z';
let db: Database;

beforeAll(async () => {
  db = await connectTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');

describe('when PostgreSQL is down', () => {
  let proxy: TcpProxy;
  let api: TestApi;

  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    api = await startApi(testConfig({ DATABASE_URL: url.toString() }));
  });
  afterAll(async () => {
    proxy.restore();
    await api.close();
    await proxy.close();
  });

  it('answers 503 with the error body, /health names the database, and nothing is charged', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    expect((await api.http.get(DT, { key: apiKey })).status).toBe(200);

    proxy.cut();
    const during = await api.http.get(DT, { key: apiKey });
    expect(during.status).toBe(503);
    expect(during.body).toEqual({
      error: 'service_unavailable',
      message: expect.stringContaining('database'),
      code: '503',
      request_id: during.headers.get('x-request-id'),
    });
    // Temporal's own check has two seconds, which a loaded test machine can miss now and then; the
    // point here is that /health tells the two apart, so it is asked until Temporal answers in time.
    const health = await eventually(
      async () => {
        const answer = await api.http.get('/health');
        return answer.body?.checks?.temporal?.status === 'up' ? answer : undefined;
      },
      20_000,
      '/health with Temporal up',
    );
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      error: 'service_unavailable',
      code: '503',
      checks: { database: { status: 'down' }, temporal: { status: 'up' } },
    });
    expect(health.body.message).toContain('database');

    proxy.restore();
    const after = await api.http.get(DT, { key: apiKey });
    expect(after.status).toBe(200);
    expect(await chargesOf(accountId)).toHaveLength(2);
    expect((await api.http.get('/health')).status).toBe(200);
  });
});

describe('when Temporal is down', () => {
  let proxy: TcpProxy;
  let api: TestApi;

  beforeAll(async () => {
    proxy = await startTcpProxy(hostAndPort(process.env.TEST_TEMPORAL_ADDRESS!));
    api = await startApi(testConfig({ TEMPORAL_ADDRESS: `127.0.0.1:${proxy.port}` }));
  });
  afterAll(async () => {
    proxy.restore();
    // Calls made during the outage may still have a gRPC retry timer pending (at most 5 s + 20 %
    // jitter); closing the channel under it throws into whichever test file runs next.
    await new Promise((r) => setTimeout(r, 6_500));
    await api.close();
    await proxy.close();
  });

  it('refuses to queue a job with a 503, charges nothing and records no job', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    proxy.cut();
    const queued = await api.http.post('/v1/pipeline-probes', { dt: '2024-01-01T00:00:00Z' }, { key: apiKey });
    expect(queued.status).toBe(503);
    expect(queued.body).toMatchObject({ error: 'service_unavailable', code: '503' });
    expect(queued.body.message).toContain('Temporal');
    expect(await chargesOf(accountId)).toHaveLength(0);
    expect(await db.query(`SELECT id FROM jobs WHERE account_id = $1`, [accountId])).toEqual([]);

    const health = await api.http.get('/health');
    expect(health.status).toBe(503);
    expect(health.body.checks).toMatchObject({ database: { status: 'up' }, temporal: { status: 'down' } });
    // Synchronous calculations do not need Temporal and keep working.
    expect((await api.http.get(DT, { key: apiKey })).status).toBe(200);

    proxy.restore();
    // The gRPC channel reconnects with backoff, so queueing works again within some seconds; every
    // 503 meanwhile charges nothing.
    const retried = await eventually(
      async () => {
        const response = await api.http.post('/v1/pipeline-probes', { dt: '2024-01-01T00:00:00Z' }, { key: apiKey });
        return response.status === 202 ? response : undefined;
      },
      60_000,
      'queueing to work again',
    );
    expect(retried.body.status).toBe('queued');
    expect(await chargesOf(accountId)).toHaveLength(2);
  });
});
