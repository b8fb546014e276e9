import { checkInvariants, InvariantResult } from './invariants';
import { until } from './processes';
import { Stack } from './stack';

/** What a scenario tells the runner: its accounts (whose jobs and charges are checked) and how long recovery took. */
export interface ScenarioOutcome {
  accountIds: string[];
  /** from the fault's end (the process started again) to the platform doing its work again */
  recoveryMs: number;
  /** what "recovered" meant in this scenario */
  recoveredWhen: string;
  /** other measured facts, printed and recorded */
  facts: string[];
}

export interface Scenario {
  name: string;
  title: string;
  run(stack: Stack, progress: (line: string) => void): Promise<ScenarioOutcome>;
}

export interface ScenarioReport {
  name: string;
  title: string;
  durationMs: number;
  outcome: ScenarioOutcome;
  invariants: InvariantResult[];
  ok: boolean;
}

/** Runs one scenario on the stack, then checks every invariant on what it did. */
export async function runScenario(scenario: Scenario, stack: Stack, progress: (line: string) => void): Promise<ScenarioReport> {
  stack.client.reset();
  stack.receiver.received.length = 0;
  const started = Date.now();
  const outcome = await scenario.run(stack, progress);
  progress('checking the invariants');
  const invariants = await checkInvariants({
    db: stack.db,
    calls: stack.client.calls,
    accountIds: outcome.accountIds,
    received: stack.receiver.received,
  });
  for (const i of invariants) {
    progress(`${i.problems.length === 0 ? 'ok  ' : 'FAIL'} ${i.name}`);
    for (const p of i.problems.slice(0, 10)) progress(`       ${p}`);
    if (i.problems.length > 10) progress(`       … and ${i.problems.length - 10} more`);
  }
  const ok = invariants.every((i) => i.problems.length === 0);
  return { name: scenario.name, title: scenario.title, durationMs: Date.now() - started, outcome, invariants, ok };
}

/** The status and stage of jobs, by id (null while the database cannot answer). */
export async function jobStates(stack: Stack, jobIds: string[]): Promise<Map<string, { status: string; stage: string }> | null> {
  try {
    const rows = await stack.db.query<{ id: string; status: string; stage: string }>(
      `SELECT id, status, stage FROM jobs WHERE id = ANY($1)`,
      [jobIds],
    );
    return new Map(rows.map((r) => [r.id, { status: r.status, stage: r.stage }]));
  } catch {
    return null;
  }
}

/** Waits until every job has succeeded or failed; answers how many of each. */
export async function jobsFinished(stack: Stack, jobIds: string[], timeoutMs: number): Promise<{ succeeded: number; failed: number }> {
  let counts = { succeeded: 0, failed: 0 };
  await until(
    `${jobIds.length} jobs to finish`,
    async () => {
      const states = await jobStates(stack, jobIds);
      if (!states) return false;
      const statuses = jobIds.map((id) => states.get(id)?.status);
      counts = { succeeded: statuses.filter((s) => s === 'succeeded').length, failed: statuses.filter((s) => s === 'failed').length };
      return counts.succeeded + counts.failed === jobIds.length;
    },
    timeoutMs,
    500,
  );
  return counts;
}

/** Queues a PDF report (30 credits); answers the call. */
export function queueReportCall(stack: Stack, apiKey: string, name: string) {
  return stack.client.post(
    '/api/v3/reports/solar-return/pdf',
    {
      birth_subject: { date: '1984-02-29', time: '23:10', latitude: 40.4168, longitude: -3.7038, timezoneOffsetMinutes: 60 },
      target_year: 2025,
      name,
    },
    apiKey,
    true,
  );
}

/** Queues a PDF report and answers its job id; throws unless the API accepted it. */
export async function queueReport(stack: Stack, apiKey: string, name: string): Promise<string> {
  const queued = await queueReportCall(stack, apiKey, name);
  if (queued.status !== 202) throw new Error(`queueing a report answered ${queued.status}: ${JSON.stringify(queued.body)}`);
  return queued.body.job_id as string;
}

/** Queues a pipeline probe (the cheapest job: 1 credit, no rendering); answers the call. */
export function queueProbe(stack: Stack, apiKey: string, day: number) {
  const dt = new Date(Date.UTC(2024, 0, 1) + day * 86_400_000).toISOString().replace('.000', '');
  return stack.client.post('/v1/pipeline-probes', { dt }, apiKey, true);
}

/** A priced synchronous call (1 credit). */
export function planets(stack: Stack, apiKey: string, minute: number) {
  const dt = new Date(Date.UTC(2024, 2, 20) + minute * 60_000).toISOString().replace('.000', '');
  return stack.client.get(`/v1/planets?dt=${dt}`, apiKey, true);
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
