import * as http from 'node:http';
import { AddressInfo, BlockList } from 'node:net';
import { addressAllowed, outboundRequest, OutboundBlockedError, OutboundLimitError, OutboundPolicy } from './outbound-http';

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
let base: string;
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
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('addressAllowed', () => {
  const none = allowlistOf();
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:10.0.0.1',
    '224.0.0.1',
  ])('refuses %s by default', (address) => expect(addressAllowed(address, none)).toBe(false));
  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])('allows public %s', (address) =>
    expect(addressAllowed(address, none)).toBe(true),
  );
  it('lets the allowlist open a private range', () => {
    expect(addressAllowed('10.1.2.3', allowlistOf('10.0.0.0/8'))).toBe(true);
  });
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
