import Redis from 'ioredis';
import { RateLimitConfig } from '@astro/config';
import { Tier } from '@astro/contracts';

/** Counts hits per subject in fixed windows. */
export interface RateLimitStore {
  /** The key's count after this hit; a store in this process answers without a promise (every request asks). */
  increment(key: string, windowSeconds: number): number | Promise<number>;
  close(): Promise<void>;
}

/** One process only: for a single API instance (the default of `npm start`). */
export class MemoryRateLimitStore implements RateLimitStore {
  private counts = new Map<string, number>();
  private window = '';

  increment(key: string): number {
    // Keys carry the window index; when a new window starts, the old counts can go.
    const windowPart = key.slice(key.lastIndexOf(':') + 1);
    if (windowPart !== this.window) {
      this.counts = new Map([...this.counts].filter(([k]) => k.endsWith(`:${windowPart}`)));
      this.window = windowPart;
    }
    const next = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, next);
    return next;
  }

  async close(): Promise<void> {}
}

/** Shared by every API replica (REDIS_URL): one INCR per request, the key expires with its window. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string) {
    // Commands wait for the first connection, but give up quickly when Redis is down (fail open).
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1_000, connectTimeout: 2_000 });
    this.redis.on('error', () => undefined); // surfaced per request, not as an unhandled event
  }

  async increment(key: string, windowSeconds: number): Promise<number> {
    const results = await this.redis
      .multi()
      .incr(key)
      .expire(key, windowSeconds + 1)
      .exec();
    const [error, count] = results?.[0] ?? [new Error('no reply from Redis'), 0];
    if (error) throw error;
    return Number(count);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export interface RateLimitDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** Fixed windows of `windowSeconds` from the epoch, one counter per subject and window in the store. */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: RateLimitConfig,
    /** Which window a hit falls in; a test pins it to one instant so that its requests share one window. */
    private readonly clock: () => number = Date.now,
  ) {}

  /** The decision of one hit; without a promise when the store answers without one (the in-process store). */
  hit(subjectId: string, tier: Tier, nowMs = this.clock()): RateLimitDecision | Promise<RateLimitDecision> {
    const window = this.config.windowSeconds;
    const index = Math.floor(nowMs / 1000 / window);
    const resetSeconds = Math.max(1, Math.ceil((index + 1) * window - nowMs / 1000));
    const count = this.store.increment(`rl:${subjectId}:${index}`, window);
    return typeof count === 'number' ? this.decide(tier, count, resetSeconds) : count.then((n) => this.decide(tier, n, resetSeconds));
  }

  private decide(tier: Tier, count: number, resetSeconds: number): RateLimitDecision {
    const limit = this.config.perTier[tier];
    const headers: Record<string, string> = {
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': String(Math.max(0, limit - count)),
      'RateLimit-Reset': String(resetSeconds),
      'RateLimit-Policy': `${limit};w=${this.config.windowSeconds}`,
    };
    if (count <= limit) return { allowed: true, headers };
    return { allowed: false, headers: { ...headers, 'Retry-After': String(resetSeconds) } };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}

export function createRateLimitStore(redisUrl: string | undefined): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
}
