import 'reflect-metadata';
import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { randomBytes } from 'node:crypto';
import { PlatformConfig } from '@astro/config';
import { buildOpenApiDocument, UPLOAD_LIMITS } from '@astro/contracts';
import { Database } from '@astro/database';
import { ChargeBatcher } from '@astro/ledger';
import { ArtifactUrlSigner, createTemporalClient, createArtifactStore } from '@astro/jobs';
import { AppModule } from './app.module';
import { Authenticator } from './auth/authenticator';
import { createRateLimitStore, RateLimiter, RateLimitStore } from './auth/rate-limiter';
import { ApiError } from './http/api-error';
import { ErrorEnvelopeFilter } from './http/exception.filter';
import { Platform } from './platform';

export const API_VERSION = '1.3.0';

const UPLOAD_PUT_PATH = /^\/api\/v3\/visual-readings\/uploads\/[^/?]+\/bytes(\?|$)/;
const UPLOAD_CONTENT_TYPE = /^(image\/(jpeg|png|webp|heic|heif)|application\/octet-stream)\s*(;|$)/i;

const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface ApiHandle {
  app: NestFastifyApplication;
  platform: Platform;
  close(): Promise<void>;
}

/** Connects the API's dependencies. The database must answer; Temporal is connected lazily. */
export async function connectPlatform(config: PlatformConfig, rateLimitStore?: RateLimitStore): Promise<Platform> {
  const db = await Database.connect(config.databaseUrl, { poolSize: 20, applicationName: 'astro-api' });
  return {
    config,
    db,
    temporal: createTemporalClient(config.temporal),
    authenticator: new Authenticator(db, config.authCacheTtlMs),
    rateLimiter: new RateLimiter(rateLimitStore ?? createRateLimitStore(config.redisUrl), config.rateLimits),
    artifacts: createArtifactStore(config),
    artifactUrls: new ArtifactUrlSigner(config.artifactUrlSecret, config.artifactUrlTtlSeconds),
    charges: new ChargeBatcher(db),
  };
}

export async function createApiApp(platform: Platform, logLevels: LogLevel[] = ['error', 'warn', 'log']): Promise<ApiHandle> {
  const adapter = new FastifyAdapter({
    bodyLimit: platform.config.maxBodyBytes,
    requestIdHeader: false,
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming) ? incoming : `req_${randomBytes(12).toString('hex')}`;
    },
  });
  adapter.getInstance().addHook('onRequest', async (request, reply) => {
    void reply.header('X-Request-Id', String(request.id));
    // Request bodies are JSON only (spec rule 1); anything else is refused before parsing, except
    // the photo bytes PUT to a visual-reading upload link.
    const contentType = request.headers['content-type'];
    if (request.method === 'PUT' && UPLOAD_PUT_PATH.test(request.url)) {
      if (contentType === undefined || !UPLOAD_CONTENT_TYPE.test(contentType)) {
        throw new ApiError(415, 'unsupported Content-Type: PUT the photo as image/jpeg, image/png, image/webp, image/heic or application/octet-stream');
      }
    } else if (contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType)) {
      throw new ApiError(415, 'unsupported Content-Type: send application/json');
    }
  });

  // Raw photo bytes, for the upload PUT only (the hook above keeps them away from every other route).
  adapter.getInstance().addContentTypeParser(
    UPLOAD_CONTENT_TYPE,
    { parseAs: 'buffer', bodyLimit: UPLOAD_LIMITS.maxBytes },
    (_request: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body),
  );

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forPlatform(platform), adapter, { logger: logLevels });
  app.useGlobalFilters(new ErrorEnvelopeFilter());
  app.enableShutdownHooks();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  SwaggerModule.setup('docs', app, buildOpenApiDocument(API_VERSION) as any, { jsonDocumentUrl: 'docs-json' });
  await app.init();
  return {
    app,
    platform,
    async close() {
      await app.close();
      await platform.charges.close();
      await platform.temporal.connection.close().catch(() => undefined);
      await platform.db.close();
      await platform.rateLimiter.close();
    },
  };
}
