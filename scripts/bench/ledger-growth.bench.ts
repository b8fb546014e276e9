import { execFile } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { foldPendingKeyUsage, listApiKeys } from '@astro/accounts';
import { newId } from '@astro/contracts';
import { Database, setUpDatabase } from '@astro/database';
import { ensureCheckpoints, monthlyStatement, reconcile } from '@astro/finance';
import { jobDossier, jobsProjection } from '@astro/jobs';
import { accountsProjection, accountStatement, chargeCredits, rebuildProjections } from '@astro/ledger';
import { ACCOUNTS, MEASURED_MONTH, seedLedger } from './ledger-seed';

/**
 * `npm run bench -- ledger-growth`: the ledger's reads and writes at 0.1 M, 1 M and 10 M events
 * (LEDGER_SIZES=0.1,1 picks sizes, in millions), each on a fresh database seeded by ledger-seed.ts.
 * In-process: a single charge, the ledger's first page, the API-key list with usage (what
 * GET /v1/api-keys answers), jobs:show's lookup (jobDossier), and charges sent during a projection
 * rebuild. Through the CLI as an operator runs it, with wall time and peak RSS (GNU time): one
 * month's and the whole range's reconciliation, projections:verify, one month's statement.
 */
const ROOT = path.join(__dirname, '..', '..');
const MONTH = { from: MEASURED_MONTH.from, to: MEASURED_MONTH.to, statement: MEASURED_MONTH.month };

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}
const ms = (samples: number[]) => `${percentile(samples, 0.5).toFixed(1)}/${percentile(samples, 0.99).toFixed(1)}`;

async function timed(runs: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await work(i);
    samples.push(performance.now() - t0);
  }
  return samples;
}

/** Runs a CLI command under GNU time: wall seconds and peak RSS in MB. */
function cli(databaseUrl: string, args: string[]): Promise<{ wall: number; rssMb: number; out: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      '/usr/bin/time',
      ['-f', 'TIME %e %M', process.execPath, path.join(ROOT, 'scripts', 'run-ts.js'), path.join(ROOT, 'apps/cli/src/main.ts'), ...args],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl, DATABASE_ADMIN_URL: databaseUrl }, maxBuffer: 1 << 28 },
      (err, stdout, stderr) => {
        const m = /TIME (\S+) (\d+)/.exec(stderr);
        if (err || !m) return reject(new Error(`${args.join(' ')} failed: ${stderr.slice(-2000)}`));
        resolve({ wall: Number(m[1]), rssMb: Number(m[2]) / 1024, out: stdout });
      },
    );
  });
}

async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (process.env.LEDGER_REUSE) return url.toString();
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  await setUpDatabase(url.toString(), 'ledger-bench-app-password');
  return url.toString();
}

async function seed(db: Database, events: number, accountIds: string[], keyIds: string[], figures: Record<string, string>): Promise<void> {
  let t0 = performance.now();
  await seedLedger(db, events, accountIds, keyIds);
  await db.query(
    `INSERT INTO api_keys (id, account_id, key_hash, key_prefix, label)
       SELECT id, $2, sha256(convert_to(id, 'UTF8')), left(id, 12), 'bench' FROM unnest($1::text[]) id`,
    [keyIds, accountIds[0]],
  );
  const [{ n, size }] = await db.query<{ n: string; size: string }>(
    `SELECT count(*) AS n, pg_size_pretty(pg_total_relation_size('events')) AS size FROM events`,
  );
  figures['events seeded (table + indexes)'] = `${Number(n).toLocaleString('en')} (${size})`;
  figures['seed s'] = ((performance.now() - t0) / 1000).toFixed(0);
  t0 = performance.now();
  await rebuildProjections(db, [accountsProjection, jobsProjection]);
  figures['projections built from the log s'] = ((performance.now() - t0) / 1000).toFixed(1);
  t0 = performance.now();
  const built = await ensureCheckpoints(db);
  figures['month-end checkpoints built (once) s'] = `${((performance.now() - t0) / 1000).toFixed(1)} (${built.length})`;
  // What the workers' minute folds would have done while the log grew: the key list's reads below
  // then fold only what was appended since, as they do on a running platform.
  t0 = performance.now();
  const folded = await foldPendingKeyUsage(db);
  figures['per-key usage folded from the seeded log (once) s'] = `${((performance.now() - t0) / 1000).toFixed(1)} (${folded} accounts)`;
}

async function measure(serverUrl: string, millions: number): Promise<Record<string, string>> {
  const events = Math.round(millions * 1_000_000);
  const url = await freshDatabase(serverUrl, `ledger_growth_${String(millions).replace('.', '_')}`);
  const db = await Database.connect(url, { poolSize: 8, applicationName: 'ledger-growth' });
  const figures: Record<string, string> = {};
  try {
    let accountIds = Array.from({ length: ACCOUNTS }, () => newId('account'));
    let keyIds = Array.from({ length: 3 }, () => newId('apiKey'));
    if (process.env.LEDGER_REUSE) {
      // LEDGER_REUSE=1: the databases of an earlier run, seeded and checkpointed; only the measures.
      accountIds = (
        await db.query<{ id: string }>(
          `SELECT substr(stream_id, 9) AS id FROM events WHERE event_type = 'AccountOpened' ORDER BY position LIMIT ${ACCOUNTS}`,
        )
      ).map((r) => r.id);
      keyIds = (await db.query<{ id: string }>(`SELECT id FROM api_keys WHERE account_id = $1 ORDER BY id`, [accountIds[0]])).map(
        (r) => r.id,
      );
    } else {
      await seed(db, events, accountIds, keyIds, figures);
    }
    const big = accountIds[0];
    await db.query(`ANALYZE`);
    await db.query(`SELECT pg_stat_reset()`);

    let req = 0;
    const charge = (account: string) =>
      chargeCredits(
        db,
        { accountId: account, operation: 'planets', amount: 1, requestId: `req_growth_${req++}` },
        { actor: `key:${keyIds[0]}` },
      );
    figures['single charge p50/p99 ms'] = ms(await timed(300, () => charge(big)));
    figures['ledger first page p50/p99 ms'] = ms(await timed(300, () => accountStatement(db, big, { limit: 50 })));
    // The first read folds the 300 charges above; the rest find nothing new.
    figures['GET /v1/api-keys usage, big account p50/p99 ms'] = ms(await timed(100, () => listApiKeys(db, big)));
    const [newest] = await db.query<{ id: string }>(`SELECT id FROM jobs WHERE account_id = $1 ORDER BY created_at DESC LIMIT 1`, [big]);
    figures['jobs:show lookup (jobDossier) p50/p99 ms'] = ms(await timed(100, () => jobDossier(db, newest.id)));

    const period = { from: new Date(`${MONTH.from}T00:00:00Z`), to: new Date(`${MONTH.to}T00:00:00Z`) };
    figures['reconcile one month in-process p50/p99 ms'] = ms(await timed(10, () => reconcile(db, period)));
    figures['statement one month in-process, big account p50/p99 ms'] = ms(
      await timed(20, () => monthlyStatement(db, big, MONTH.statement)),
    );
    const month = await cli(url, ['finance:reconcile', '--from', MONTH.from, '--to', MONTH.to, '--format', 'json', '--out', os.devNull]);
    figures['reconcile one month: wall s / RSS MB'] = `${month.wall} / ${month.rssMb.toFixed(0)}`;
    const whole = await cli(url, [
      'finance:reconcile',
      '--from',
      '2024-01-01',
      '--to',
      '2030-01-01',
      '--format',
      'json',
      '--out',
      os.devNull,
    ]);
    figures['reconcile whole range: wall s / RSS MB'] = `${whole.wall} / ${whole.rssMb.toFixed(0)}`;
    const verify = await cli(url, ['projections:verify']);
    figures['projections:verify: wall s / RSS MB'] = `${verify.wall} / ${verify.rssMb.toFixed(0)}`;
    const statement = await cli(url, ['finance:statement', '--account', big, '--month', MONTH.statement, '--format', 'json']);
    figures['finance:statement one month, big account: wall s / RSS MB'] = `${statement.wall} / ${statement.rssMb.toFixed(0)}`;
    const help = await cli(url, ['help']);
    figures['CLI start (help) s'] = String(help.wall);

    // Charges keep flowing while an operator's `projections:rebuild` (its own process, as in
    // production) rebuilds every projection: four clients here, one charge at a time each.
    let rebuilding = true;
    const during: number[] = [];
    const client = async (c: number) => {
      for (let i = c; rebuilding; i += 4) {
        const t = performance.now();
        await charge(accountIds[i % 50]);
        during.push(performance.now() - t);
      }
    };
    const charging = Promise.all([0, 1, 2, 3].map(client));
    const rebuild = await cli(url, ['projections:rebuild']).finally(() => (rebuilding = false));
    await charging;
    figures['projections:rebuild (CLI): wall s / RSS MB'] = `${rebuild.wall} / ${rebuild.rssMb.toFixed(0)}`;
    figures['charge during the rebuild p50/p99/max ms (n)'] = `${ms(during)}/${Math.max(...during).toFixed(1)} (${during.length})`;
    const indexes = await db.query<{ indexrelname: string; idx_scan: string; size: string }>(
      `SELECT indexrelname, idx_scan, pg_size_pretty(pg_relation_size(indexrelid)) AS size
         FROM pg_stat_user_indexes WHERE relname = 'events' ORDER BY indexrelname`,
    );
    figures['events indexes (scans since the checkpoints, size)'] = indexes
      .map((i) => `${i.indexrelname} ${i.idx_scan} ${i.size}`)
      .join('; ');
  } finally {
    await db.close();
  }
  return figures;
}

export default async function benchLedgerGrowth(): Promise<void> {
  const serverUrl = process.env.BENCH_DATABASE_SERVER_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const sizes = (process.env.LEDGER_SIZES || '0.1,1,10').split(',').map(Number);
  const columns: Record<string, string>[] = [];
  for (const size of sizes) {
    console.error(`ledger-growth: ${size} M events…`);
    columns.push(await measure(serverUrl, size));
    console.error(JSON.stringify(columns[columns.length - 1], null, 1));
  }
  console.log(
    `\nledger-growth, ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} CPU, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  console.log(`| | ${sizes.map((s) => `${s} M`).join(' | ')} |`);
  console.log(`|---|${sizes.map(() => '---').join('|')}|`);
  for (const row of Object.keys(columns[0])) console.log(`| ${row} | ${columns.map((c) => c[row] ?? '–').join(' | ')} |`);
}
