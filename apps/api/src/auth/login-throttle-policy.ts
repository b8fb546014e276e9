import { isIPv6 } from 'node:net';
import { LoginThrottleConfig } from '@astro/config';

/** What the throttle remembers of one key: failures, when its window started, the last failure (ms). */
export interface ThrottleCount {
  failures: number;
  windowStartedMs: number;
  lastFailureMs: number;
}

export const NO_FAILURES: ThrottleCount = { failures: 0, windowStartedMs: 0, lastFailureMs: 0 };

const windowMs = (policy: LoginThrottleConfig) => policy.windowSeconds * 1000;

/** A rule's current count: none once a whole window has passed since the count's `since` moment. */
const forgottenAfterWindow =
  (since: 'lastFailureMs' | 'windowStartedMs') =>
  (count: ThrottleCount, nowMs: number, policy: LoginThrottleConfig): ThrottleCount =>
    count.failures > 0 && nowMs - count[since] >= windowMs(policy) ? NO_FAILURES : count;

/**
 * An e-mail: `perEmail` failures are free, then each attempt waits a back-off that doubles from
 * 1 s up to `maxBackoffSeconds` after the last failure. The cap is what keeps the owner in: however
 * many guesses someone else makes, the right password gets through within that many seconds. A
 * quiet window forgets the failures.
 */
export const emailRule = {
  current: forgottenAfterWindow('lastFailureMs'),
  waitSeconds(count: ThrottleCount, nowMs: number, policy: LoginThrottleConfig): number {
    const { failures, lastFailureMs } = emailRule.current(count, nowMs, policy);
    if (failures < policy.perEmail) return 0;
    const backoffMs = Math.min(policy.maxBackoffSeconds, 2 ** (failures - policy.perEmail)) * 1000;
    return Math.max(0, Math.ceil((lastFailureMs + backoffMs - nowMs) / 1000));
  },
};

/**
 * A client address: `perAddress` failures (any e-mails) in a window that starts at its first
 * failure; past that, refused until the window ends. High, because many honest people share one
 * address (an office, a mobile carrier's NAT).
 */
export const addressRule = {
  current: forgottenAfterWindow('windowStartedMs'),
  waitSeconds(count: ThrottleCount, nowMs: number, policy: LoginThrottleConfig): number {
    const { failures, windowStartedMs } = addressRule.current(count, nowMs, policy);
    if (failures < policy.perAddress) return 0;
    return Math.max(1, Math.ceil((windowStartedMs + windowMs(policy) - nowMs) / 1000));
  },
};

type Rule = typeof emailRule;

/**
 * An attempt counts as a failure from the moment it is let through (so parallel attempts, on any
 * replica, cannot spend more than the budget); `settled` corrects the count when it ends.
 */
export function withAttempt(rule: Rule, count: ThrottleCount, nowMs: number, policy: LoginThrottleConfig): ThrottleCount {
  const current = rule.current(count, nowMs, policy);
  return {
    failures: current.failures + 1,
    windowStartedMs: current.failures === 0 ? nowMs : current.windowStartedMs,
    lastFailureMs: nowMs,
  };
}

export type Outcome = 'failed' | 'succeeded' | 'not-verified';

/**
 * The count after an attempt ended: a failure is dated when it is known (the back-off runs from
 * then); a success clears the e-mail and takes the attempt off the address; an attempt that was
 * never verified (no slot) is taken off both.
 */
export function settled(kind: 'email' | 'address', count: ThrottleCount, outcome: Outcome, nowMs: number): ThrottleCount {
  if (outcome === 'failed') return { ...count, lastFailureMs: Math.max(count.lastFailureMs, nowMs) };
  if (outcome === 'succeeded' && kind === 'email') return NO_FAILURES;
  return { ...count, failures: Math.max(0, count.failures - 1) };
}

export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;

/**
 * The key of a client address: an IPv4-mapped IPv6 address is its IPv4 address, and an IPv6
 * client is its /64 (one subscriber usually holds a whole /64, so single addresses are free).
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return `address:${mapped[1]}`;
  if (!isIPv6(ip)) return `address:${ip}`;
  return `address:${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros ("::" expanded, a trailing dotted quad as two groups). */
function ipv6Groups(ip: string): string[] {
  const withoutZone = ip.split('%')[0].toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(withoutZone);
  const text = dotted
    ? withoutZone.slice(0, dotted.index) +
      [(Number(dotted[1]) << 8) | Number(dotted[2]), (Number(dotted[3]) << 8) | Number(dotted[4])].map((n) => n.toString(16)).join(':')
    : withoutZone;
  const [head, tail] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((g) => parseInt(g, 16).toString(16));
}
