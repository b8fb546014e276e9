import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import { provisionAccount } from '@astro/accounts';
import { loadConfig } from '@astro/config';
import { Database } from '@astro/database';
import { ChargeBatcher } from '@astro/ledger';
import { machineLine } from './http-load';

/**
 * How many synchronous charges one PostgreSQL commits per second (docs/scaling.md): REPLICAS
 * charge batchers, each with its own pool as an API replica has, each fed by CONCURRENCY callers
 * that charge one credit, wait for the commit and charge again, spread over ACCOUNTS accounts,
 * for SECONDS. No HTTP and no calculation: only the group-commit path of ADR 0004, so the figure
 * is the database's and the batcher's, not an API process's. Needs a migrated database
 * (DATABASE_URL, e.g. the one `npm start` set up).
 */
const REPLICAS = Number(process.env.CHARGE_REPLICAS || 4);
const CONCURRENCY = Number(process.env.CHARGE_CONCURRENCY || 50);
const ACCOUNTS = Number(process.env.CHARGE_ACCOUNTS || 100);
const SECONDS = Number(process.env.CHARGE_SECONDS || 15);

/** CPU seconds a local process has used (utime + stime of /proc/<pid>/stat; 0 when it is not on this machine). */
async function cpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // clock ticks, USER_HZ = 100 on Linux
  } catch {
    return 0;
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

export default async function benchChargeCapacity(): Promise<void> {
  const databaseUrl = loadConfig().databaseUrl;
  const admin = await Database.connect(databaseUrl, { poolSize: 1 });
  const accounts: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const { accountId } = await provisionAccount(
      admin,
      { name: `charge capacity ${i}`, tier: 'enterprise', credits: 100_000_000, withApiKey: false },
      { actor: 'benchmark' },
    );
    accounts.push(accountId);
  }
  const replicas = await Promise.all(
    Array.from({ length: REPLICAS }, async (_, r) => {
      // The API's own pool size and batcher settings (apps/api: one pool of 10, two flushes at once).
      const db = await Database.connect(databaseUrl, { poolSize: 10, applicationName: `charge-capacity-${r}` });
      const flushes: number[] = [];
      return { db, flushes, batcher: new ChargeBatcher(db, { onFlush: (charges) => flushes.push(charges) }) };
    }),
  );
  console.log(
    `→ ${REPLICAS} batchers × ${CONCURRENCY} callers, one credit per charge over ${ACCOUNTS} accounts, ${SECONDS} s against ${new URL(databaseUrl).host}`,
  );
  const latencies: number[] = [];
  const clientCpuBefore = process.cpuUsage();
  let sequence = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    replicas.flatMap(({ batcher }, r) =>
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < deadline) {
          const n = sequence++;
          const t0 = performance.now();
          const charged = await batcher.charge(
            { accountId: accounts[n % ACCOUNTS], operation: 'planets', amount: 1, requestId: `charge-capacity-${started}-${r}-${n}` },
            { actor: 'benchmark' },
          );
          if (!charged) throw new Error('a charge was refused: the benchmark accounts ran out of credits');
          latencies.push(performance.now() - t0);
        }
      }),
    ),
  );
  const elapsed = (Date.now() - started) / 1000;
  const load = os.loadavg()[0];
  const clientCpu = process.cpuUsage(clientCpuBefore);
  // The PostgreSQL backends that served the batchers (one per pooled connection, alive since the
  // run began): their CPU is the database's cost of these charges, whatever else the server runs.
  const backends = await admin.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'charge-capacity-%'`);
  const databaseCpu = (await Promise.all(backends.map((b) => cpuSeconds(b.pid)))).reduce((a, b) => a + b, 0);
  const committed = Number(
    (
      await admin.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE event_type = 'CreditsCharged' AND stream_id = ANY($1)`, [
        accounts.map((id) => `account:${id}`),
      ])
    )[0].n,
  );
  for (const { batcher, db } of replicas) {
    await batcher.close();
    await db.close();
  }
  await admin.close();
  if (committed !== latencies.length) throw new Error(`ledger mismatch: ${committed} events for ${latencies.length} charges`);

  const flushes = replicas.flatMap((r) => r.flushes);
  latencies.sort((a, b) => a - b);
  console.log(`
charge-capacity benchmark, ${machineLine()}, load average ${load.toFixed(1)} at the end
${REPLICAS} batchers (as API replicas) × ${CONCURRENCY} callers, ${ACCOUNTS} accounts, ${SECONDS} s; every charge committed and counted in the log

| charges | charges/s | flushes/s | charges per flush | charge p50 ms | p99 ms | PostgreSQL CPU µs per charge | client CPU µs per charge |
|---|---|---|---|---|---|---|---|
| ${latencies.length} | ${(latencies.length / elapsed).toFixed(0)} | ${(flushes.length / elapsed).toFixed(0)} | ${(latencies.length / flushes.length).toFixed(1)} | ${percentile(latencies, 0.5).toFixed(1)} | ${percentile(latencies, 0.99).toFixed(1)} | ${backends.length ? ((databaseCpu / latencies.length) * 1e6).toFixed(0) : 'n/a (remote server)'} | ${((clientCpu.user + clientCpu.system) / latencies.length).toFixed(0)} |

PostgreSQL: ${backends.length} backends used ${databaseCpu.toFixed(1)} CPU s in ${elapsed.toFixed(1)} s (${((databaseCpu / elapsed) * 100).toFixed(0)} % of one core); at that cost one core commits about ${backends.length && databaseCpu ? Math.round(latencies.length / databaseCpu) : 'n/a'} charges/s (an extrapolation: WAL writes, locks and the client's turns are not in it).`);
}
