import { ApiError } from '../http/api-error';
import { verificationSlots } from './verification-slots';

describe('verificationSlots', () => {
  it('verifies one password at a time and refuses logins beyond the waiting queue at once', async () => {
    const slots = verificationSlots(1, 2);
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
    const accepted = [0, 1, 2].map(() => slots.run(slow));
    const fourth = await slots.run(slow).catch((error: unknown) => error);
    expect(fourth).toBeInstanceOf(ApiError);
    expect(fourth).toMatchObject({ status: 429, headers: { 'Retry-After': '1' }, extra: { code: 'login_throttled' } });
    while (releases.length > 0 || running > 0) {
      await Promise.resolve();
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(accepted)).toEqual([null, null, null]);
    expect(mostAtOnce).toBe(1);
  });
});
