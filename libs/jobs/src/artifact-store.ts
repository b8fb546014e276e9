import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
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
 */
export class LocalArtifactStore implements ArtifactStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, ...artifactKeyParts(key));
  }

  async put(jobId: string, name: string, body: Buffer, contentType: string): Promise<StoredArtifact> {
    const key = `${jobId}/${name}`;
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, body);
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
    const existed = await fs.stat(dir).then(() => true, () => false);
    await fs.rm(dir, { recursive: true, force: true });
    return existed;
  }

  async exists(key: string): Promise<boolean> {
    return fs.stat(this.pathOf(key)).then(() => true, () => false);
  }

  async directDownloadUrl(): Promise<string | null> {
    return null; // the API streams local files itself
  }
}

/** Download links: the API serves artifacts only with a valid, unexpired HMAC signature. */
export class ArtifactUrlSigner {
  constructor(private readonly secret: string, readonly ttlSeconds: number) {}

  private signature(jobId: string, name: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${jobId}/${name}:${expires}`).digest('hex');
  }

  /** A signature for any other signed link (e.g. an upload's PUT), under its own name and lifetime. */
  token(owner: string, name: string, ttlSeconds: number, nowMs = Date.now()): { expires: number; signature: string } {
    const expires = Math.floor(nowMs / 1000) + ttlSeconds;
    return { expires, signature: this.signature(owner, name, expires) };
  }

  sign(jobId: string, name: string, nowMs = Date.now()): { url: string; validForSeconds: number } {
    const expires = Math.floor(nowMs / 1000) + this.ttlSeconds;
    return {
      url: `/v1/artifacts/${jobId}/${name}?expires=${expires}&signature=${this.signature(jobId, name, expires)}`,
      validForSeconds: this.ttlSeconds,
    };
  }

  /** 'ok', 'expired' or 'invalid'; the comparison takes the same time whatever the signature. */
  verify(jobId: string, name: string, expires: number, signature: string, nowMs = Date.now()): 'ok' | 'expired' | 'invalid' {
    const expected = Buffer.from(this.signature(jobId, name, expires), 'hex');
    const given = Buffer.from(signature, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return expires * 1000 < nowMs ? 'expired' : 'ok';
  }
}
