import { RateLimiter, RedisRateLimitStore } from '../apps/api/src/auth/rate-limiter';
import { randomBytes } from 'node:crypto';

// `npm test` sets TEST_REDIS_URL when a Redis server answers on 127.0.0.1:6379 (as on the CI
// machines); without one these tests are reported as skipped, not passed.
const REDIS_URL = process.env.TEST_REDIS_URL;
const itWithRedis = REDIS_URL ? it : it.skip;

describe('Redis rate-limit store (shared by API replicas)', () => {
  itWithRedis('counts hits across limiter instances (replicas) and refuses past the limit', async () => {
    const storeA = new RedisRateLimitStore(REDIS_URL!);
    const storeB = new RedisRateLimitStore(REDIS_URL!);
    const config = { windowSeconds: 60, perTier: { free: 3, pro: 100, enterprise: 1000 } };
    const replicaA = new RateLimiter(storeA, config);
    const replicaB = new RateLimiter(storeB, config);
    const subject = `key_${randomBytes(12).toString('hex')}`;
    const now = Date.now();
    try {
      const decisions = [
        await replicaA.hit(subject, 'free', now),
        await replicaB.hit(subject, 'free', now),
        await replicaA.hit(subject, 'free', now),
        await replicaB.hit(subject, 'free', now),
      ];
      expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
      expect(decisions[3].headers['Retry-After']).toBeDefined();
      expect(decisions[2].headers['RateLimit-Remaining']).toBe('0');
      // The next window starts afresh.
      expect((await replicaA.hit(subject, 'free', now + 60_000)).allowed).toBe(true);
    } finally {
      await replicaA.close();
      await replicaB.close();
    }
  });
});
