import { z } from 'zod';
// The registry first: it loads the schemas in the order of `components.schemas`.
import { RouteSpec, ROUTES } from './registry';
import { birthSubjectPaths } from './shared/birth-subject';
import { errorResponse, errorResponseName, headerComponents, redirectHeaders, SECURITY_HEADERS, successHeaders } from './openapi-headers';
import { SECURITY, SECURITY_SCHEMES } from './openapi-security';
import { webhooks } from './openapi-webhooks';
import { CalculationBasis } from './shared/calculation';
import { PRICES } from './shared/pricing';
import recordedExamples from './examples/operations.json';

/** A real call of an operation, recorded from the integration tests by `npm run examples:record`. */
export interface RecordedExample {
  request: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  /** `headers`: the names of the response's headers, the transport's own left out */
  response: { status: number; headers?: string[]; body?: unknown };
}
export const RECORDED_EXAMPLES = recordedExamples as Record<string, RecordedExample>;

function recordedExample(operationId: string): RecordedExample | undefined {
  return Object.hasOwn(RECORDED_EXAMPLES, operationId) ? RECORDED_EXAMPLES[operationId] : undefined;
}

const REAL_CALL = 'a real call, recorded from the integration tests';

type JsonSchema = Record<string, unknown>;

function clean(schema: JsonSchema): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

/**
 * A schema without an id of its own, written in place. Zod puts the registered schemas it uses
 * under a local `$defs`; those are components of the document, so the refs point there instead.
 */
function inline(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $defs: _defs, ...rest } = clean(z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema);
  const text = JSON.stringify(rest).replace(
    /"#\/\$defs\/([^"]+)"/g,
    (_m, id: string) => `"#/components/schemas/${io === 'input' && inputVariants.has(id) ? id + INPUT_SUFFIX : id}"`,
  );
  return JSON.parse(text) as JsonSchema;
}

/**
 * Component ids whose request (input) form differs from their response (output) form, e.g. because
 * a field has a default: a client may omit it in a request, a response always has it. Those get a
 * second component, `<id>Input`, which request bodies reference.
 */
let inputVariants = new Set<string>();
const INPUT_SUFFIX = 'Input';
const WITH_BIRTH_OFFSETS = 'WithBirthOffsets';
const WITH_CALCULATION = 'WithCalculation';
/** The answer fields added to a response component, longest first (a compound suffix before its parts). */
const ANSWER_SUFFIXES = [`${WITH_BIRTH_OFFSETS}${WITH_CALCULATION}`, WITH_BIRTH_OFFSETS, WITH_CALCULATION];
/** Registers the component every calculation answer references (its id is CalculationBasis). */
void CalculationBasis;

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
    (
      z.toJSONSchema(z.globalRegistry, { uri: (id) => `${prefix}${id}`, io, unrepresentable: 'any' }) as {
        schemas: Record<string, JsonSchema>;
      }
    ).schemas;
  const output = generate('output', '#/components/schemas/');
  const input = generate('input', PLACEHOLDER);
  // An input form differs when its own text differs, or when it refers to a schema whose input form differs.
  const normalised = (schema: JsonSchema) => JSON.stringify(clean(schema)).split(PLACEHOLDER).join('#/components/schemas/');
  const differs = new Set(Object.keys(input).filter((id) => normalised(input[id]) !== JSON.stringify(clean(output[id]))));
  for (let grew = true; grew;) {
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
    if (!route.body) continue;
    const id = z.globalRegistry.get(route.body)?.id;
    if (id) visit(id);
    // A body without an id is written inline; the registered schemas inside it are its `$defs`.
    else
      Object.keys((z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) as { $defs?: JsonSchema }).$defs ?? {}).forEach(
        visit,
      );
  }
  for (const id of [...differs]) if (!reached.has(id)) differs.delete(id);
  inputVariants = differs;
  const schemas: Record<string, JsonSchema> = Object.fromEntries(Object.entries(output).map(([id, s]) => [id, clean(s)]));
  for (const id of differs) {
    const text = JSON.stringify(clean(input[id])).replace(
      /"#\/components\/schemas\/@input@([^"]+)"/g,
      (_m, ref: string) => `"#/components/schemas/${differs.has(ref) ? ref + INPUT_SUFFIX : ref}"`,
    );
    schemas[id + INPUT_SUFFIX] = JSON.parse(text) as JsonSchema;
  }
  return schemas;
}

/** A recorded parameter (URL text) as the value of its schema's type, e.g. `limit=2` → 2. */
function typedExample(text: string, schema: JsonSchema): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
  if (schema.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

function parameters(route: RouteSpec): JsonSchema[] {
  const list: JsonSchema[] = [];
  const recorded = recordedExample(route.operationId)?.request;
  for (const [location, schema, values] of [
    ['path', route.params, recorded?.params],
    ['query', route.query, recorded?.query],
  ] as const) {
    if (!schema) continue;
    const json = inline(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const example = values && Object.hasOwn(values, name) ? typedExample(values[name], property) : undefined;
      list.push({
        name,
        in: location,
        required: location === 'path' || (json.required ?? []).includes(name),
        description: property.description,
        schema: property,
        ...(example !== undefined ? { example } : {}),
      });
    }
  }
  // Every charged call takes a key: the queue routes and the synchronous calculations alike.
  if (route.idempotencyKey || route.operation) {
    list.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        "Makes a retry safe (Stripe's semantics; the key is the account's, kept 24 hours). The same key with the same request " +
        '(method, path, query and body) within 24 hours answers the first answer again (status and body, with ' +
        '`Idempotent-Replayed: true` on synchronous calls) and charges nothing; a repeat sent while the first is still running ' +
        'waits for it. The same key with another request: 409. Answers below 500 are kept (a 402 too: top up, then use a new key); ' +
        'a 5xx is not, so the same key may be retried. 1 to 128 characters, e.g. a UUID. docs/api-conventions.md.',
      schema: { type: 'string', minLength: 1, maxLength: 128 },
    });
  }
  return list;
}

/**
 * A route whose body has birth subjects answers which UTC offset each was computed with
 * (added by the API's answer step, apps/api/src/http/answer.ts): its response schema gets `birth_utc_offsets`, as a
 * `<id>WithBirthOffsets` component when the response is a component (objects are closed, so an
 * allOf could not add a property). A calculation route (RouteSpec `calculation`) likewise gets
 * `calculation`, a reference to the one CalculationBasis component (`<id>WithCalculation`).
 */
function successSchema(route: RouteSpec, schemas: Record<string, JsonSchema>): JsonSchema {
  const schema = schemaOrRef(route.success.schema!, 'output');
  const offsets = route.body !== undefined && birthSubjectPaths(route.body).length > 0;
  const calculation = route.calculation !== undefined;
  if (!offsets && !calculation) return schema;
  // Not `required`: the schema's own example (the calculation's answer) has neither field; every real
  // answer of the route has them, as the operation's recorded call shows.
  const extend = (target: JsonSchema): JsonSchema => ({
    ...target,
    properties: {
      ...(target.properties as JsonSchema),
      ...(offsets
        ? {
            birth_utc_offsets: {
              type: 'array',
              items: { $ref: '#/components/schemas/BirthUtcOffset' },
              description:
                'the UTC offset each birth subject of the request was computed with, and where it came from (always sent for requests with birth subjects)',
            },
            birth_places: {
              type: 'array',
              items: { $ref: '#/components/schemas/BirthPlace' },
              description:
                'the place each birth subject of the request was computed for: the one its `place` named, or the nearest populated place to the coordinates sent (always sent for requests with birth subjects)',
            },
          }
        : {}),
      ...(calculation ? { calculation: { $ref: '#/components/schemas/CalculationBasis' } } : {}),
    },
  });
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : null;
  if (!ref) return extend(schema);
  const id = `${ref}${offsets ? WITH_BIRTH_OFFSETS : ''}${calculation ? WITH_CALCULATION : ''}`;
  schemas[id] ??= extend(schemas[ref]);
  return { $ref: `#/components/schemas/${id}` };
}

/** The route's own error statuses (`errors`) and those that follow from the rest of it. */
function errorStatuses(route: RouteSpec): number[] {
  // 400 everywhere: a malformed URL (a NUL or a lone surrogate in the path or query) is refused on every route.
  const possible = new Set([400, ...(route.errors ?? [])]);
  const add = (...statuses: number[]) => statuses.forEach((status) => possible.add(status));
  if (route.body || route.rawBody) add(413, 415);
  // A credential is looked up in the database (503 when it is down) and counts against the tier's rate limit.
  if (route.auth !== 'none' && route.auth !== 'signed_url') add(401, 429, 503);
  if (route.operation) add(402);
  if (route.minTier && route.minTier !== 'free') add(403);
  if (route.idempotencyKey || route.operation) add(409);
  return [...possible].sort();
}

function operation(route: RouteSpec, schemas: Record<string, JsonSchema>): JsonSchema {
  const recorded = recordedExample(route.operationId);
  const realCall = (value: unknown) => (value === undefined ? {} : { examples: { recorded: { summary: REAL_CALL, value } } });
  const headers = successHeaders(route);
  const success = route.success;
  const responses: Record<string, JsonSchema> = {
    [success.status]: success.media
      ? {
          description: success.description,
          headers,
          content: Object.fromEntries(
            Object.entries(success.media).map(([type, media]) => [
              type,
              { schema: 'schema' in media ? schemaOrRef(media.schema, 'output') : { type: 'string', format: 'binary' } },
            ]),
          ),
        }
      : success.schema && !success.contentType
        ? {
            description: success.description,
            headers,
            content: { 'application/json': { schema: successSchema(route, schemas), ...realCall(recorded?.response.body) } },
          }
        : success.contentType
          ? {
              description: success.description,
              headers,
              content: { [success.contentType]: success.schema ? { schema: schemaOrRef(success.schema, 'output') } : {} },
            }
          : { description: success.description, headers },
  };
  if (route.redirect) responses[route.redirect.status] = { description: route.redirect.description, headers: redirectHeaders() };
  for (const status of errorStatuses(route)) {
    const name = errorResponseName(route, status);
    usedErrorResponses.add(name);
    responses[status] = { $ref: `#/components/responses/${name}` };
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
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOrRef(route.body, 'input'), ...realCall(recorded?.request.body) } },
          },
        }
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

/** The shared error responses the operations refer to (components.responses). */
const usedErrorResponses = new Set<string>();

const REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * Keeps the components the operations reach, and gives a variant the plain name when the plain form is
 * used nowhere: a request-only `<id>Input`, or a response-only `<id>WithBirthOffsets`, is published as `<id>`.
 */
function reachableComponents(
  paths: JsonSchema,
  schemas: Record<string, JsonSchema>,
): { paths: JsonSchema; schemas: Record<string, JsonSchema> } {
  const reached = new Set<string>();
  const visit = (text: string) => {
    for (const [, id] of text.matchAll(REF)) {
      if (reached.has(id) || !schemas[id]) continue;
      reached.add(id);
      visit(JSON.stringify(schemas[id]));
    }
  };
  visit(JSON.stringify(paths));
  const plainName = (id: string) =>
    [INPUT_SUFFIX, ...ANSWER_SUFFIXES].map((suffix) => (id.endsWith(suffix) ? id.slice(0, -suffix.length) : null)).find((p) => p !== null);
  const renamed = new Map(
    [...reached].flatMap((id) => {
      const plain = plainName(id);
      return plain && !reached.has(plain) ? [[id, plain] as const] : [];
    }),
  );
  const rename = (value: JsonSchema) =>
    JSON.parse(
      JSON.stringify(value).replace(REF, (match, id: string) => (renamed.has(id) ? `"#/components/schemas/${renamed.get(id)}"` : match)),
    ) as JsonSchema;
  return {
    paths: rename(paths),
    schemas: Object.fromEntries(
      Object.keys(schemas)
        .filter((id) => reached.has(id))
        .map((id) => [renamed.get(id) ?? id, rename(schemas[id])]),
    ),
  };
}

/**
 * The OpenAPI 3.1 document of every route in ROUTES, served at /docs-json. `serverUrl` is where
 * callers reach the API: PUBLIC_BASE_URL for the served document, a path alone for the /docs page
 * (so "Try it out" calls the host that serves the page, whatever it is called).
 */
export function buildOpenApiDocument(version: string, serverUrl = 'http://127.0.0.1:3000'): JsonSchema {
  usedErrorResponses.clear();
  const allSchemas = componentSchemas();
  const allPaths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of Object.values(ROUTES) as RouteSpec[]) {
    allPaths[route.path] ??= {};
    allPaths[route.path][route.method.toLowerCase()] = operation(route, allSchemas);
  }
  const events = webhooks();
  // The error responses and the webhooks refer to components too: they are reached like the paths.
  const errorResponses = Object.fromEntries([...usedErrorResponses].sort().map((name) => [name, errorResponse(name)]));
  const { paths, schemas } = reachableComponents(
    { ...allPaths, '@errors': errorResponses, '@events': events.webhooks },
    { ...allSchemas, ...events.schemas },
  );
  const { '@errors': responses, '@events': eventPaths, ...operations } = paths;
  return {
    openapi: '3.1.0',
    info: {
      title: 'Astrology calculation, report and reading API',
      version,
      description:
        'Every error body is {error, message, code, request_id}; every response carries X-Request-Id (our id; a client sending its own gets it back as X-Client-Request-Id) and the security headers ' +
        `(${Object.keys(SECURITY_HEADERS).join(', ')}; see components.headers). ` +
        'Routes behind an API key or a session send the RateLimit-* headers of their tier; a 429 or 503 says when to retry in Retry-After. ' +
        'Chargeable operations list their price in credits (see GET /v1/pricing). ' +
        'Events are delivered as signed webhooks (see `webhooks`, Standard Webhooks).',
      license: { name: 'Proprietary: for customers under contract', identifier: 'LicenseRef-Proprietary' },
    },
    // The API as its callers reach it (PUBLIC_BASE_URL): a generator's default base URL is the deployment's.
    servers: [{ url: serverUrl, description: 'this API' }],
    paths: operations,
    webhooks: eventPaths,
    components: {
      schemas,
      responses,
      headers: headerComponents(),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
