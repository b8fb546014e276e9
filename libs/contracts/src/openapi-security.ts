import { RouteSpec } from './registry';

type JsonSchema = Record<string, unknown>;

/**
 * One scheme per credential, each in its own header, so a generator sends a token in one header only:
 * the API key in X-API-Key (the server also takes it as `Authorization: Bearer ak_live_…`, but a
 * second scheme for the same key made generated clients send it twice), the session as a bearer token,
 * the operator key in X-Operator-Key (two bearer schemes look the same to a generator's auth callback).
 */
export const SECURITY: Record<RouteSpec['auth'], JsonSchema[]> = {
  none: [],
  signed_url: [],
  api_key: [{ apiKey: [] }],
  session: [{ sessionBearer: [] }],
  api_key_or_session: [{ apiKey: [] }, { sessionBearer: [] }],
  operator: [{ operatorKey: [] }],
};

/** The schemes, told apart by kind and header: a generator maps each to its own credential. */
export const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'The account’s API key, ak_live_… (also accepted as `Authorization: Bearer ak_live_…`).',
  },
  sessionBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'ses_…',
    description: 'A customer session token from POST /v1/sessions.',
  },
  operatorKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Operator-Key',
    description:
      'Admin routes only: an operator key, ok_live_… (from `npm run cli -- operator:key:create`), also accepted as `Authorization: Bearer ok_live_…`. A header of its own, so a generated client keeps it apart from a customer session.',
  },
};
