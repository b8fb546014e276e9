import { ChildProcess, Serializable, spawn } from 'node:child_process';
import * as os from 'node:os';

/**
 * Image work (drawing a logo, decoding a photo) in a child process of its own, never on this
 * process's event loop or its libuv threads: a decoder or librsvg cannot be interrupted once it
 * runs, so only killing a process stops work that takes too long (terminating a worker thread would
 * leave the native work running), and a child's CPU is not the thread pool that file reads, password
 * hashes and DNS lookups of every other request share. Each child loads sharp with one libvips
 * thread, runs at a lower scheduling priority than its parent (nice 10), gets no secret (a few
 * harmless variables of the environment only) and is killed (`SIGKILL`) past its time budget.
 */

/** Children at once in this process; more wait their turn (each child uses one core). */
export const SHARP_CHILDREN_AT_ONCE = 2;
/** How long a child may take to start and load sharp before it is given up as broken. */
const START_TIMEOUT_MS = 60_000;
/** The children's scheduling priority: behind the parent's requests, whatever they draw. */
const CHILD_NICE = 10;

/** The child refused the work, or it failed: the message says why (the caller names the field). */
export class SharpChildRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SharpChildRefused';
  }
}

/** Passed on to the child: where fonts and temporary files are, nothing else. */
const CHILD_ENV_KEYS = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'XDG_CACHE_HOME', 'FONTCONFIG_PATH', 'FONTCONFIG_FILE'];

/**
 * The frame of every child's program, plain JavaScript run with `node -e` (no build step, no
 * loader): it loads sharp, says it is ready, runs `work(sharp, message)` on the one message it is
 * sent, answers `{ value }` or `{ refused }` and exits; it exits too when its parent goes away.
 * `work` is the body of an async function of (sharp, message) that returns the value, or throws
 * `{ refused: '…' }` for a refusal the caller passes on as it is.
 */
function programOf(work: string): string {
  return `
const sharp = require(process.argv[1]);
sharp.concurrency(1);
sharp.cache(false);
process.on('disconnect', () => process.exit(1));
const answer = (message) => process.send(message, () => process.exit(0));
const work = async (sharp, message) => {${work}};
process.once('message', async (message) => {
  try {
    answer({ value: await work(sharp, message) });
  } catch (err) {
    answer({ refused: err && typeof err.refused === 'string' ? err.refused : 'the image could not be decoded (' + (err && err.message) + ')' });
  }
});
process.send({ ready: true });
`;
}

type ChildAnswer<T> = { ready: true } | { refused: string } | { value: T };

let running = 0;
const waiting: (() => void)[] = [];
function takeTurn(): Promise<void> {
  if (running < SHARP_CHILDREN_AT_ONCE) {
    running++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}
function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * Runs `work` (see programOf) on `message` in a child process, at most SHARP_CHILDREN_AT_ONCE at a
 * time in this process. The time budget counts from the moment the child has loaded sharp (so a
 * slow start on a busy machine is not charged to the image); past it the child is killed and the
 * promise rejects with `tooLong`. Settles only once the child has exited. Rejects with
 * SharpChildRefused saying what went wrong.
 */
export async function runInSharpChild<T>(work: string, message: Serializable, budget: { timeMs: number; tooLong: string }): Promise<T> {
  await takeTurn();
  try {
    return await runChild<T>(programOf(work), message, budget);
  } finally {
    endTurn();
  }
}

function runChild<T>(program: string, message: Serializable, budget: { timeMs: number; tooLong: string }): Promise<T> {
  const env = Object.fromEntries(CHILD_ENV_KEYS.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
  const child: ChildProcess = spawn(process.execPath, ['--max-old-space-size=128', '-e', program, require.resolve('sharp')], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    env,
  });
  lowerPriority(child);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-500)));

  return new Promise<T>((resolve, reject) => {
    let outcome: { value?: T; problem?: string } | null = null;
    /** Settles once the child has exited, so that a rejection means the work has stopped. */
    const finish = (found: { value?: T; problem?: string }) => {
      outcome ??= found;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    let timer = setTimeout(() => finish({ problem: 'the image process did not start' }), START_TIMEOUT_MS);

    child.on('message', (answer: ChildAnswer<T>) => {
      if ('ready' in answer) {
        clearTimeout(timer);
        timer = setTimeout(() => finish({ problem: budget.tooLong }), budget.timeMs);
        child.send(message);
      } else if ('refused' in answer) finish({ problem: answer.refused });
      else finish({ value: answer.value });
    });
    child.on('error', (err) => {
      finish({ problem: `the image process failed (${err.message})` });
      // A child that never started emits no 'close'.
      if (child.pid === undefined) reject(new SharpChildRefused(outcome!.problem!));
    });
    // 'close' comes after the exit and after the last message of the IPC channel.
    child.on('close', (code, signal) => {
      finish({ problem: `the image process stopped (${signal ?? `exit ${code}`}${stderr ? `: ${stderr.trim()}` : ''})` });
      if (outcome && 'value' in outcome && outcome.value !== undefined) resolve(outcome.value);
      else reject(new SharpChildRefused(outcome?.problem ?? 'the image process stopped'));
    });
  });
}

/** Gives the child a lower priority than this process (never a higher one, which needs privileges). */
function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    os.setPriority(child.pid, Math.max(os.getPriority(), CHILD_NICE));
  } catch {
    // The child may have exited already; its priority no longer matters.
  }
}
