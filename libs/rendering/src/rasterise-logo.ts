import { ChildProcess, spawn } from 'node:child_process';
import { LogoRejected } from './logo-rejected';

export type LogoFormat = 'png' | 'jpeg' | 'webp' | 'svg';

/**
 * What drawing one logo may take. The time budget counts from the moment the child process has
 * loaded sharp (so a slow start on a busy machine is not charged to the logo); past it the child
 * is killed. The pixel budget is sharp's `limitInputPixels`: a raster logo's own pixels, and an
 * SVG's pixels as drawn, which is at most the output box (the density is chosen to fit it).
 */
export interface RasterBudget {
  timeMs: number;
  /** the largest raster input, in pixels */
  maxInputPixels: number;
  /** the output fits inside this box, never enlarged */
  box: { width: number; height: number };
}

export const LOGO_RASTER_BUDGET: RasterBudget = { timeMs: 5_000, maxInputPixels: 25_000_000, box: { width: 600, height: 600 } };

/** Children drawing at once in this process; more wait their turn (each child uses one core). */
const MAX_CHILDREN = 2;
/** How long a child may take to start and load sharp before it is given up as broken. */
const START_TIMEOUT_MS = 60_000;

export interface RasterisedLogo {
  png: Buffer;
  width: number;
  height: number;
}

let started = 0;
/** How many logos this process has handed to a rasterising child (the preflight test checks it stays 0). */
export const logoRasterisations = (): number => started;

/**
 * Draws a logo (already sanitised when it is an SVG) into a PNG fitting the budget's box, in a
 * child process that is killed past the time budget. Never on this process's event loop or its
 * libuv threads: librsvg cannot be interrupted once it draws, so only killing a process stops a
 * drawing that takes too long (terminating a worker thread would leave the native work running).
 * The child gets no secret (a few harmless variables of the environment only) and one core.
 * Throws LogoRejected saying what went wrong.
 */
export async function rasteriseLogo(input: Buffer, format: LogoFormat, budget: RasterBudget = LOGO_RASTER_BUDGET): Promise<RasterisedLogo> {
  await takeTurn();
  try {
    started++;
    return await drawInChild(input, format, budget);
  } finally {
    endTurn();
  }
}

let running = 0;
const waiting: (() => void)[] = [];
function takeTurn(): Promise<void> {
  if (running < MAX_CHILDREN) {
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

/** Passed on to the child: where fonts and temporary files are, nothing else. */
const CHILD_ENV_KEYS = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'XDG_CACHE_HOME', 'FONTCONFIG_PATH', 'FONTCONFIG_FILE'];

/**
 * The child's program, plain JavaScript run with `node -e` (so it needs no build step and no
 * loader). It loads sharp, says it is ready, draws the one logo it is sent, answers and exits;
 * it exits too when its parent goes away.
 */
const CHILD_SOURCE = `
const sharp = require(process.argv[1]);
sharp.concurrency(1);
sharp.cache(false);
process.on('disconnect', () => process.exit(1));
const answer = (message) => process.send(message, () => process.exit(0));
process.once('message', async ({ input, format, budget }) => {
  try {
    const bytes = Buffer.from(input);
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== format) return answer({ rejected: 'the bytes decode as ' + (meta.format || 'nothing') + ', not ' + format });
    const width = meta.width || 0, height = meta.height || 0;
    if (width < 1 || height < 1) return answer({ rejected: 'the image has no size' });
    let density, limit = budget.maxInputPixels;
    if (format === 'svg') {
      // sharp draws an SVG at 72 dpi: choose the density that makes the drawing fit the box (within sharp's range).
      density = Math.min(100000, Math.max(1, 72 * Math.min(budget.box.width / width, budget.box.height / height)));
      limit = (budget.box.width + 2) * (budget.box.height + 2);
    }
    const { data, info } = await sharp(bytes, { density, limitInputPixels: limit, failOn: 'error' })
      .resize({ width: budget.box.width, height: budget.box.height, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    answer({ png: data, width: info.width, height: info.height });
  } catch (err) {
    answer({ rejected: 'the image could not be decoded (' + err.message + ')' });
  }
});
process.send({ ready: true });
`;

type ChildAnswer = { ready: true } | { rejected: string } | { png: Uint8Array; width: number; height: number };

function drawInChild(input: Buffer, format: LogoFormat, budget: RasterBudget): Promise<RasterisedLogo> {
  const env = Object.fromEntries(CHILD_ENV_KEYS.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
  const child: ChildProcess = spawn(process.execPath, ['--max-old-space-size=128', '-e', CHILD_SOURCE, require.resolve('sharp')], {
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    env,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-500)));

  return new Promise<RasterisedLogo>((resolve, reject) => {
    let outcome: { result?: RasterisedLogo; problem?: string } | null = null;
    /** Settles once the child has exited, so that a rejection means the drawing has stopped. */
    const finish = (found: { result?: RasterisedLogo; problem?: string }) => {
      outcome ??= found;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    let timer = setTimeout(() => finish({ problem: 'the logo rasteriser did not start' }), START_TIMEOUT_MS);

    child.on('message', (message: ChildAnswer) => {
      if ('ready' in message) {
        clearTimeout(timer);
        timer = setTimeout(
          () => finish({ problem: `drawing the logo took longer than its budget of ${budget.timeMs / 1000} s; simplify the drawing` }),
          budget.timeMs,
        );
        child.send({ input, format, budget });
      } else if ('rejected' in message) finish({ problem: message.rejected });
      else finish({ result: { png: Buffer.from(message.png), width: message.width, height: message.height } });
    });
    child.on('error', (err) => {
      finish({ problem: `the logo rasteriser failed (${err.message})` });
      // A child that never started emits no 'close'.
      if (child.pid === undefined) reject(new LogoRejected(outcome!.problem!));
    });
    // 'close' comes after the exit and after the last message of the IPC channel.
    child.on('close', (code, signal) => {
      finish({ problem: `the logo rasteriser stopped (${signal ?? `exit ${code}`}${stderr ? `: ${stderr.trim()}` : ''})` });
      if (outcome?.result) resolve(outcome.result);
      else reject(new LogoRejected(outcome?.problem ?? 'the logo rasteriser stopped'));
    });
  });
}
