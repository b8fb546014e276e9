import './register-aliases';
/**
 * The API process of apps/api/src/main.ts, with its rate limiter's clock pinned to
 * RATE_LIMIT_PINNED_AT_MS: replicas started with the same instant count every request of a test
 * in one shared window (Redis), so the test asserts what the limiter decided, not how fast the
 * machine was. Run by test/multi-replica.test.ts with the test's configuration in the environment.
 */
import { loadConfig } from '@astro/config';
import { createRateLimitStore, RateLimiter } from '../../apps/api/src/auth/rate-limiter';
import { connectPlatform, createApiApp } from '../../apps/api/src/create-app';

async function main(): Promise<void> {
  const pinnedAt = Number(process.env.RATE_LIMIT_PINNED_AT_MS);
  if (!Number.isFinite(pinnedAt)) throw new Error('set RATE_LIMIT_PINNED_AT_MS');
  const config = loadConfig();
  const store = createRateLimitStore(config.redisUrl);
  const platform = await connectPlatform(config, store);
  platform.rateLimiter = new RateLimiter(store, config.rateLimits, () => pinnedAt);
  const api = await createApiApp(platform);
  await api.app.listen(config.port, config.host);
  console.log(`api: listening on ${config.host}:${config.port}, rate-limit clock pinned at ${new Date(pinnedAt).toISOString()}`);
}

main().catch((err) => {
  console.error('api: failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
