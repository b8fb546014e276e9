import * as fs from 'node:fs';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { createBrandProfile } from '@astro/accounts';
import { buildOpenApiDocument } from '@astro/contracts';
import { Database } from '@astro/database';
import { julianDayUt } from '@astro/ephemeris';
import { readStream } from '@astro/ledger';
import { createAccount, testConfig, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

type ChartImageBody = { data: string; format: string; media_type: string; width: number; height: number };
/** A chart response as the image test reads it: the image at the top, in the returns, or absent. */
type ChartBody = { image: ChartImageBody; returns: { image: ChartImageBody }[] };

/**
 * The Western JSON endpoints through the HTTP API: synastry, transits, progressions, returns and
 * the chart images. The instants themselves are proven against swetest in
 * libs/western/src/swetest-instants.test.ts; here one instant of each kind that comes out of the API
 * is checked against swetest too, so the route really answers the searched instant.
 */
let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const ephemerisPath = testConfig().ephemerisPath;
const charges = async (accountId: string) =>
  (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged').map((e) => e.payload.amount);

function swetestLongitude(iso: string, body: string): number {
  const code = {
    Sun: '0',
    Moon: '1',
    Mercury: '2',
    Venus: '3',
    Mars: '4',
    Jupiter: '5',
    Saturn: '6',
    Uranus: '7',
    Neptune: '8',
    Pluto: '9',
  }[body]!;
  const out = execFileSync(
    'swetest',
    [`-bj${julianDayUt(new Date(iso)).toFixed(9)}`, '-ut', `-p${code}`, '-fPl', '-g,', '-head', '-eswe', `-edir${ephemerisPath}`],
    { encoding: 'utf8' },
  );
  return Number(out.split(',')[1]);
}
const arc = (a: number, b: number) => Math.abs(((((a - b) % 360) + 540) % 360) - 180);

const BANGKOK_1985 = { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' };
const EXAMPLES: [string, string, string, string][] = [
  ['/api/v3/western/synastry', 'SynastryRequest', 'Synastry', 'western-synastry.json'],
  ['/api/v3/western/transits', 'TransitsRequest', 'Transits', 'western-transits.json'],
  ['/api/v3/western/progressions', 'ProgressionsRequest', 'Progressions', 'western-progressions.json'],
  ['/api/v3/western/returns', 'ReturnsRequest', 'Returns', 'western-returns.json'],
];

describe('the Western endpoints', () => {
  it('documents real calls: each OpenAPI response example is what the API answers for the request example', async () => {
    const doc = buildOpenApiDocument('test') as { components: { schemas: Record<string, { example?: unknown }> } };
    const { apiKey } = await createAccount(db, { credits: 100 });
    for (const [route, request, response, file] of EXAMPLES) {
      const answer = await api.http.post(route, doc.components.schemas[request].example, { key: apiKey });
      expect(answer.status).toBe(200);
      const { birth_utc_offsets: offsets, birth_places: _places, calculation, ...body } = answer.body;
      expect(offsets.length).toBeGreaterThan(0);
      expect(calculation).toMatchObject({ zodiac: 'tropical', node_type: 'true', house_system: { requested: 'P', used: 'P' } });
      // WRITE_EXAMPLES=1 records the answers as the examples (libs/contracts/src/western/examples)
      if (process.env.WRITE_EXAMPLES === '1')
        fs.writeFileSync(
          path.join(__dirname, '..', 'libs', 'contracts', 'src', 'western', 'examples', file),
          JSON.stringify(body, null, 1) + '\n',
        );
      else expect(body).toEqual(doc.components.schemas[response].example);
    }
  });

  it('synastry: both charts, inter-aspects, overlays both ways, balance, score with its factors, Thai snippets from the report content; 3 credits', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const body = {
      person_a: { name: 'อนันยา', ...BANGKOK_1985 },
      person_b: { name: 'เจมส์', date: '1941-06-01', time: '12:00', latitude: 51.5, longitude: -0.12, timezone: 'Europe/London' },
      locale: 'th',
    };
    const response = await api.http.post('/api/v3/western/synastry', body, { key: apiKey });
    expect(response.status).toBe(200);
    const s = response.body;
    expect(s.person_a.instant_utc).toBe('1985-03-10T04:20:00.000Z');
    // British Double Summer Time: 12:00 in London on 1 June 1941 is 10:00 UT (tzdb: Rule GB-Eire 1941 May 4 2:00s 2:00 BDST)
    expect(s.person_b.instant_utc).toBe('1941-06-01T10:00:00.000Z');
    expect(s.birth_utc_offsets.map((o: { field: string; utc_offset: string }) => [o.field, o.utc_offset])).toEqual([
      ['person_a', '+07:00'],
      ['person_b', '+02:00'],
    ]);
    expect(s.inter_aspects.length).toBeGreaterThan(5);
    for (const a of s.inter_aspects) expect(typeof a.applying).toBe('boolean');
    expect(s.overlays_a_in_b).toHaveLength(10);
    expect(s.overlays_b_in_a).toHaveLength(10);
    const sum = 50 + s.compatibility.factors.reduce((n: number, f: { points: number }) => n + f.points, 0);
    expect(s.compatibility.score).toBe(Math.max(0, Math.min(100, Math.round(sum))));
    expect(['same', 'compatible', 'different']).toContain(s.balance.verdict);
    expect(s.interpretation.overlays_a_in_b[0]).toContain('อนันยา');
    expect(s.interpretation.overlays_a_in_b.join(' ')).not.toMatch(/\b(the|and|falls|house)\b/);
    expect(s.image).toBeNull();
    expect(await charges(accountId)).toEqual([3]);
  });

  it('synastry in workplace mode: the texts of working together, no romance; the default mode keeps its own', async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const body = {
      person_a: { name: 'Ananya', ...BANGKOK_1985 },
      person_b: { name: 'James', date: '1941-06-01', time: '12:00', latitude: 51.5, longitude: -0.12, timezone: 'Europe/London' },
      locale: 'en',
    };
    const texts = (s: { interpretation: Record<string, unknown> }) => JSON.stringify(s.interpretation);
    const personal = await api.http.post('/api/v3/western/synastry', body, { key: apiKey });
    const workplace = await api.http.post('/api/v3/western/synastry', { ...body, safety_mode: 'workplace' }, { key: apiKey });
    expect([personal.status, workplace.status]).toEqual([200, 200]);
    // The same calculation; only the words change.
    expect(workplace.body.inter_aspects).toEqual(personal.body.inter_aspects);
    const romance = /\b(romance|romantic|lovers?|sexual|intimacy|intimate|marriage|passion(ate)?|attraction)\b/i;
    expect(texts(personal.body)).toMatch(romance);
    expect(texts(workplace.body)).not.toMatch(romance);
    const refused = await api.http.post('/api/v3/western/synastry', { ...body, safety_mode: 'office' }, { key: apiKey });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('safety_mode');
  });

  it("transits: a year of Sun–Pluto, a retrograde loop as several perfections, each instant on swetest's longitude; 4 credits", async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const response = await api.http.post(
      '/api/v3/western/transits',
      { birth_subject: BANGKOK_1985, start_date: '2026-01-01', end_date: '2026-12-31' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    const t = response.body;
    expect(t.window).toEqual({ from_utc: '2025-12-31T17:00:00.000Z', to_utc: '2026-12-31T17:00:00.000Z' });
    expect(t.natal_points).toHaveLength(14);
    expect(t.bodies).not.toContain('Moon');
    const loop = t.transits.find((x: { perfections: unknown[] }) => x.perfections.length >= 2);
    expect(loop).toBeDefined();
    for (const p of loop.perfections) expect(arc(swetestLongitude(p.utc, loop.transiting), loop.target_longitude)).toBeLessThan(1 / 3600);
    const station = t.stations[0];
    const ingress = t.ingresses[0];
    expect(arc(swetestLongitude(ingress.utc, ingress.body), ingress.longitude)).toBeLessThan(1 / 3600);
    expect(station.kind === 'retrograde' || station.kind === 'direct').toBe(true);
    expect(await charges(accountId)).toEqual([4]);
  });

  it('transits: the Moon only in windows of at most 31 days, a window of at most 366 days, 400s naming the field and charging nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const moon = await api.http.post(
      '/api/v3/western/transits',
      { birth_subject: BANGKOK_1985, start_date: '2026-01-01', end_date: '2026-02-15', bodies: ['Moon'] },
      { key: apiKey },
    );
    expect(moon.status).toBe(400);
    expect(moon.body.message).toContain('bodies: Moon: only for windows of at most 31 days');
    const long = await api.http.post(
      '/api/v3/western/transits',
      { birth_subject: BANGKOK_1985, start_date: '2026-01-01', end_date: '2027-01-02' },
      { key: apiKey },
    );
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('end_date: must be at most 366 days');
    // 2010: swetest 2.10 and the bundled 2.09 share the observed ΔT (later their extrapolations
    // differ by ~3 s, which is 1.5″ of the Moon's motion)
    const ok = await api.http.post(
      '/api/v3/western/transits',
      { birth_subject: BANGKOK_1985, start_date: '2010-07-01', end_date: '2010-07-31', bodies: ['Moon'], orbs: { conjunction: 2 } },
      { key: apiKey },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.orbs.conjunction).toBe(2);
    const conj = ok.body.transits.find(
      (x: { aspect: string; enters_orb_utc: string | null }) => x.aspect === 'conjunction' && x.enters_orb_utc,
    );
    expect(arc(swetestLongitude(conj.enters_orb_utc, 'Moon'), conj.target_longitude)).toBeCloseTo(2, 3);
    expect(await charges(accountId)).toEqual([4]);
  });

  it('progressions: progressed chart, solar arc, progressed Moon events ahead, aspects within 1°; each MC method', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 100 });
    const mcs: number[] = [];
    const arcs: number[] = [];
    for (const mc_method of ['solar_arc', 'naibod', 'quotidian']) {
      const response = await api.http.post(
        '/api/v3/western/progressions',
        { birth_subject: BANGKOK_1985, target_date: '2026-01-01', mc_method, years_ahead: 10 },
        { key: apiKey },
      );
      expect(response.status).toBe(200);
      const p = response.body;
      expect(p.age_years).toBeCloseTo(40.81, 2);
      // a day for a year: 40.8 years after birth is 40.8 days after it
      expect(Date.parse(p.progressed_utc) - Date.parse('1985-03-10T04:20:00Z')).toBeCloseTo(p.age_years * 86_400_000, -4);
      for (const a of [...p.progressed_to_natal, ...p.solar_arc.directed_to_natal]) expect(a.orb).toBeLessThanOrEqual(1);
      expect(p.moon.events.some((e: { kind: string }) => e.kind === 'moon_sign')).toBe(true);
      mcs.push(p.chart.angles.midheaven);
      arcs.push(p.solar_arc.arc);
    }
    // solar arc: natal MC (swetest -bj2446134.680555556 -ut -house100.5,13.75,P: MC 331.2583108°) + the arc of the progressed Sun
    expect(arc(mcs[0], 331.2583108 + arcs[0])).toBeLessThan(1e-4);
    // Naibod (0.9856° of right ascension a year) lands within a few degrees of it after 40 years;
    // quotidian (the sidereal time of the progressed day) somewhere else entirely
    expect(arc(mcs[0], mcs[1])).toBeLessThan(5);
    expect(arc(mcs[0], mcs[2])).toBeGreaterThan(5);
    expect(await charges(accountId)).toEqual([3, 3, 3]);
  });

  it("returns: every lunar return of a year (13 or 14), the solar return relocated with the place's local clock; a return in force on a date", async () => {
    const { apiKey } = await createAccount(db, { credits: 100 });
    const lunar = await api.http.post(
      '/api/v3/western/returns',
      { birth_subject: BANGKOK_1985, kind: 'lunar', year: 2011 },
      { key: apiKey },
    );
    expect(lunar.status).toBe(200);
    expect([13, 14]).toContain(lunar.body.returns.length);
    for (const r of lunar.body.returns)
      expect(arc(swetestLongitude(r.instant_utc, 'Moon'), lunar.body.natal_longitude)).toBeLessThan(1 / 3600);
    expect(lunar.body.returns[0].local_time).toMatch(/\+07:00$/);

    const solar = await api.http.post(
      '/api/v3/western/returns',
      {
        birth_subject: BANGKOK_1985,
        kind: 'solar',
        year: 2026,
        relocation: { latitude: 51.5074, longitude: -0.1278, timezone: 'Europe/London' },
      },
      { key: apiKey },
    );
    expect(solar.status).toBe(200);
    const r = solar.body.returns[0];
    expect(arc(swetestLongitude(r.instant_utc, 'Sun'), solar.body.natal_longitude)).toBeLessThan(1 / 3600);
    expect(solar.body.place).toEqual({ latitude: 51.5074, longitude: -0.1278, relocated: true });
    expect(r.local_time).toMatch(/^2026-03-(09|10)T\d\d:\d\d:\d\d\+00:00$/); // GMT before the clocks change on 29 March

    const inForce = await api.http.post(
      '/api/v3/western/returns',
      { birth_subject: BANGKOK_1985, kind: 'solar', date: '2026-03-01' },
      { key: apiKey },
    );
    expect(inForce.body.returns[0].instant_utc.slice(0, 4)).toBe('2025');
    const both = await api.http.post(
      '/api/v3/western/returns',
      { birth_subject: BANGKOK_1985, kind: 'solar', date: '2026-03-01', year: 2026 },
      { key: apiKey },
    );
    expect(both.status).toBe(400);
    expect(both.body.message).toContain('year: give exactly one of year and date');
  });

  it('chart images: svg and png for natal, composite, synastry bi-wheel, progressed and return charts, in the brand colour', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 200 });
    const profile = await createBrandProfile(db, accountId, { name: 'Siam Stars', branding: { primary_color: '#0a7e5c' } }, {});
    const person_b = { date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
    const calls: [string, Record<string, unknown>, (b: ChartBody) => ChartImageBody][] = [
      ['/v1/natal-chart', { birth_datetime: '1985-03-10T11:20:00+07:00', latitude: 13.75, longitude: 100.5 }, (b) => b.image],
      ['/api/v3/western/composite-chart', { person_a: BANGKOK_1985, person_b }, (b) => b.image],
      ['/api/v3/western/synastry', { person_a: BANGKOK_1985, person_b }, (b) => b.image],
      ['/api/v3/western/progressions', { birth_subject: BANGKOK_1985, target_date: '2026-01-01' }, (b) => b.image],
      ['/api/v3/western/returns', { birth_subject: BANGKOK_1985, kind: 'solar', year: 2026 }, (b) => b.returns[0].image],
    ];
    for (const [route, body, image] of calls) {
      const svg = await api.http.post(route, { ...body, image: 'svg', branding: { primary_color: '#c0ffee' } }, { key: apiKey });
      expect(svg.status).toBe(200);
      expect(image(svg.body)).toMatchObject({ format: 'svg', media_type: 'image/svg+xml', width: 600 });
      expect(image(svg.body).height).toBeGreaterThan(600); // the legend under the wheel
      expect(image(svg.body).data).toContain(`height="${image(svg.body).height}"`);
      expect(image(svg.body).data).toMatch(/^<svg /);
      expect(image(svg.body).data).toContain('#c0ffee');
      const png = await api.http.post(route, { ...body, image: 'png', brand_profile_id: profile.id }, { key: apiKey });
      expect(png.status).toBe(200);
      const bytes = Buffer.from(image(png.body).data, 'base64');
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(bytes.readUInt32BE(16)).toBe(1200); // IHDR width
      expect(bytes.readUInt32BE(20)).toBe(image(png.body).height); // IHDR height
    }
    const bi = await api.http.post(
      '/api/v3/western/synastry',
      { person_a: BANGKOK_1985, person_b, image: 'svg', brand_profile_id: profile.id },
      { key: apiKey },
    );
    expect(bi.body.image.data).toContain('#0a7e5c');
    // the bi-wheel has both rings: 2 × 12 bodies, each with its <title>, and names them in the legend
    expect(bi.body.image.data.match(/<title>/g)).toHaveLength(24);
    expect(bi.body.image.data).toContain('>A</text>');
    const none = await api.http.post(
      '/api/v3/western/synastry',
      { person_a: BANGKOK_1985, person_b, image: 'svg', brand_profile_id: 'bp_000000000000000000000000' },
      { key: apiKey },
    );
    expect(none.status).toBe(400);
  });
});
