import { loadConfig } from './config';
import { parseAllowlist } from './outbound-allowlist';
import { parseTrustProxy } from './trust-proxy';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './retry-schedule';

describe('WEBHOOK_RETRY_SCHEDULE', () => {
  it('defaults to immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(parseRetrySchedule(undefined)).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(DEFAULT_RETRY_SCHEDULE).toBe('0,5,300,1800,7200,18000,36000,36000');
  });

  it('parses seconds and refuses anything else with the variable named', () => {
    expect(parseRetrySchedule('0, 1,2.5')).toEqual([0, 1, 2.5]);
    for (const bad of ['0,,1', 'soon', '-1', '0,99999999']) expect(() => parseRetrySchedule(bad)).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });
});

describe('secrets', () => {
  it('refuses to start in production without a configured secret, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ARTIFACT_URL_SECRET is not set/);
  });
});

describe('OUTBOUND_ALLOWLIST', () => {
  it('parses CIDR ranges, a bare address as one host, IPv4 and IPv6', () => {
    const list = parseAllowlist(' 10.0.0.0/8, 192.168.1.5 ,fd00::/8');
    expect(list.check('10.200.1.1', 'ipv4')).toBe(true);
    expect(list.check('192.168.1.5', 'ipv4')).toBe(true);
    expect(list.check('192.168.1.6', 'ipv4')).toBe(false);
    expect(list.check('fd12::1', 'ipv6')).toBe(true);
    expect(parseAllowlist(undefined).check('10.0.0.1', 'ipv4')).toBe(false);
  });

  it('refuses what is not a CIDR range, naming the variable', () => {
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/x', '::/129'])
      expect(() => parseAllowlist(bad)).toThrow(/OUTBOUND_ALLOWLIST: .* is not a CIDR range/);
  });

  it('refuses an IPv6 range that carries IPv4 addresses (the outbound client judges those as IPv4)', () => {
    for (const bad of ['::ffff:127.0.0.1', '::ffff:10.0.0.0/104', '::7f00:1/128', '::ffff:0:127.0.0.1/128'])
      expect(() => parseAllowlist(bad)).toThrow(/carries an IPv4 address; write the IPv4 range instead/);
    expect(parseAllowlist('::1').check('::1', 'ipv6')).toBe(true);
  });
});

describe('TRUST_PROXY', () => {
  it('parses addresses and CIDR ranges of the proxies, a bare address as one host; empty trusts none', () => {
    expect(parseTrustProxy(' 127.0.0.1, 10.0.0.0/8 ,fd00::/8,::1')).toEqual(['127.0.0.1/32', '10.0.0.0/8', 'fd00::/8', '::1/128']);
    expect(parseTrustProxy(undefined)).toEqual([]);
    expect(parseTrustProxy('')).toEqual([]);
  });

  it('refuses what is not an address or CIDR range, naming the variable', () => {
    for (const bad of ['10.0.0.0/33', 'loopback', '10.0.0.0/x', '::/129', '10.0.0.0/8/1', '10.0.0.0/ 8', '*'])
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY: .* is not an IP address or CIDR range/);
  });
});

describe('PUBLIC_BASE_URL', () => {
  it('defaults to the local API on PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '3100' }).publicBaseUrl).toBe('http://127.0.0.1:3100');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://api.example.com/astro/' }).publicBaseUrl).toBe('https://api.example.com/astro');
  });

  it('refuses what is not an absolute http(s) URL without query, fragment or credentials, naming the variable', () => {
    for (const bad of ['api.example.com', 'ftp://api.example.com', 'https://api.example.com/?a=1', 'https://u:p@api.example.com']) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: bad })).toThrow(/PUBLIC_BASE_URL/);
    }
  });
});

describe('HTTP timeouts and the artifacts group', () => {
  it('waits 10 s for headers, 60 s for a whole request and 72 s on an idle connection unless told otherwise', () => {
    expect(loadConfig({}).httpTimeouts).toEqual({ headersMs: 10_000, requestMs: 60_000, keepAliveMs: 72_000 });
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '30000' }).httpTimeouts.requestMs).toBe(30_000);
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });

  it('reads ARTIFACTS_GROUP as a group id or a group name of /etc/group, and refuses an unknown name', () => {
    expect(loadConfig({}).artifactStore).toEqual({ kind: 'local', groupId: undefined });
    expect(loadConfig({ ARTIFACTS_GROUP: '1234' }).artifactStore).toEqual({ kind: 'local', groupId: 1234 });
    expect(loadConfig({ ARTIFACTS_GROUP: 'root' }).artifactStore).toEqual({ kind: 'local', groupId: 0 });
    expect(() => loadConfig({ ARTIFACTS_GROUP: 'no-such-group-here' })).toThrow(/ARTIFACTS_GROUP: no group named "no-such-group-here"/);
  });
});
