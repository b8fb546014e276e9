import Fastify, { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  /**
   * The Web UI's origins (exact `scheme://host:port`): the browser calls the codec server straight
   * from the UI's page and says where that page came from in `Origin`. A call from one of these
   * is answered without a token (the UI cannot send one over http); a call from any other origin
   * is refused.
   */
  allowedOrigins: string[];
  /** callers without an Origin (the Temporal CLI, scripts) need `Authorization: Bearer <token>`; unset: none are answered */
  token?: string;
}

type Admission = { ok: true } | { ok: false; status: 401 | 403; message: string };

/**
 * The codec server of Temporal's Web UI and CLI: POST /decode turns the encrypted payloads of a
 * workflow history back into JSON for an operator who may see them, POST /encode does the reverse
 * (signals or starts from the UI). It holds the payload key, so it runs beside the operator
 * (127.0.0.1) and answers two kinds of caller only (docs/operations.md, "Reading payloads"):
 * the Web UI's page, told apart by its Origin, and a caller presenting the token.
 */
export function createCodecServer(options: CodecServerOptions): FastifyInstance {
  const app = Fastify({ bodyLimit: 8 * 1024 * 1024 });
  const allowed = new Set(options.allowedOrigins);
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null;

  const admit = (request: FastifyRequest): Admission => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      // A browser always names the page's origin on a cross-origin call; another page (any web
      // site open in the operator's browser) is refused before the codec is touched.
      return allowed.has(origin) ? { ok: true } : { ok: false, status: 403, message: `origin ${origin} is not the Temporal Web UI's` };
    }
    const given = Buffer.from(String(request.headers.authorization ?? ''));
    if (expected && given.length === expected.length && timingSafeEqual(given, expected)) return { ok: true };
    return { ok: false, status: 401, message: 'send Authorization: Bearer <CODEC_SERVER_TOKEN>' };
  };
  const corsHeaders = (request: FastifyRequest, reply: FastifyReply): void => {
    void reply.header('Vary', 'Origin');
    void reply.header('Cache-Control', 'no-store');
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return;
    void reply.header('Access-Control-Allow-Origin', origin);
    void reply.header('Access-Control-Allow-Methods', 'POST, OPTIONS');
    // The UI sends X-Namespace always, and Authorization(-Extras) when set to pass its access token.
    void reply.header('Access-Control-Allow-Headers', 'Content-Type, X-Namespace, Authorization, Authorization-Extras');
    void reply.header('Access-Control-Allow-Credentials', 'true');
    void reply.header('Access-Control-Max-Age', '600');
  };

  app.addHook('onRequest', async (request, reply) => {
    corsHeaders(request, reply);
    const admission = admit(request);
    if (request.method === 'OPTIONS') return reply.code(admission.ok || admission.status === 401 ? 204 : 403).send();
    if (!admission.ok) return reply.code(admission.status).send({ error: 'unauthorized', message: admission.message });
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
