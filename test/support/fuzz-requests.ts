import fc from 'fast-check';
import { OpenApiOperation } from './openapi-contract';

type JsonSchema = Record<string, unknown>;

export interface FuzzRequest {
  method: string;
  path: string;
  body?: string;
  contentType?: string;
  /** true when the request is built to be valid by the document (it may still be refused on meaning) */
  valid: boolean;
}

// `noInvalidDate`: fast-check 4 may otherwise generate an Invalid Date, which has no ISO form.
const DATE_RANGE = { min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true };
const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '%00',
  '../../etc/passwd',
  '<script>',
  "'; DROP TABLE events; --",
  'x'.repeat(100_000),
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '',
];

/** Values valid for a JSON Schema of the document (refs resolved from its components). */
export function arbitraryFor(schema: JsonSchema | undefined, components: Record<string, JsonSchema>, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 8) return fc.constant(null);
  if (typeof schema.$ref === 'string') return arbitraryFor(components[schema.$ref.split('/').pop()!], components, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (options?.length) return fc.oneof(...options.map((o) => arbitraryFor(o, components, depth + 1)));
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) return arbitraryFor(schema.allOf[0] as JsonSchema, components, depth + 1);
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== 'null') : (schema.type as string | undefined);
  switch (type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: Math.ceil(Number(schema.minimum ?? -1000)), max: Math.floor(Number(schema.maximum ?? 1000)) });
    case 'number':
      return fc.double({ min: Number(schema.minimum ?? -1000), max: Number(schema.maximum ?? 1000), noNaN: true, noDefaultInfinity: true });
    case 'string':
      return stringFor(schema);
    case 'array': {
      const items = arbitraryFor(schema.items as JsonSchema, components, depth + 1);
      const minLength = Number(schema.minItems ?? 0);
      return fc.array(items, { minLength, maxLength: Math.max(minLength, Math.min(Number(schema.maxItems ?? 3), 3)) });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) record[name] = arbitraryFor(property, components, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
    default:
      return fc.constant(null);
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') return fc.date(DATE_RANGE).map((d) => d.toISOString());
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'uri') return fc.constantFrom('https://example.com/hook', 'https://hooks.example.org/a/b');
  if (typeof schema.pattern === 'string') {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length <= Number(schema.maxLength ?? 10_000) && s.length >= Number(schema.minLength ?? 0));
    } catch {
      return fc.string();
    }
  }
  return fc.string({ minLength: Number(schema.minLength ?? 0), maxLength: Math.min(Number(schema.maxLength ?? 40), 40) });
}

/** A mutation of a valid body that breaks it: wrong types, missing fields, extremes, hostile strings, deep nesting. */
export function mutate(body: unknown): fc.Arbitrary<{ body: string; contentType: string }> {
  const json = (value: unknown) => ({ body: JSON.stringify(value), contentType: 'application/json' });
  const object = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const keys = Object.keys(object);
  const field = keys.length ? fc.constantFrom(...keys) : fc.constant('field');
  const hostile = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0.1, 'NaN', null, true, [], {}, [[[[]]]]),
  );
  let deep: unknown = 1;
  for (let i = 0; i < 200; i++) deep = [deep];
  return fc.oneof(
    fc.tuple(field, hostile).map(([k, v]) => json({ ...object, [k]: v })),
    field.map((k) => {
      const { [k]: _removed, ...rest } = object;
      return json(rest);
    }),
    fc.tuple(fc.constantFrom('__proto__', 'constructor', 'x\u0000', 'prototype'), hostile).map(([k, v]) => ({
      body: JSON.stringify(object).replace(/^\{/, `{${JSON.stringify(k)}:${JSON.stringify(v)}${keys.length ? ',' : ''}`),
      contentType: 'application/json',
    })),
    fc.constant(json({ ...object, nested: deep })),
    fc.constant(json(deep)),
    fc.constantFrom(
      { body: '{"unterminated": ', contentType: 'application/json' },
      { body: JSON.stringify(object), contentType: 'text/plain' },
      { body: JSON.stringify(object), contentType: 'application/xml' },
      { body: '', contentType: 'application/json' },
      { body: 'null', contentType: 'application/json' },
      { body: '"\\ud800"', contentType: 'application/json' },
    ),
  );
}

const b64 = (text: string) => Buffer.from(text).toString('base64url');

/**
 * The `cursor` of a list: forged ones of each kind a list gives out (a position, a created_at and
 * id), with days and times that do not exist, out-of-range numbers, ids of another list, SQL, and
 * damaged base64url. Each must be a 400 naming `cursor`, never a database error.
 */
export function cursorValue(): fc.Arbitrary<string> {
  const instant = fc.oneof(
    fc.constantFrom('2024-02-30T00:00:00Z', '2023-02-29T00:00:00Z', '2024-13-01T00:00:00Z', '2024-01-01T24:00:00Z', '0000-01-01T00:00:00Z'),
    fc.constantFrom('2024-01-01T00:00:00.1234567Z', '2024-01-01T00:00:00+07:00', '294277-01-01T00:00:00Z', '2024-02-30'),
    fc
      .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
      .map((d) => d.toISOString()),
  );
  const id = fc.oneof(
    fc.constantFrom('cip_0123456789abcdef01234567', 'brand_0123456789abcdef01234567', 'x', '', "' OR '1'='1"),
    fc.stringMatching(/^[a-z]{2,5}_[0-9a-f]{24}$/),
  );
  return fc.oneof(
    fc.tuple(instant, id).map(([at, which]) => b64(`${at}|${which}`)),
    fc.constantFrom('0', '-1', '1.5', '1e3', '99999999999999999999', '9007199254740993', "1' OR '1'='1").map(b64),
    fc.bigInt({ min: 1n, max: 2n ** 70n }).map((n) => b64(String(n))),
    fc.constantFrom('MjAyNC0wMi0zMHx4', 'bm90IGEgY3Vyc29y=', '!!', '%00', '', 'x'.repeat(300)),
    fc.string({ maxLength: 60 }).map(b64),
  );
}

/** Path parameters: valid-looking ids of each kind, and hostile ones. */
export function pathValue(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      'job_0123456789abcdef01234567',
      'org_0123456789abcdef01234567',
      'cip_0123456789abcdef01234567',
      'whs_0123456789abcdef01234567',
      'vrj_0123456789abcdef01234567',
    ),
    fc.constantFrom('%00', '%ED%A0%80', 'x'.repeat(300), '..%2F..%2Fetc', '%', '__proto__', 'constructor', '%F0%9F%98%80'),
    fc.stringMatching(/^[a-z0-9_]{1,40}$/),
  );
}

export function fillPath(operation: OpenApiOperation, values: string[]): string {
  let i = 0;
  return operation.path.replace(/\{[^}]+\}/g, () => {
    const value = values[i++ % values.length] ?? 'x';
    return /%/.test(value) ? value : encodeURIComponent(value);
  });
}
