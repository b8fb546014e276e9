import { Inject, Injectable } from '@nestjs/common';
import { PlatformConfig } from '@astro/config';
import { ArtifactStore, ArtifactUrlSigner, StoredArtifact } from '@astro/jobs';
import { ARTIFACT_STORE, CONFIG } from '../platform/platform';

/** Where a verified download link leads: a one-minute presigned S3 URL, or the bytes themselves. */
export type ArtifactDownload = { redirect: string } | { artifact: StoredArtifact; bytes: Buffer };

/** The artifacts of jobs: the store that keeps them, the signer of their download links, and how a download is served. */
@Injectable()
export class JobArtifacts {
  constructor(
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(ARTIFACT_STORE) readonly store: ArtifactStore,
    readonly urls: ArtifactUrlSigner,
  ) {}

  /** The artifact behind a verified link; undefined when the store no longer has it. */
  async download(stored: StoredArtifact): Promise<ArtifactDownload | undefined> {
    // With S3 and presigned downloads the bytes come straight from the bucket: a one-minute link.
    const store = this.config.artifactStore;
    if (store.kind === 's3' && store.presignedDownloads) {
      const direct = await this.store.directDownloadUrl(stored.key, 60);
      if (direct) return { redirect: direct };
    }
    const bytes = await this.store.get(stored.key);
    return bytes ? { artifact: stored, bytes } : undefined;
  }
}
