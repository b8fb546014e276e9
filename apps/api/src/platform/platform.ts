import { DynamicModule, Global, Module } from '@nestjs/common';
import { Client, Connection } from '@temporalio/client';
import { IdempotencySeal } from '@astro/codec';
import { PlatformConfig } from '@astro/config';
import { Database } from '@astro/database';
import { ChargeBatcher } from '@astro/ledger';
import { ArtifactUrlSigner, ArtifactStore } from '@astro/jobs';
import { ApiKeyUsageRecorder } from '../auth/api-key-usage';
import { Authenticator } from '../auth/authenticator';
import { LoginThrottle } from '../auth/login-throttle';
import { RateLimiter } from '../auth/rate-limiter';
import { TenantSlots } from '../http/tenant-slots';
import { ApiMetrics } from '../metrics/api-metrics';

/**
 * The API's connections and shared parts, built once by connectPlatform (the composition root) and
 * closed by createApiApp. No route class or service takes this whole: PlatformModule provides each
 * part as its own provider, and each class injects only the parts it uses.
 */
export interface Platform {
  config: PlatformConfig;
  db: Database;
  temporal: TemporalHandle;
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
  /** Seals what an Idempotency-Key keeps: the request's keyed hash, the answer encrypted. */
  idempotencySeal: IdempotencySeal;
  /** Free image work (logo drawing, photo decoding): per-account slots and time (http/free-work.ts). */
  freeWork: TenantSlots;
}

/** The Temporal connection (its deadlines) and the client on it. */
export interface TemporalHandle {
  connection: Connection;
  client: Client;
}

/** Injection tokens of the parts whose type is an interface (a class is its own token). */
export const CONFIG = Symbol('config');
export const TEMPORAL = Symbol('temporal');
export const ARTIFACT_STORE = Symbol('artifact-store');
/** The directory of the ephemeris files, what every calculation reads. */
export const EPHEMERIS_PATH = Symbol('ephemeris-path');

/** Provides every part of the platform, each under its own token, to every feature module. */
@Global()
@Module({})
export class PlatformModule {
  static of(platform: Platform): DynamicModule {
    const providers = [
      { provide: CONFIG, useValue: platform.config },
      { provide: EPHEMERIS_PATH, useValue: platform.config.ephemerisPath },
      { provide: Database, useValue: platform.db },
      { provide: TEMPORAL, useValue: platform.temporal },
      { provide: Authenticator, useValue: platform.authenticator },
      { provide: RateLimiter, useValue: platform.rateLimiter },
      { provide: ARTIFACT_STORE, useValue: platform.artifacts },
      { provide: ArtifactUrlSigner, useValue: platform.artifactUrls },
      { provide: ChargeBatcher, useValue: platform.charges },
      { provide: LoginThrottle, useValue: platform.loginThrottle },
      { provide: ApiKeyUsageRecorder, useValue: platform.keyUsage },
      { provide: ApiMetrics, useValue: platform.metrics },
      { provide: IdempotencySeal, useValue: platform.idempotencySeal },
      { provide: TenantSlots, useValue: platform.freeWork },
    ];
    return { module: PlatformModule, providers, exports: providers.map((p) => p.provide) };
  }
}
