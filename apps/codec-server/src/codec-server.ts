import Fastify, { FastifyInstance } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { Payload, PayloadCodec } from '@temporalio/common';

/** Temporal's remote-codec JSON: byte fields as base64. */
interface JsonPayload {
  metadata?: Record<string, string>;
  data?: string;
}

const fromJson = (p: JsonPayload): Payload => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v, 'base64')])),
  data: Buffer.from(p.data ?? '', 'base64'),
});
const toJson = (p: Payload): JsonPayload => ({
  metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
  data: Buffer.from(p.data ?? []).toString('base64'),
});

export interface CodecServerOptions {
  codec: PayloadCodec;
  /** the Web UI's origin, allowed by CORS (the browser calls the codec server directly) */
  allowedOrigin: string;
  /** when set, every call needs `Authorization: Bearer <token>`: only operators allowed to see payloads have it */
  token?: string;
}

/**
 * The codec server of Temporal's Web UI and CLI (`npm run codec-server`): POST /decode turns the
 * encrypted payloads of a workflow history back into JSON for an operator who may see them, POST
 * /encode does the reverse (for signals or starts from the UI). It holds the payload key, so it runs
 * beside the operator (127.0.0.1 by default) and, with CODEC_SERVER_TOKEN, answers only callers
 * that present the token.
 */
export function createCodecServer(options: CodecServerOptions): FastifyInstance {
  const app = Fastify({ bodyLimit: 8 * 1024 * 1024 });
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('Access-Control-Allow-Origin', options.allowedOrigin);
    void reply.header('Access-Control-Allow-Methods', 'POST, OPTIONS');
    void reply.header('Access-Control-Allow-Headers', 'Content-Type, X-Namespace, Authorization');
    void reply.header('Access-Control-Allow-Credentials', 'true');
    void reply.header('Cache-Control', 'no-store');
    if (request.method === 'OPTIONS') return reply.code(204).send();
    if (expected) {
      const given = Buffer.from(String(request.headers.authorization ?? ''));
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return reply.code(401).send({ error: 'unauthorized', message: 'send Authorization: Bearer <CODEC_SERVER_TOKEN>' });
    }
  });
  for (const direction of ['encode', 'decode'] as const) {
    app.post(`/${direction}`, async (request, reply) => {
      const body = request.body as { payloads?: JsonPayload[] } | undefined;
      if (!body || !Array.isArray(body.payloads))
        return reply.code(400).send({ error: 'bad_request', message: 'send {"payloads": [...]}' });
      try {
        const result = await options.codec[direction](body.payloads.map(fromJson));
        return { payloads: result.map(toJson) };
      } catch (err) {
        return reply.code(400).send({ error: 'bad_request', message: (err as Error).message });
      }
    });
  }
  app.options('/*', async (_request, reply) => reply.code(204).send());
  return app;
}
