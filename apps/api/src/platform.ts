import { Client, Connection } from '@temporalio/client';
import { PlatformConfig } from '@astro/config';
import { Database } from '@astro/database';
import { ArtifactUrlSigner, LocalArtifactStore } from '@astro/jobs';
import { Authenticator } from './auth/authenticator';
import { RateLimiter } from './auth/rate-limiter';

/** Everything the API's controllers and guards use, built once by createApiApp. */
export interface Platform {
  config: PlatformConfig;
  db: Database;
  temporal: { connection: Connection; client: Client };
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  artifacts: LocalArtifactStore;
  artifactUrls: ArtifactUrlSigner;
}

export const PLATFORM = Symbol('platform');
