import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { PlatformConfig } from '@astro/config';
import { CI_UNIT_PRICES, CiBirth, CiFamily, InvalidCursorError } from '@astro/contracts';
import {
  campaignBlocks,
  CampaignCalendar,
  guardrailsFor,
  chargeUnits,
  createOrg,
  createProfile,
  createTeam,
  deleteOrg,
  deleteProfile,
  deleteTeam,
  findOrg,
  findTeam,
  listOrgs,
  listProfiles,
  listTeams,
  loadMasterKey,
  MasterKey,
  memberElements,
  OrgRecord,
  periodOf,
  ProfileRecord,
  readProfile,
  readProfiles,
  recordAudit,
  REFLECTION_ENGINE,
  teamReflection,
  TeamRecord,
  unknownProfiles,
  updateOrg,
  updateProfile,
  updateTeam,
  usageOf,
} from '@astro/cultural-intelligence';
import { Queryable } from '@astro/database';
import { ApiError, badRequest, notFound } from '../http/api-error';
import { CONFIG } from '../platform/platform';
import { Caller } from '../http/caller';
import { eventMetadataOf } from '../http/request-ids';

type Locale = 'en' | 'th';

export const orgView = (o: OrgRecord) => ({
  org_id: o.id,
  name: o.name,
  default_locale: o.default_locale,
  audience: o.audience,
  share_member_labels: o.share_member_labels,
  monthly_unit_quota: o.monthly_unit_quota,
  quota_mode: o.quota_mode,
  created_at: o.created_at,
  updated_at: o.updated_at,
});
export const profileView = (p: ProfileRecord & { birth?: CiBirth }) => ({
  profile_id: p.id,
  org_id: p.org_id,
  label: p.label,
  consent: p.consent,
  locale: p.locale,
  created_at: p.created_at,
  updated_at: p.updated_at,
  ...(p.birth ? { birth: p.birth } : {}),
});
export const teamView = (t: TeamRecord) => ({
  team_id: t.id,
  org_id: t.org_id,
  name: t.name,
  profile_ids: t.profile_ids,
  created_at: t.created_at,
  updated_at: t.updated_at,
});

const ID_PATTERNS = { org: /^org_[a-f0-9]{24}$/, profile: /^cip_[a-f0-9]{24}$/, team: /^cit_[a-f0-9]{24}$/ };

/**
 * Cultural Intelligence for enterprise API keys: every org lookup is scoped to the caller's
 * account (another account's org is a 404), every write appends to the org's stream in the same
 * transaction, and metered work charges units in the transaction that produces it.
 */
@Injectable()
export class CulturalIntelligenceService {
  private masterKey: MasterKey | null = null;

  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: PlatformConfig,
  ) {}

  private get master(): MasterKey {
    const { culturalIntelligence: ci, production } = this.config;
    this.masterKey ??= loadMasterKey({ configured: ci.masterKey, file: ci.masterKeyFile, production });
    return this.masterKey;
  }

  metadata(caller: Caller) {
    return { ...eventMetadataOf(caller), api_key_id: caller.subjectId };
  }

  /** A malformed id names nothing: the same 404 as another account's resource. */
  checkId(kind: keyof typeof ID_PATTERNS, raw: string): string {
    if (!ID_PATTERNS[kind].test(raw)) throw notFound(`${kind} ${raw.slice(0, 64)}`);
    return raw;
  }

  private async org(q: Queryable, caller: Caller, orgId: string, forUpdate = false): Promise<OrgRecord> {
    const org = await findOrg(q, caller.accountId, this.checkId('org', orgId), forUpdate);
    if (!org) throw notFound(`org ${orgId}`);
    return org;
  }

  async createOrg(
    caller: Caller,
    input: { name: string; default_locale: Locale; audience: 'employee' | 'manager'; share_member_labels: boolean },
  ) {
    const { defaultMonthlyUnits, defaultQuotaMode } = this.config.culturalIntelligence;
    const master = this.master;
    return orgView(
      await this.db.transaction((tx) =>
        createOrg(
          tx,
          caller.accountId,
          input,
          { monthlyUnits: defaultMonthlyUnits, mode: defaultQuotaMode },
          master,
          this.metadata(caller),
        ),
      ),
    );
  }

  async listOrgs(caller: Caller) {
    return { orgs: (await listOrgs(this.db, caller.accountId)).map(orgView) };
  }

  async getOrg(caller: Caller, orgId: string) {
    return orgView(await this.org(this.db, caller, orgId));
  }

  async updateOrg(
    caller: Caller,
    orgId: string,
    change: Partial<Pick<OrgRecord, 'name' | 'default_locale' | 'audience' | 'share_member_labels'>>,
  ) {
    return this.db.transaction(async (tx) =>
      orgView(await updateOrg(tx, await this.org(tx, caller, orgId, true), change, this.metadata(caller))),
    );
  }

  async deleteOrg(caller: Caller, orgId: string) {
    await this.db.transaction(async (tx) => deleteOrg(tx, await this.org(tx, caller, orgId, true), this.metadata(caller)));
  }

  async createProfile(
    caller: Caller,
    orgId: string,
    input: { label: string; birth: CiBirth; consent: { given_at: string; purpose: string }; locale?: Locale },
  ) {
    const master = this.master;
    return this.db.transaction(async (tx) => {
      const org = await this.org(tx, caller, orgId, true);
      return profileView(await createProfile(tx, org.id, input, master, this.metadata(caller)));
    });
  }

  async listProfiles(caller: Caller, orgId: string, page: { limit: number; cursor?: string }) {
    const org = await this.org(this.db, caller, orgId);
    try {
      const result = await listProfiles(this.db, org.id, page, this.master);
      return { profiles: result.profiles.map(profileView), next_cursor: result.nextCursor };
    } catch (err) {
      if (err instanceof InvalidCursorError) throw badRequest(`invalid query: ${err.message}`); // the query schema stops these first
      throw err;
    }
  }

  /** Reading birth data is audited: the event names the key and request, never the data. */
  async getProfile(caller: Caller, orgId: string, profileId: string) {
    const master = this.master;
    return this.db.transaction(async (tx) => {
      const org = await this.org(tx, caller, orgId, true);
      const profile = await readProfile(tx, org.id, this.checkId('profile', profileId), master);
      if (!profile) throw notFound(`profile ${profileId}`);
      await recordAudit(tx, org.id, 'CiProfileBirthDataRead', { profile_id: profile.id }, this.metadata(caller));
      return profileView(profile);
    });
  }

  async updateProfile(
    caller: Caller,
    orgId: string,
    profileId: string,
    change: { label?: string; birth?: CiBirth; consent?: { given_at: string; purpose: string }; locale?: Locale },
  ) {
    const master = this.master;
    return this.db.transaction(async (tx) => {
      const org = await this.org(tx, caller, orgId, true);
      const profile = await updateProfile(tx, org.id, this.checkId('profile', profileId), change, master, this.metadata(caller));
      if (!profile) throw notFound(`profile ${profileId}`);
      return profileView(profile);
    });
  }

  async deleteProfile(caller: Caller, orgId: string, profileId: string) {
    await this.db.transaction(async (tx) => {
      const org = await this.org(tx, caller, orgId, true);
      if (!(await deleteProfile(tx, org.id, this.checkId('profile', profileId), this.metadata(caller))))
        throw notFound(`profile ${profileId}`);
    });
  }

  async createTeam(caller: Caller, orgId: string, input: { name: string; profile_ids: string[] }) {
    return this.db.transaction(async (tx) => {
      const org = await this.org(tx, caller, orgId, true);
      await this.checkMembers(tx, org.id, input.profile_ids);
      return teamView(await createTeam(tx, org.id, input, this.metadata(caller)));
    });
  }

  async listTeams(caller: Caller, orgId: string) {
    const org = await this.org(this.db, caller, orgId);
    return { teams: (await listTeams(this.db, org.id)).map(teamView) };
  }

  async getTeam(caller: Caller, orgId: string, teamId: string) {
    const org = await this.org(this.db, caller, orgId);
    return teamView(await this.team(this.db, org.id, teamId));
  }

  async updateTeam(caller: Caller, orgId: string, teamId: string, change: { name?: string; profile_ids?: string[] }) {
    return this.db.transaction(async (tx) => {
      const org = await this.org(tx, caller, orgId, true);
      const team = await this.team(tx, org.id, teamId, true);
      if (change.profile_ids) await this.checkMembers(tx, org.id, change.profile_ids);
      return teamView(await updateTeam(tx, team, change, this.metadata(caller)));
    });
  }

  async deleteTeam(caller: Caller, orgId: string, teamId: string) {
    await this.db.transaction(async (tx) => {
      const org = await this.org(tx, caller, orgId, true);
      if (!(await deleteTeam(tx, org.id, this.checkId('team', teamId), this.metadata(caller)))) throw notFound(`team ${teamId}`);
    });
  }

  /**
   * The reflection, its unit charge and its audit event in one transaction under the org's lock:
   * a refused request (too small a team, over a hard quota) leaves nothing behind.
   */
  async chemistryReflection(caller: Caller, orgId: string, teamId: string, locale?: Locale) {
    const master = this.master;
    const family: CiFamily = 'team_chemistry';
    return this.db.transaction(async (tx) => {
      const org = await this.org(tx, caller, orgId, true);
      const team = await this.team(tx, org.id, teamId);
      if (team.profile_ids.length < 3) {
        throw badRequest(
          `team: has ${team.profile_ids.length} member profile${team.profile_ids.length === 1 ? '' : 's'}; a reflection needs at least 3, because with fewer the balance would reveal an individual's chart`,
        );
      }
      const members = await readProfiles(tx, org.id, team.profile_ids, master);
      const reflection = teamReflection({
        teamName: team.name,
        members: members.map((m) => ({ label: m.label, elements: memberElements(m.birth, this.config.ephemerisPath) })),
        shareLabels: org.share_member_labels,
        locale: locale ?? org.default_locale,
        audience: org.audience,
      });
      const units = CI_UNIT_PRICES[family].units;
      await this.charge(tx, org.id, family, units, caller);
      await recordAudit(
        tx,
        org.id,
        'CiReflectionGenerated',
        { team_id: team.id, profile_ids: team.profile_ids, units },
        this.metadata(caller),
      );
      return {
        org_id: org.id,
        team_id: team.id,
        ...reflection,
        meta: { engine: REFLECTION_ENGINE, endpoint_family: family, units_charged: units, generated_at: new Date().toISOString() },
      };
    });
  }

  async campaignContent(
    caller: Caller,
    orgId: string,
    input: { from: string; to: string; theme: string; locale?: Locale; calendars: CampaignCalendar[] },
  ) {
    const days = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000;
    if (!(days >= 0)) throw badRequest('body.to: must not be before body.from');
    if (days > 92) throw badRequest('body.to: the period is at most 92 days');
    if (input.from < '1900-01-01' || input.to > '2299-12-31') throw badRequest('body.from: the period must lie within 1900–2299');
    const family: CiFamily = 'campaign_content';
    return this.db.transaction(async (tx) => {
      const org = await this.org(tx, caller, orgId, true);
      const locale = input.locale ?? org.default_locale;
      const blocks = campaignBlocks({ ...input, locale, audience: org.audience, ephemerisPath: this.config.ephemerisPath });
      const units = blocks.length * CI_UNIT_PRICES[family].units;
      if (units > 0) await this.charge(tx, org.id, family, units, caller);
      return {
        org_id: org.id,
        theme: input.theme,
        period: { from: input.from, to: input.to },
        locale,
        blocks,
        guardrails: guardrailsFor(locale),
        meta: { engine: REFLECTION_ENGINE, endpoint_family: family, units_charged: units, generated_at: new Date().toISOString() },
      };
    });
  }

  /** The usage of the calendar month (UTC) that contains `at`. */
  async usage(caller: Caller, orgId: string, at: Date) {
    const org = await this.org(this.db, caller, orgId);
    const period = periodOf(at);
    const usage = await usageOf(this.db, org.id, period);
    return {
      org_id: org.id,
      period,
      quota_mode: org.quota_mode,
      monthly_unit_quota: org.monthly_unit_quota,
      units_used_current_period: usage.units_used,
      by_endpoint: usage.by_endpoint,
      by_family: usage.by_family,
    };
  }

  private async charge(tx: Queryable, orgId: string, family: CiFamily, units: number, caller: Caller): Promise<void> {
    const result = await chargeUnits(
      tx,
      orgId,
      { units, family, endpoint: CI_UNIT_PRICES[family].endpoint, at: new Date() },
      this.metadata(caller),
    );
    if (!result.charged) {
      throw new ApiError(
        429,
        `monthly unit quota reached: ${result.used} of ${result.quota} units used this month and this request needs ${units}; the quota resets at 00:00 UTC on the 1st. Nothing was charged.`,
        {},
        { code: 'quota_exceeded' },
      );
    }
  }

  private async team(q: Queryable, orgId: string, teamId: string, forUpdate = false): Promise<TeamRecord> {
    const team = await findTeam(q, orgId, this.checkId('team', teamId), forUpdate);
    if (!team) throw notFound(`team ${teamId}`);
    return team;
  }

  private async checkMembers(q: Queryable, orgId: string, ids: string[]): Promise<void> {
    const unknown = await unknownProfiles(q, orgId, ids);
    if (unknown.length > 0) throw badRequest(`body.profile_ids: not profiles of this org: ${unknown.join(', ')}`);
  }
}
