import { z } from 'zod';
import './errors';
import { birthSubjectPaths } from './birth-subject';
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

/**
 * Component ids whose request (input) form differs from their response (output) form, e.g. because
 * a field has a default: a client may omit it in a request, a response always has it. Those get a
 * second component, `<id>Input`, which request bodies reference.
 */
let inputVariants = new Set<string>();
const INPUT_SUFFIX = 'Input';

/** A $ref when the schema is registered under an id (components), else the schema inline. */
function schemaOrRef(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const id = z.globalRegistry.get(schema)?.id;
  if (!id) return inline(schema, io);
  return { $ref: `#/components/schemas/${io === 'input' && inputVariants.has(id) ? id + INPUT_SUFFIX : id}` };
}

/** Both forms of every registered schema; the input form kept only where it differs. */
function componentSchemas(): Record<string, JsonSchema> {
  const PLACEHOLDER = '#/components/schemas/@input@';
  const generate = (io: 'input' | 'output', prefix: string) =>
    (z.toJSONSchema(z.globalRegistry, { uri: (id) => `${prefix}${id}`, io, unrepresentable: 'any' }) as { schemas: Record<string, JsonSchema> }).schemas;
  const output = generate('output', '#/components/schemas/');
  const input = generate('input', PLACEHOLDER);
  // An input form differs when its own text differs, or when it refers to a schema whose input form differs.
  const normalised = (schema: JsonSchema) => JSON.stringify(clean(schema)).split(PLACEHOLDER).join('#/components/schemas/');
  const differs = new Set(Object.keys(input).filter((id) => normalised(input[id]) !== JSON.stringify(clean(output[id]))));
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of Object.keys(input)) {
      if (differs.has(id)) continue;
      if ([...differs].some((other) => JSON.stringify(input[id]).includes(`"${PLACEHOLDER}${other}"`))) {
        differs.add(id);
        grew = true;
      }
    }
  }
  // Only request bodies use input forms: keep the variants they reach.
  const reached = new Set<string>();
  const visit = (id: string) => {
    if (reached.has(id) || !input[id]) return;
    reached.add(id);
    for (const match of JSON.stringify(input[id]).matchAll(/"#\/components\/schemas\/@input@([^"]+)"/g)) visit(match[1]);
  };
  for (const route of Object.values(ROUTES) as RouteSpec[]) {
    const id = route.body ? z.globalRegistry.get(route.body)?.id : undefined;
    if (id) visit(id);
  }
  for (const id of [...differs]) if (!reached.has(id)) differs.delete(id);
  inputVariants = differs;
  const schemas: Record<string, JsonSchema> = Object.fromEntries(Object.entries(output).map(([id, s]) => [id, clean(s)]));
  for (const id of differs) {
    const text = JSON.stringify(clean(input[id])).replace(/"#\/components\/schemas\/@input@([^"]+)"/g, (_m, ref: string) => `"#/components/schemas/${differs.has(ref) ? ref + INPUT_SUFFIX : ref}"`);
    schemas[id + INPUT_SUFFIX] = JSON.parse(text) as JsonSchema;
  }
  return schemas;
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
  409: 'Idempotency-Key reused with a different body, or a conflicting state',
  413: 'the body is larger than the limit',
  415: 'the Content-Type is not application/json',
  429: 'rate limit of the tier exceeded; see Retry-After',
  503: 'a dependency (database, Temporal, ephemeris files) is unavailable; nothing was charged',
};

/**
 * A route whose body has birth subjects answers which UTC offset each was computed with
 * (apps/api BirthOffsetsInterceptor): its response schema gets `birth_utc_offsets`, as a
 * `<id>WithBirthOffsets` component when the response is a component (objects are closed, so an
 * allOf could not add a property).
 */
function successSchema(route: RouteSpec, schemas: Record<string, JsonSchema>): JsonSchema {
  const schema = schemaOrRef(route.success.schema!, 'output');
  if (!route.body || birthSubjectPaths(route.body).length === 0) return schema;
  const extend = (target: JsonSchema): JsonSchema => ({
    ...target,
    properties: {
      ...(target.properties as JsonSchema),
      birth_utc_offsets: {
        type: 'array',
        items: { $ref: '#/components/schemas/BirthUtcOffset' },
        description: 'the UTC offset each birth subject of the request was computed with, and where it came from',
      },
    },
    required: [...((target.required as string[] | undefined) ?? []), 'birth_utc_offsets'],
  });
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : null;
  if (!ref) return extend(schema);
  const id = `${ref}WithBirthOffsets`;
  schemas[id] ??= extend(schemas[ref]);
  return { $ref: `#/components/schemas/${id}` };
}

function operation(route: RouteSpec, schemas: Record<string, JsonSchema>): JsonSchema {
  const responses: Record<string, JsonSchema> = {
    [route.success.status]: route.success.schema
      ? { description: route.success.description, content: { 'application/json': { schema: successSchema(route, schemas) } } }
      : route.success.contentType
        ? { description: route.success.description, content: { [route.success.contentType]: {} } }
        : { description: route.success.description },
  };
  const possible = new Set(route.errors);
  if (route.body || route.rawBody) [400, 413, 415].forEach((status) => possible.add(status));
  if (route.auth !== 'none' && route.auth !== 'signed_url') [401, 429].forEach((status) => possible.add(status));
  if (route.params || route.query) possible.add(400);
  for (const status of [...possible].sort()) {
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
  const schemas = componentSchemas();
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of Object.values(ROUTES) as RouteSpec[]) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route, schemas);
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
