import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import type { PlatformConfig } from '@astro/config';
import { StoredArtifact } from './job-ledger';

const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,80}$/;

/**
 * Where job artifacts and uploaded photos live: the local disk for one machine (the default), or an
 * S3 bucket when several machines share them (ARTIFACT_STORE=s3, see s3-artifact-store.ts). Keys
 * are `<owner>/<name>`: a job or upload id, then a file name.
 */
export interface ArtifactStore {
  put(owner: string, name: string, body: Buffer, contentType: string): Promise<StoredArtifact>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Erases everything stored under one owner; true if something was there. */
  deleteOwner(owner: string): Promise<boolean>;
  exists(key: string): Promise<boolean>;
  /** A short-lived direct download link when the store can give one (S3 presigned GET), else null. */
  directDownloadUrl(key: string, ttlSeconds: number): Promise<string | null>;
}

/** Checks a key's two parts; both stores refuse anything else, so a key can never escape its owner. */
export function artifactKeyParts(key: string): [string, string] {
  const [owner, name, ...rest] = key.split('/');
  if (!owner || !name || rest.length > 0 || !SAFE_NAME.test(owner) || !SAFE_NAME.test(name)) throw new Error(`invalid artifact key ${key}`);
  return [owner, name];
}

export function assertSafeOwner(owner: string): void {
  if (!SAFE_NAME.test(owner)) throw new Error(`invalid artifact owner ${owner}`);
}

export function sha256Hex(body: Buffer): string {
  return createHash('sha256').update(body).digest('hex');
}

/**
 * Job artifacts on the local disk (var/artifacts). Writes go to a temporary file and are renamed
 * into place, so a retried activity overwrites with identical bytes and a reader never sees half.
 * Reports and photos are personal data: files are 0600 and directories 0700 (the root included),
 * readable by the service's user only; with a shared group (ARTIFACTS_GROUP) they are 0640 and
 * 0750 and belong to that group. Modes are set explicitly, whatever the process's umask.
 */
export class LocalArtifactStore implements ArtifactStore {
  private readonly fileMode: number;
  private readonly dirMode: number;
  private rootReady: Promise<void> | null = null;

  constructor(
    private readonly root: string,
    /** the group that may read beside the owner (ARTIFACTS_GROUP), or none */
    private readonly groupId?: number,
  ) {
    [this.fileMode, this.dirMode] = groupId === undefined ? [0o600, 0o700] : [0o640, 0o750];
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...artifactKeyParts(key));
  }

  /** Gives a file or directory its mode and, with a shared group, that group. */
  private async restrict(target: string, mode: number): Promise<void> {
    if (this.groupId !== undefined) await fs.chown(target, -1, this.groupId);
    await fs.chmod(target, mode);
  }

  async put(jobId: string, name: string, body: Buffer, contentType: string): Promise<StoredArtifact> {
    const key = `${jobId}/${name}`;
    const file = this.pathOf(key);
    this.rootReady ??= fs
      .mkdir(this.root, { recursive: true, mode: this.dirMode })
      .then(() => this.restrict(this.root, this.dirMode))
      .catch((err: unknown) => {
        this.rootReady = null;
        throw err;
      });
    await this.rootReady;
    await fs.mkdir(path.dirname(file), { recursive: true, mode: this.dirMode });
    await this.restrict(path.dirname(file), this.dirMode);
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, body, { mode: this.fileMode });
    await this.restrict(temporary, this.fileMode);
    await fs.rename(temporary, file);
    return { key, content_type: contentType, bytes: body.length, sha256: sha256Hex(body) };
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  /** Erases everything stored under one owner (a job or an upload id); true if something was there. */
  async deleteOwner(owner: string): Promise<boolean> {
    assertSafeOwner(owner);
    const dir = path.join(this.root, owner);
    const existed = await fs.stat(dir).then(
      () => true,
      () => false,
    );
    await fs.rm(dir, { recursive: true, force: true });
    return existed;
  }

  async exists(key: string): Promise<boolean> {
    return fs.stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }

  async directDownloadUrl(): Promise<string | null> {
    return null; // the API streams local files itself
  }
}

export type LinkVerdict = 'ok' | 'expired' | 'invalid' | 'too_long';

export interface LinkSecrets {
  /** the secret new links are signed with */
  current: string;
  /** a rotated-out secret whose links stay valid until they expire */
  previous?: string;
}

/**
 * Signed links (artifact downloads, upload PUTs). The HMAC-SHA256 covers the HTTP method, the full
 * path, the tenant (the account that owns the resource) and the expiry, so a link cannot be reused
 * for another method, another resource or another tenant's resource, and an `expires` further in
 * the future than the link kind allows is refused whatever its signature. Rotation: links signed
 * with the previous secret verify until they expire.
 */
export class ArtifactUrlSigner {
  constructor(
    private readonly secrets: LinkSecrets,
    readonly ttlSeconds: number,
    /** the longest lifetime a download link may claim (ARTIFACT_URL_MAX_TTL_SECONDS, 7 days by default) */
    readonly maxDownloadTtlSeconds = 7 * 24 * 3600,
  ) {
    if (ttlSeconds > maxDownloadTtlSeconds)
      throw new Error(`ARTIFACT_URL_TTL_SECONDS (${ttlSeconds}) exceeds the maximum of ${maxDownloadTtlSeconds}`);
  }

  private static mac(secret: string, method: string, path: string, tenant: string, expires: number): Buffer {
    return createHmac('sha256', secret).update(`${method}\n${path}\n${tenant}\n${expires}`).digest();
  }

  private link(method: string, path: string, tenant: string, ttlSeconds: number, nowMs: number) {
    const expires = Math.floor(nowMs / 1000) + ttlSeconds;
    const signature = ArtifactUrlSigner.mac(this.secrets.current, method, path, tenant, expires).toString('hex');
    return { url: `${path}?expires=${expires}&signature=${signature}`, expires, validForSeconds: ttlSeconds };
  }

  private check(
    method: string,
    path: string,
    tenant: string,
    expires: number,
    signature: string,
    maxTtlSeconds: number,
    nowMs: number,
  ): LinkVerdict {
    const given = /^[a-f0-9]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
    const matches = [this.secrets.current, this.secrets.previous]
      .filter((s): s is string => Boolean(s))
      .some((secret) => {
        const expected = ArtifactUrlSigner.mac(secret, method, path, tenant, expires);
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
    if (!matches) return 'invalid';
    if (expires * 1000 < nowMs) return 'expired';
    if (expires * 1000 - nowMs > maxTtlSeconds * 1000) return 'too_long';
    return 'ok';
  }

  static downloadPath = (jobId: string, name: string) => `/v1/artifacts/${jobId}/${name}`;
  static uploadPath = (uploadId: string) => `/api/v3/visual-readings/uploads/${uploadId}/bytes`;

  /** The download link of a job's artifact, for the account that owns the job. */
  sign(jobId: string, accountId: string, name: string, nowMs = Date.now()): { url: string; validForSeconds: number } {
    const { url, validForSeconds } = this.link('GET', ArtifactUrlSigner.downloadPath(jobId, name), accountId, this.ttlSeconds, nowMs);
    return { url, validForSeconds };
  }

  verify(jobId: string, accountId: string, name: string, expires: number, signature: string, nowMs = Date.now()): LinkVerdict {
    return this.check('GET', ArtifactUrlSigner.downloadPath(jobId, name), accountId, expires, signature, this.maxDownloadTtlSeconds, nowMs);
  }

  /** The single-use PUT link of a visual upload. */
  signUpload(uploadId: string, accountId: string, ttlSeconds: number, nowMs = Date.now()): { url: string; expires: number } {
    const { url, expires } = this.link('PUT', ArtifactUrlSigner.uploadPath(uploadId), accountId, ttlSeconds, nowMs);
    return { url, expires };
  }

  verifyUpload(
    uploadId: string,
    accountId: string,
    expires: number,
    signature: string,
    maxTtlSeconds: number,
    nowMs = Date.now(),
  ): LinkVerdict {
    return this.check('PUT', ArtifactUrlSigner.uploadPath(uploadId), accountId, expires, signature, maxTtlSeconds, nowMs);
  }
}

/** The signer the configuration describes: current and previous secret, lifetimes. */
export function artifactUrlSigner(
  config: Pick<PlatformConfig, 'artifactUrlSecret' | 'artifactUrlPreviousSecret' | 'artifactUrlTtlSeconds' | 'artifactUrlMaxTtlSeconds'>,
): ArtifactUrlSigner {
  return new ArtifactUrlSigner(
    { current: config.artifactUrlSecret, previous: config.artifactUrlPreviousSecret },
    config.artifactUrlTtlSeconds,
    config.artifactUrlMaxTtlSeconds,
  );
}
