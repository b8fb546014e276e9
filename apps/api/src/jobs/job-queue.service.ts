import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { newId } from '../../../../libs/contracts/src/ids';
import { JobHandle } from '../../../../libs/contracts/src/jobs';
import { priceOf, PricedOperation } from '../../../../libs/contracts/src/pricing';
import { stableJson } from '../../../../libs/contracts/src/stable-json';
import { Queryable } from '../../../../libs/database/src/database';
import { InsufficientCreditsError, recordJobQueued } from '../../../../libs/jobs/src/job-ledger';
import { ACCOUNT_ID, JOB_KIND, JOB_STAGE } from '../../../../workflows/src/search-attributes';
import { actorOf, Principal } from '../auth/principal';
import { ApiError, paymentRequired, unavailable } from '../http/api-error';
import { Platform, PLATFORM } from '../platform';

export interface QueueJobRequest {
  principal: Principal;
  requestId: string;
  operation: PricedOperation;
  kind: string;
  workflowType: string;
  workflowInput: (jobId: string) => Record<string, unknown>;
  idempotencyKey?: string;
  body: unknown;
}

const TEMPORAL_START_DEADLINE_MS = 5_000;

function requestHash(operation: string, body: unknown): string {
  return createHash('sha256').update(`${operation}\n${stableJson(body)}`).digest('hex');
}

/**
 * Queues a job: charge, record and start its workflow in one database transaction. The workflow is
 * started before the commit, so if Temporal is unreachable the transaction rolls back and nothing
 * is charged; if the commit fails after the start, the workflow finds no job and ends by itself.
 */
@Injectable()
export class JobQueueService {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async queue(request: QueueJobRequest): Promise<{ handle: JobHandle; replayed: boolean }> {
    const { principal, requestId, operation } = request;
    const jobId = newId('job');
    const handle: JobHandle = { job_id: jobId, status: 'queued', poll: `/api/v3/jobs/${jobId}` };
    return this.platform.db.transaction(async (tx) => {
      if (request.idempotencyKey !== undefined) {
        const earlier = await this.claimIdempotencyKey(tx, request, handle);
        if (earlier) return { handle: earlier, replayed: true };
      }
      const metadata = { request_id: requestId, actor: actorOf(principal), correlation_id: jobId };
      const price = priceOf(operation);
      try {
        await recordJobQueued(tx, { id: jobId, accountId: principal.accountId, kind: request.kind, operation, price, requestId }, metadata);
      } catch (err) {
        if (err instanceof InsufficientCreditsError) throw paymentRequired(price);
        throw err;
      }
      await this.startWorkflow(request, jobId);
      return { handle, replayed: false };
    });
  }

  /**
   * Claims the key for this request, storing the handle it will answer with (so the row is written
   * once and never updated), or returns the handle stored by the request that claimed it first.
   * A concurrent identical request blocks on the unique key until the first one commits or rolls back.
   */
  private async claimIdempotencyKey(tx: Queryable, request: QueueJobRequest, handle: JobHandle): Promise<JobHandle | null> {
    const hash = requestHash(request.operation, request.body);
    const params = [request.principal.accountId, request.operation, request.idempotencyKey];
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (account_id, operation, idempotency_key, request_hash, response) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING RETURNING idempotency_key`,
      [...params, hash, JSON.stringify(handle)],
    );
    if (claimed.length > 0) return null;
    const [earlier] = await tx.query<{ request_hash: string; response: JobHandle }>(
      `SELECT request_hash, response FROM idempotency_keys WHERE account_id = $1 AND operation = $2 AND idempotency_key = $3`,
      params,
    );
    if (!earlier || earlier.request_hash !== hash) {
      throw new ApiError(409, 'Idempotency-Key was already used with a different request body; use a new key for a new request');
    }
    return earlier.response;
  }

  private async startWorkflow(request: QueueJobRequest, jobId: string): Promise<void> {
    const { connection, client } = this.platform.temporal;
    try {
      await connection.withDeadline(Date.now() + TEMPORAL_START_DEADLINE_MS, () =>
        client.workflow.start(request.workflowType, {
          workflowId: jobId,
          taskQueue: this.platform.config.temporal.taskQueue,
          args: [request.workflowInput(jobId)],
          memo: { account_id: request.principal.accountId, kind: request.kind, request_id: request.requestId },
          typedSearchAttributes: [
            { key: ACCOUNT_ID, value: request.principal.accountId },
            { key: JOB_KIND, value: request.kind },
            { key: JOB_STAGE, value: 'queued' },
          ],
        }),
      );
    } catch (err) {
      throw unavailable(`the job queue (Temporal) is unavailable: ${(err as Error).message.split('\n')[0]}; nothing was charged`);
    }
  }
}
