import { retryAfterSeconds } from './retry.js';

// Retry-After is either delay-seconds or an HTTP-date (RFC 9110, section 10.2.3).
describe('retryAfterSeconds', () => {
  const now = new Date('2026-11-27T12:00:00Z');

  it('reads delay-seconds', () => {
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('0', now)).toBe(0);
  });

  it('reads an HTTP-date as the seconds until it, never negative', () => {
    expect(retryAfterSeconds('Fri, 27 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 11:59:00 GMT', now)).toBe(0);
  });

  it('waits one second when the header is missing or unreadable', () => {
    expect(retryAfterSeconds(null, now)).toBe(1);
    expect(retryAfterSeconds('soon', now)).toBe(1);
  });
});
