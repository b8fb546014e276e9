import { connect, Socket } from 'node:net';
import { Database } from '@astro/database';
import { useTestDatabase } from './support/fixture';
import { createAccount, startApi, testConfig, TestApi } from './support/harness';
import { parseRawAnswer } from './support/raw-http';

/**
 * HTTP timeouts (docs/operations.md, "HTTP timeouts"). The attacker's probe held a socket open for
 * 400 s with an API key and 317 s without one by sending a body shorter than its Content-Length: an
 * unauthenticated slowloris. Here the limits are shortened so the test takes seconds; the defaults
 * (10 s for the headers, 60 s for the whole request, 72 s of keep-alive) are checked by the config test.
 */
const LIMITS = { HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '1500' };
/** How long the test waits for the server to act before it says the server never did. */
const GIVE_UP_MS = 20_000;

let db: Database;
let api: TestApi;
let apiKey: string;
useTestDatabase((connected) => (db = connected));
beforeAll(async () => {
  api = await startApi(testConfig(LIMITS));
  ({ apiKey } = await createAccount(db));
});
afterAll(() => api.close());

interface Exchange {
  answer: string;
  /** milliseconds from the first byte sent to the server closing the connection */
  closedAfterMs: number;
}

/** Sends `text` and keeps the socket open (never ends it); resolves when the server closes it, or after GIVE_UP_MS. */
function sendAndWait(text: string): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(new URL(api.http.baseUrl).port), '127.0.0.1');
    const started = Date.now();
    let answer = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedAfterMs: Infinity });
    }, GIVE_UP_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.on('error', reject);
    socket.write(text);
  });
}

function expect408(exchange: Exchange) {
  expect(exchange.closedAfterMs).toBeLessThan(GIVE_UP_MS);
  const { status, headers, body } = parseRawAnswer(exchange.answer);
  expect(status).toBe(408);
  expect(body).toEqual({ error: 'request_timeout', code: '408', message: 'request: not received in time', request_id: expect.any(String) });
  expect(headers['x-request-id']).toBe(body.request_id);
  expect(headers['x-content-type-options']).toBe('nosniff');
}

describe('a client that sends slowly is cut off with a 408 in the envelope', () => {
  it('a body shorter than its Content-Length, without a key (the probe: 317 s)', async () => {
    const body = '{"email":"someone@example.com",';
    const exchange = await sendAndWait(
      `POST /v1/sessions HTTP/1.1\r\nHost: api\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 40}\r\n\r\n${body}`,
    );
    expect408(exchange);
  });

  it('a body shorter than its Content-Length, with an API key (the probe: 400 s)', async () => {
    const body = '{"birth_datetime":"1990-06-15T14:30:00+07:00",';
    const exchange = await sendAndWait(
      `POST /v1/natal-chart HTTP/1.1\r\nHost: api\r\nAuthorization: Bearer ${apiKey}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length + 40}\r\n\r\n${body}`,
    );
    expect408(exchange);
  });

  it('headers that never end', async () => {
    expect408(await sendAndWait('GET /v1/planets HTTP/1.1\r\nHost: api\r\nX-Slow: 1\r\n'));
  });
});

describe('an idle connection', () => {
  it('is closed once the keep-alive time has passed without a new request', async () => {
    const exchange = await sendAndWait('GET /health HTTP/1.1\r\nHost: api\r\nConnection: keep-alive\r\n\r\n');
    expect(exchange.answer).toMatch(/^HTTP\/1\.1 (200|503) /);
    expect(exchange.closedAfterMs).toBeLessThan(GIVE_UP_MS);
    expect(exchange.closedAfterMs).toBeGreaterThanOrEqual(1_000);
  });
});
