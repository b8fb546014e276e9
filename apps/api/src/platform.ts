import { Client, Connection } from '@temporalio/client';
import { PlatformConfig } from '@astro/config';
import { Database } from '@astro/database';
import { ChargeBatcher } from '@astro/ledger';
import { ArtifactUrlSigner, ArtifactStore } from '@astro/jobs';
import { ApiKeyUsageRecorder } from './auth/api-key-usage';
import { Authenticator } from './auth/authenticator';
import { LoginThrottle } from './auth/login-throttle';
import { RateLimiter } from './auth/rate-limiter';
import { ApiMetrics } from './metrics/api-metrics';

/** Everything the API's controllers and guards use, built once by createApiApp. */
export interface Platform {
  config: PlatformConfig;
  db: Database;
  temporal: { connection: Connection; client: Client };
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  artifacts: ArtifactStore;
  artifactUrls: ArtifactUrlSigner;
  /** Group commit of synchronous charges (docs/adr/0004-group-committed-charges.md). */
  charges: ChargeBatcher;
  loginThrottle: LoginThrottle;
  /** Requests and last-used time of each API key, written in batches. */
  keyUsage: ApiKeyUsageRecorder;
  /** This replica's Prometheus metrics (GET /metrics). */
  metrics: ApiMetrics;
}

export const PLATFORM = Symbol('platform');
