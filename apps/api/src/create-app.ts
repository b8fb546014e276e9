import 'reflect-metadata';
import { LogLevel } from '@nestjs/common';
import { DiscoveryService, NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyRequest } from 'fastify';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PlatformConfig } from '@astro/config';
import { buildOpenApiDocument, UPLOAD_LIMITS } from '@astro/contracts';
import { IdempotencySeal, payloadCodec } from '@astro/codec';
import { Database } from '@astro/database';
import { ChargeBatcher } from '@astro/ledger';
import { artifactUrlSigner, countUnfinishedJobs, createTemporalClient, createArtifactStore } from '@astro/jobs';
import { AppModule } from './app.module';
import { ApiKeyUsageRecorder } from './auth/api-key-usage';
import { Authenticator } from './auth/authenticator';
import { LoginThrottle } from './auth/login-throttle';
import { LoginThrottleStore } from './auth/login-throttle-store';
import { createRateLimitStore, RateLimiter, RateLimitStore } from './auth/rate-limiter';
import { ApiError } from './http/api-error';
import { toErrorResponse } from './http/error-response';
import { answerClientError } from './http/client-error';
import { ErrorEnvelopeFilter, logUnexpected } from './http/exception.filter';
import { checkParsedInput, checkUrl, frameworkError, refuseInvalidUtf8 } from './http/input-hygiene';
import { markReplayedAnswer, startIdempotencyPurge, storeIdempotentAnswer } from './http/idempotent-calls';
import { clientRequestIdOf, nextRequestId } from './http/request-ids';
import { freeImageWork } from './http/free-work';
import { bindingsOf } from './http/route';
import { RoutePipeline } from './http/serve-route';
import { serveOpenApiJson } from './http/openapi-json';
import { ApiMetrics } from './metrics/api-metrics';
import { Platform } from './platform/platform';
import { securityHeaders } from './http/security-headers';
import { registerConsole } from './console/console-plugin';
import { FastifyInstance } from 'fastify';

export const API_VERSION = '1.3.0';

const UPLOAD_PUT_PATH = /^\/api\/v3\/visual-readings\/uploads\/[^/?]+\/bytes(\?|$)/;
/** The console's forms: urlencoded, and multipart for a brand's logo (apps/api/src/console). */
const CONSOLE_FORM_PATH = /^\/console\//;
const CONSOLE_FORM_CONTENT_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
const UPLOAD_CONTENT_TYPE = /^(image\/(jpeg|png|webp|heic|heif|svg\+xml)|application\/octet-stream)\s*(;|$)/i;

export interface ApiHandle {
  app: NestFastifyApplication;
  platform: Platform;
  close(): Promise<void>;
}

/** Connects the API's dependencies. The database must answer; Temporal is connected lazily. */
export async function connectPlatform(config: PlatformConfig, rateLimitStore?: RateLimitStore): Promise<Platform> {
  const db = await Database.connect(config.databaseUrl, { poolSize: 20, applicationName: 'astro-api' });
  const keyUsage = new ApiKeyUsageRecorder(db, config.apiKeyUsageFlushMs);
  const metrics = new ApiMetrics(() => countUnfinishedJobs(db));
  return {
    config,
    db,
    temporal: createTemporalClient(config.temporal, payloadCodec(config)),
    authenticator: new Authenticator(db, config.authCacheTtlMs, keyUsage),
    keyUsage,
    rateLimiter: new RateLimiter(rateLimitStore ?? createRateLimitStore(config.redisUrl), config.rateLimits),
    artifacts: createArtifactStore(config),
    artifactUrls: artifactUrlSigner(config),
    charges: new ChargeBatcher(db, { onFlush: (charges, seconds) => metrics.observeChargeFlush(charges, seconds) }),
    loginThrottle: new LoginThrottle(new LoginThrottleStore(db), config.loginThrottle),
    metrics,
    idempotencySeal: new IdempotencySeal(config.idempotencySealKey, config.idempotencySealKeyPrevious),
    freeWork: freeImageWork(),
  };
}

export async function createApiApp(platform: Platform, logLevels: LogLevel[] = ['error', 'warn', 'log']): Promise<ApiHandle> {
  const SECURITY_HEADERS = securityHeaders();
  const timeouts = platform.config.httpTimeouts;
  const adapter = new FastifyAdapter({
    // Slow clients are cut off (docs/operations.md, "HTTP timeouts"): headers, the whole request with
    // its body (a 408 in our envelope, from answerClientError), the wait for the next request on an
    // idle connection. Node checks the first two every `connectionsCheckingInterval`.
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
    },
    // What Node's HTTP parser refuses (a body that does not match its Content-Length…) gets our envelope too.
    clientErrorHandler: (error, socket) => answerClientError(error as { code?: string }, socket, nextRequestId(), SECURITY_HEADERS),
    bodyLimit: platform.config.maxBodyBytes,
    // request.ip (login throttling, logs) is the socket peer, or, behind a proxy listed in TRUST_PROXY,
    // the client that proxy names in X-Forwarded-For; from anyone else the header is ignored.
    trustProxy: platform.config.trustProxy.length > 0 ? platform.config.trustProxy : false,
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify raises before any route (a malformed URL, an over-long path segment) get our envelope too.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest bundles its own Fastify types
    frameworkErrors: (error: { code?: string; statusCode?: number; message?: string }, request: any, reply: any) => {
      const response = toErrorResponse(frameworkError(error), String(request.id), logUnexpected);
      void reply
        .status(response.status)
        .headers({ ...response.headers, 'X-Request-Id': String(request.id) })
        .send(response.body);
    },
    // Request ids are ours and random; a client's X-Request-Id is kept beside ours (onRequest below).
    requestIdHeader: false,
    genReqId: nextRequestId,
  });
  // The hooks below run on every request: callback hooks, not async ones, spare a promise each on the hot routes.
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    void reply.header('X-Request-Id', String(request.id));
    const clientRequestId = clientRequestIdOf(request.headers['x-request-id']);
    if (clientRequestId !== undefined) {
      request.clientRequestId = clientRequestId;
      void reply.header('X-Client-Request-Id', clientRequestId);
    }
    done(refusalBeforeBody(request.method, request.url, request.headers['content-type']));
  });

  // Every answer, by route template (never the raw URL: ids would make a series per job), status and latency.
  adapter.getInstance().addHook('onResponse', (request, reply, done) => {
    platform.metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // A replay, synchronous or queued, is marked on its answer; a keyed synchronous call's answer is
  // stored before it leaves (a 5xx releases the key instead; a queue call's is kept by JobQueueService).
  adapter.getInstance().addHook('onSend', (request, reply, payload, done) => {
    markReplayedAnswer(request, reply);
    const call = request.idempotentCall;
    if (!call) return done(null, payload);
    storeIdempotentAnswer(platform.db, platform.idempotencySeal, call, reply, payload).then(
      () => done(null, payload),
      (err: Error) => {
        // The answer still leaves; the unfinished claim is taken over by a retry after the abandon time, uncharged.
        logUnexpected(err);
        done(null, payload);
      },
    );
  });

  // Every parsed string of every request, whatever its schema: no NUL, no unpaired surrogate, no absurd nesting.
  adapter.getInstance().addHook('preHandler', (request, _reply, done) => {
    try {
      checkParsedInput(request.body, request.query);
      done();
    } catch (err) {
      done(err as Error);
    }
  });

  // JSON bodies: an empty body is "no body" (generated clients send DELETE with Content-Type
  // application/json and nothing else); anything else goes to Fastify's own safe JSON parser.
  const jsonParser = adapter.getInstance().getDefaultJsonParser('error', 'error');
  adapter.getInstance().removeContentTypeParser('application/json');
  // The body is read as bytes so that invalid UTF-8 is a 400, not text with U+FFFD in its place.
  adapter.getInstance().addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, bytes, done) => {
    if (bytes.length === 0 && (request.method === 'DELETE' || request.method === 'GET' || request.method === 'HEAD'))
      return done(null, undefined);
    try {
      return jsonParser(request, refuseInvalidUtf8(bytes as Buffer), done);
    } catch (err) {
      return done(err as Error, undefined);
    }
  });

  // Raw photo bytes, for the upload PUT only (the hook above keeps them away from every other route).
  adapter
    .getInstance()
    .addContentTypeParser(
      UPLOAD_CONTENT_TYPE,
      { parseAs: 'buffer', bodyLimit: UPLOAD_LIMITS.maxBytes },
      (_request: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body),
    );

  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forPlatform(platform), adapter, {
    logger: logLevels,
    // Fastify parses the bodies itself (the JSON parser above); Nest must not register another.
    bodyParser: false,
  });
  app.useGlobalFilters(new ErrorEnvelopeFilter());
  // Every route is a plain Fastify route served by serveRoute: Nest builds the route classes (each
  // feature module's providers with @Route methods), its router is not on the path.
  const instances = app
    .get(DiscoveryService)
    .getProviders()
    .map((wrapper) => wrapper.instance as unknown)
    .filter((instance): instance is object => typeof instance === 'object' && instance !== null);
  app.get(RoutePipeline).register(adapter.getInstance(), instances.flatMap(bindingsOf));
  // The console at /console: pages for a customer's staff, a client of the routes above (docs/console.md).
  registerConsole(adapter.getInstance() as unknown as FastifyInstance);
  app.enableShutdownHooks();
  const purge = startIdempotencyPurge(platform.db);
  const document = buildOpenApiDocument(API_VERSION, platform.config.publicBaseUrl);
  // The JSON document is served compressed and with an ETag (openapi-json.ts); Swagger keeps the UI and the YAML.
  serveOpenApiJson(adapter.getInstance(), '/docs-json', document);
  // The page's copy names its server by path only: "Try it out" then calls the host that served the
  // page (the Content-Security-Policy allows only that one), whichever name it was reached by.
  const pageServers = [{ url: new URL(platform.config.publicBaseUrl).pathname, description: 'the host of this page' }];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  SwaggerModule.setup('docs', app, document as any, {
    jsonDocumentUrl: 'docs-json',
    raw: ['yaml'],
    patchDocumentOnRequest: <TRequest>(request: TRequest, _reply: unknown, served: OpenAPIObject) =>
      (request as FastifyRequest).url.endsWith('/swagger-ui-init.js') ? { ...served, servers: pageServers } : served,
  });
  await app.init();
  return {
    app,
    platform,
    async close() {
      clearInterval(purge);
      await app.close();
      await platform.charges.close();
      await platform.keyUsage.close();
      await platform.temporal.connection.close().catch(() => undefined);
      await platform.db.close();
      await platform.rateLimiter.close();
    },
  };
}

/**
 * Why a request is refused before its body is read, or undefined: a URL that fails the hygiene
 * check, or a body that is not JSON (spec rule 1), except the photo and logo bytes PUT to an
 * upload link.
 */
function refusalBeforeBody(method: string, url: string, contentType: string | undefined): Error | undefined {
  try {
    checkUrl(url);
  } catch (err) {
    return err as Error;
  }
  if (method === 'PUT' && UPLOAD_PUT_PATH.test(url)) {
    if (contentType === undefined || !UPLOAD_CONTENT_TYPE.test(contentType)) {
      return new ApiError(
        415,
        'unsupported Content-Type: PUT the photo or logo as image/jpeg, image/png, image/webp, image/heic, image/svg+xml or application/octet-stream',
      );
    }
  } else if (method === 'POST' && CONSOLE_FORM_PATH.test(url) && contentType !== undefined && CONSOLE_FORM_CONTENT_TYPE.test(contentType)) {
    return undefined;
  } else if (contentType !== undefined && !/^application\/json\s*(;|$)/i.test(contentType)) {
    return new ApiError(415, 'unsupported Content-Type: send application/json');
  }
  return undefined;
}
