import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

/**
 * Starts test/support/stalling-worker.ts as a real worker process whose chosen activity never
 * finishes; `stalled` resolves once that activity has begun, so the test can SIGKILL it mid-step.
 */
export function startStallingWorker(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; stalled: Promise<void> }> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(__dirname, 'stalling-worker.ts')], {
    cwd: path.join(__dirname, '..', '..'),
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
