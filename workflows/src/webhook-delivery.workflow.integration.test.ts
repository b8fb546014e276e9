import { ApplicationFailure } from '@temporalio/common';
import { MockActivity, WorkflowTestbed } from '../../test/support/workflow-environment';
import { AttemptOutcome, DELIVERY_NOT_RECORDED } from './delivery-contracts';

// webhookDeliveryWorkflow with a mocked attempt: the schedule of retries, the final attempt and
// when the workflow stops are the workflow's own decisions.

let testbed: WorkflowTestbed;
beforeAll(async () => {
  testbed = await WorkflowTestbed.start(['attemptWebhookDelivery']);
});
afterAll(() => testbed?.stop());

const outcome = (attempt: number, result: AttemptOutcome['outcome']): AttemptOutcome => ({
  attempt,
  outcome: result,
  responseStatus: result === 'succeeded' ? 200 : 503,
  durationMs: 5,
  error: result === 'succeeded' ? null : 'HTTP 503',
});

/** A receiver that answers 503 to the first `failures` attempts, then 200. */
function receiverFailing(failures: number): Record<string, MockActivity> {
  return {
    attemptWebhookDelivery: async (input: { attempt: number; final: boolean }) =>
      input.attempt <= failures ? outcome(input.attempt, input.final ? 'exhausted' : 'failed') : outcome(input.attempt, 'succeeded'),
  };
}

it('retries on the schedule until an attempt succeeds', async () => {
  const { result, calls } = await testbed.run(
    'webhookDeliveryWorkflow',
    { deliveryId: 'msg_1', waitsSeconds: [0, 0, 1, 0], firstAttempt: 1 },
    receiverFailing(2),
  );
  expect(result).toEqual({ status: 'succeeded', attempts: 3 });
  expect(calls.map((c) => c.input)).toEqual([
    { deliveryId: 'msg_1', attempt: 1, final: false },
    { deliveryId: 'msg_1', attempt: 2, final: false },
    { deliveryId: 'msg_1', attempt: 3, final: false },
  ]);
});

it('marks the last attempt of the schedule final and ends exhausted when it fails too', async () => {
  const { result, calls } = await testbed.run(
    'webhookDeliveryWorkflow',
    { deliveryId: 'msg_2', waitsSeconds: [0, 0, 0], firstAttempt: 1 },
    receiverFailing(99),
  );
  expect(result).toEqual({ status: 'exhausted', attempts: 3 });
  expect(calls.map((c) => c.input.final)).toEqual([false, false, true]);
});

it('numbers a redelivery by hand after the attempts before it', async () => {
  const { result, calls } = await testbed.run(
    'webhookDeliveryWorkflow',
    { deliveryId: 'msg_3', waitsSeconds: [0], firstAttempt: 9 },
    receiverFailing(0),
  );
  expect(result).toEqual({ status: 'succeeded', attempts: 9 });
  expect(calls.map((c) => c.input)).toEqual([{ deliveryId: 'msg_3', attempt: 9, final: true }]);
});

it('retries an attempt whose activity crashed (the database went away) without counting it as a delivery attempt', async () => {
  const { result, calls } = await testbed.run(
    'webhookDeliveryWorkflow',
    { deliveryId: 'msg_4', waitsSeconds: [0, 0], firstAttempt: 1 },
    {
      attemptWebhookDelivery: async (input: { attempt: number }, activityAttempt: number) => {
        if (activityAttempt === 1) throw new Error('connection refused');
        return outcome(input.attempt, 'succeeded');
      },
    },
  );
  expect(result).toEqual({ status: 'succeeded', attempts: 1 });
  expect(calls.map((c) => [c.input.attempt, c.attempt])).toEqual([
    [1, 1],
    [1, 2],
  ]);
});

it('abandons a delivery whose record never committed', async () => {
  const { result, calls } = await testbed.run(
    'webhookDeliveryWorkflow',
    { deliveryId: 'msg_5', waitsSeconds: [0, 0, 0], firstAttempt: 1 },
    {
      attemptWebhookDelivery: async () => {
        throw ApplicationFailure.nonRetryable('delivery msg_5 is not recorded', DELIVERY_NOT_RECORDED);
      },
    },
  );
  expect(result).toEqual({ status: 'abandoned', attempts: 0 });
  expect(calls).toHaveLength(1);
});
