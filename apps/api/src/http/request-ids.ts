import { randomBytes } from 'node:crypto';
import { EventMetadata } from '@astro/ledger';
import { Caller } from './caller';

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller's own X-Request-Id, when it sent a well-formed one: kept beside ours, never as ours */
    clientRequestId?: string;
  }
}

/** What a client may send as its own request id (echoed as X-Client-Request-Id, kept in event metadata). */
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Random bytes fetched from the kernel a few hundred ids at a time, not once per request. */
const POOL_IDS = 512;
const ID_BYTES = 12;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * Our request id: `req_` and 24 hex digits, all 96 bits random, so an id names one request and
 * tells nothing about another (no counter to step through). Only we make them: a client's id never
 * becomes ours.
 */
export function nextRequestId(): string {
  if (offset + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_IDS * ID_BYTES);
    offset = 0;
  }
  offset += ID_BYTES;
  return `req_${pool.toString('hex', offset - ID_BYTES, offset)}`;
}

/** The client's X-Request-Id when it is well formed, else undefined (a malformed one is ignored). */
export function clientRequestIdOf(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' && CLIENT_REQUEST_ID.test(header) ? header : undefined;
}

/** The metadata of the events a request writes. */
export type RequestMetadata = EventMetadata & { request_id: string; actor: string };

/**
 * Where an event comes from: our request id, the client's own id beside it when it sent one, and
 * the caller (`key:…` or `user:…`). Built for each write (a new object: a write may add to it).
 */
export function eventMetadataOf(caller: Caller): RequestMetadata {
  const metadata: RequestMetadata = { request_id: caller.requestId, actor: caller.actor };
  if (caller.clientRequestId !== undefined) metadata.client_request_id = caller.clientRequestId;
  return metadata;
}
