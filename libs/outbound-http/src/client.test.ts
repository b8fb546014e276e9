import * as http from 'node:http';
import { AddressInfo, BlockList } from 'node:net';
import { outboundRequest, OutboundBlockedError, OutboundLimitError, OutboundPolicy } from './client';

/** An allowlist as `loadConfig` parses OUTBOUND_ALLOWLIST (libs/config): here IPv4 ranges only. */
function allowlistOf(...ranges: string[]): BlockList {
  const list = new BlockList();
  for (const range of ranges) {
    const [address, prefix] = range.split('/');
    list.addSubnet(address, Number(prefix), 'ipv4');
  }
  return list;
}

let server: http.Server;
let other: http.Server;
let base: string;
let port: number;
const loopbackAllowed = (extra: Partial<OutboundPolicy> = {}): OutboundPolicy => ({
  allowlist: allowlistOf('127.0.0.1/32'),
  requireHttps: false,
  timeoutMs: 1_000,
  maxBytes: 1_000_000,
  maxRedirects: 3,
  ...extra,
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/ok') return res.end('hello');
    if (req.url === '/big') return res.end(Buffer.alloc(2_000_000, 1));
    if (req.url === '/slow') return setTimeout(() => res.end('late'), 3_000).unref();
    if (req.url === '/to-other-loopback')
      return res.writeHead(302, { Location: `http://127.0.0.2:${(server.address() as AddressInfo).port}/ok` }).end();
    if (req.url === '/to-metadata') return res.writeHead(301, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/to-ok') return res.writeHead(302, { Location: '/ok' }).end();
    if (req.url === '/to-ok-by-shorthand') return res.writeHead(302, { Location: `http://127.1:${port}/ok` }).end();
    if (req.url === '/to-other-port')
      return res.writeHead(307, { Location: `http://127.0.0.1:${(other.address() as AddressInfo).port}/secret` }).end();
    res.writeHead(404).end();
  });
  // Another service on the allowlisted host, which no customer named.
  other = http.createServer((_req, res) => res.end('internal'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
  await new Promise<void>((r) => other.close(() => r()));
});

describe('outboundRequest', () => {
  it('refuses loopback without an allowlist, by name and by address', async () => {
    const policy = loopbackAllowed({ allowlist: allowlistOf() });
    await expect(outboundRequest(`${base}/ok`, {}, policy)).rejects.toBeInstanceOf(OutboundBlockedError);
    const port = (server.address() as AddressInfo).port;
    await expect(outboundRequest(`http://localhost:${port}/ok`, {}, policy)).rejects.toBeInstanceOf(OutboundBlockedError);
  });

  it('fetches an allowlisted address and follows a safe redirect', async () => {
    expect((await outboundRequest(`${base}/ok`, {}, loopbackAllowed())).body.toString()).toBe('hello');
    expect((await outboundRequest(`${base}/to-ok`, {}, loopbackAllowed())).body.toString()).toBe('hello');
  });

  it('judges an address literal in its canonical form: every spelling of loopback is loopback', async () => {
    const spellings = ['127.1', '0x7f000001', '2130706433', '[::ffff:127.0.0.1]', '[::7f00:1]', '[::127.0.0.1]', '[::ffff:0:127.0.0.1]'];
    const closed = loopbackAllowed({ allowlist: allowlistOf() });
    for (const host of spellings)
      await expect(outboundRequest(`http://${host}:${port}/ok`, {}, closed)).rejects.toThrow(/is a private or reserved address/);
    // Allowlisted, each reaches the address it spells (the socket connects to the canonical form).
    for (const host of spellings)
      expect((await outboundRequest(`http://${host}:${port}/ok`, {}, loopbackAllowed())).body.toString()).toBe('hello');
  });

  it('checks a redirect to another port of an allowlisted host as a new destination, which must be public', async () => {
    await expect(outboundRequest(`${base}/to-other-port`, {}, loopbackAllowed())).rejects.toThrow(
      /127\.0\.0\.1 is a private or reserved address/,
    );
    // The same origin, in another spelling, is still the destination the customer named.
    expect((await outboundRequest(`${base}/to-ok-by-shorthand`, {}, loopbackAllowed())).body.toString()).toBe('hello');
  });

  it('follows no redirect at maxRedirects 0: the 3xx comes back to the caller', async () => {
    const response = await outboundRequest(`${base}/to-other-port`, {}, loopbackAllowed({ maxRedirects: 0 }));
    expect(response.status).toBe(307);
  });

  it('refuses redirects to addresses outside the allowlist', async () => {
    await expect(outboundRequest(`${base}/to-other-loopback`, {}, loopbackAllowed())).rejects.toBeInstanceOf(OutboundBlockedError);
    await expect(outboundRequest(`${base}/to-metadata`, {}, loopbackAllowed())).rejects.toBeInstanceOf(OutboundBlockedError);
  });

  it('enforces size and time limits', async () => {
    await expect(outboundRequest(`${base}/big`, {}, loopbackAllowed())).rejects.toBeInstanceOf(OutboundLimitError);
    await expect(outboundRequest(`${base}/slow`, {}, loopbackAllowed({ timeoutMs: 200 }))).rejects.toBeInstanceOf(OutboundLimitError);
  });

  it('refuses other schemes, and plain http when https is required', async () => {
    await expect(outboundRequest('file:///etc/passwd', {}, loopbackAllowed())).rejects.toThrow(/scheme file:/);
    await expect(outboundRequest('ftp://example.com/x', {}, loopbackAllowed())).rejects.toThrow(/scheme ftp:/);
    await expect(outboundRequest(`${base}/ok`, {}, loopbackAllowed({ requireHttps: true }))).rejects.toThrow(/https: only/);
    await expect(outboundRequest('not a url', {}, loopbackAllowed())).rejects.toThrow(/not a URL/);
  });
});
