import { RouteSpec } from './registry';

type JsonSchema = Record<string, unknown>;

/**
 * One scheme per credential, each in its own header, so a generator sends a token in one header only:
 * the API key in X-API-Key (the server also takes it as `Authorization: Bearer ak_live_…`, but a
 * second scheme for the same key made generated clients send it twice), the session as a bearer token.
 */
export const SECURITY: Record<RouteSpec['auth'], JsonSchema[]> = {
  none: [],
  signed_url: [],
  api_key: [{ apiKey: [] }],
  session: [{ sessionBearer: [] }],
  api_key_or_session: [{ apiKey: [] }, { sessionBearer: [] }],
  operator: [{ operatorBearer: [] }],
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
  operatorBearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'ok_live_…',
    description: 'Admin routes only: Authorization: Bearer ok_live_… (an operator key from `npm run cli -- operator:key:create`)',
  },
};
