import type { Client } from 'openapi-fetch';
import type { components, paths } from './schema.js';

export type Job = components['schemas']['Job'];
export type JobArtifact = Job['artifacts'][string];

export interface WaitOptions {
  /** between two polls (default 1 s) */
  intervalMs?: number;
  /** give up after this long (default 10 minutes) */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** An answer that is not the expected one, with the API's error envelope when it sent one. */
export class AstroApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const envelope = body as { error?: string; message?: string; request_id?: string } | undefined;
    super(`${status} ${envelope?.error ?? ''}: ${envelope?.message ?? 'unexpected answer'} (request ${envelope?.request_id ?? 'unknown'})`);
  }
}

/** Polls a report job until it has finished, succeeded or failed, and answers its record. */
export async function waitForJob(client: Client<paths>, jobId: string, options: WaitOptions = {}): Promise<Job> {
  const { intervalMs = 1000, timeoutMs = 600_000, signal } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data, error, response } = await client.GET('/api/v3/jobs/{job_id}', { params: { path: { job_id: jobId } }, signal });
    if (!data) throw new AstroApiError(response.status, error);
    if (data.status === 'succeeded' || data.status === 'failed') return data;
    if (Date.now() + intervalMs > deadline) throw new Error(`job ${jobId} is still ${data.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    signal?.throwIfAborted();
  }
}

/**
 * Downloads an artifact through its signed link (`job.artifacts.<name>.url`, relative or absolute) as
 * a Blob: a PDF, a hosted page or a JSON document, as the link's file extension says.
 */
export async function downloadArtifact(client: Client<paths>, baseUrl: string, artifact: Pick<JobArtifact, 'url'>): Promise<Blob> {
  const link = new URL(artifact.url, baseUrl);
  const match = /\/v1\/artifacts\/([^/]+)\/([^/]+)\.(pdf|html|json)$/.exec(link.pathname);
  if (!match) throw new Error(`not an artifact link: ${artifact.url}`);
  const request = {
    baseUrl: link.origin,
    params: {
      path: { job_id: decodeURIComponent(match[1]), name: decodeURIComponent(match[2]) },
      query: { expires: Number(link.searchParams.get('expires')), signature: link.searchParams.get('signature') ?? '' },
    },
    parseAs: 'blob',
  } as const;
  const { data, error, response } =
    match[3] === 'pdf'
      ? await client.GET('/v1/artifacts/{job_id}/{name}.pdf', request)
      : match[3] === 'html'
        ? await client.GET('/v1/artifacts/{job_id}/{name}.html', request)
        : await client.GET('/v1/artifacts/{job_id}/{name}.json', request);
  if (!data) throw new AstroApiError(response.status, error);
  return data;
}
