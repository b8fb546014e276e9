import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '@astro/contracts';

type JsonSchema = Record<string, unknown>;
export interface OpenApiResponse {
  $ref?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema?: JsonSchema }>;
}

/**
 * Headers every response carries that a document does not declare per response: the transport's own
 * (framing, dates, compression, caching validators) and the route-independent ones of HTTP itself.
 */
export const TRANSPORT_HEADERS = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'vary',
  'etag',
  'content-encoding',
]);

export interface OpenApiOperation {
  method: string;
  path: string;
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
  responses: Record<string, OpenApiResponse>;
  'x-credits'?: number;
}

/**
 * The API's own OpenAPI document, and a validator of responses against it: every integration test
 * that goes through the HTTP client checks that what it received is what the document promises for
 * that operation and status, so the document cannot drift from the code.
 */
export class OpenApiContract {
  readonly document = buildOpenApiDocument('test') as {
    paths: Record<string, Record<string, JsonSchema>>;
    components: { schemas: Record<string, JsonSchema>; responses: Record<string, OpenApiResponse>; headers: Record<string, unknown> };
  };
  readonly operations: OpenApiOperation[];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly matchers: { method: string; pattern: RegExp; operation: OpenApiOperation }[];

  constructor() {
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: this.document.components } as JsonSchema);
    this.operations = Object.entries(this.document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ ...(op as object), method: method.toUpperCase(), path }) as OpenApiOperation),
    );
    this.matchers = this.operations.map((operation) => ({
      method: operation.method,
      pattern: new RegExp(`^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      operation,
    }));
  }

  /** The operation a request goes to (literal paths win over templated ones), or undefined. */
  operationFor(method: string, pathAndQuery: string): OpenApiOperation | undefined {
    const path = pathAndQuery.split('?')[0];
    const candidates = this.matchers.filter((m) => m.method === method.toUpperCase() && m.pattern.test(path));
    candidates.sort((a, b) => ((b.operation.path.match(/\{/g)?.length ?? 0) < (a.operation.path.match(/\{/g)?.length ?? 0) ? 1 : -1));
    return candidates[0]?.operation;
  }

  /** The declared response of an operation for a status, a shared one (`$ref`) resolved. */
  response(operation: OpenApiOperation, status: number): OpenApiResponse | undefined {
    const declared = operation.responses[String(status)];
    const ref = declared?.$ref?.replace('#/components/responses/', '');
    return ref ? this.document.components.responses[ref] : declared;
  }

  /**
   * The header names of a response that the document does not declare for that operation and status:
   * neither on the response nor among the security headers it declares once for every response
   * (the components.headers described as sent on every response), nor a transport header.
   */
  undeclaredHeaders(operation: OpenApiOperation, status: number, names: string[]): string[] {
    const declared = new Set(Object.keys(this.response(operation, status)?.headers ?? {}).map((n) => n.toLowerCase()));
    const everywhere = Object.entries(this.document.components.headers)
      .filter(([, header]) => String((header as { description?: string }).description).startsWith('Sent on every response'))
      .map(([name]) => name.toLowerCase());
    return names.filter((name) => {
      const lower = name.toLowerCase();
      return !TRANSPORT_HEADERS.has(lower) && !declared.has(lower) && !everywhere.includes(lower);
    });
  }

  /** Problems with a response against the document (empty when it conforms). */
  check(method: string, pathAndQuery: string, status: number, contentType: string | null, body: unknown): string[] {
    const operation = this.operationFor(method, pathAndQuery);
    if (!operation) return [];
    const declared = this.response(operation, status);
    const where = `${method} ${operation.path} → ${status}`;
    if (!declared) {
      // Statuses every route can answer without listing them (the router itself, a dependency down).
      return [404, 405, 413, 414, 415, 429, 431, 503].includes(status) || status === 401 ? [] : [`${where}: status not in the document`];
    }
    const schema = declared.content?.['application/json']?.schema;
    if (!schema || !contentType?.includes('application/json')) return [];
    const key = `${operation.operationId}:${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"openapi#/components/')) as JsonSchema);
      this.compiled.set(key, validate);
    }
    if (validate(body)) return [];
    return (validate.errors ?? []).slice(0, 3).map((e) => `${where}: ${e.instancePath || '(body)'} ${e.message}`);
  }
}

let shared: OpenApiContract | null = null;
export function openApiContract(): OpenApiContract {
  shared ??= new OpenApiContract();
  return shared;
}
