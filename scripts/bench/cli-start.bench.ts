import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { machineLine } from './http-load';

const RUNS = Number(process.env.BENCH_RUNS || 10);
const ROOT = path.join(__dirname, '..', '..');
const TARGET_SECONDS = 2;

interface Start {
  wallSeconds: number;
  cpuSeconds: number;
}

/** Written into each CLI process with `-r`: its own CPU time at exit, read back by the benchmark. */
const CPU_REPORTER = `process.on('exit', () => require('node:fs').writeFileSync(process.env.CLI_START_CPU_FILE, JSON.stringify(process.cpuUsage())));`;

/** One `npm run cli -- …` exactly as npm runs it (node scripts/run-ts.js apps/cli/src/main.ts …), timed from spawn to exit. */
function startCli(args: string[], env: NodeJS.ProcessEnv, scratch: string): Start {
  const cpuFile = path.join(scratch, 'cpu.json');
  const t0 = process.hrtime.bigint();
  const result = spawnSync(
    process.execPath,
    ['-r', path.join(scratch, 'cpu-reporter.js'), path.join(ROOT, 'scripts', 'run-ts.js'), 'apps/cli/src/main.ts', ...args],
    { cwd: ROOT, env: { ...env, CLI_START_CPU_FILE: cpuFile }, encoding: 'utf8' },
  );
  const wallSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  if (result.status !== 0) throw new Error(`npm run cli -- ${args.join(' ')} failed: ${result.stderr || result.error}`);
  const cpu = JSON.parse(fs.readFileSync(cpuFile, 'utf8')) as NodeJS.CpuUsage;
  return { wallSeconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const worst = (xs: number[]) => Math.max(...xs);

/**
 * Target (docs/benchmarks.md): `npm run cli -- <command>` starts in under 2 s (median wall time,
 * spawn to exit): the help, and a database command (`balance` of an account this benchmark opens
 * with `account:create` in DATABASE_URL's database, `npm start`'s by default). Also `balance` with an
 * empty compile cache (RUN_TS_CACHE_DIR), as after a fresh clone: every file it loads is compiled.
 */
export default async function bench(): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-start-'));
  try {
    fs.writeFileSync(path.join(scratch, 'cpu-reporter.js'), CPU_REPORTER);
    const env = { ...process.env };
    const created = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'scripts', 'run-ts.js'),
        'apps/cli/src/main.ts',
        'account:create',
        '--name',
        'CLI start benchmark',
        '--tier',
        'free',
      ],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    const accountId = /account\s+(acct_[a-f0-9]{24})/.exec(created.stdout)?.[1];
    if (!accountId) throw new Error(`account:create failed (is PostgreSQL up? DATABASE_URL): ${created.stderr}`);

    const cases: [string, string[], NodeJS.ProcessEnv][] = [
      ['help', ['help'], env],
      ['balance --account (database)', ['balance', '--account', accountId], env],
      ['balance, empty compile cache', ['balance', '--account', accountId], { ...env, RUN_TS_CACHE_DIR: path.join(scratch, 'cache') }],
    ];
    const rows: string[] = [];
    for (const [name, args, caseEnv] of cases) {
      const starts: Start[] = [];
      for (let i = 0; i < RUNS; i++) {
        if (caseEnv.RUN_TS_CACHE_DIR) fs.rmSync(caseEnv.RUN_TS_CACHE_DIR, { recursive: true, force: true });
        starts.push(startCli(args, caseEnv, scratch));
      }
      const wall = starts.map((s) => s.wallSeconds);
      const cpu = starts.map((s) => s.cpuSeconds);
      const met = median(wall) < TARGET_SECONDS ? 'yes' : 'NO';
      rows.push(
        `| ${name} | ${RUNS} | ${median(wall).toFixed(2)} | ${worst(wall).toFixed(2)} | ${median(cpu).toFixed(2)} | < ${TARGET_SECONDS} | ${met} |`,
      );
    }
    console.log(`\nCLI start, ${machineLine()}, load average ${os.loadavg()[0].toFixed(1)} at the end\n`);
    console.log('| command | runs | wall median s | wall max s | CPU median s | target wall s | met |');
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}
