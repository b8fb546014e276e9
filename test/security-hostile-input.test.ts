import { connect } from 'node:net';
import { Database } from '@astro/database';
import { issueOperatorKey } from '@astro/accounts';
import { findAccount } from '@astro/ledger';
import { createAccount, HttpResponse, startApi, TestApi } from './support/harness';
import { openApiContract, OpenApiOperation } from './support/openapi-contract';
import { parseRawAnswer } from './support/raw-http';
import { createCustomer, useTestDatabase } from './support/fixture';

let db: Database;
useTestDatabase((connected) => (db = connected));

// One API for the three groups: none of them changes its configuration.
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api.close();
});

// Forged list cursors: every list that pages with `cursor` parses and checks it before any query.
describe('forged list cursors are 400s naming cursor, on every list', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const FORGED = [
    'MjAyNC0wMi0zMHx4', // "2024-02-30|x"
    b64('2024-02-30T00:00:00Z|cip_0123456789abcdef01234567'),
    b64('2024-02-29T24:00:00Z|brand_0123456789abcdef01234567'),
    b64('0000-01-01T00:00:00Z|cip_0123456789abcdef01234567'),
    b64('99999999999999999999'),
    b64('-1'),
    b64("1' OR '1'='1"),
    'bm90IGEgY3Vyc29y=',
  ];

  it('GET /v1/report-brand-profiles?cursor=MjAyNC0wMi0zMHx4 is a 400 naming cursor', async () => {
    const { apiKey } = await createAccount(db);
    const response = await api.http.get('/v1/report-brand-profiles?cursor=MjAyNC0wMi0zMHx4', { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'bad_request',
      message: expect.stringContaining('cursor'),
      request_id: expect.any(String),
    });
  });

  it('the Cultural Intelligence profile list with a cursor of 2024-02-30T00:00:00Z is a 400 naming cursor', async () => {
    const { apiKey } = await createAccount(db, { tier: 'enterprise', credits: 0 });
    const org = await api.http.post(
      '/v1/cultural-intelligence/orgs',
      { name: 'People team', default_locale: 'en', audience: 'manager' },
      { key: apiKey },
    );
    expect(org.status).toBe(201);
    const cursor = b64('2024-02-30T00:00:00Z|cip_0123456789abcdef01234567');
    const response = await api.http.get(`/v1/cultural-intelligence/orgs/${org.body.org_id}/profiles?cursor=${cursor}`, { key: apiKey });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/cursor: must be the next_cursor/);
  });

  it('every operation of the document with a cursor parameter refuses every forged cursor with a 400 naming it', async () => {
    const { apiKey, session } = await createCustomer(db, api, { tier: 'enterprise', credits: 0 });
    const org = await api.http.post(
      '/v1/cultural-intelligence/orgs',
      { name: 'People team', default_locale: 'en', audience: 'manager' },
      { key: apiKey },
    );
    const lists = openApiContract().operations.filter(
      (o) => o.method === 'GET' && (o.parameters ?? []).some((p) => p.in === 'query' && p.name === 'cursor'),
    );
    expect(lists.length).toBeGreaterThanOrEqual(5);
    const failures: string[] = [];
    for (const operation of lists) {
      const path = operation.path.replace(/\{[^}]+\}/g, () => org.body.org_id);
      for (const cursor of FORGED) {
        const takesApiKey = operation.security.some((s) => 'apiKey' in s);
        const response = await api.http.get(`${path}?cursor=${encodeURIComponent(cursor)}`, { key: takesApiKey ? apiKey : session });
        if (response.status !== 400 || !/cursor/.test(String(response.body.message))) {
          failures.push(`${operation.operationId} ${cursor} → ${response.status} ${response.text.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});

// Malformed HTTP is answered in the envelope; impossible calendar dates are refused everywhere.
describe('a body that does not match its Content-Length is answered in the error envelope', () => {
  /** Writes `text` to the API over a bare socket, half-closes it after the write, and answers what came back. */
  function rawExchange(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(Number(new URL(api.http.baseUrl).port), '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      socket.end(text);
    });
  }

  it.each([
    ['shorter than the body', -5, '/v1/sessions'],
    ['longer than the body', 5, '/v1/sessions'],
    ['longer than the body, on a direct (Fastify-only) route', 5, '/v1/natal-chart'],
  ])('Content-Length %s: 400 with error, message, code and request_id, and our headers', async (_what, delta, path) => {
    const body = '{"email":"someone@example.com","password":"not the password"}';
    const answer = await rawExchange(
      `POST ${path} HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: ${body.length + delta}\r\n\r\n${body}`,
    );
    const { status, headers, body: envelope } = parseRawAnswer(answer);
    expect(status).toBe(400);
    expect(envelope).toEqual({
      error: 'bad_request',
      code: '400',
      message: expect.stringMatching(/^request: /),
      request_id: expect.any(String),
    });
    expect(headers['x-request-id']).toBe(envelope.request_id);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('every calendar date in every schema is a real date', () => {
  type Json = unknown;
  const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;
  /** The same value on 30 February of its year: a day that does not exist. */
  const onFebruary30 = (value: string) => value.replace(/^(\d{4})-\d{2}-\d{2}/, '$1-02-30');

  /** Paths (keys and indexes) of every string in `value` that starts with a date. */
  function datePaths(value: Json, path: (string | number)[] = []): (string | number)[][] {
    if (typeof value === 'string') return DATE_LIKE.test(value) ? [path] : [];
    if (Array.isArray(value)) return value.flatMap((item, i) => datePaths(item, [...path, i]));
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => datePaths(v, [...path, k]));
    return [];
  }

  function replaced(value: Json, path: (string | number)[]): Json {
    if (path.length === 0) return onFebruary30(value as string);
    const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, Json>;
    copy[path[0]] = replaced(copy[path[0]], path.slice(1));
    return copy;
  }

  /** A value for a query parameter: its documented example, or a date of the format its schema names. */
  function queryExample(parameter: { example?: unknown; schema?: Record<string, unknown> }): string | undefined {
    if (parameter.example !== undefined) return String(parameter.example);
    if (parameter.schema?.format === 'date-time') return '2024-03-20T12:00:00Z';
    if (parameter.schema?.format === 'date') return '2024-03-20';
    if (String(parameter.schema?.pattern ?? '').startsWith('^\\d{4}-\\d{2}-\\d{2}')) return '2024-03-20';
    return undefined;
  }

  it('a 02-30 in any date field of any documented request is a 400 naming the field, and nothing is charged', async () => {
    const customer = await createCustomer(db, api, { tier: 'enterprise', credits: 1_000 });
    const operator = await issueOperatorKey(db, 'calendar date walk');
    const org = await api.http.post(
      '/v1/cultural-intelligence/orgs',
      { name: 'People team', default_locale: 'en', audience: 'manager' },
      { key: customer.apiKey },
    );
    const credential = (operation: OpenApiOperation) => {
      const kinds = operation.security.flatMap((s) => Object.keys(s));
      if (kinds.includes('apiKey')) return customer.apiKey;
      if (kinds.includes('sessionBearer')) return customer.session;
      return kinds.includes('operatorKey') ? operator.key : undefined;
    };
    const tried: string[] = [];
    const failures: string[] = [];
    for (const operation of openApiContract().operations) {
      if (
        operation.method === 'DELETE' ||
        ['putVisualUpload', 'downloadPdfArtifact', 'downloadHtmlArtifact', 'downloadJsonArtifact'].includes(operation.operationId)
      )
        continue;
      const parameters = (operation.parameters ?? []) as {
        name: string;
        in: string;
        required?: boolean;
        example?: unknown;
        schema?: Record<string, unknown>;
      }[];
      const path = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
        const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
        return encodeURIComponent(name === 'org_id' ? org.body.org_id : String(parameter?.example ?? parameter?.schema?.example ?? 'x'));
      });
      const query: Record<string, string> = {};
      for (const parameter of parameters.filter((p) => p.in === 'query')) {
        const example = queryExample(parameter);
        if (example !== undefined && (parameter.required || DATE_LIKE.test(example))) query[parameter.name] = example;
      }
      const content = (operation.requestBody?.content['application/json'] ?? {}) as {
        example?: Json;
        examples?: Record<string, { value?: Json }>;
      };
      const body = content.example ?? Object.values(content.examples ?? {})[0]?.value;
      const send = (q: Record<string, string>, b: Json) =>
        api.http.request(operation.method, `${path}${Object.keys(q).length ? `?${new URLSearchParams(q)}` : ''}`, {
          key: credential(operation),
          json: b,
        });
      const cases: [string, () => Promise<HttpResponse>][] = [
        ...Object.keys(query)
          .filter((name) => DATE_LIKE.test(query[name]))
          .map((name): [string, () => Promise<HttpResponse>] => [name, () => send({ ...query, [name]: onFebruary30(query[name]) }, body)]),
        ...datePaths(body).map((at): [string, () => Promise<HttpResponse>] => [at.join('.'), () => send(query, replaced(body, at))]),
      ];
      for (const [field, request] of cases) {
        const what = `${operation.operationId} ${field}`;
        tried.push(what);
        const response = await request();
        const named = String(
          field
            .split('.')
            .filter((p) => !/^\d+$/.test(p))
            .pop(),
        );
        if (response.status !== 400 || !String(response.body?.message).includes(named)) {
          failures.push(`${what} → ${response.status} ${response.text.slice(0, 200)}`);
        }
      }
    }
    // The operator's reconciliation report is not in the customers' document: its two bounds by hand.
    for (const [field, query] of [
      ['from', 'from=2026-02-30&to=2026-03-01'],
      ['to', 'from=2026-02-01&to=2026-02-30T00:00:00Z'],
    ]) {
      tried.push(`getFinanceReconciliation ${field}`);
      const response = await api.http.get(`/v1/admin/finance/reconciliation?${query}`, { key: operator.key });
      if (response.status !== 400 || !String(response.body?.message).includes(field)) {
        failures.push(`getFinanceReconciliation ${field} → ${response.status} ${response.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(tried).toEqual(
      expect.arrayContaining(['createCiCampaignContent from', 'createCiCampaignContent to', 'getVisualReadingEconomics from']),
    );
    expect(tried.length).toBeGreaterThan(50);
    // Nothing was charged: no credit and no Cultural Intelligence unit.
    expect(Number((await findAccount(db, customer.accountId))!.balance)).toBe(1_000);
    const [units] = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM events WHERE stream_id = $1 AND event_type = 'CiUnitsCharged'`,
      [`org:${org.body.org_id}`],
    );
    expect(Number(units.n)).toBe(0);
  });
});
