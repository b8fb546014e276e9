import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument, RECORDED_EXAMPLES } from './openapi';
import { RouteSpec, ROUTES } from './registry';

type JsonSchema = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters: { name: string; in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema; examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema; examples?: Record<string, { value: unknown }> }> }>;
}

const document = buildOpenApiDocument('test') as { paths: Record<string, Record<string, Operation>>; components: JsonSchema };
const routes = Object.values(ROUTES) as RouteSpec[];
const operationOf = (route: RouteSpec) => document.paths[route.path][route.method.toLowerCase()];

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: document.components });
function problems(schema: JsonSchema, value: unknown): string[] {
  const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')) as JsonSchema);
  return validate(value) ? [] : (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
}

/**
 * Every operation of the OpenAPI document shows a real call: the request (path and query parameters,
 * JSON body) and the response an integration test sent and received, recorded by
 * `npm run examples:record` into examples/operations.json. A new endpoint without a recorded call,
 * or an example the schema no longer accepts, fails here.
 */
describe('OpenAPI examples are real calls', () => {
  it.each(routes.map((r) => [r.operationId, r] as const))('%s has a recorded call', (operationId, route) => {
    const recorded = RECORDED_EXAMPLES[operationId];
    expect(recorded).toBeDefined();
    const operation = operationOf(route);
    if (route.body) {
      const media = operation.requestBody!.content['application/json'];
      expect(media.examples?.recorded.value).toBeDefined();
      expect(problems(media.schema!, media.examples!.recorded.value)).toEqual([]);
    }
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) expect(parameter.example).toBeDefined();
    expect(recorded.response.status).toBe(route.success.status);
    if (route.success.schema && !route.success.contentType) {
      const media = operation.responses[route.success.status].content!['application/json'];
      expect(media.examples?.recorded.value).toBeDefined();
      expect(problems(media.schema!, media.examples!.recorded.value)).toEqual([]);
    }
  });

  it('records no operation that the route table no longer has', () => {
    const known = new Set(routes.map((r) => r.operationId));
    expect(Object.keys(RECORDED_EXAMPLES).filter((id) => !known.has(id))).toEqual([]);
  });

  it('keeps secrets and machine details out of the examples', () => {
    const text = JSON.stringify(RECORDED_EXAMPLES);
    expect(text).not.toMatch(/(ak_live_|ok_live_|whsec_|ses_)(?!EXAMPLE0)/);
    expect(text).not.toMatch(/127\.0\.0\.1:\d+/);
  });
});
