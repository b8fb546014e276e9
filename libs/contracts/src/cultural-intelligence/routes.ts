import {
  CampaignContent,
  CampaignContentRequest,
  ChemistryReflection,
  CiOrg,
  CiOrgCreate,
  CiOrgList,
  CiOrgParams,
  CiOrgUpdate,
  CiPageQuery,
  CiProfile,
  CiProfileCreate,
  CiProfileList,
  CiProfileParams,
  CiProfileUpdate,
  CiReflectionQuery,
  CiTeam,
  CiTeamCreate,
  CiTeamList,
  CiTeamParams,
  CiTeamUpdate,
  CiUsage,
} from './schemas';
import { created, noContent, ok, routesWith } from '../shared/route-spec';

const BASE = '/v1/cultural-intelligence/orgs';
/** Enterprise API keys only: 403 for other tiers. */
const CI = { tag: 'Cultural Intelligence', auth: 'api_key', minTier: 'enterprise' } as const;
const PRIVACY =
  "Birth data and labels are encrypted at rest (AES-256-GCM, a key per profile wrapped by the org key, wrapped by the master key) and returned only to the org that owns them; every read of birth data is an audit event on the org's stream.";

/** Routes of the `Cultural Intelligence` tag. */
export const culturalIntelligenceRoutes = {
  ...routesWith(CI)({
    createCiOrg: {
      method: 'POST',
      path: BASE,
      summary: 'Create an org of the enterprise account',
      description:
        'The org gets its own data key and the default monthly unit quota (operators change quotas with `npm run cli -- ci:quota`). Not metered.',
      body: CiOrgCreate,
      success: created('the org', CiOrg),
    },
    listCiOrgs: {
      method: 'GET',
      path: BASE,
      summary: "The account's orgs",
      success: ok('the orgs, oldest first', CiOrgList),
    },
  }),
  // Inside an org: another account's org, profile or team answers 404.
  ...routesWith({ ...CI, errors: [404] })({
    getCiOrg: {
      method: 'GET',
      path: `${BASE}/{org_id}`,
      summary: 'An org',
      params: CiOrgParams,
      success: ok('the org', CiOrg),
    },
    updateCiOrg: {
      method: 'PATCH',
      path: `${BASE}/{org_id}`,
      summary: "Change an org's name, default locale, audience or label sharing",
      params: CiOrgParams,
      body: CiOrgUpdate,
      success: ok('the org', CiOrg),
    },
    deleteCiOrg: {
      method: 'DELETE',
      path: `${BASE}/{org_id}`,
      summary: 'Delete an org: its data key is destroyed, so no profile of it can be read again',
      description: "Profiles and teams are deleted; the event log keeps the org's unit charges and audit trail, which hold no birth data.",
      params: CiOrgParams,
      success: noContent('deleted'),
    },
    createCiProfile: {
      method: 'POST',
      path: `${BASE}/{org_id}/profiles`,
      summary: 'Add a member profile (consent required)',
      description: PRIVACY,
      params: CiOrgParams,
      body: CiProfileCreate,
      success: created('the profile', CiProfile),
    },
    listCiProfiles: {
      method: 'GET',
      path: `${BASE}/{org_id}/profiles`,
      summary: "The org's member profiles (labels and consent, no birth data)",
      params: CiOrgParams,
      query: CiPageQuery,
      success: ok('a page of profiles, oldest first', CiProfileList),
    },
    getCiProfile: {
      method: 'GET',
      path: `${BASE}/{org_id}/profiles/{profile_id}`,
      summary: 'A member profile with its birth data (audited)',
      description: PRIVACY,
      params: CiProfileParams,
      success: ok('the profile', CiProfile),
    },
    updateCiProfile: {
      method: 'PATCH',
      path: `${BASE}/{org_id}/profiles/{profile_id}`,
      summary: 'Change a member profile (re-encrypted under a new key)',
      params: CiProfileParams,
      body: CiProfileUpdate,
      success: ok('the profile', CiProfile),
    },
    deleteCiProfile: {
      method: 'DELETE',
      path: `${BASE}/{org_id}/profiles/{profile_id}`,
      summary: 'Delete a member profile (crypto-shredded; it leaves every team)',
      params: CiProfileParams,
      success: noContent('deleted'),
    },
    createCiTeam: {
      method: 'POST',
      path: `${BASE}/{org_id}/teams`,
      summary: 'Create a team of member profiles',
      params: CiOrgParams,
      body: CiTeamCreate,
      success: created('the team', CiTeam),
    },
    listCiTeams: {
      method: 'GET',
      path: `${BASE}/{org_id}/teams`,
      summary: "The org's teams",
      params: CiOrgParams,
      success: ok('the teams, oldest first', CiTeamList),
    },
    getCiTeam: {
      method: 'GET',
      path: `${BASE}/{org_id}/teams/{team_id}`,
      summary: 'A team',
      params: CiTeamParams,
      success: ok('the team', CiTeam),
    },
    updateCiTeam: {
      method: 'PATCH',
      path: `${BASE}/{org_id}/teams/{team_id}`,
      summary: 'Rename a team or change its members',
      params: CiTeamParams,
      body: CiTeamUpdate,
      success: ok('the team', CiTeam),
    },
    deleteCiTeam: {
      method: 'DELETE',
      path: `${BASE}/{org_id}/teams/{team_id}`,
      summary: 'Delete a team (its member profiles stay)',
      params: CiTeamParams,
      success: noContent('deleted'),
    },
    ciChemistryReflection: {
      operationId: 'createTeamChemistryReflection',
      method: 'POST',
      path: `${BASE}/{org_id}/teams/{team_id}/chemistry-reflection`,
      summary: 'Team chemistry reflection: element balance, a reflection for the team, guardrails',
      description:
        'No body. Metered: 5 units of the `team_chemistry` family. A team of fewer than 3 profiles is refused (400): its balance would point at a person. ' +
        "Over a hard monthly quota the answer is 429 with `code: quota_exceeded` and nothing is charged. `locale` (query) picks the language, else the org's default. " +
        'For team reflection only: never for hiring, promotion, dismissal or any decision about a person (see `guardrails`).',
      params: CiTeamParams,
      query: CiReflectionQuery,
      success: ok('the reflection', ChemistryReflection),
    },
    ciCampaignContent: {
      operationId: 'createCiCampaignContent',
      method: 'POST',
      path: `${BASE}/{org_id}/campaign-content`,
      summary: "Ready-to-publish copy blocks on the astrological weather of a period, in the org's voice",
      description:
        'Metered: 1 unit of the `campaign_content` family per block. A period with no block is answered and not charged. Over a hard quota: 429 `quota_exceeded`, nothing charged.',
      params: CiOrgParams,
      body: CampaignContentRequest,
      success: ok('the copy blocks', CampaignContent),
    },
    ciUsage: {
      operationId: 'getCiUsage',
      method: 'GET',
      path: `${BASE}/{org_id}/usage`,
      summary: 'Cultural Intelligence usage of the current month',
      description:
        "Units used in the current calendar month (UTC; the quota resets at 00:00 UTC on the 1st), by endpoint and by family, from the usage projection of the org's event stream.",
      params: CiOrgParams,
      success: ok('the usage summary', CiUsage),
    },
  }),
};
