import { Inject, Injectable } from '@nestjs/common';
import { IdempotencySeal } from '@astro/codec';
import { Database } from '@astro/database';
import { PlatformConfig } from '@astro/config';
import { ApiMetrics } from '../metrics/api-metrics';
import { createHash } from 'node:crypto';
import { JobHandle, newId, PricedOperation, priceOf, stableJson } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { InsufficientCreditsError, recordJobQueued } from '@astro/jobs';
import { EventMetadata, findAccount } from '@astro/ledger';
import { ACCOUNT_ID, JOB_KIND, JOB_STAGE, OPERATION, PRICE_CREDITS, REQUEST_ID } from '@astro/search-attributes';
import type { JobOutcome } from '@astro/workflows';
import { ApiError, paymentRequired, unavailable } from '../http/api-error';
import { claimQueuedCall, QueuedCallKey, scopeInMode, storeQueuedAnswer } from '../http/idempotent-calls';
import { Caller } from '../http/caller';
import { Slots } from '../http/slots';
import { CONFIG, TEMPORAL, TemporalHandle } from '../platform/platform';

/** Who queues a job: the caller (its request id is the charge's request_id) and the request's Idempotency-Key. */
export interface JobRequester {
  caller: Caller;
  idempotencyKey?: string;
  /** told when the key replays an earlier queueing (the answer then carries `Idempotent-Replayed: true`) */
  onReplay?: () => void;
}

/** A job's workflow (reportWorkflow, visualReadingWorkflow, … of @astro/workflows), started by reference. */
export type JobWorkflow<Input> = (input: Input) => Promise<JobOutcome>;

export interface QueueJobRequest<Input> extends JobRequester {
  operation: PricedOperation;
  kind: string;
  workflow: JobWorkflow<Input>;
  /** the workflow's input for the new job's id; its type is the workflow's own parameter type */
  workflowInput: (jobId: string) => Input;
  /** what an Idempotency-Key is unique within; the operation by default (visual jobs: the endpoint, since the sku picks the price) */
  idempotencyScope?: string;
  body: unknown;
  /** `job_` for report jobs (the default), `vrj_` for visual readings */
  idKind?: 'job' | 'visualJob';
  /** extra columns of the job's row and queued event (visual readings: family, sku, …) */
  extra?: Record<string, unknown>;
  /** runs in the queueing transaction after the key is claimed and before the charge; throw to refuse with nothing charged */
  reserve?: (tx: Queryable, jobId: string) => Promise<void>;
}

/** What a queue request answers; stored with the Idempotency-Key so a replay answers the same. */
export interface QueuedJob {
  jobId: string;
  handle: JobHandle;
  creditsCharged: number;
  creditsRemaining: number;
}

const TEMPORAL_START_DEADLINE_MS = 5_000;

/**
 * Queueing transactions open at once in this process. Each holds one of the API's 20 pooled
 * connections while Temporal starts its workflow; a newsletter's burst of queue calls took every
 * connection (19 of 20 in `npm run bench -- report-burst`), and the synchronous routes' charges
 * waited for one. With 8, twelve stay for everything else, and 8 starts at once still queued
 * 1,000 reports in 43 s on the dev server. Behind them a bounded queue waits in memory (no
 * connection held); past it, a 503 with Retry-After.
 */
const QUEUEING_AT_ONCE = 8;
const QUEUEING_WAITING = 1_000;
const queueingRefused = () =>
  new ApiError(503, 'too many jobs are being queued at this moment; retry in a second; nothing was charged', { 'Retry-After': '1' });

/** The request's key in the idempotency store: unique within the operation (or the route's own scope), apart in test mode. */
function queuedCallKeyOf(
  request: Pick<QueueJobRequest<unknown>, 'idempotencyScope' | 'operation' | 'caller'>,
  idempotencyKey: string,
): QueuedCallKey {
  const scope = request.idempotencyScope ?? request.operation;
  return { accountId: request.caller.accountId, scope: scopeInMode(scope, request.caller.livemode), key: idempotencyKey };
}

function requestHash(scope: string, body: unknown): string {
  return createHash('sha256')
    .update(`${scope}\n${stableJson(body)}`)
    .digest('hex');
}

/**
 * Queues a job: charge, record and start its workflow in one database transaction. The workflow is
 * started before the commit, so if Temporal is unreachable the transaction rolls back and nothing
 * is charged; if the commit fails after the start, the workflow finds no job and ends by itself.
 *
 * The workflow starts before the charge: the charge takes the account's row lock and holds it to the
 * commit, and a start waits on Temporal. In the other order a burst of one account's queueing ran
 * one start at a time behind that lock, holding the API's pooled connections while it waited (19 of
 * 20 in `npm run bench -- report-burst`), so other accounts' calls found no connection. A balance
 * already too low answers 402 before anything starts; one spent by a concurrent call in between is
 * refused by the charge, and its started workflow finds no job and ends by itself.
 */
@Injectable()
export class JobQueueService {
  private readonly queueing = new Slots(QUEUEING_AT_ONCE, QUEUEING_WAITING, queueingRefused);

  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(TEMPORAL) private readonly temporal: TemporalHandle,
    private readonly metrics: ApiMetrics,
    private readonly idempotencySeal: IdempotencySeal,
  ) {}

  async queue<Input>(request: QueueJobRequest<Input>): Promise<{ handle: JobHandle; replayed: boolean; queued: QueuedJob }> {
    const { operation } = request;
    const jobId = newId(request.idKind ?? 'job');
    const handle: JobHandle = { job_id: jobId, status: 'queued', poll: `/api/v3/jobs/${jobId}` };
    const result = await this.queueing.run(() => this.db.transaction((tx) => this.queueIn(tx, request, jobId, handle)));
    if (result.replayed) request.onReplay?.();
    else {
      // Counted after the commit: a rolled-back queueing charged nothing.
      this.metrics.creditsCharged.inc({ operation }, result.queued.creditsCharged);
      this.metrics.jobsQueued.inc({ kind: request.kind });
    }
    return result;
  }

  /** The queueing transaction: key claim, reservation, workflow start, charge and job record. */
  private async queueIn<Input>(
    tx: Queryable,
    request: QueueJobRequest<Input>,
    jobId: string,
    handle: JobHandle,
  ): Promise<{ handle: JobHandle; replayed: boolean; queued: QueuedJob }> {
    const { caller, operation } = request;
    if (request.idempotencyKey !== undefined) {
      const earlier = await this.claimIdempotencyKey(tx, request, jobId);
      if (earlier) return { handle: earlier.handle, replayed: true, queued: earlier };
    }
    await request.reserve?.(tx, jobId);
    const metadata: EventMetadata = { request_id: caller.requestId, actor: caller.actor, correlation_id: jobId };
    if (caller.clientRequestId !== undefined) metadata.client_request_id = caller.clientRequestId;
    // Test mode: the job runs like a live one and charges nothing (no balance needed, none taken).
    const price = caller.livemode ? priceOf(operation) : 0;
    const account = await findAccount(tx, caller.accountId);
    if (!account || account.balance < price) throw paymentRequired(price);
    await this.startWorkflow(request, jobId);
    let balance: number;
    try {
      ({ balance } = await recordJobQueued(
        tx,
        {
          id: jobId,
          accountId: caller.accountId,
          kind: request.kind,
          operation,
          price,
          requestId: caller.requestId,
          livemode: caller.livemode,
          extra: request.extra,
        },
        metadata,
      ));
    } catch (err) {
      if (err instanceof InsufficientCreditsError) throw paymentRequired(price);
      throw err;
    }
    const queued: QueuedJob = { jobId, handle, creditsCharged: price, creditsRemaining: balance };
    if (request.idempotencyKey !== undefined) {
      // Same transaction as the claim: a concurrent identical request waiting on the key sees this.
      await storeQueuedAnswer(tx, this.idempotencySeal, queuedCallKeyOf(request, request.idempotencyKey), queued);
    }
    return { handle, replayed: false, queued };
  }

  /**
   * Claims the key for this request in the idempotency store, as the new job's (its queued job is
   * stored with the charge later in the same transaction), or returns what the request that claimed
   * it first stored. A concurrent identical request blocks on the key until the first one commits or rolls back.
   */
  private async claimIdempotencyKey<Input>(tx: Queryable, request: QueueJobRequest<Input>, jobId: string): Promise<QueuedJob | null> {
    const key = queuedCallKeyOf(request, request.idempotencyKey!);
    return claimQueuedCall<QueuedJob>(tx, this.idempotencySeal, key, requestHash(key.scope, request.body), jobId);
  }

  private async startWorkflow<Input>(request: QueueJobRequest<Input>, jobId: string): Promise<void> {
    const { connection, client } = this.temporal;
    try {
      await connection.withDeadline(Date.now() + TEMPORAL_START_DEADLINE_MS, () =>
        client.workflow.start(request.workflow, {
          workflowId: jobId,
          taskQueue: this.config.temporal.taskQueue,
          args: [request.workflowInput(jobId)],
          // What an operator reads about the job in the Web UI without the codec: search attributes
          // are never encoded (a memo would be, like every payload), and these hold no personal
          // data. The price shows what a failed run will refund (docs/operations.md).
          typedSearchAttributes: [
            { key: ACCOUNT_ID, value: request.caller.accountId },
            { key: JOB_KIND, value: request.kind },
            { key: JOB_STAGE, value: 'queued' },
            { key: REQUEST_ID, value: request.caller.requestId },
            { key: OPERATION, value: request.operation },
            { key: PRICE_CREDITS, value: request.caller.livemode ? priceOf(request.operation) : 0 },
          ],
        }),
      );
    } catch (err) {
      throw unavailable(`the job queue (Temporal) is unavailable: ${(err as Error).message.split('\n')[0]}; nothing was charged`);
    }
  }
}
