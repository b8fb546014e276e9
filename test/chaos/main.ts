import '../support/register-aliases';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { bundleWorkflows } from '../../apps/worker/src/worker-factory';
import { runScenario, ScenarioReport, seconds } from './scenario';
import { SCENARIOS } from './scenarios';
import { Stack } from './stack';

/**
 * `npm run chaos [scenario…]`: starts the platform as real processes (embedded PostgreSQL, the
 * Temporal dev server on a SQLite file, MinIO, the API, the worker, a webhook receiver) on ports
 * from CHAOS_BASE_PORT (18300), runs each fault scenario on it, checks the invariants after each,
 * and prints the time each took to recover. scripts/chaos.js finds the Temporal CLI and MinIO first.
 */
async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !SCENARIOS.some((s) => s.name === w));
  if (unknown.length > 0) throw new Error(`unknown scenario(s) ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  const scenarios = wanted.length > 0 ? SCENARIOS.filter((s) => wanted.includes(s.name)) : SCENARIOS;
  const temporalCli = process.env.TEMPORAL_CLI_PATH;
  const s3Server = process.env.TEST_S3_SERVER;
  if (!temporalCli || !s3Server) throw new Error('run it with `npm run chaos`: it finds the Temporal CLI and MinIO');

  let nextPort = Number(process.env.CHAOS_BASE_PORT || 18300);
  const runDir = path.join(__dirname, '..', '..', 'var', 'chaos', new Date().toISOString().replace(/[:.]/g, '-'));
  const t0 = Date.now();
  const log = (line: string) => console.log(`[chaos ${seconds(Date.now() - t0).padStart(7)}] ${line}`);
  log(`run directory ${runDir}`);
  fs.mkdirSync(runDir, { recursive: true });
  const workflowBundle = path.join(runDir, 'workflow-bundle.js');
  fs.writeFileSync(workflowBundle, await bundleWorkflows());
  log('workflows bundled once for every start of the worker');
  const stack = await Stack.start(
    { runDir, port: async () => nextPort++, database: 'embedded', temporalCli, s3Server, workflowBundle, webhookRetrySchedule: '0,1,1' },
    log,
  );
  const reports: ScenarioReport[] = [];
  let failure: Error | undefined;
  try {
    for (const [i, scenario] of scenarios.entries()) {
      log(`scenario ${i + 1}/${scenarios.length} ${scenario.name}: ${scenario.title}`);
      const report = await runScenario(scenario, stack, (line) => log(`  ${scenario.name}: ${line}`));
      reports.push(report);
      log(
        `scenario ${scenario.name} ${report.ok ? 'passed' : 'FAILED'} in ${seconds(report.durationMs)}; recovery ${seconds(report.outcome.recoveryMs)}`,
      );
    }
  } catch (err) {
    failure = err as Error;
    log(`stopped: ${failure.message}`);
  } finally {
    await stack.stop();
  }
  console.log(
    `\nchaos on ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, load ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log('scenario              result  duration  recovery  (recovered when …)');
  for (const r of reports) {
    console.log(
      `${r.name.padEnd(22)}${(r.ok ? 'ok' : 'FAILED').padEnd(8)}${seconds(r.durationMs).padStart(8)}  ${seconds(r.outcome.recoveryMs).padStart(8)}  ${r.outcome.recoveredWhen}`,
    );
    for (const fact of r.outcome.facts) console.log(`${' '.repeat(48)}${fact}`);
  }
  console.log(`total ${seconds(Date.now() - t0)}; logs in ${runDir}`);
  fs.writeFileSync(path.join(runDir, 'report.json'), JSON.stringify({ reports, failure: failure?.message ?? null }, null, 2));
  if (failure || reports.length < scenarios.length || reports.some((r) => !r.ok)) process.exit(1);
}

main().catch((err) => {
  console.error(`chaos failed: ${err instanceof Error ? err.stack : err}`);
  process.exit(1);
});
