import * as fs from 'node:fs';
import * as os from 'node:os';

/**
 * Lowers this process's scheduling priority to `nice` (0–19). On Linux a nice value belongs to
 * each thread, and a thread or process inherits its creator's: so every thread that already runs
 * (V8's, libuv's) is lowered, and whatever starts later (the Temporal runtime, Chromium and its
 * renderers) starts low. Chromium then sets its own threads' priorities; an unprivileged process
 * cannot raise them above what it inherited, and as root it is started without the capability
 * to (chromiumLaunchOptions, docs/operations.md "Worker capacity"). Returns the main thread's priority.
 */
export function lowerPriority(nice: number): number {
  if (nice <= 0) return os.getPriority();
  let threads: string[] = [];
  try {
    threads = fs.readdirSync('/proc/self/task');
  } catch {
    // no /proc (not Linux): the process's priority is all there is
  }
  for (const thread of threads) {
    try {
      os.setPriority(Number(thread), nice);
    } catch {
      // a thread that ended meanwhile
    }
  }
  os.setPriority(nice);
  return os.getPriority();
}
