import { ApiError } from '../http/api-error';
import { LoginThrottle } from './login-throttle';

// The clock is faked (Date only, no timers are involved) so the back-off timeline is exact.
beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }));
afterEach(() => jest.useRealTimers());

const wrong = async () => null;
const right = async () => 'session';

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the attempt was let through');
}

describe('LoginThrottle', () => {
  it('lets five wrong passwords through, refuses the sixth with 429 and Retry-After, and doubles the back-off', async () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 5; i += 1) expect(await throttle.attempt('a@example.com', '10.0.0.1', wrong)).toBeNull();
    const sixth = await refusal(throttle.attempt('a@example.com', '10.0.0.1', wrong));
    expect(sixth.status).toBe(429);
    expect(sixth.headers['Retry-After']).toBe('1');
    expect(sixth.extra).toEqual({ code: 'login_throttled' });

    jest.advanceTimersByTime(1_000);
    expect(await throttle.attempt('a@example.com', '10.0.0.1', wrong)).toBeNull(); // 6th failure: next wait 2 s
    expect((await refusal(throttle.attempt('a@example.com', '10.0.0.1', right))).headers['Retry-After']).toBe('2');
    jest.advanceTimersByTime(2_000);
    expect(await throttle.attempt('a@example.com', '10.0.0.1', right)).toBe('session');
  });

  it('counts e-mails case-insensitively, so changing the case does not buy more guesses', async () => {
    const throttle = new LoginThrottle();
    for (const email of ['A@example.com', 'a@EXAMPLE.com', ' a@example.com', 'a@example.com', 'A@EXAMPLE.COM']) {
      await throttle.attempt(email, '10.0.0.1', wrong);
    }
    expect((await refusal(throttle.attempt('a@example.com', '10.0.0.2', wrong))).status).toBe(429);
  });

  it('throttles one client address trying many e-mails after 20 failures', async () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 20; i += 1) await throttle.attempt(`user${i}@example.com`, '10.0.0.9', wrong);
    expect((await refusal(throttle.attempt('new@example.com', '10.0.0.9', wrong))).status).toBe(429);
    // Another address guessing a fresh e-mail is not held back by the first one.
    expect(await throttle.attempt('new@example.com', '10.0.0.10', right)).toBe('session');
  });

  it('a success clears the e-mail count, and a quiet quarter of an hour forgets the failures', async () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 4; i += 1) await throttle.attempt('b@example.com', '10.0.0.1', wrong);
    await throttle.attempt('b@example.com', '10.0.0.1', right);
    for (let i = 0; i < 4; i += 1) expect(await throttle.attempt('b@example.com', '10.0.0.2', wrong)).toBeNull();
    expect(await throttle.attempt('b@example.com', '10.0.0.2', wrong)).toBeNull();
    expect((await refusal(throttle.attempt('b@example.com', '10.0.0.2', right))).status).toBe(429);
    jest.advanceTimersByTime(901_000);
    expect(await throttle.attempt('b@example.com', '10.0.0.2', right)).toBe('session');
  });

  it('verifies one password at a time and refuses logins beyond the waiting queue at once', async () => {
    const throttle = new LoginThrottle({
      perEmail: 100,
      perAddress: 100,
      concurrentVerifications: 1,
      maxWaiting: 2,
      maxBackoffSeconds: 900,
      forgetAfterSeconds: 900,
    });
    let running = 0;
    let mostAtOnce = 0;
    const releases: (() => void)[] = [];
    const slow = () =>
      new Promise<null>((resolve) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        releases.push(() => {
          running -= 1;
          resolve(null);
        });
      });
    const attempts = [0, 1, 2].map((i) => throttle.attempt(`c${i}@example.com`, `10.0.1.${i}`, slow));
    const fourth = await refusal(throttle.attempt('c3@example.com', '10.0.1.3', slow));
    expect(fourth.status).toBe(429);
    while (releases.length > 0 || running > 0) {
      await Promise.resolve();
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(attempts)).toEqual([null, null, null]);
    expect(mostAtOnce).toBe(1);
  });
});
