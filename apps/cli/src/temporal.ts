import { loadConfig } from '@astro/config';
import { payloadCodec } from '@astro/codec';
import { createTemporalClient } from '@astro/jobs';

/** The Temporal client of the operator commands (lazy: connects on first use), closed by `use`'s end. */
export async function withTemporal<T>(
  use: (client: ReturnType<typeof createTemporalClient>['client'], namespace: string) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const temporal = createTemporalClient(config.temporal, payloadCodec(config));
  try {
    return await use(temporal.client, config.temporal.namespace);
  } finally {
    await temporal.connection.close().catch(() => undefined);
  }
}
