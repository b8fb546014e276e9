import { loadConfig } from '@astro/config';
import { checkSubscriptionUrl, decodeCursor, encodeCursor } from './views';

describe('subscription URL checks', () => {
  const development = loadConfig({});
  // Production takes every secret from the environment (docs/security.md).
  const key = Buffer.alloc(32, 7).toString('base64');
  const production = loadConfig({
    NODE_ENV: 'production',
    ARTIFACT_URL_SECRET: 'test-secret',
    WEBHOOK_SECRET_KEY: key,
    TEMPORAL_PAYLOAD_KEY: key,
    IDEMPOTENCY_SEAL_KEY: key,
  });
  const allowlisted = loadConfig({ OUTBOUND_ALLOWLIST: '127.0.0.1/32' });

  it('requires https in production only', () => {
    expect(() => checkSubscriptionUrl('http://hooks.example.com/x', production)).toThrow('url: must be an https URL');
    expect(() => checkSubscriptionUrl('https://hooks.example.com/x', production)).not.toThrow();
    expect(() => checkSubscriptionUrl('http://hooks.example.com/x', development)).not.toThrow();
  });

  it('refuses literal private, loopback, link-local and metadata addresses unless allowlisted', () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://10.1.1.1/',
      'http://192.168.0.10/',
      'http://169.254.169.254/',
      'http://[::1]/',
      'http://[fe80::1]/',
    ]) {
      expect(() => checkSubscriptionUrl(url, development)).toThrow(/private, loopback, link-local or reserved/);
    }
    expect(() => checkSubscriptionUrl('http://127.0.0.1:8080/', allowlisted)).not.toThrow();
    expect(() => checkSubscriptionUrl('http://127.0.0.2:8080/', allowlisted)).toThrow(/127\.0\.0\.2/);
    expect(() => checkSubscriptionUrl('https://user:pw@hooks.example.com/', development)).toThrow(/credentials/);
  });

  it('round-trips cursors and refuses forged ones', () => {
    expect(decodeCursor(encodeCursor(12345)!)).toBe(12345);
    expect(encodeCursor(null)).toBeNull();
    expect(() => decodeCursor('abc')).toThrow(/cursor/);
  });
});
