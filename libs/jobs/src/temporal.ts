import { Client, Connection } from '@temporalio/client';
import type { PayloadCodec } from '@temporalio/common';
import { NativeConnection } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import { TemporalConfig } from '@astro/config';
import { ALL_SEARCH_ATTRIBUTES } from '@astro/search-attributes';

function tlsOption(config: TemporalConfig) {
  return config.tls ? {} : undefined;
}

/**
 * The API's client. Lazy, so the API starts (and answers 503 on job routes) while Temporal is down.
 * Without the SDK's retry interceptor: a request that cannot reach Temporal fails at once with a
 * 503 and nothing charged, and the client may retry it (safely, with an Idempotency-Key), instead
 * of holding a database transaction open while gRPC backs off.
 */
export function createTemporalClient(config: TemporalConfig, codec: PayloadCodec): { connection: Connection; client: Client } {
  const connection = Connection.lazy({ address: config.address, tls: tlsOption(config), apiKey: config.apiKey, interceptors: [] });
  // Payloads (workflow inputs with birth data) leave this process encrypted: see @astro/codec.
  return { connection, client: new Client({ connection, namespace: config.namespace, dataConverter: { payloadCodecs: [codec] } }) };
}

export function connectWorkerToTemporal(config: TemporalConfig): Promise<NativeConnection> {
  return NativeConnection.connect({ address: config.address, tls: tlsOption(config), apiKey: config.apiKey });
}

/** Registers the custom search attributes on a cluster that lacks them (the dev server gets flags). */
export async function ensureSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = ALL_SEARCH_ATTRIBUTES.filter((k) => !(k.name in (existing.customAttributes ?? {})));
  if (missing.length === 0) return;
  const searchAttributes = Object.fromEntries(
    missing.map((k) => [k.name, temporal.api.enums.v1.IndexedValueType[`INDEXED_VALUE_TYPE_${k.type}`]]),
  );
  await connection.operatorService.addSearchAttributes({ namespace, searchAttributes });
}
