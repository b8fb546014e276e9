import { Context } from '@temporalio/activity';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { randomBytes } from 'node:crypto';
import type { temporal } from '@temporalio/proto';

/**
 * Unit tests of workflows/ with mocked activities (@temporalio/testing).
 *
 * Why not time skipping: `TestWorkflowEnvironment.createTimeSkipping` needs Temporal's Java test
 * server, which it downloads; this machine has no internet and no copy of it. The Temporal CLI is
 * installed (.tools/bin/temporal) and the jest global setup already starts it once per run with
 * `TestWorkflowEnvironment.createLocal({ server: { executable: { type: 'existing-path', path } } })`
 * and the platform's search attributes. These tests attach to that server with
 * `TestWorkflowEnvironment.createFromExistingServer` (no second server, nothing downloaded) and run
 * the bundle the global setup built. Timers and retry back-offs therefore take real time: the tests
 * keep them to the workflows' own short intervals (one or two seconds at most).
 */
async function workflowTestEnvironment(): Promise<TestWorkflowEnvironment> {
  if (!process.env.TEST_TEMPORAL_ADDRESS || !process.env.TEST_WORKFLOW_BUNDLE)
    throw new Error('run the tests with `npm test` (its global setup starts Temporal and bundles the workflows)');
  try {
    Runtime.install({ logger: new DefaultLogger('ERROR'), shutdownSignals: [] });
  } catch {
    /* installed already by another suite in this process */
  }
  return TestWorkflowEnvironment.createFromExistingServer({ address: process.env.TEST_TEMPORAL_ADDRESS });
}

/** One call of a mocked activity: its name, its input and which attempt it was (1 for the first). */
export interface ActivityCall {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  input: any;
  attempt: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MockActivity = (input: any, attempt: number) => Promise<unknown>;

/**
 * One worker for a test file, on a task queue of its own, whose activities are the mocks of the
 * workflow running now (tests in a file run one after another). Starting one worker per file
 * rather than per test keeps a file to a few seconds.
 */
export class WorkflowTestbed {
  private mocks: Record<string, MockActivity> = {};
  private calls: ActivityCall[] = [];

  private constructor(
    private readonly env: TestWorkflowEnvironment,
    private readonly worker: Worker,
    private readonly running: Promise<void>,
    private readonly taskQueue: string,
  ) {}

  /** `activityNames`: every activity the file's workflows may call. */
  static async start(activityNames: string[]): Promise<WorkflowTestbed> {
    const env = await workflowTestEnvironment();
    const taskQueue = `workflow-unit-${randomBytes(6).toString('hex')}`;
    // eslint-disable-next-line prefer-const -- the activities below refer to it before it is assigned
    let testbed: WorkflowTestbed | undefined;
    const activities = Object.fromEntries(
      activityNames.map((name) => [
        name,
        (input: unknown) => {
          const attempt = Context.current().info.attempt;
          testbed!.calls.push({ name, input, attempt });
          const mock = testbed!.mocks[name];
          if (!mock) throw new Error(`the test gave no mock for the activity ${name}`);
          return mock(input, attempt);
        },
      ]),
    );
    const worker = await Worker.create({
      connection: env.nativeConnection,
      taskQueue,
      workflowBundle: { codePath: process.env.TEST_WORKFLOW_BUNDLE! },
      activities,
    });
    testbed = new WorkflowTestbed(env, worker, worker.run(), taskQueue);
    return testbed;
  }

  /** Runs one workflow to its end with these mocks; its result or its failure, and every activity call in order. */
  async run(
    workflowType: string,
    input: unknown,
    mocks: Record<string, MockActivity>,
  ): Promise<{ result: unknown; error: unknown; calls: ActivityCall[]; workflowId: string }> {
    this.mocks = mocks;
    this.calls = [];
    let result: unknown;
    let error: unknown;
    const workflowId = `${workflowType}-${randomBytes(6).toString('hex')}`;
    await this.env.client.workflow
      .execute(workflowType, {
        taskQueue: this.taskQueue,
        workflowId,
        args: [input],
        workflowExecutionTimeout: '30 seconds',
      })
      .then(
        (r) => (result = r),
        (e) => (error = e),
      );
    return { result, error, calls: this.calls, workflowId };
  }

  /** The event history of a workflow this testbed ran. */
  history(workflowId: string): Promise<temporal.api.history.v1.IHistory> {
    return this.env.client.workflow.getHandle(workflowId).fetchHistory();
  }

  async stop(): Promise<void> {
    this.worker.shutdown();
    await this.running;
    await this.env.teardown();
  }
}
