import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { createServer } from 'node:net';

/** Polls `check` until it answers true; fails with `what` once `timeoutMs` has passed. No fixed sleeps. */
export async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${Math.round(timeoutMs / 1000)} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A port the kernel says is free now (the jest subset, which must not collide with other test files). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether an HTTP GET of `url` answers 2xx. */
export async function answersOk(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env?: NodeJS.ProcessEnv;
  /** the process is ready once this answers true (a port that answers, a line in its output) */
  ready: (output: string) => Promise<boolean> | boolean;
  /** where its output goes, appended across restarts */
  logFile: string;
  readyTimeoutMs?: number;
}

/**
 * One real process of the platform that a scenario may start, kill -9 and start again. It runs in
 * its own process group, so a kill takes its children too (the worker's Chromium), as when the
 * machine or container under it dies.
 */
export class ManagedProcess {
  private child: ChildProcess | undefined;
  private output = '';

  constructor(readonly spec: ProcessSpec) {}

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the process and resolves once it is ready, with the milliseconds that took. */
  async start(): Promise<number> {
    if (this.running) throw new Error(`${this.spec.name} is already running`);
    const started = Date.now();
    const log = fs.openSync(this.spec.logFile, 'a');
    fs.writeSync(log, `\n--- ${new Date().toISOString()} start ${this.spec.name}\n`);
    this.output = '';
    const child = spawn(this.spec.command, this.spec.args, {
      env: { ...process.env, ...this.spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    for (const stream of [child.stdout!, child.stderr!]) {
      stream.on('data', (chunk: Buffer) => {
        fs.writeSync(log, chunk);
        if (this.output.length < 200_000) this.output += chunk.toString('utf8');
      });
    }
    child.once('exit', () => fs.closeSync(log));
    await until(
      `${this.spec.name} to be ready`,
      async () => {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`${this.spec.name} exited (${child.exitCode ?? child.signalCode}) before it was ready; see ${this.spec.logFile}`);
        }
        return this.spec.ready(this.output);
      },
      this.spec.readyTimeoutMs ?? 180_000,
      250,
    );
    return Date.now() - started;
  }

  /** kill -9 of the process and its children, with no chance to clean up. */
  kill9(): Promise<void> {
    return this.signal('SIGKILL', 0);
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs = 15_000): Promise<void> {
    return this.signal('SIGTERM', graceMs);
  }

  private signal(signal: NodeJS.Signals, graceMs: number): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const group = (s: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, s);
        } catch {
          /* already gone */
        }
      };
      const timer = graceMs > 0 ? setTimeout(() => group('SIGKILL'), graceMs) : undefined;
      child.once('exit', () => {
        if (timer) clearTimeout(timer);
        // The group's other members (Chromium) may outlive the leader after a SIGTERM: take them too.
        group('SIGKILL');
        resolve();
      });
      group(signal);
    });
  }
}
