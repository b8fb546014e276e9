import { LoginThrottleConfig } from '@astro/config';
import { addressKey, addressRule, emailKey, emailRule, NO_FAILURES, settled, ThrottleCount, withAttempt } from './login-throttle-policy';

// Pure rules, with the clock as an argument: every timeline below is exact.
const POLICY: LoginThrottleConfig = { perEmail: 5, maxBackoffSeconds: 30, perAddress: 100, windowSeconds: 900 };
const T0 = Date.UTC(2026, 0, 1);

/** `n` failed attempts of one key, one a second from `startMs`. */
function failures(rule: typeof emailRule, n: number, startMs = T0): ThrottleCount {
  let count = NO_FAILURES;
  for (let i = 0; i < n; i++) count = settled('email', withAttempt(rule, count, startMs + i * 1000, POLICY), 'failed', startMs + i * 1000);
  return count;
}

describe('the e-mail rule', () => {
  it('lets five failures through, then backs off 1 s, 2 s, 4 s … and never more than 30 s', () => {
    for (let n = 0; n < 5; n++) expect(emailRule.waitSeconds(failures(emailRule, n), T0 + 5_000, POLICY)).toBe(0);
    const last = (n: number) => T0 + (n - 1) * 1000;
    expect(emailRule.waitSeconds(failures(emailRule, 5), last(5), POLICY)).toBe(1);
    expect(emailRule.waitSeconds(failures(emailRule, 6), last(6), POLICY)).toBe(2);
    expect(emailRule.waitSeconds(failures(emailRule, 7), last(7), POLICY)).toBe(4);
    expect(emailRule.waitSeconds(failures(emailRule, 9), last(9), POLICY)).toBe(16);
    expect(emailRule.waitSeconds(failures(emailRule, 10), last(10), POLICY)).toBe(30);
    // A thousand guesses by someone else: the owner still waits at most 30 s after the last one.
    const flooded = failures(emailRule, 1000);
    expect(emailRule.waitSeconds(flooded, last(1000), POLICY)).toBe(30);
    expect(emailRule.waitSeconds(flooded, last(1000) + 29_001, POLICY)).toBe(1);
    expect(emailRule.waitSeconds(flooded, last(1000) + 30_000, POLICY)).toBe(0);
  });

  it('forgets the failures after a quiet window, and a success clears them', () => {
    const count = failures(emailRule, 12);
    const lastMs = T0 + 11_000;
    expect(emailRule.current(count, lastMs + 899_999, POLICY).failures).toBe(12);
    expect(emailRule.current(count, lastMs + 900_000, POLICY)).toEqual(NO_FAILURES);
    expect(withAttempt(emailRule, count, lastMs + 900_000, POLICY).failures).toBe(1);
    expect(settled('email', withAttempt(emailRule, count, lastMs + 30_000, POLICY), 'succeeded', lastMs + 30_500)).toEqual(NO_FAILURES);
  });

  it('counts an attempt from the moment it is let through, and takes back one that was never verified', () => {
    let count = NO_FAILURES;
    for (let i = 0; i < 5; i++) count = withAttempt(emailRule, count, T0, POLICY); // five in flight at once
    expect(emailRule.waitSeconds(count, T0, POLICY)).toBe(1);
    expect(settled('email', count, 'not-verified', T0).failures).toBe(4);
    expect(settled('email', count, 'failed', T0 + 700)).toEqual({ failures: 5, windowStartedMs: T0, lastFailureMs: T0 + 700 });
  });
});

describe('the address rule', () => {
  it('allows 100 failures in a window from the first, refuses the 101st until the window ends', () => {
    let count = NO_FAILURES;
    for (let i = 0; i < 100; i++) {
      expect(addressRule.waitSeconds(count, T0 + i * 1000, POLICY)).toBe(0);
      count = settled('address', withAttempt(addressRule, count, T0 + i * 1000, POLICY), 'failed', T0 + i * 1000);
    }
    expect(addressRule.waitSeconds(count, T0 + 100_000, POLICY)).toBe(800);
    expect(addressRule.waitSeconds(count, T0 + 899_500, POLICY)).toBe(1);
    expect(addressRule.waitSeconds(count, T0 + 900_000, POLICY)).toBe(0);
    expect(withAttempt(addressRule, count, T0 + 900_000, POLICY)).toEqual({
      failures: 1,
      windowStartedMs: T0 + 900_000,
      lastFailureMs: T0 + 900_000,
    });
  });

  it('a success takes its attempt off the address count without clearing the others', () => {
    const count = withAttempt(addressRule, { failures: 40, windowStartedMs: T0, lastFailureMs: T0 }, T0 + 5_000, POLICY);
    expect(settled('address', count, 'succeeded', T0 + 5_500).failures).toBe(40);
  });
});

describe('keys', () => {
  it('count e-mails case- and space-insensitively', () => {
    expect(new Set(['A@example.com', 'a@EXAMPLE.com', ' a@example.com ', 'a@example.com'].map(emailKey)).size).toBe(1);
  });

  it('count an IPv4-mapped IPv6 client as its IPv4 address, and an IPv6 client by its /64', () => {
    expect(addressKey('::ffff:203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('203.0.113.7')).toBe('address:203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('address:2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('address:2001:db8:1:2::/64');
    expect(addressKey('2001:db8::7')).toBe('address:2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('address:0:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('address:64:ff9b:0:0::/64');
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
