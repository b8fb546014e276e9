import { BlockList } from 'node:net';
import * as path from 'node:path';

import { Tier } from '@astro/contracts';
import { parseAllowlist } from './outbound-allowlist';
import { parseRetrySchedule } from './retry-schedule';
import { parseTrustProxy } from './trust-proxy';
import { installationSecret } from './secrets';
import { parseArtifactsGroup } from './group-id';

export interface RateLimitConfig {
  windowSeconds: number;
  perTier: Record<Tier, number>;
}

/** Brute-force protection of customer logins (docs/security.md, "Login throttling"). */
export interface LoginThrottleConfig {
  /** LOGIN_FAILURES_PER_EMAIL: failed logins of one e-mail before its back-off starts (5). */
  perEmail: number;
  /** LOGIN_EMAIL_MAX_BACKOFF_SECONDS: the longest an e-mail waits between guesses (30 s): slows guessing, never locks the owner out. */
  maxBackoffSeconds: number;
  /** LOGIN_FAILURES_PER_ADDRESS: failed logins from one client address, any e-mail, per window (100). */
  perAddress: number;
  /** LOGIN_ADDRESS_WINDOW_SECONDS: that window (15 min); an e-mail's failures are also forgotten after it without a new one. */
  windowSeconds: number;
}

export interface TemporalConfig {
  address: string;
  namespace: string;
  taskQueue: string;
  /** TEMPORAL_DELIVERY_TASK_QUEUE: webhook deliveries and horoscope schedules, on their own workers so a burst of slow receivers never delays a job. */
  deliveryTaskQueue: string;
  apiKey?: string;
  tls: boolean;
}

export interface PlatformConfig {
  port: number;
  host: string;
  /** DATABASE_URL: what the API and the worker connect as (the least-privileged application role). */
  databaseUrl: string;
  /** DATABASE_ADMIN_URL: migrations and operator commands (the CLI); DATABASE_URL when unset. */
  databaseAdminUrl: string;
  /** DATABASE_APP_PASSWORD: the application role's password that migrations set (generated once into var/ in development). */
  databaseAppPassword: () => string;
  temporal: TemporalConfig;
  redisUrl?: string;
  rateLimits: RateLimitConfig;
  /** TRUST_PROXY, parsed: CIDR ranges of the reverse proxies whose X-Forwarded-For names the client (empty: none). */
  trustProxy: string[];
  loginThrottle: LoginThrottleConfig;
  sessionTtlSeconds: number;
  authCacheTtlMs: number;
  /** API_KEY_ROTATION_GRACE_SECONDS: how long a rotated API key keeps working (24 h). */
  apiKeyRotationGraceSeconds: number;
  /** API_KEY_USAGE_FLUSH_MS: how often the API writes the requests and last-used time of each key (10 s). */
  apiKeyUsageFlushMs: number;
  maxBodyBytes: number;
  /**
   * How long the API waits for a client (docs/operations.md, "HTTP timeouts"): HTTP_HEADERS_TIMEOUT_MS
   * for a request's headers (10 s), HTTP_REQUEST_TIMEOUT_MS for the whole request with its body
   * (60 s; answered 408), HTTP_KEEP_ALIVE_TIMEOUT_MS for the next request on an idle connection (72 s,
   * longer than the 60 s idle timeout of the usual load balancers, so they close first).
   */
  httpTimeouts: { headersMs: number; requestMs: number; keepAliveMs: number };
  ephemerisPath: string;
  artifactsDir: string;
  /**
   * ARTIFACT_STORE: `local` (files under ARTIFACTS_DIR, one machine: files 0600 and directories
   * 0700, or 0640 and 0750 owned by ARTIFACTS_GROUP when one is named) or `s3` (a bucket shared by
   * every replica: S3_BUCKET, S3_PREFIX, S3_REGION, S3_ENDPOINT for an S3-compatible server,
   * S3_FORCE_PATH_STYLE, and credentials from S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY or the AWS chain).
   * S3_PRESIGNED_DOWNLOADS=true redirects verified download links to presigned S3 URLs.
   */
  artifactStore:
    | { kind: 'local'; groupId?: number }
    | {
        kind: 's3';
        bucket: string;
        prefix: string;
        region: string;
        endpoint?: string;
        forcePathStyle: boolean;
        accessKeyId?: string;
        secretAccessKey?: string;
        presignedDownloads: boolean;
      };
  /** ARTIFACT_URL_SECRET (generated once into var/ in development): signs download and upload links. */
  artifactUrlSecret: string;
  /** ARTIFACT_URL_PREVIOUS_SECRET: a rotated-out secret whose links stay valid until they expire. */
  artifactUrlPreviousSecret?: string;
  /** ARTIFACT_URL_MAX_TTL_SECONDS: the longest lifetime a download link may claim (7 days). */
  artifactUrlMaxTtlSeconds: number;
  /** WEBHOOK_SECRET_KEY (base64 of 32 bytes; generated once into var/ in development): encrypts webhook signing secrets at rest. */
  webhookSecretKey: string;
  /** WEBHOOK_SECRET_KEY_PREVIOUS: the key before a rotation, still able to open what it sealed. */
  webhookSecretKeyPrevious?: string;
  /** TEMPORAL_PAYLOAD_KEY (base64 of 32 bytes; generated once into var/ in development): encrypts workflow payloads. */
  temporalPayloadKey: string;
  /** TEMPORAL_PAYLOAD_KEY_PREVIOUS: the key before a rotation, still able to decrypt old histories. */
  temporalPayloadKeyPrevious?: string;
  artifactUrlTtlSeconds: number;
  /**
   * IDEMPOTENCY_SEAL_KEY (base64 of 32 bytes; generated once into var/ in development): keys the
   * request hash and encrypts the answer an Idempotency-Key keeps (@astro/codec IdempotencySeal).
   */
  idempotencySealKey: string;
  /** IDEMPOTENCY_SEAL_KEY_PREVIOUS: the key before a rotation, kept for the 24 hours answers are kept. */
  idempotencySealKeyPrevious?: string;
  /**
   * PUBLIC_BASE_URL: the API's address as its callers reach it (scheme, host, port, optional path
   * prefix; no trailing slash), for the absolute links in webhook bodies. The local API by default.
   */
  publicBaseUrl: string;
  /** OUTBOUND_ALLOWLIST, parsed: CIDR ranges outbound requests (logos, webhooks) may reach although private, e.g. for tests. */
  outboundAllowlist: BlockList;
  /** Production refuses plain-http customer URLs. */
  production: boolean;
  /** WEBHOOK_RETRY_SCHEDULE: seconds to wait before each webhook attempt (first entry: before the first). */
  webhookRetrySchedule: number[];
  /**
   * The worker's Prometheus endpoint: WORKER_METRICS_HOST (127.0.0.1: it has no credential, so it is
   * bound to the machine) and WORKER_METRICS_PORT (9464; 0 picks a free port). The Temporal SDK's
   * runtime exporter listens on 127.0.0.1:TEMPORAL_METRICS_PORT (9465; 0 picks a free port) and the
   * worker's endpoint folds its samples in, so one scrape has both.
   */
  workerMetrics: { host: string; port: number; temporalPort: number };
  /**
   * WORKFLOW_BUNDLE_PATH: a workflow bundle built ahead (`bundleWorkflowCode`), which the worker loads
   * instead of bundling workflows/ at each start (the bundling is most of its start-up time).
   */
  workflowBundlePath?: string;
  /**
   * How much of its machine the worker takes (docs/scaling.md, `npm run bench -- report-burst`):
   * RENDER_CONCURRENCY PDFs print at once; JOB_ACTIVITY_SLOTS activities of the jobs queue run at
   * once (more stay queued in Temporal); WORKER_NICE is the scheduling priority (0–19) the worker
   * lowers itself to before Chromium starts, so a burst of reports on a machine shared with the API
   * takes the CPU the synchronous routes leave (a Chromium running as root resets its own threads:
   * docs/operations.md).
   */
  workerCapacity: { renderConcurrency: number; jobActivitySlots: number; nice: number };
  culturalIntelligence: {
    /** CI_MASTER_KEY: base64 of 32 bytes, the key that wraps every org's data key (a KMS key in production). */
    masterKey?: string;
    /** Where a development installation keeps its generated master key when CI_MASTER_KEY is unset (mode 0600). */
    masterKeyFile: string;
    /** CI_DEFAULT_MONTHLY_UNITS and CI_DEFAULT_QUOTA_MODE: what a new org starts with. */
    defaultMonthlyUnits: number;
    defaultQuotaMode: 'hard' | 'soft';
  };
}

export const PROJECT_ROOT = path.resolve(__dirname, '..', '..', '..', __dirname.includes(`${path.sep}dist${path.sep}`) ? '..' : '');

/** PUBLIC_BASE_URL checked: an absolute http(s) URL without query or fragment; its trailing slash dropped. */
function publicBaseUrl(configured: string | undefined, port: number): string {
  if (!configured) return `http://127.0.0.1:${port}`;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`PUBLIC_BASE_URL must be an absolute URL such as https://api.example.com, not ${JSON.stringify(configured)}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || url.password) {
    throw new Error('PUBLIC_BASE_URL must be an http(s) URL without credentials, query or fragment');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number >= ${min}, got "${raw}"`);
  }
  return value;
}

function quotaMode(raw: string | undefined): 'hard' | 'soft' {
  if (raw === undefined || raw === '' || raw === 'hard') return 'hard';
  if (raw === 'soft') return 'soft';
  throw new Error(`CI_DEFAULT_QUOTA_MODE must be hard or soft, got "${raw}"`);
}

function artifactStore(env: NodeJS.ProcessEnv): PlatformConfig['artifactStore'] {
  const kind = env.ARTIFACT_STORE || 'local';
  if (kind === 'local') return { kind, groupId: parseArtifactsGroup(env.ARTIFACTS_GROUP) };
  if (kind !== 's3') throw new Error(`ARTIFACT_STORE must be local or s3, got "${kind}"`);
  if (!env.S3_BUCKET) throw new Error('ARTIFACT_STORE=s3 needs S3_BUCKET');
  return {
    kind,
    bucket: env.S3_BUCKET,
    prefix: env.S3_PREFIX ?? '',
    region: env.S3_REGION || 'us-east-1',
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || Boolean(env.S3_ENDPOINT),
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    presignedDownloads: env.S3_PRESIGNED_DOWNLOADS === 'true',
  };
}

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/astro';

/** Reads every setting from the environment once; docs/deployment.md lists each variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const varDir = path.join(PROJECT_ROOT, 'var');
  /** A 32-byte secret: from the environment, or generated once into var/secrets/<file> outside production. */
  const secret = (name: string, file: string) =>
    installationSecret({
      name,
      configured: env[name],
      file: path.join(varDir, 'secrets', file),
      production: env.NODE_ENV === 'production',
    });
  return {
    port: integer(env, 'PORT', 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    databaseAdminUrl: env.DATABASE_ADMIN_URL || env.DATABASE_URL || DEFAULT_DATABASE_URL,
    databaseAppPassword: () =>
      installationSecret({
        name: 'DATABASE_APP_PASSWORD',
        configured: env.DATABASE_APP_PASSWORD,
        file: path.join(varDir, 'secrets', 'db-app-password'),
        production: env.NODE_ENV === 'production',
        bytes: 24,
      }),
    temporal: {
      address: env.TEMPORAL_ADDRESS || '127.0.0.1:7233',
      namespace: env.TEMPORAL_NAMESPACE || 'default',
      taskQueue: env.TEMPORAL_TASK_QUEUE || 'astro-jobs',
      deliveryTaskQueue: env.TEMPORAL_DELIVERY_TASK_QUEUE || `${env.TEMPORAL_TASK_QUEUE || 'astro-jobs'}-delivery`,
      apiKey: env.TEMPORAL_API_KEY || undefined,
      tls: env.TEMPORAL_TLS === 'true' || Boolean(env.TEMPORAL_API_KEY),
    },
    redisUrl: env.REDIS_URL || undefined,
    rateLimits: {
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1),
      perTier: {
        free: integer(env, 'RATE_LIMIT_FREE', 60, 1),
        pro: integer(env, 'RATE_LIMIT_PRO', 6_000, 1),
        enterprise: integer(env, 'RATE_LIMIT_ENTERPRISE', 600_000, 1),
      },
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    loginThrottle: {
      perEmail: integer(env, 'LOGIN_FAILURES_PER_EMAIL', 5, 1),
      maxBackoffSeconds: integer(env, 'LOGIN_EMAIL_MAX_BACKOFF_SECONDS', 30, 1),
      perAddress: integer(env, 'LOGIN_FAILURES_PER_ADDRESS', 100, 1),
      windowSeconds: integer(env, 'LOGIN_ADDRESS_WINDOW_SECONDS', 900, 1),
    },
    sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 12 * 3600, 60),
    authCacheTtlMs: integer(env, 'AUTH_CACHE_TTL_MS', 5_000),
    apiKeyRotationGraceSeconds: integer(env, 'API_KEY_ROTATION_GRACE_SECONDS', 86_400, 1),
    apiKeyUsageFlushMs: integer(env, 'API_KEY_USAGE_FLUSH_MS', 10_000, 10),
    maxBodyBytes: integer(env, 'MAX_BODY_BYTES', 1_048_576, 1024),
    httpTimeouts: {
      headersMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100),
      requestMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 60_000, 100),
      keepAliveMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 100),
    },
    // The Swiss Ephemeris data files of Debian's swe-basic-data (npm start and npm test install it).
    ephemerisPath: env.EPHEMERIS_PATH || '/usr/share/libswe/ephe',
    artifactsDir: env.ARTIFACTS_DIR || path.join(varDir, 'artifacts'),
    artifactStore: artifactStore(env),
    artifactUrlSecret: secret('ARTIFACT_URL_SECRET', 'artifact-url-secret'),
    artifactUrlPreviousSecret: env.ARTIFACT_URL_PREVIOUS_SECRET || undefined,
    webhookSecretKey: secret('WEBHOOK_SECRET_KEY', 'webhook-secret-key'),
    webhookSecretKeyPrevious: env.WEBHOOK_SECRET_KEY_PREVIOUS || undefined,
    temporalPayloadKey: secret('TEMPORAL_PAYLOAD_KEY', 'temporal-payload-key'),
    temporalPayloadKeyPrevious: env.TEMPORAL_PAYLOAD_KEY_PREVIOUS || undefined,
    idempotencySealKey: secret('IDEMPOTENCY_SEAL_KEY', 'idempotency-seal-key'),
    idempotencySealKeyPrevious: env.IDEMPOTENCY_SEAL_KEY_PREVIOUS || undefined,
    artifactUrlMaxTtlSeconds: integer(env, 'ARTIFACT_URL_MAX_TTL_SECONDS', 7 * 24 * 3600, 60),
    artifactUrlTtlSeconds: integer(env, 'ARTIFACT_URL_TTL_SECONDS', 3600, 1),
    publicBaseUrl: publicBaseUrl(env.PUBLIC_BASE_URL, integer(env, 'PORT', 3000)),
    outboundAllowlist: parseAllowlist(env.OUTBOUND_ALLOWLIST),
    production: env.NODE_ENV === 'production',
    webhookRetrySchedule: parseRetrySchedule(env.WEBHOOK_RETRY_SCHEDULE),
    workflowBundlePath: env.WORKFLOW_BUNDLE_PATH || undefined,
    workerMetrics: {
      host: env.WORKER_METRICS_HOST || '127.0.0.1',
      port: integer(env, 'WORKER_METRICS_PORT', 9464),
      temporalPort: integer(env, 'TEMPORAL_METRICS_PORT', 9465),
    },
    workerCapacity: {
      renderConcurrency: integer(env, 'RENDER_CONCURRENCY', 2, 1),
      jobActivitySlots: integer(env, 'JOB_ACTIVITY_SLOTS', 4, 1),
      nice: Math.min(19, integer(env, 'WORKER_NICE', 10)),
    },
    culturalIntelligence: {
      masterKey: env.CI_MASTER_KEY || undefined,
      masterKeyFile: env.CI_MASTER_KEY_FILE || path.join(varDir, 'ci-master-key'),
      defaultMonthlyUnits: integer(env, 'CI_DEFAULT_MONTHLY_UNITS', 1_000),
      defaultQuotaMode: quotaMode(env.CI_DEFAULT_QUOTA_MODE),
    },
  };
}
