import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PlatformConfig } from '@astro/config';
import { StoredArtifact } from './job-ledger';
import { ArtifactStore, artifactKeyParts, assertSafeOwner, LocalArtifactStore, sha256Hex } from './artifact-store';

/** The S3 settings of the configuration (ARTIFACT_STORE=s3), without the choice of download mode. */
export type S3StoreOptions = Omit<Extract<PlatformConfig['artifactStore'], { kind: 's3' }>, 'kind' | 'presignedDownloads'>;

const isMissing = (err: unknown) => err instanceof NoSuchKey || err instanceof NotFound || (err as { name?: string }).name === 'NotFound';

/**
 * Artifacts in an S3 bucket (AWS S3 or any S3-compatible store such as MinIO), so API and worker
 * replicas on several machines share them. PUTs are atomic in S3, so a retried activity simply
 * overwrites with identical bytes, as on the local disk.
 */
export class S3ArtifactStore implements ArtifactStore {
  private readonly client: S3Client;

  constructor(private readonly options: S3StoreOptions) {
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  private objectKey(key: string): string {
    const [owner, name] = artifactKeyParts(key);
    return `${this.options.prefix}${owner}/${name}`;
  }

  async put(owner: string, name: string, body: Buffer, contentType: string): Promise<StoredArtifact> {
    const key = `${owner}/${name}`;
    await this.client.send(
      new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), Body: body, ContentType: contentType }),
    );
    return { key, content_type: contentType, bytes: body.length, sha256: sha256Hex(body) };
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return Buffer.from(await result.Body!.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: [{ Key: this.objectKey(key) }], Quiet: true } }),
    );
  }

  async deleteOwner(owner: string): Promise<boolean> {
    assertSafeOwner(owner);
    const listed = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: `${this.options.prefix}${owner}/` }),
    );
    const objects = (listed.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (objects.length === 0) return false;
    await this.client.send(new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: objects, Quiet: true } }));
    return true;
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  /** A presigned GET of the object, valid `ttlSeconds`: the API redirects a verified download link to it. */
  async directDownloadUrl(key: string, ttlSeconds: number): Promise<string | null> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }), {
      expiresIn: ttlSeconds,
    });
  }

  close(): void {
    this.client.destroy();
  }
}

/** The store the configuration names: the local disk by default, an S3 bucket with ARTIFACT_STORE=s3. */
export function createArtifactStore(config: Pick<PlatformConfig, 'artifactStore' | 'artifactsDir'>): ArtifactStore {
  const store = config.artifactStore;
  if (store.kind === 'local') return new LocalArtifactStore(config.artifactsDir, store.groupId);
  return new S3ArtifactStore(store);
}
