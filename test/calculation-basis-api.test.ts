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

  it('names the house system used: Porphyry where Placidus is undefined (Tromsø, 69.6° N), as the chart itself says', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const polar = { birth_datetime: '1990-01-15T12:00:00+01:00', latitude: 69.65, longitude: 18.96, house_system: 'P' };
    const response = await api.http.post('/v1/natal-chart', polar, { key: apiKey });
    expect(response.status).toBe(200);
    expect(response.body.calculation.house_system).toEqual({ requested: 'P', used: 'O', name: 'Porphyry', bhava: null });
    expect(response.body.house_system).toBe('O');
    expect(response.body.calculation.time_zone).toEqual({ timezone: null, utc_offset_minutes: 60, utc_offset: '+01:00' });
    const whole = await api.http.post('/v1/natal-chart', { ...polar, house_system: 'W' }, { key: apiKey });
    expect(whole.body.calculation.house_system).toMatchObject({ requested: 'W', used: 'W' });
  });

  it('names the node the request chose (kundli and doshas: mean by default, true on request)', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const birth = { date: '1990-05-15', time: '14:30', latitude: 28.6139, longitude: 77.209, timezone: 'Asia/Kolkata' };
    const byDefault = await api.http.post('/api/v3/vedic/kundli', { birth_subject: birth }, { key: apiKey });
    const trueNode = await api.http.post('/api/v3/vedic/doshas', { birth_subject: birth, node: 'true' }, { key: apiKey });
    expect([byDefault.body.calculation.node_type, trueNode.body.calculation.node_type]).toEqual(['mean', 'true']);
    expect(byDefault.body.calculation.time_zone).toEqual({ timezone: 'Asia/Kolkata', utc_offset_minutes: 330, utc_offset: '+05:30' });
  });
});
