import fs from 'node:fs';
import path from 'node:path';
import { OpenApiOperation, TRANSPORT_HEADERS } from './openapi-contract';

/**
 * Records real calls as the OpenAPI document's examples. When RECORD_OPENAPI_EXAMPLES names a
 * directory (set by `npm run examples:record`), the first successful JSON call of each operation
 * that any integration test makes is written there as `<operationId>.json`; scripts/record-examples.js
 * then folds the directory into libs/contracts/src/examples/operations.json. Nothing happens otherwise.
 * The names of the response's headers are recorded too (the transport's own left out), so a test can
 * check that the document declares every header the server sends.
 */
export function recordExample(
  operation: OpenApiOperation,
  pathAndQuery: string,
  requestBody: unknown,
  status: number,
  contentType: string | null,
  responseBody: unknown,
  headerNames: Iterable<string>,
): void {
  const dir = process.env.RECORD_OPENAPI_EXAMPLES;
  if (!dir || status < 200 || status >= 300) return;
  const jsonResponse = contentType?.includes('application/json') ?? false;
  const declared = operation.responses[String(status)]?.content?.['application/json'];
  if (declared && !jsonResponse) return;
  const [rawPath, rawQuery] = pathAndQuery.split('?');
  const names = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const pattern = new RegExp(`^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]+)')}$`);
  const values = pattern.exec(rawPath)?.slice(1) ?? [];
  const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]));
  const query = Object.fromEntries(new URLSearchParams(rawQuery ?? ''));
  const example = {
    operationId: operation.operationId,
    request: {
      ...(names.length > 0 ? { params } : {}),
      ...(Object.keys(query).length > 0 ? { query } : {}),
      ...(requestBody !== undefined ? { body: requestBody } : {}),
    },
    response: {
      status,
      headers: [...new Set([...headerNames].map((name) => name.toLowerCase()))].filter((name) => !TRANSPORT_HEADERS.has(name)).sort(),
      ...(jsonResponse ? { body: responseBody } : {}),
    },
  };
  fs.mkdirSync(dir, { recursive: true });
  try {
    // `wx`: the first recording of an operation wins, also across parallel jest workers.
    fs.writeFileSync(path.join(dir, `${operation.operationId}.json`), JSON.stringify(example, null, 2), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}
