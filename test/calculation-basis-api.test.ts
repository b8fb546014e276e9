import { execFileSync } from 'node:child_process';
import { buildOpenApiDocument, CalculationBasis } from '@astro/contracts';
import { Database } from '@astro/database';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

/**
 * Every calculation answer says how it was computed (`calculation`, the CalculationBasis
 * component). The routes are read from the OpenAPI document itself: every operation whose success
 * answer has a `calculation` property is called through the real HTTP API with its documented
 * request example, and its `calculation` is checked by the schema (the HTTP client also checks the
 * whole answer against the document). The ayanamsa and ΔT are checked against swetest, the Swiss
 * Ephemeris' own test program reading the same data files.
 */
let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

type Json = Record<string, unknown>;
const document = buildOpenApiDocument('test') as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
};
const ref = (schema: Json | undefined): Json | undefined =>
  typeof schema?.$ref === 'string' ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;

interface CalculationRoute {
  operationId: string;
  tag: string;
  method: string;
  pathAndQuery: string;
  body: unknown;
}

/** The operations whose success answer has `calculation`, each with its documented request example. */
const calculationRoutes: CalculationRoute[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).flatMap(([method, operation]) => {
    const responses = operation.responses as Record<string, { content?: Record<string, { schema?: Json }> }>;
    const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
    const schema = ref(success?.content?.['application/json']?.schema);
    if (!(schema?.properties as Json | undefined)?.calculation) return [];
    const parameters = (operation.parameters ?? []) as { name: string; in: string; example?: unknown }[];
    let filled = path;
    const query = new URLSearchParams();
    for (const p of parameters) {
      if (p.example === undefined) continue;
      if (p.in === 'path') filled = filled.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
      if (p.in === 'query') query.set(p.name, String(p.example));
    }
    const content = (operation.requestBody as { content?: Record<string, { examples?: { recorded?: { value: unknown } }; schema?: Json }> })
      ?.content?.['application/json'];
    const body = content ? (content.examples?.recorded?.value ?? ref(content.schema)?.example) : undefined;
    return [
      {
        operationId: String(operation.operationId),
        tag: (operation.tags as string[])[0],
        method: method.toUpperCase(),
        pathAndQuery: `${filled}${query.size > 0 ? `?${query}` : ''}`,
        body,
      },
    ];
  }),
);

const EPHEMERIS = '/usr/share/libswe/ephe';

/** swetest at a UT instant (whole seconds): its ayanamsa with -sid1 (Lahiri), and its ΔT. */
function swetestAt(instant: Date): { ayanamsa: number; deltaT: number } {
  const d = instant.toISOString();
  const args = [
    `-b${Number(d.slice(8, 10))}.${Number(d.slice(5, 7))}.${d.slice(0, 4)}`,
    `-ut${d.slice(11, 19)}`,
    '-g,',
    '-head',
    '-eswe',
    `-edir${EPHEMERIS}`,
  ];
  const read = (extra: string[]) => Number(execFileSync('swetest', [...args, ...extra], { encoding: 'utf8' }).split(',')[1]);
  return { ayanamsa: read(['-sid1', '-pb', '-fPl']), deltaT: read(['-pq', '-fPl']) };
}

describe('calculation: how every calculation answer was computed', () => {
  it('the OpenAPI document names the calculation routes of every calculation tag, all referencing CalculationBasis', () => {
    const tags = new Set(calculationRoutes.map((r) => r.tag));
    expect([...tags].sort()).toEqual(['Chinese & Korean', 'Horoscopes', 'Thai Astrology', 'Uranian', 'Vedic', 'Western'].sort());
    expect(calculationRoutes.length).toBeGreaterThanOrEqual(31);
    expect(document.components.schemas.CalculationBasis).toBeDefined();
  });

  it.each(calculationRoutes.map((r) => [r.operationId, r] as const))(
    '%s answers a valid `calculation` for its documented example',
    async (_id, route) => {
      const { apiKey } = await createAccount(db, { tier: 'enterprise', credits: 1000 });
      const response = await api.http.request(route.method, route.pathAndQuery, { key: apiKey, json: route.body });
      expect(response.status).toBe(200);
      const parsed = CalculationBasis.safeParse(response.body.calculation);
      expect(parsed.error?.issues ?? []).toEqual([]);
      const basis = parsed.data!;
      if (basis.ephemeris !== null) {
        expect(basis.ephemeris).toBe('Swiss Ephemeris 2.10.03');
        expect(basis.instant_utc).not.toBeNull();
        const reference = swetestAt(new Date(basis.instant_utc!));
        expect(Math.abs(basis.delta_t_seconds! - reference.deltaT)).toBeLessThan(0.01);
        if (route.tag === 'Vedic') {
          expect(basis.zodiac).toBe('sidereal');
          // within 0.001″ (swetest prints 7 decimals of a degree: 0.00036″)
          expect(Math.abs(basis.ayanamsa!.degrees - reference.ayanamsa) * 3600).toBeLessThan(0.001);
        }
      } else {
        expect([basis.delta_t_seconds, basis.ayanamsa]).toEqual([null, null]);
      }
      if (basis.zodiac !== 'sidereal') expect(basis.ayanamsa).toBeNull();
    },
  );
});
