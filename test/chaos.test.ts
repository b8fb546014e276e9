import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort } from './chaos/processes';
import { runScenario } from './chaos/scenario';
import { CI_SCENARIOS } from './chaos/scenarios';
import { Stack } from './chaos/stack';

// The CI subset of the fault suite (`npm run chaos` runs all of it, test/chaos/): the API, the
// worker and a Temporal dev server on a SQLite file as real processes of their own, a database of
// their own on the tests' PostgreSQL; a worker killed mid-render, a receiver down for the whole
// retry schedule, each followed by every invariant checked by code.
let stack: Stack;
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-chaos-'));
const log = (line: string) => process.stdout.write(`[chaos] ${line}\n`);

beforeAll(async () => {
  stack = await Stack.start(
    {
      runDir,
      port: freePort,
      database: { serverUrl: process.env.TEST_DATABASE_SERVER_URL! },
      temporalCli: process.env.TEMPORAL_CLI_PATH!,
      workflowBundle: process.env.TEST_WORKFLOW_BUNDLE!,
      webhookRetrySchedule: '0,1,1',
    },
    log,
  );
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(runDir, { recursive: true, force: true });
});

describe.each(CI_SCENARIOS.map((s) => [s.name, s] as const))('fault: %s', (_name, scenario) => {
  it(`${scenario.title}: every invariant holds afterwards`, async () => {
    const report = await runScenario(scenario, stack, (line) => log(`${scenario.name}: ${line}`));
    expect(report.invariants.filter((i) => i.problems.length > 0)).toEqual([]);
    expect(report.outcome.recoveryMs).toBeGreaterThan(0);
  }, 400_000);
});
