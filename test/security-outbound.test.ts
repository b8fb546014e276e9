import { useTestPlatform, TestPlatform } from './support/fixture';

/**
 * Outbound addresses (docs/security.md, "Outbound requests"): an IPv6 address that leads to a
 * private IPv4 address (IPv4-translated, NAT64, 6to4, Teredo) is refused like the IPv4 address
 * itself. The platform here has no allowlist: loopback is private, as in production.
 */
let platform: TestPlatform;
useTestPlatform((p) => (platform = p));

// The probe's reproducer first: accepted as a webhook (201) before the fix.
const LEADING_TO_PRIVATE = [
  'http://[::ffff:0:127.0.0.1]:47001/',
  'http://[::ffff:0:a9fe:a9fe]/latest/meta-data',
  'http://[64:ff9b:1::7f00:1]:47001/',
  'http://[64:ff9b::a00:7]/hook',
  'http://[2002:7f00:1::1]:47001/',
  'http://[2001:0:7f00:1::1]:47001/',
];

describe('webhook URLs that lead to a private IPv4 address through IPv6', () => {
  it.each(LEADING_TO_PRIVATE)('refuses %s as a report webhook, a visual-reading subscription and a horoscope delivery', async (url) => {
    const c = await platform.customer();
    const answers = [
      await platform.api.http.post('/v1/report-webhooks', { url, events: ['report.completed'] }, { key: c.apiKey }),
      await platform.api.http.post(
        '/v1/visual-reading-deliveries/subscriptions',
        { url, events: ['visual_reading.completed'] },
        { key: c.session },
      ),
      await platform.api.http.post(
        '/v1/horoscope-deliveries',
        { url, sun_sign: 'Leo', cadence: 'daily', local_time: '08:00', timezoneOffsetMinutes: 420, locale: 'en' },
        { key: c.session },
      ),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/^invalid body: url: .* is a private, loopback, link-local or reserved address/);
    }
  });
});
