import { PlatformConfig } from '@astro/config';
import { ArtifactStore } from '@astro/jobs';
import { LOGO_FILE, uploadKey } from '@astro/visual';

/**
 * Where the PDF activities fetch a brand logo from (loadLogo): an uploaded logo from the artifact
 * store, a public URL through the outbound policy (allow-list, https in production, a short timeout).
 * Up to 3 redirects: one to another origin must lead to a public address (docs/security.md).
 */
export function logoSources(config: PlatformConfig, artifacts: ArtifactStore) {
  return {
    policy: { allowlist: config.outboundAllowlist, requireHttps: config.production, timeoutMs: 5_000, maxRedirects: 3 },
    uploadedLogo: (uploadId: string) => artifacts.get(uploadKey(uploadId, LOGO_FILE)),
  };
}
