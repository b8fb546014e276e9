import { RECORDED_EXAMPLES } from '@astro/contracts';
import { securityHeaders } from '../apps/api/src/http/security-headers';
import { openApiContract } from './support/openapi-contract';

/**
 * The response headers of the document against what the server really sends: the header names of
 * every recorded example call (libs/contracts/src/examples/operations.json, written by
 * `npm run examples:record` from real calls of the integration tests) must each be declared on that
 * operation's response, or be one of the security headers the document declares for every response.
 */
describe('response headers in the OpenAPI document', () => {
  const contract = openApiContract();

  it('declares every header of every recorded example call', () => {
    const recorded = Object.entries(RECORDED_EXAMPLES).filter(([, example]) => example.response.headers !== undefined);
    expect(recorded.length).toBeGreaterThan(0);
    const problems = recorded.flatMap(([operationId, example]) => {
      const operation = contract.operations.find((o) => o.operationId === operationId);
      if (!operation) return [`${operationId}: recorded, but not in the document`];
      return contract
        .undeclaredHeaders(operation, example.response.status, example.response.headers!)
        .map((name) => `${operationId} → ${example.response.status}: ${name} is sent but not declared`);
    });
    expect(problems).toEqual([]);
  });

  it('declares, as sent on every response, exactly the security headers the server sets', () => {
    const everywhere = Object.entries(contract.document.components.headers)
      .filter(([, header]) => String((header as { description?: string }).description).startsWith('Sent on every response'))
      .map(([name]) => name.toLowerCase())
      .sort();
    expect(everywhere).toEqual(Object.keys(securityHeaders()).sort());
  });

  it('names the rate-limit, retry and request-id headers the way the server sends them', () => {
    const headers = Object.keys(contract.document.components.headers);
    expect(headers).toEqual(
      expect.arrayContaining([
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'RateLimit-Policy',
        'Retry-After',
        'X-Request-Id',
      ]),
    );
    const charged = contract.operations.filter((o) => o['x-credits'] !== undefined);
    expect(charged.length).toBeGreaterThan(30);
    const withoutReplayHeader = charged.filter((o) => {
      const success = Object.keys(o.responses).find((status) => status.startsWith('2'))!;
      return !('Idempotent-Replayed' in (o.responses[success].headers ?? {}));
    });
    expect(withoutReplayHeader.map((o) => o.operationId)).toEqual([]);
    const limited = contract.operations.filter((o) => o.responses['429']);
    expect(limited.every((o) => 'Retry-After' in (contract.response(o, 429)!.headers ?? {}))).toBe(true);
  });
});
