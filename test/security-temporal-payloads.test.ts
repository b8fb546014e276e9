import { Client, Connection } from '@temporalio/client';
import { payloadCodec } from '@astro/codec';
import { createCodecServer } from '../apps/codec-server/src/codec-server';
import { Database } from '@astro/database';
import { createAccount, eventually, startApi, startWorker, testConfig } from './support/harness';
import { useTestDatabase } from './support/fixture';
import { rawHistoryText } from './support/raw-history';

let db: Database;
useTestDatabase((connected) => (db = connected));

describe('birth data in Temporal', () => {
  it('is encrypted in the workflow history: a raw read of the history finds no birth date, name or place', async () => {
    const config = testConfig();
    const api = await startApi(config);
    const worker = await startWorker(config, db);
    try {
      const { apiKey } = await createAccount(db, { credits: 100 });
      const birth = { date: '1987-11-02', time: '06:41', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };
      const queued = await api.http.post(
        '/api/v3/reports/solar-return/pdf',
        { birth_subject: birth, target_year: 2026, name: 'Kanokwan Thongdee' },
        { key: apiKey },
      );
      expect(queued.status).toBe(202);
      await eventually(
        async () => {
          const response = await api.http.get(`/api/v3/jobs/${queued.body.job_id}`, { key: apiKey });
          return ['succeeded', 'failed'].includes(response.body.status) ? response.body : undefined;
        },
        90_000,
        'the report',
      );
      // A client without the codec sees what the server stores and what the Web UI would show.
      const connection = await Connection.connect({ address: config.temporal.address });
      const history = await new Client({ connection }).workflow.getHandle(queued.body.job_id).fetchHistory();
      await connection.close();
      // Every byte field of the history (payload data and metadata), decoded, plus the JSON around them.
      const raw = rawHistoryText(history);
      expect(raw).toContain('binary/encrypted');
      for (const secret of ['1987-11-02', '06:41', 'Kanokwan', '13.7563', '100.5018'])
        expect(raw.includes(secret) ? secret : 'absent').toBe('absent');
      // Search attributes stay free of personal data: account, kind and stage only.
      const described = await (
        await Connection.connect({ address: config.temporal.address })
      ).workflowService.describeWorkflowExecution({
        namespace: 'default',
        execution: { workflowId: queued.body.job_id },
      });
      // Search attributes are never encoded: they name the account, the kind, the stage, the request,
      // the operation and the price only. No memo: it would be encoded like any payload.
      const attributes = Object.keys(described.workflowExecutionInfo?.searchAttributes?.indexedFields ?? {});
      expect(attributes.filter((a) => a.startsWith('Astro')).sort()).toEqual([
        'AstroAccountId',
        'AstroJobKind',
        'AstroJobStage',
        'AstroOperation',
        'AstroPriceCredits',
        'AstroRequestId',
      ]);
      expect(described.workflowExecutionInfo?.memo?.fields ?? {}).toEqual({});
    } finally {
      await worker.stop();
      await api.close();
    }
  });
});

describe('the codec server of the Temporal Web UI', () => {
  it('decodes an encrypted payload for the Web UI page and for an operator with the token, and refuses anyone else', async () => {
    const config = testConfig();
    const codec = payloadCodec(config);
    const server = createCodecServer({ codec, allowedOrigins: ['http://127.0.0.1:8233'], token: 'operator-token' });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
    try {
      const [encrypted] = await codec.encode([
        { metadata: { encoding: Buffer.from('json/plain') }, data: Buffer.from('{"date":"1987-11-02"}') },
      ]);
      const body = JSON.stringify({
        payloads: [
          {
            metadata: Object.fromEntries(Object.entries(encrypted.metadata!).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
            data: Buffer.from(encrypted.data!).toString('base64'),
          },
        ],
      });
      const refused = await fetch(`${url}/decode`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      expect(refused.status).toBe(401);
      // Another origin (a web site open in the operator's browser) gets neither a payload nor CORS headers, token or not.
      for (const headers of [{}, { Authorization: 'Bearer operator-token' }] as Record<string, string>[]) {
        const foreign = await fetch(`${url}/decode`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:8234', ...headers },
          body,
        });
        expect(foreign.status).toBe(403);
        expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      }
      const preflight = await fetch(`${url}/decode`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'http://127.0.0.1:8233',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type,x-namespace',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type, X-Namespace/);
      const fromUi = await fetch(`${url}/decode`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:8233' },
        body,
      });
      expect(fromUi.status).toBe(200);
      expect(fromUi.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:8233');
      const decoded = await fetch(`${url}/decode`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer operator-token' },
        body,
      });
      const [payload] = ((await decoded.json()) as { payloads: { data: string }[] }).payloads;
      expect(Buffer.from(payload.data, 'base64').toString()).toBe('{"date":"1987-11-02"}');
    } finally {
      await server.close();
    }
  });
});
