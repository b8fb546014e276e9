import { ArtifactUrlSigner } from '@astro/jobs';
import { REPORT_COMPLETED, VISUAL_READING_COMPLETED, WebhookPayload } from '@astro/delivery';

/** The file each artifact of a visual reading is stored under (visual-reading.activities.ts). */
const VISUAL_ARTIFACT_FILES: Record<string, string> = { json: 'reading.json', hosted: 'reading.html', pdf: 'reading.pdf' };

/** `/v1/artifacts/{job_id}/{file}` of a signed link, relative or absolute, with or without its query. */
const DOWNLOAD_PATH = /\/v1\/artifacts\/([^/?]+)\/([^/?]+)(?:\?|$)/;

/**
 * The body a webhook attempt sends: the stored event with its links made at this attempt. A link
 * signed when the event was published would have expired by a retry hours later or a replay by
 * hand, so each attempt signs its own, valid for ARTIFACT_URL_TTL_SECONDS from the attempt, and
 * every link is absolute (PUBLIC_BASE_URL), with `url` the job's own API address. The body says
 * `livemode` (false for a test key's event).
 */
export function webhookLinks(signer: ArtifactUrlSigner, publicBaseUrl: string) {
  const absolute = (path: string) => `${publicBaseUrl}${path}`;
  return (stored: WebhookPayload, accountId: string, at: Date): WebhookPayload => {
    // A delivery recorded before test mode was live: its body says so like every other.
    const payload = { ...stored, livemode: stored.livemode !== false };
    const data = payload.data;
    if (payload.type === REPORT_COMPLETED && typeof data.job_id === 'string') {
      const artifacts: Record<string, unknown> = {};
      for (const [name, artifact] of Object.entries((data.artifacts ?? {}) as Record<string, Record<string, unknown>>)) {
        const match = typeof artifact.url === 'string' ? DOWNLOAD_PATH.exec(artifact.url) : null;
        if (!match) {
          artifacts[name] = artifact;
          continue;
        }
        const link = signer.sign(match[1], accountId, match[2], at.getTime());
        artifacts[name] = { ...artifact, url: absolute(link.url), valid_for_seconds: link.validForSeconds };
      }
      return { ...payload, data: { ...data, url: absolute(`/api/v3/jobs/${data.job_id}`), artifacts } };
    }
    if (payload.type === VISUAL_READING_COMPLETED && typeof data.job_id === 'string') {
      const jobId = data.job_id;
      const links: Record<string, { url: string; valid_for_seconds: number }> = {};
      for (const name of (data.artifacts ?? []) as string[]) {
        const file = VISUAL_ARTIFACT_FILES[name];
        if (!file) continue;
        const link = signer.sign(jobId, accountId, file, at.getTime());
        links[name] = { url: absolute(link.url), valid_for_seconds: link.validForSeconds };
      }
      return { ...payload, data: { ...data, url: absolute(`/api/v3/visual-readings/jobs/${jobId}`), links } };
    }
    return payload;
  };
}
