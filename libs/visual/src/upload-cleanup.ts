import { Database, repeatRounds } from '@astro/database';
import { ArtifactStore } from '@astro/jobs';
import { deleteExpiredUploads } from './uploads';

/**
 * Runs the deletion of unused uploads every `intervalMs` in a long-lived process (each worker runs
 * one; the deletion claims rows one UPDATE at a time, so several workers never clash). An upload is
 * therefore gone at most `intervalMs` after its 24 h. A failed round is logged and the next one retries.
 */
export function scheduleUploadCleanup(
  db: Database,
  store: ArtifactStore,
  intervalMs = 10 * 60_000,
  log: (line: string) => void = console.log,
): { stop(): void } {
  return repeatRounds('upload cleanup', intervalMs, async () => {
    const deleted = await deleteExpiredUploads(db, store);
    if (deleted.length > 0) log(`upload cleanup: deleted ${deleted.length} unused upload(s)`);
  });
}
