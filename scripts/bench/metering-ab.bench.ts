import { postgresCpuSeconds } from './postgres-cpu';
import { chargeFlushRecorder, FlushTotals, sumFlushes } from './charge-flushes';
import {
  alternating,
  assertEveryServedRequestCharged,
  bareRounds,
  benchmarkAccounts,
  CONNECTIONS,
  drive,
  Figures,
  LoadRequest,
  machineLine,
  natalChartRequest,
  planetsRequest,
  startBarePlanetsServer,
  WARMUP_SECONDS,
} from './http-load';

/** A running platform: one checkout's `npm start`, its API and its database. */
interface Platform {
  name: string;
  url: string;
  databaseUrl: string;
}

const ROUTES: Record<string, { label: string; next: () => LoadRequest }> = {
  planets: { label: 'GET /v1/planets', next: planetsRequest },
  natal: { label: 'POST /v1/natal-chart', next: natalChartRequest },
};

function platformsFromEnv(): Platform[] {
  const spec = process.env.BENCH_AB_TARGETS;
  if (!spec) {
    throw new Error(
      'set BENCH_AB_TARGETS="before=<api url>,<database url>;after=<api url>,<database url>" (two running platforms; docs/benchmarks.md says how to start them)',
    );
  }
  return spec.split(';').map((entry) => {
    const [name, rest] = entry.split('=', 2);
    const [url, databaseUrl] = (rest ?? '').split(',', 2);
    if (!name || !url || !databaseUrl) throw new Error(`BENCH_AB_TARGETS: "${entry}" is not name=<api url>,<database url>`);
    return { name: name.trim(), url: url.trim(), databaseUrl: databaseUrl.trim() };
  });
}

async function requireHealthy(platform: Platform): Promise<void> {
  const health = await fetch(`${platform.url}/health`).catch((err: Error) => err);
  if (health instanceof Error || !health.ok)
    throw new Error(`${platform.name}: ${platform.url}/health does not answer 200; start it first`);
}

/** One platform's two API targets (one account, 100 accounts), with their charge flushes. */
async function apiTargets(platform: Platform, label: string, next: () => LoadRequest, seconds: number) {
  const single = await benchmarkAccounts(1, platform.databaseUrl);
  const many = await benchmarkAccounts(100, platform.databaseUrl);
  const recorder = await chargeFlushRecorder(platform.url, platform.databaseUrl);
  let n = 0;
  const oneAccount = () => ({ ...next(), headers: { Authorization: `Bearer ${single.apiKeys[0]}` } });
  const spreadAccounts = () => ({ ...next(), headers: { Authorization: `Bearer ${many.apiKeys[n++ % 100]}` } });
  const flushes: { one: FlushTotals[]; spread: FlushTotals[] } = { one: [], spread: [] };
  const target = (into: FlushTotals[], name: string, request: () => LoadRequest) => async () => {
    const [figures, flushed] = await recorder.around(() => drive(name, platform.url, {}, request, seconds));
    into.push(flushed);
    return figures;
  };
  return {
    warmUp: async () => {
      await drive(`warm-up: ${platform.name} ${label}`, platform.url, {}, oneAccount, WARMUP_SECONDS);
      await drive(`warm-up: ${platform.name} ${label}, 100 accounts`, platform.url, {}, spreadAccounts, WARMUP_SECONDS);
    },
    one: target(flushes.one, `${platform.name} ${label}, one account`, oneAccount),
    spread: target(flushes.spread, `${platform.name} ${label}, 100 accounts`, spreadAccounts),
    flushes,
    chargeCounts: async () => [await single.chargeCount(), await many.chargeCount()],
    close: async () => {
      await recorder.close();
      await single.close();
      await many.close();
    },
  };
}

/**
 * The order of the targets (each platform's one-account and 100-account targets, then the bare
 * route) in each round: reversed every round, and the platforms' order rotated every two rounds,
 * so over four rounds each platform's targets run as often right after one of its own as right
 * after another platform's (a platform just driven has warm caches), and as often early as late.
 */
function balancedOrder(platforms: number) {
  return (round: number): number[] => {
    const shift = Math.floor(round / 2) % platforms;
    const order: number[] = [];
    for (let p = 0; p < platforms; p++) {
      const platform = (p + shift) % platforms;
      order.push(2 * platform, 2 * platform + 1);
    }
    order.push(2 * platforms); // the bare route
    return round % 2 === 1 ? order.reverse() : order;
  };
}

/**
 * The second platform's ratio minus the first's within each round (both divided by that round's
 * bare req/s): the mean, and in how many rounds the second was higher. A pair of identical
 * checkouts (an A/A run) shows how far apart two platforms land on this machine by chance.
 */
function roundByRound(names: string[], perRound: number[][]): string {
  if (names.length < 2) return '';
  const bare = perRound[perRound.length - 1];
  const line = (target: string, first: number[], second: number[]) => {
    const differences = bare.map((b, r) => (second[r] - first[r]) / b);
    const mean = differences.reduce((s, d) => s + d, 0) / differences.length;
    const higher = differences.filter((d) => d > 0).length;
    return `${target}: ${mean >= 0 ? '+' : '−'}${Math.abs(mean).toFixed(3)} (higher in ${higher} of ${differences.length} rounds)`;
  };
  return (
    `${names[1]} − ${names[0]}, API / bare within each round: ` +
    `${line('one account', perRound[0], perRound[2])}; ${line('100 accounts', perRound[1], perRound[3])}`
  );
}

const micros = (seconds: number, f: Figures) => ((1e6 * seconds) / f.total).toFixed(0);

async function compareRoute(platforms: Platform[], route: string, rounds: number, seconds: number): Promise<void> {
  const { label, next } = ROUTES[route];
  const bareServer = await startBarePlanetsServer();
  const sides = [];
  for (const platform of platforms) sides.push({ platform, targets: await apiTargets(platform, label, next, seconds) });
  try {
    for (const { targets } of sides) await targets.warmUp();
    await drive(`warm-up: bare Fastify ${label}`, bareServer.url, {}, next, WARMUP_SECONDS);
    const chargedBefore = await Promise.all(sides.map(({ targets }) => targets.chargeCounts()));
    const bareRound = bareRounds(bareServer, label, next, seconds);
    const databaseCpuAtStart = postgresCpuSeconds();
    // Each target's req/s round by round, to compare the platforms within a round (same bare round).
    const perRound: number[][] = [];
    const targetRuns = [...sides.flatMap(({ targets }) => [targets.one, targets.spread]), bareRound.run].map((run, i) => {
      perRound[i] = [];
      return async () => {
        const f = await run();
        perRound[i].push(f.requestsPerSecond);
        return f;
      };
    });
    const figures = await alternating(rounds, targetRuns, balancedOrder(sides.length));
    const bare = figures[figures.length - 1];
    const lines: string[] = [];
    for (const [i, { platform, targets }] of sides.entries()) {
      const [one, spread] = [figures[2 * i], figures[2 * i + 1]];
      const [charged1, chargedMany] = await targets.chargeCounts();
      assertEveryServedRequestCharged(one, charged1 - chargedBefore[i][0], rounds);
      assertEveryServedRequestCharged(spread, chargedMany - chargedBefore[i][1], rounds);
      const [oneFlushes, spreadFlushes] = [sumFlushes(targets.flushes.one), sumFlushes(targets.flushes.spread)];
      lines.push(
        `| ${platform.name} | ${one.requestsPerSecond.toFixed(0)} | ${spread.requestsPerSecond.toFixed(0)} | ` +
          `${(one.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} | ${(spread.requestsPerSecond / bare.requestsPerSecond).toFixed(3)} | ` +
          `${micros(oneFlushes.cpuSeconds, one)}; ${micros(spreadFlushes.cpuSeconds, spread)} | ` +
          `${micros(oneFlushes.databaseCpuSeconds, one)}; ${micros(spreadFlushes.databaseCpuSeconds, spread)} | ` +
          `${(oneFlushes.charges / Math.max(1, oneFlushes.flushes)).toFixed(1)}; ${(spreadFlushes.charges / Math.max(1, spreadFlushes.flushes)).toFixed(1)} | ` +
          `${one.non2xx + one.errors + spread.non2xx + spread.errors} |`,
      );
    }
    console.log(`
${label}, platforms compared in one run: ${machineLine()}
${CONNECTIONS} connections, ${rounds} rounds of ${seconds} s per target in a balanced order; PostgreSQL's CPU over the run ${
      databaseCpuAtStart === null ? 'not read' : `${(postgresCpuSeconds()! - databaseCpuAtStart).toFixed(1)} s`
    }
bare route: ${bare.requestsPerSecond.toFixed(0)} req/s, ${micros(bareRound.cpuSeconds(), bare)} µs of CPU per request

| platform | API req/s, one account | 100 accounts | API / bare, one account | 100 accounts | API CPU µs per request (one; 100) | PostgreSQL CPU µs per request | charges per flush | non-2xx + errors |
|---|---|---|---|---|---|---|---|---|
${lines.join('\n')}
${roundByRound(
  sides.map(({ platform }) => platform.name),
  perRound,
)}`);
  } finally {
    bareServer.stop();
    for (const { targets } of sides) await targets.close();
  }
}

/**
 * The metering comparison of two running platforms in one run: two checkouts (say the commit
 * before a change and the change), each started by its own `npm start` on its own port and
 * database, both running the whole time. Each round drives every target once (each platform with
 * one account and with 100 accounts, and the bare route) in a balanced order (balancedOrder), so both
 * platforms are measured against the same bare rounds under the same background: the idle other
 * platform, its worker and its Temporal namespace weigh on every target alike. Run separately, one
 * platform at a time, each ratio had its own bare rounds, measured beside a different idle
 * platform (docs/benchmarks.md, "Metering … eighth run").
 *
 * BENCH_AB_TARGETS names the two platforms: `before=http://127.0.0.1:3001,postgres://…/ab_before;
 * after=http://127.0.0.1:3002,postgres://…/ab_after`. BENCH_AB_ROUTES is `planets`, `natal` or
 * both (the default, `planets,natal`). BENCH_ROUNDS (default 8) rounds of BENCH_ROUND_SECONDS (5).
 */
export default async function benchMeteringAb(): Promise<void> {
  const platforms = platformsFromEnv();
  for (const platform of platforms) await requireHealthy(platform);
  const routes = (process.env.BENCH_AB_ROUTES || 'planets,natal').split(',').map((r) => r.trim());
  for (const route of routes) if (!ROUTES[route]) throw new Error(`BENCH_AB_ROUTES: unknown route "${route}" (planets, natal)`);
  const rounds = Number(process.env.BENCH_ROUNDS || 8);
  const seconds = Number(process.env.BENCH_ROUND_SECONDS || 5);
  for (const route of routes) await compareRoute(platforms, route, rounds, seconds);
}
