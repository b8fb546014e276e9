import { Context } from '@temporalio/activity';

/**
 * Runs `work` and heartbeats `detail` every `everyMs` meanwhile. A render waits for a printing slot
 * and then prints, which in a burst on a busy machine can take longer than the heartbeat timeout;
 * the process is alive all along and says so. A worker that dies stops heartbeating with it, so
 * its attempt still times out and another worker takes the job over.
 */
export async function heartbeating<T>(detail: string, work: () => Promise<T>, everyMs = 5_000): Promise<T> {
  const context = Context.current();
  const timer = setInterval(() => context.heartbeat(detail), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
