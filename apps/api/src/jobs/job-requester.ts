import { FastifyRequest } from 'fastify';
import { IdempotencyKeyHeader } from '@astro/contracts';
import { Caller } from '../http/caller';
import { markReplayed } from '../http/idempotent-calls';
import { parseInput } from '../http/validation';
import { JobRequester } from './job-queue.service';

/**
 * The requester of a job a route call queues (the route layer's step, not the queue's): its caller
 * and its Idempotency-Key header checked (1–128 characters); a replay marks the request, whose
 * answer then carries `Idempotent-Replayed: true`.
 */
export function jobRequester(caller: Caller, request: FastifyRequest): JobRequester {
  const idempotencyKey = request.headers['idempotency-key'];
  return {
    caller,
    idempotencyKey: idempotencyKey === undefined ? undefined : parseInput(IdempotencyKeyHeader, idempotencyKey, 'header'),
    onReplay: () => markReplayed(request),
  };
}
