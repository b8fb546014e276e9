import { z } from 'zod';
import './errors';
import { ERROR_IDS } from './errors';
import { PRICES } from './pricing';
import { RouteSpec, ROUTES } from './routes';

type JsonSchema = Record<string, unknown>;

function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

function inline(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return clean(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema);
}

/** A $ref when the schema is registered under an id (components), else the schema inline. */
function schemaOrRef(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  return id ? { $ref: `#/components/schemas/${id}` } : inline(schema, io);
}

function parameters(route: RouteSpec): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const [location, schema] of [['path', route.params], ['query', route.query]] as const) {
    if (!schema) continue;
    const json = inline(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: location,
        required: location === 'path' || (json.required ?? []).includes(name),
        description: property.description,
        schema: property,
      });
    }
  }
  if (route.idempotencyKey) {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description: 'Same key and same body within 24 hours: the first response again, nothing charged. Same key, other body: 409.',
      schema: { type: 'string', minLength: 1, maxLength: 128 },
    });
  }
  return list;
}

const SECURITY: Record<RouteSpec['auth'], JsonSchema[]> = {
  none: [],
  signed_url: [],
  api_key: [{ apiKeyBearer: [] }, { apiKeyHeader: [] }],
  session: [{ sessionBearer: [] }],
  api_key_or_session: [{ apiKeyBearer: [] }, { apiKeyHeader: [] }, { sessionBearer: [] }],
  operator: [{ operatorBearer: [] }],
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'invalid input; the message names the field and the rule',
  401: 'missing or invalid API key or session token',
  402: 'insufficient credits; nothing was charged',
  403: 'the account tier is not entitled to this endpoint, or a signed link is invalid or expired',
  404: 'no such resource for this account',
  409: 'Idempotency-Key reused with a different body',
  429: 'rate limit of the tier exceeded; see Retry-After',
  503: 'a dependency (database, Temporal, ephemeris files) is unavailable; nothing was charged',
};

function operation(route: RouteSpec): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    [route.success.status]: route.success.schema
      ? { description: route.success.description, content: { 'application/json': { schema: schemaOrRef(route.success.schema, 'output') } } }
      : route.success.contentType
        ? { description: route.success.description, content: { [route.success.contentType]: {} } }
        : { description: route.success.description },
  };
  for (const status of route.errors) {
    responses[status] = {
      description: `${ERROR_IDS[status]?.error ?? 'error'}: ${ERROR_DESCRIPTIONS[status] ?? ''}`,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  const price = route.operation ? PRICES[route.operation].credits : undefined;
  const notes = [
    route.description,
    price !== undefined ? `Costs ${price} credit${price === 1 ? '' : 's'}.` : undefined,
    route.minTier && route.minTier !== 'free' ? `Requires the ${route.minTier} tier or higher.` : undefined,
  ].filter(Boolean);
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    description: notes.join(' ') || undefined,
    security: SECURITY[route.auth],
    parameters: parameters(route),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOrRef(route.body, 'input') } } } }
      : route.rawBody
        ? {
            requestBody: {
              required: true,
              description: route.rawBody.description,
              content: Object.fromEntries(route.rawBody.contentTypes.map((t) => [t, { schema: { type: 'string', format: 'binary' } }])),
            },
          }
        : {}),
    responses,
    ...(price !== undefined ? { 'x-credits': price } : {}),
    ...(route.minTier ? { 'x-minimum-tier': route.minTier } : {}),
    ...(route.auth === 'operator' ? { 'x-admin': true } : {}),
  };
}

/** The OpenAPI 3.1 document of every route in ROUTES, served at /docs-json. */
export function buildOpenApiDocument(version: string): JsonSchema {
  const registered = z.toJSONSchema(z.globalRegistry, {
    uri: (id) => `#/components/schemas/${id}`,
    io: 'output',
    unrepresentable: 'any',
  }) as { schemas: Record<string, JsonSchema> };
  const schemas = Object.fromEntries(Object.entries(registered.schemas).map(([id, s]) => [id, clean(s)]));
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of Object.values(ROUTES) as RouteSpec[]) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Astrology calculation, report and reading API',
      version,
      description:
        'Every error body is {error, message, code, request_id}; every response carries X-Request-Id. ' +
        'Chargeable operations list their price in credits (see GET /v1/pricing).',
    },
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKeyBearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer ak_live_…' },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        sessionBearer: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer ses_… from POST /v1/sessions' },
        operatorBearer: { type: 'http', scheme: 'bearer', description: 'Admin routes only: Authorization: Bearer ok_live_… (an operator key from `npm run cli -- operator:key:create`)' },
      },
    },
  };
}
