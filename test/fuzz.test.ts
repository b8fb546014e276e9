import fc from 'fast-check';
import { Database } from '@astro/database';
import { findAccount } from '@astro/ledger';
import { arbitraryFor, cursorValue, fillPath, mutate, pathValue } from './support/fuzz-requests';
import { openApiContract, OpenApiOperation } from './support/openapi-contract';
import { createCustomer, useTestPlatform } from './support/fixture';
import { TestApi } from './support/harness';

// Property-based fuzzing of every operation in the OpenAPI document: generated valid requests and
// mutated invalid ones. For each: no 5xx, every error in the envelope, every 2xx body valid against
// the document, and the account's balance moved only by the prices of accepted priced requests.
// A fixed seed in CI; `npm run fuzz` runs many more with a random seed (FUZZ_RUNS, FUZZ_SEED).
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS || 24);
const SEED = Number(process.env.FUZZ_SEED || 20261123);

// Operations a generic request cannot exercise meaningfully: raw uploads and signed links are
// driven by their own tests (visual-uploads, jobs, security).
const SKIPPED = new Set(['putVisualUpload', 'downloadPdfArtifact', 'downloadHtmlArtifact', 'downloadJsonArtifact']);

let db: Database;
let api: TestApi;
let apiKey: string;
let accountId: string;
let session: string;

useTestPlatform(async (p) => {
  ({ db, api } = p);
  ({ apiKey, accountId, session } = await createCustomer(db, api, {
    tier: 'enterprise',
    credits: 1_000_000,
    password: 'fuzzing password 1',
  }));
});

function credentialFor(operation: OpenApiOperation): string | undefined {
  const kinds = operation.security.flatMap((s) => Object.keys(s));
  if (kinds.length === 0) return undefined;
  return kinds.includes('apiKey') ? apiKey : session;
}

function queryString(operation: OpenApiOperation, values: Record<string, unknown>): string {
  const entries = Object.entries(values).filter(([, v]) => v !== undefined && v !== null);
  return entries.length ? `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}` : '';
}

describe('fuzzing every operation of the OpenAPI document', () => {
  const contract = openApiContract();
  const components = contract.document.components.schemas;
  const operations = contract.operations.filter((o) => !SKIPPED.has(o.operationId));
  let charged = 0;
  let requests = 0;

  it.each(operations.map((o) => [o.operationId, o] as const))(
    '%s: no 5xx, errors in the envelope, 2xx as documented',
    async (_id, operation) => {
      const failures: string[] = [];
      const queryParameters = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const pathCount = (operation.path.match(/\{/g) ?? []).length;
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const validBody = bodySchema ? arbitraryFor(bodySchema, components) : fc.constant(undefined);
      const query = fc.record(
        Object.fromEntries(
          queryParameters.map((p) => [
            p.name,
            // A list's cursor: forged ones too, not only what its schema describes.
            fc.option(
              p.name === 'cursor' ? fc.oneof(arbitraryFor(p.schema, components), cursorValue()) : arbitraryFor(p.schema, components),
              {
                nil: undefined,
              },
            ),
          ]),
        ),
      );
      type Built = { path: string; valid: boolean; body?: string; contentType?: string };
      const request: fc.Arbitrary<Built> = fc
        .tuple(fc.array(pathValue(), { minLength: pathCount, maxLength: pathCount }), query, validBody, fc.boolean())
        .chain(([path, q, body, breakIt]) =>
          breakIt && bodySchema
            ? mutate(body).map((broken): Built => ({
                path: fillPath(operation, path) + queryString(operation, q),
                valid: false,
                ...broken,
              }))
            : fc.constant<Built>({
                path: fillPath(operation, path) + queryString(operation, q),
                valid: true,
                body: body === undefined ? undefined : JSON.stringify(body),
                contentType: body === undefined ? undefined : 'application/json',
              }),
        );
      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          requests += 1;
          const response = await api.http.request(operation.method, r.path, {
            key: credentialFor(operation),
            raw: r.body,
            contentType: r.contentType,
          });
          const what = `${operation.method} ${r.path.slice(0, 120)} ${String(r.body ?? '').slice(0, 120)}`;
          if (response.status >= 500) failures.push(`${what} → ${response.status} ${response.text.slice(0, 200)}`);
          if (response.status >= 400) {
            const body = response.body as Record<string, unknown>;
            const envelope =
              body && typeof body === 'object' && ['error', 'message', 'code', 'request_id'].every((k) => typeof body[k] === 'string');
            if (!envelope) failures.push(`${what} → ${response.status} outside the envelope: ${response.text.slice(0, 200)}`);
          } else {
            for (const problem of contract.check(
              operation.method,
              r.path,
              response.status,
              response.headers.get('content-type'),
              response.body,
            ))
              failures.push(`${what}: ${problem}`);
            charged += operation['x-credits'] ?? 0;
          }
        }),
        { numRuns: RUNS_PER_OPERATION, seed: SEED, endOnFailure: true },
      );
      expect([...new Set(failures)].slice(0, 8)).toEqual([]);
    },
    120_000,
  );

  it('moved the balance only by the prices of the accepted priced requests', async () => {
    const account = await findAccount(db, accountId);
    expect(requests).toBeGreaterThan(operations.length * RUNS_PER_OPERATION * 0.9);
    expect(1_000_000 - Number(account!.balance)).toBe(charged);
  });
});
