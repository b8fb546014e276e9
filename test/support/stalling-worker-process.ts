import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { PlatformConfig } from '@astro/config';

/**
 * Starts test/support/stalling-worker.ts as a real worker process whose chosen activity never
 * finishes; `stalled` resolves once that activity has begun, so the test can SIGKILL it mid-step.
 * It serves the task queue of `config` (the test's API), with its database and artifacts.
 */
export function startStallingWorker(
  config: PlatformConfig,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; stalled: Promise<void> }> {
  const env = {
    DATABASE_URL: config.databaseUrl,
    TEMPORAL_ADDRESS: config.temporal.address,
    TEMPORAL_TASK_QUEUE: config.temporal.taskQueue,
    ARTIFACTS_DIR: config.artifactsDir,
    ...extraEnv,
  };
  const root = path.join(__dirname, '..', '..');
  // Through scripts/run-ts.js (swc, cached output): the worker starts in seconds even on a loaded machine.
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'run-ts.js'), path.join(__dirname, 'stalling-worker.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const seen = (marker: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => output.includes(marker) && resolve();
      child.stdout!.on('data', (chunk) => {
        output += chunk;
        check();
      });
      child.once('exit', (code) => reject(new Error(`stalling worker exited with ${code} before "${marker}"`)));
    });
  const stalled = seen('rendering-started');
  stalled.catch(() => undefined);
  return seen('worker-ready').then(() => ({ child, stalled }));
}
