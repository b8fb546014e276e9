import { ChemistryReflection, CiUsage } from '@astro/contracts';
import { ciUsageProjection, setOrgQuota } from '@astro/cultural-intelligence';
import { Database } from '@astro/database';
import { diffProjections, readStream, rebuildProjections } from '@astro/ledger';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

const ORGS = '/v1/cultural-intelligence/orgs';
const CONSENT = { given_at: '2026-11-20T09:00:00Z', purpose: 'team_reflection' };
// Four colleagues; the dates are distinctive strings the raw-table scans look for.
const MEMBERS = [
  { label: 'Store lead, Chiang Mai', birth: { date: '1991-06-14', time: '08:30', timezone: 'Asia/Bangkok' } },
  { label: 'Buyer, Bangkok', birth: { date: '1987-11-02', timezone: 'Asia/Bangkok' } },
  { label: 'Analyst, Singapore', birth: { date: '1995-03-27', time: '21:10', timezoneOffsetMinutes: 480 } },
  { label: 'Designer, Phuket', birth: { date: '1993-09-09', time: '06:45', timezone: 'Asia/Bangkok' } },
];

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const send = (method: string, path: string, key: string, json?: unknown) => api.http.request(method, path, { key, json });

async function enterpriseOrg(options: { audience?: string; locale?: string } = {}) {
  const { apiKey, accountId } = await createAccount(db, { tier: 'enterprise', credits: 0 });
  const org = await send('POST', ORGS, apiKey, {
    name: 'People team',
    default_locale: options.locale ?? 'en',
    audience: options.audience ?? 'manager',
  });
  expect(org.status).toBe(201);
  return { key: apiKey, accountId, orgId: org.body.org_id as string };
}

async function addProfiles(key: string, orgId: string, members: { label: string; birth: object }[] = MEMBERS): Promise<string[]> {
  const ids: string[] = [];
  for (const member of members) {
    const created = await send('POST', `${ORGS}/${orgId}/profiles`, key, { ...member, consent: CONSENT });
    expect(created.status).toBe(201);
    ids.push(created.body.profile_id);
  }
  return ids;
}

async function team(key: string, orgId: string, profileIds: string[]): Promise<string> {
  const created = await send('POST', `${ORGS}/${orgId}/teams`, key, { name: 'Merchandising', profile_ids: profileIds });
  expect(created.status).toBe(201);
  return created.body.team_id;
}

const unitEvents = async (orgId: string) => (await readStream(db, `org:${orgId}`)).filter((e) => e.type === 'CiUnitsCharged');

describe('Cultural Intelligence: access', () => {
  it("is for enterprise keys only (403), and another enterprise's org, profile and team are 404", async () => {
    const { apiKey: proKey } = await createAccount(db, { tier: 'pro' });
    expect((await send('GET', ORGS, proKey)).status).toBe(403);
    const { key, orgId } = await enterpriseOrg();
    const [profileId, ...rest] = await addProfiles(key, orgId, MEMBERS.slice(0, 3));
    const teamId = await team(key, orgId, [profileId, ...rest]);
    const { apiKey: other } = await createAccount(db, { tier: 'enterprise' });
    for (const [method, path] of [
      ['GET', `${ORGS}/${orgId}`],
      ['GET', `${ORGS}/${orgId}/profiles/${profileId}`],
      ['DELETE', `${ORGS}/${orgId}/profiles/${profileId}`],
      ['GET', `${ORGS}/${orgId}/teams/${teamId}`],
      ['POST', `${ORGS}/${orgId}/teams/${teamId}/chemistry-reflection`],
      ['GET', `${ORGS}/${orgId}/usage`],
      ['GET', `${ORGS}/org_000000000000000000000000`],
      ['GET', `${ORGS}/not-an-id`],
    ]) {
      const response = await send(method, path, other);
      expect([method, path, response.status, response.body.error]).toEqual([method, path, 404, 'not_found']);
    }
    expect((await send('GET', ORGS, other)).body.orgs).toEqual([]);
    expect(await unitEvents(orgId)).toEqual([]);
  });
});

describe('Cultural Intelligence: an org, its profiles and teams through their whole life', () => {
  it('reads the org, edits a profile and a team, lists the teams and deletes a team', async () => {
    const { key, orgId } = await enterpriseOrg();
    const org = await send('GET', `${ORGS}/${orgId}`, key);
    expect(org.status).toBe(200);
    expect(org.body).toMatchObject({ org_id: orgId, name: 'People team', default_locale: 'en' });

    const ids = await addProfiles(key, orgId);
    const edited = await send('PATCH', `${ORGS}/${orgId}/profiles/${ids[1]}`, key, { label: 'Senior buyer, Bangkok', locale: 'th' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ profile_id: ids[1], label: 'Senior buyer, Bangkok', locale: 'th' });
    expect((await send('GET', `${ORGS}/${orgId}/profiles/${ids[1]}`, key)).body.label).toBe('Senior buyer, Bangkok');

    const teamId = await team(key, orgId, ids.slice(0, 3));
    const renamed = await send('PATCH', `${ORGS}/${orgId}/teams/${teamId}`, key, {
      name: 'Merchandising and buying',
      profile_ids: [ids[0], ids[3]],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ team_id: teamId, name: 'Merchandising and buying', profile_ids: [ids[0], ids[3]] });
    const listed = await send('GET', `${ORGS}/${orgId}/teams`, key);
    expect(listed.status).toBe(200);
    expect(listed.body.teams.map((t: { team_id: string }) => t.team_id)).toEqual([teamId]);

    expect((await send('DELETE', `${ORGS}/${orgId}/teams/${teamId}`, key)).status).toBe(204);
    expect((await send('GET', `${ORGS}/${orgId}/teams/${teamId}`, key)).status).toBe(404);
    expect((await send('GET', `${ORGS}/${orgId}/teams`, key)).body.teams).toEqual([]);
  });
});

describe('Cultural Intelligence: member profiles', () => {
  it('refuses a profile without consent, naming the field', async () => {
    const { key, orgId } = await enterpriseOrg();
    const response = await send('POST', `${ORGS}/${orgId}/profiles`, key, { label: 'No consent', birth: MEMBERS[0].birth });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/consent: is required/);
    const badZone = await send('POST', `${ORGS}/${orgId}/profiles`, key, {
      ...MEMBERS[0],
      birth: { date: '1991-06-14', timezone: 'Mars/Olympus' },
      consent: CONSENT,
    });
    expect(badZone.status).toBe(400);
    expect(badZone.body.message).toMatch(/birth\.timezone/);
    expect((await send('GET', `${ORGS}/${orgId}/profiles`, key)).body.profiles).toEqual([]);
  });

  it('takes the shared birth forms: a place is the same birth as its coordinates and zone, local mean time included', async () => {
    const { key, orgId } = await enterpriseOrg();
    // Chiang Mai 1900 is before Bangkok's first change of clock (1920): local mean time at the
    // birth longitude, 98.98468 × 4 min = +6:35:56 (docs/time-zones.md), i.e. 395.9333 minutes.
    const byPlace = { label: 'Founder, Chiang Mai', birth: { date: '1900-01-01', time: '12:00', place: 'Chiang Mai' } };
    const byZone = {
      label: 'Founder, by coordinates',
      birth: { date: '1900-01-01', time: '12:00', latitude: 18.79038, longitude: 98.98468, timezone: 'Asia/Bangkok' },
    };
    const [placeId, zoneId, ...others] = await addProfiles(key, orgId, [byPlace, byZone, ...MEMBERS.slice(0, 2)]);
    const placed = (await send('GET', `${ORGS}/${orgId}/profiles/${placeId}`, key)).body.birth;
    const zoned = (await send('GET', `${ORGS}/${orgId}/profiles/${zoneId}`, key)).body.birth;
    expect(placed).toMatchObject({ place: 'Chiang Mai', timezone: 'Asia/Bangkok', latitude: expect.closeTo(18.79, 2) });
    expect(placed.timezoneOffsetMinutes).toBeCloseTo(395 + 56 / 60, 4);
    expect(zoned.timezoneOffsetMinutes).toBeCloseTo(395 + 56 / 60, 4);
    // a reflection needs three members: the birth under test and two others
    const balance = async (id: string) => {
      const teamId = await team(key, orgId, [id, ...others]);
      const reflection = await send('POST', `${ORGS}/${orgId}/teams/${teamId}/chemistry-reflection`, key);
      expect(reflection.status).toBe(200);
      return reflection.body.element_balance.members[0];
    };
    const [fromPlace, fromZone] = [await balance(placeId), await balance(zoneId)];
    expect({ ...fromPlace, member: undefined }).toEqual({ ...fromZone, member: undefined });
  });

  it('refuses a bad birth field with a 400 naming it, and stores nothing', async () => {
    const { key, orgId } = await enterpriseOrg();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ date: '1991-06-14', time: '08:30' }, / birth\.timezoneOffsetMinutes: is required unless timezone/],
      [{ date: '1991-06-14', time: '8h30', timezone: 'Asia/Bangkok' }, / birth\.time: /],
      [{ date: '1991-06-14', place: 'Nowhere-in-particular-xyz' }, / birth\.place/],
      [{ date: '2024-03-10', time: '02:30', timezone: 'America/New_York' }, / birth\.time: .*does not exist in America\/New_York/],
      [{ date: '1991-06-14', timezoneOffsetMinutes: 420, lmt: 'zone' }, / birth\.lmt/],
      [{ date: '1991-06-14', timezone: 'Asia/Bangkok', timezoneOffsetMinutes: 480 }, / birth\.timezoneOffsetMinutes: disagrees/],
    ];
    for (const [birth, message] of cases) {
      const response = await send('POST', `${ORGS}/${orgId}/profiles`, key, { label: 'Bad birth', birth, consent: CONSENT });
      expect([JSON.stringify(birth), response.status]).toEqual([JSON.stringify(birth), 400]);
      expect(response.body.message).toMatch(message);
    }
    expect((await send('GET', `${ORGS}/${orgId}/profiles`, key)).body.profiles).toEqual([]);
  });

  it('stores birth data and labels only encrypted: a raw scan of the tables and the log finds neither', async () => {
    const { key, orgId } = await enterpriseOrg();
    const ids = await addProfiles(key, orgId);
    const profileRows = await db.query<{ row: string }>(`SELECT t::text AS row FROM ci_profiles t WHERE org_id = $1`, [orgId]);
    const eventRows = await db.query<{ row: string }>(`SELECT e::text AS row FROM events e WHERE stream_id = $1`, [`org:${orgId}`]);
    expect(profileRows).toHaveLength(4);
    for (const { row } of [...profileRows, ...eventRows]) {
      for (const member of MEMBERS) {
        expect(row).not.toContain(member.birth.date);
        expect(row).not.toContain(member.label);
        // bytea is rendered as hex: the UTF-8 of the date must not appear there either
        expect(row).not.toContain(Buffer.from(member.birth.date).toString('hex'));
      }
    }
    const read = await send('GET', `${ORGS}/${orgId}/profiles/${ids[0]}`, key);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ profile_id: ids[0], label: MEMBERS[0].label, birth: MEMBERS[0].birth, consent: CONSENT });
    const audit = (await readStream(db, `org:${orgId}`)).filter((e) => e.type === 'CiProfileBirthDataRead');
    expect(audit).toHaveLength(1);
    expect(audit[0].payload).toEqual({ profile_id: ids[0] });
    expect(audit[0].metadata).toMatchObject({ request_id: read.headers.get('x-request-id'), actor: expect.stringMatching(/^key:/) });
    const list = await send('GET', `${ORGS}/${orgId}/profiles?limit=3`, key);
    expect(list.body.profiles.map((p: { label: string }) => p.label)).toEqual(MEMBERS.slice(0, 3).map((m) => m.label));
    expect(list.body.profiles[0].birth).toBeUndefined();
    const next = await send('GET', `${ORGS}/${orgId}/profiles?limit=3&cursor=${list.body.next_cursor}`, key);
    expect(next.body).toMatchObject({ profiles: [{ label: MEMBERS[3].label }], next_cursor: null });
  });

  it('crypto-shreds a deleted profile and removes it from its teams; deleting the org destroys its key', async () => {
    const { key, orgId } = await enterpriseOrg();
    const ids = await addProfiles(key, orgId);
    const teamId = await team(key, orgId, ids);
    expect((await send('DELETE', `${ORGS}/${orgId}/profiles/${ids[1]}`, key)).status).toBe(204);
    expect((await send('GET', `${ORGS}/${orgId}/profiles/${ids[1]}`, key)).status).toBe(404);
    expect(await db.query(`SELECT id FROM ci_profiles WHERE id = $1`, [ids[1]])).toEqual([]);
    expect((await send('GET', `${ORGS}/${orgId}/teams/${teamId}`, key)).body.profile_ids).toEqual([ids[0], ids[2], ids[3]]);

    expect((await send('DELETE', `${ORGS}/${orgId}`, key)).status).toBe(204);
    expect((await send('GET', `${ORGS}/${orgId}`, key)).status).toBe(404);
    const [org] = await db.query<{ wrapped_key: Buffer | null; deleted_at: Date | null }>(
      `SELECT wrapped_key, deleted_at FROM ci_orgs WHERE id = $1`,
      [orgId],
    );
    expect(org.wrapped_key).toBeNull();
    expect(org.deleted_at).not.toBeNull();
    expect(await db.query(`SELECT id FROM ci_profiles WHERE org_id = $1`, [orgId])).toEqual([]);
  });
});

describe('POST .../teams/{team_id}/chemistry-reflection', () => {
  it('refuses a team of fewer than 3 profiles and charges nothing', async () => {
    const { key, orgId } = await enterpriseOrg();
    const ids = await addProfiles(key, orgId, MEMBERS.slice(0, 2));
    const teamId = await team(key, orgId, ids);
    const response = await send('POST', `${ORGS}/${orgId}/teams/${teamId}/chemistry-reflection`, key);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/at least 3.*individual/);
    expect(await unitEvents(orgId)).toEqual([]);
    expect((await send('GET', `${ORGS}/${orgId}/usage`, key)).body.units_used_current_period).toBe(0);
  });

  it("answers exactly the spec's fields, numbers the members, charges 5 units and audits the reflection", async () => {
    const { key, orgId } = await enterpriseOrg({ audience: 'manager' });
    const ids = await addProfiles(key, orgId);
    const teamId = await team(key, orgId, ids);
    const response = await send('POST', `${ORGS}/${orgId}/teams/${teamId}/chemistry-reflection`, key);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(['content', 'element_balance', 'guardrails', 'meta', 'org_id', 'team_id']);
    expect(ChemistryReflection.safeParse(response.body).error?.issues ?? []).toEqual([]);
    expect(response.body.meta).toMatchObject({ engine: expect.any(String), endpoint_family: 'team_chemistry', units_charged: 5 });
    expect(Object.keys(response.body.guardrails).sort()).toEqual(['allowed_use', 'prohibited_use_notice']);
    expect(response.body.guardrails.prohibited_use_notice).toMatch(/hiring.*promotion.*dismissal/);
    const balance = response.body.element_balance;
    expect(balance.members.map((m: { member: string }) => m.member)).toEqual(['member_1', 'member_2', 'member_3', 'member_4']);
    // With a birth time 7 Western placements (Sun–Saturn and the Moon) and 8 characters; without, 6 and 6.
    expect(balance.members.map((m: { western: Record<string, number> }) => Object.values(m.western).reduce((a, b) => a + b))).toEqual([
      7, 6, 7, 7,
    ]);
    expect(balance.members.map((m: { chinese: Record<string, number> }) => Object.values(m.chinese).reduce((a, b) => a + b))).toEqual([
      8, 6, 8, 8,
    ]);
    expect(JSON.stringify(response.body)).not.toMatch(/Store lead|Buyer|Analyst|Designer/);
    expect(response.body.content).toMatchObject({ locale: 'en', audience: 'manager' });
    expect(response.body.content.facilitation_prompt).toMatch(/^Ask the team/);

    const usage = await send('GET', `${ORGS}/${orgId}/usage`, key);
    expect(Object.keys(usage.body).sort()).toEqual([
      'by_endpoint',
      'by_family',
      'monthly_unit_quota',
      'org_id',
      'period',
      'quota_mode',
      'units_used_current_period',
    ]);
    expect(CiUsage.safeParse(usage.body).success).toBe(true);
    expect(usage.body).toMatchObject({
      org_id: orgId,
      period: new Date().toISOString().slice(0, 7),
      quota_mode: 'hard',
      monthly_unit_quota: 1000,
      units_used_current_period: 5,
      by_family: { team_chemistry: 5 },
      by_endpoint: { 'POST /v1/cultural-intelligence/orgs/{org_id}/teams/{team_id}/chemistry-reflection': 5 },
    });
    const audit = (await readStream(db, `org:${orgId}`)).filter((e) => e.type === 'CiReflectionGenerated');
    expect(audit.map((e) => e.payload)).toEqual([{ team_id: teamId, profile_ids: ids, units: 5 }]);
  });

  it('writes the reflection in Thai for locale=th, with no English sentence, and names members when the org allows it', async () => {
    const { key, orgId } = await enterpriseOrg({ locale: 'th', audience: 'employee' });
    expect((await send('PATCH', `${ORGS}/${orgId}`, key, { share_member_labels: true })).body.share_member_labels).toBe(true);
    const teamId = await team(key, orgId, await addProfiles(key, orgId));
    const response = await send('POST', `${ORGS}/${orgId}/teams/${teamId}/chemistry-reflection?locale=th`, key);
    expect(response.status).toBe(200);
    const { content, guardrails } = response.body;
    for (const text of [
      content.summary,
      ...content.strengths,
      ...content.friction_points,
      ...content.collaboration_suggestions,
      content.facilitation_prompt,
      guardrails.allowed_use,
      guardrails.prohibited_use_notice,
    ]) {
      expect(text).toMatch(/[\u0e00-\u0e7f]/);
      expect(text.replace('Merchandising', '')).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(response.body.element_balance.members.map((m: { member: string }) => m.member)).toEqual(MEMBERS.map((m) => m.label));
  });

  it('never lets 50 concurrent reflections exceed a hard quota, answering 429 quota_exceeded with nothing charged', async () => {
    const { key, orgId } = await enterpriseOrg();
    const teamId = await team(key, orgId, await addProfiles(key, orgId, MEMBERS.slice(0, 3)));
    await db.transaction((tx) => setOrgQuota(tx, orgId, { monthlyUnits: 22, mode: 'hard' }, { actor: 'test' }));
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => send('POST', `${ORGS}/${orgId}/teams/${teamId}/chemistry-reflection`, key)),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(46);
    const refused = responses.find((r) => r.status === 429)!;
    expect(refused.body).toMatchObject({
      error: 'rate_limited',
      code: 'quota_exceeded',
      message: expect.stringMatching(/quota.*Nothing was charged/),
    });
    expect(typeof refused.body.request_id).toBe('string');
    expect((await unitEvents(orgId)).map((e) => e.payload.units)).toEqual([5, 5, 5, 5]);
    expect((await send('GET', `${ORGS}/${orgId}/usage`, key)).body.units_used_current_period).toBe(20);
  });

  it('lets a soft quota run over and records the overage', async () => {
    const { key, orgId } = await enterpriseOrg();
    const teamId = await team(key, orgId, await addProfiles(key, orgId, MEMBERS.slice(0, 3)));
    await db.transaction((tx) => setOrgQuota(tx, orgId, { monthlyUnits: 7, mode: 'soft' }, { actor: 'test' }));
    for (let i = 0; i < 2; i++) expect((await send('POST', `${ORGS}/${orgId}/teams/${teamId}/chemistry-reflection`, key)).status).toBe(200);
    expect((await unitEvents(orgId)).map((e) => e.payload.overage_units)).toEqual([0, 3]);
    const usage = await send('GET', `${ORGS}/${orgId}/usage`, key);
    expect(usage.body).toMatchObject({ quota_mode: 'soft', monthly_unit_quota: 7, units_used_current_period: 10 });
  });
});

describe('POST .../campaign-content', () => {
  it('writes December 2026 as copy blocks (solstice term, lunations, ingresses) and charges a unit per block', async () => {
    const { key, orgId } = await enterpriseOrg();
    const response = await send('POST', `${ORGS}/${orgId}/campaign-content`, key, {
      from: '2026-12-01',
      to: '2026-12-31',
      theme: 'our December newsletter',
      calendars: ['western', 'chinese', 'thai'],
    });
    expect(response.status).toBe(200);
    const blocks = response.body.blocks as { kind: string; date: string; title: string; body: string }[];
    // The Sun enters Capricorn at the December solstice, 2026-12-21 20:50 UT (USNO): the same day as 冬至.
    expect(blocks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'sun_ingress', date: '2026-12-21', title: 'The Sun enters Capricorn' }),
        expect.objectContaining({ kind: 'solar_term', date: '2026-12-21', title: 'Chinese solar term: Winter Solstice (Dongzhi)' }),
        expect.objectContaining({ kind: 'thai_observance', date: '2026-12-05' }),
      ]),
    );
    expect(blocks.filter((b) => b.kind === 'full_moon' || b.kind === 'new_moon')).toHaveLength(2);
    for (const block of blocks) expect(block.body).toContain('For our December newsletter:');
    expect(response.body.meta).toMatchObject({ endpoint_family: 'campaign_content', units_charged: blocks.length });
    expect((await unitEvents(orgId)).map((e) => e.payload.units)).toEqual([blocks.length]);
  });

  it('refuses a period over 92 days or reversed, and charges nothing', async () => {
    const { key, orgId } = await enterpriseOrg();
    const long = await send('POST', `${ORGS}/${orgId}/campaign-content`, key, { from: '2026-01-01', to: '2026-06-30', theme: 'half year' });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/body\.to: the period is at most 92 days/);
    const reversed = await send('POST', `${ORGS}/${orgId}/campaign-content`, key, { from: '2026-02-01', to: '2026-01-01', theme: 'x' });
    expect(reversed.status).toBe(400);
    expect(await unitEvents(orgId)).toEqual([]);
  });
});

describe('usage projection', () => {
  it('is reproduced exactly by a rebuild from the event log', async () => {
    const { key, orgId } = await enterpriseOrg();
    const teamId = await team(key, orgId, await addProfiles(key, orgId, MEMBERS.slice(0, 3)));
    await send('POST', `${ORGS}/${orgId}/teams/${teamId}/chemistry-reflection`, key);
    await send('POST', `${ORGS}/${orgId}/campaign-content`, key, { from: '2026-12-01', to: '2026-12-10', theme: 'x' });
    expect(await diffProjections(db, [ciUsageProjection])).toEqual([]);
    const before = await db.query(`SELECT * FROM ci_usage ORDER BY id`);
    await rebuildProjections(db, [ciUsageProjection]);
    expect(await db.query(`SELECT * FROM ci_usage ORDER BY id`)).toEqual(before);
  });
});
