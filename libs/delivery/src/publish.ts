import { Client } from '@temporalio/client';
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy } from '@temporalio/common';
import { Database } from '@astro/database';
import { ACCOUNT_ID, JOB_KIND } from '@astro/search-attributes';
import { deliveryRecordFor, recordDeliveryCreated } from './deliveries';
import { deliveryIdFor, HOROSCOPE_DELIVERED, PlatformEvent, REPORT_COMPLETED, VISUAL_READING_COMPLETED } from './payload';
import { matchingSubscriptions, SubscriptionKind, SubscriptionRow } from './subscriptions';

/** The input of one delivery workflow; the schedule travels with it so a config change never alters a running delivery. */
export interface DeliveryWorkflowInput {
  deliveryId: string;
  /** seconds to wait before each attempt, starting with the first */
  waitsSeconds: number[];
  /** number of the first attempt this run makes (1, or the next one for a redelivery by hand) */
  firstAttempt: number;
}

/** How a delivery workflow ends: delivered, out of attempts, or abandoned because its record never committed. */
export interface DeliveryWorkflowResult {
  status: 'succeeded' | 'exhausted' | 'abandoned';
  attempts: number;
}

/**
 * The delivery workflow itself (`webhookDeliveryWorkflow` of @astro/workflows). The app passes it
 * in, because libraries sit below the workflows layer; starting it by reference lets the compiler
 * check the input against the workflow's own parameter type.
 */
export type DeliveryWorkflow = (input: DeliveryWorkflowInput) => Promise<DeliveryWorkflowResult>;

export interface DeliveryRuntime {
  db: Database;
  client: Client;
  taskQueue: string;
  retrySchedule: number[];
  workflow: DeliveryWorkflow;
}

const KIND_OF_EVENT: Record<PlatformEvent['type'], SubscriptionKind> = {
  [REPORT_COMPLETED]: 'report',
  [VISUAL_READING_COMPLETED]: 'visual_reading',
  [HOROSCOPE_DELIVERED]: 'horoscope',
};

/** Starts the delivery workflow of one delivery; a workflow already started for it is left alone. */
export async function startDeliveryWorkflow(
  runtime: Pick<DeliveryRuntime, 'client' | 'taskQueue' | 'workflow'>,
  input: DeliveryWorkflowInput,
  accountId: string,
  reusePolicy: WorkflowIdReusePolicy = WorkflowIdReusePolicy.REJECT_DUPLICATE,
): Promise<boolean> {
  try {
    await runtime.client.workflow.start(runtime.workflow, {
      workflowId: input.deliveryId,
      taskQueue: runtime.taskQueue,
      args: [input],
      workflowIdReusePolicy: reusePolicy,
      typedSearchAttributes: [
        { key: ACCOUNT_ID, value: accountId },
        { key: JOB_KIND, value: 'webhook_delivery' },
      ],
    });
    return true;
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return false;
    throw err;
  }
}

/**
 * Delivers an event to every enabled subscription of its account that wants it (or to the one
 * given): one delivery record and one workflow per (event, subscription), both keyed by the
 * deterministic delivery id, so publishing again (an activity retry) delivers nothing twice.
 */
export async function publishEvent(
  runtime: DeliveryRuntime,
  event: PlatformEvent,
  only?: SubscriptionRow,
): Promise<{ deliveryIds: string[] }> {
  const subscriptions = only
    ? [only]
    : await matchingSubscriptions(runtime.db, event.accountId, KIND_OF_EVENT[event.type], event.type, event.livemode !== false);
  const deliveryIds: string[] = [];
  for (const subscription of subscriptions) {
    const deliveryId = deliveryIdFor(event.id, subscription.id);
    await recordDeliveryCreated(runtime.db, deliveryRecordFor(event, subscription, deliveryId), {
      actor: 'worker',
      causation_id: event.id,
      correlation_id: event.reportJobId ?? event.subjectId ?? deliveryId,
    });
    await startDeliveryWorkflow(runtime, { deliveryId, waitsSeconds: runtime.retrySchedule, firstAttempt: 1 }, event.accountId);
    deliveryIds.push(deliveryId);
  }
  return { deliveryIds };
}
