import {
  CampaignContent, CampaignContentRequest, ChemistryReflection, CiOrg, CiOrgCreate, CiOrgList, CiOrgParams, CiOrgUpdate, CiPageQuery, CiProfile,
  CiProfileCreate, CiProfileList, CiProfileParams, CiProfileUpdate, CiReflectionQuery, CiTeam, CiTeamCreate, CiTeamList, CiTeamParams, CiTeamUpdate,
  CiUsage,
} from '../cultural-intelligence';
import { RouteSpec } from './route-spec';

const TAG = 'Cultural Intelligence';
const BASE = '/v1/cultural-intelligence/orgs';
/** Enterprise API keys only: 403 for other tiers, 404 for another account's org, profile or team. */
const CI = { tag: TAG, auth: 'api_key', minTier: 'enterprise' } as const;
const READ_ERRORS = [401, 403, 404, 429, 503];
const WRITE_ERRORS = [400, ...READ_ERRORS];
const PRIVACY =
  'Birth data and labels are encrypted at rest (AES-256-GCM, a key per profile wrapped by the org key, wrapped by the master key) and returned only to the org that owns them; every read of birth data is an audit event on the org\'s stream.';

/** Routes of the `Cultural Intelligence` tag. */
export const culturalIntelligenceRoutes = {
  createCiOrg: {
    ...CI, operationId: 'createCiOrg', method: 'POST', path: BASE,
    summary: 'Create an org of the enterprise account',
    description: 'The org gets its own data key and the default monthly unit quota (operators change quotas with `npm run cli -- ci:quota`). Not metered.',
    body: CiOrgCreate,
    success: { status: 201, description: 'the org', schema: CiOrg },
    errors: [400, 401, 403, 429, 503],
  },
  listCiOrgs: {
    ...CI, operationId: 'listCiOrgs', method: 'GET', path: BASE,
    summary: 'The account\'s orgs',
    success: { status: 200, description: 'the orgs, oldest first', schema: CiOrgList },
    errors: [401, 403, 429, 503],
  },
  getCiOrg: {
    ...CI, operationId: 'getCiOrg', method: 'GET', path: `${BASE}/{org_id}`,
    summary: 'An org', params: CiOrgParams,
    success: { status: 200, description: 'the org', schema: CiOrg },
    errors: READ_ERRORS,
  },
  updateCiOrg: {
    ...CI, operationId: 'updateCiOrg', method: 'PATCH', path: `${BASE}/{org_id}`,
    summary: 'Change an org\'s name, default locale, audience or label sharing', params: CiOrgParams, body: CiOrgUpdate,
    success: { status: 200, description: 'the org', schema: CiOrg },
    errors: WRITE_ERRORS,
  },
  deleteCiOrg: {
    ...CI, operationId: 'deleteCiOrg', method: 'DELETE', path: `${BASE}/{org_id}`,
    summary: 'Delete an org: its data key is destroyed, so no profile of it can be read again',
    description: 'Profiles and teams are deleted; the event log keeps the org\'s unit charges and audit trail, which hold no birth data.',
    params: CiOrgParams,
    success: { status: 204, description: 'deleted' },
    errors: READ_ERRORS,
  },
  createCiProfile: {
    ...CI, operationId: 'createCiProfile', method: 'POST', path: `${BASE}/{org_id}/profiles`,
    summary: 'Add a member profile (consent required)', description: PRIVACY, params: CiOrgParams, body: CiProfileCreate,
    success: { status: 201, description: 'the profile', schema: CiProfile },
    errors: WRITE_ERRORS,
  },
  listCiProfiles: {
    ...CI, operationId: 'listCiProfiles', method: 'GET', path: `${BASE}/{org_id}/profiles`,
    summary: 'The org\'s member profiles (labels and consent, no birth data)', params: CiOrgParams, query: CiPageQuery,
    success: { status: 200, description: 'a page of profiles, oldest first', schema: CiProfileList },
    errors: WRITE_ERRORS,
  },
  getCiProfile: {
    ...CI, operationId: 'getCiProfile', method: 'GET', path: `${BASE}/{org_id}/profiles/{profile_id}`,
    summary: 'A member profile with its birth data (audited)', description: PRIVACY, params: CiProfileParams,
    success: { status: 200, description: 'the profile', schema: CiProfile },
    errors: READ_ERRORS,
  },
  updateCiProfile: {
    ...CI, operationId: 'updateCiProfile', method: 'PATCH', path: `${BASE}/{org_id}/profiles/{profile_id}`,
    summary: 'Change a member profile (re-encrypted under a new key)', params: CiProfileParams, body: CiProfileUpdate,
    success: { status: 200, description: 'the profile', schema: CiProfile },
    errors: WRITE_ERRORS,
  },
  deleteCiProfile: {
    ...CI, operationId: 'deleteCiProfile', method: 'DELETE', path: `${BASE}/{org_id}/profiles/{profile_id}`,
    summary: 'Delete a member profile (crypto-shredded; it leaves every team)', params: CiProfileParams,
    success: { status: 204, description: 'deleted' },
    errors: READ_ERRORS,
  },
  createCiTeam: {
    ...CI, operationId: 'createCiTeam', method: 'POST', path: `${BASE}/{org_id}/teams`,
    summary: 'Create a team of member profiles', params: CiOrgParams, body: CiTeamCreate,
    success: { status: 201, description: 'the team', schema: CiTeam },
    errors: WRITE_ERRORS,
  },
  listCiTeams: {
    ...CI, operationId: 'listCiTeams', method: 'GET', path: `${BASE}/{org_id}/teams`,
    summary: 'The org\'s teams', params: CiOrgParams,
    success: { status: 200, description: 'the teams, oldest first', schema: CiTeamList },
    errors: READ_ERRORS,
  },
  getCiTeam: {
    ...CI, operationId: 'getCiTeam', method: 'GET', path: `${BASE}/{org_id}/teams/{team_id}`,
    summary: 'A team', params: CiTeamParams,
    success: { status: 200, description: 'the team', schema: CiTeam },
    errors: READ_ERRORS,
  },
  updateCiTeam: {
    ...CI, operationId: 'updateCiTeam', method: 'PATCH', path: `${BASE}/{org_id}/teams/{team_id}`,
    summary: 'Rename a team or change its members', params: CiTeamParams, body: CiTeamUpdate,
    success: { status: 200, description: 'the team', schema: CiTeam },
    errors: WRITE_ERRORS,
  },
  deleteCiTeam: {
    ...CI, operationId: 'deleteCiTeam', method: 'DELETE', path: `${BASE}/{org_id}/teams/{team_id}`,
    summary: 'Delete a team (its member profiles stay)', params: CiTeamParams,
    success: { status: 204, description: 'deleted' },
    errors: READ_ERRORS,
  },
  ciChemistryReflection: {
    ...CI, operationId: 'createTeamChemistryReflection', method: 'POST', path: `${BASE}/{org_id}/teams/{team_id}/chemistry-reflection`,
    summary: 'Team chemistry reflection: element balance, a reflection for the team, guardrails',
    description:
      'No body. Metered: 5 units of the `team_chemistry` family. A team of fewer than 3 profiles is refused (400): its balance would point at a person. ' +
      'Over a hard monthly quota the answer is 429 with `code: quota_exceeded` and nothing is charged. `locale` (query) picks the language, else the org\'s default. ' +
      'For team reflection only: never for hiring, promotion, dismissal or any decision about a person (see `guardrails`).',
    params: CiTeamParams, query: CiReflectionQuery,
    success: { status: 200, description: 'the reflection', schema: ChemistryReflection },
    errors: [400, 401, 403, 404, 429, 503],
  },
  ciCampaignContent: {
    ...CI, operationId: 'createCiCampaignContent', method: 'POST', path: `${BASE}/{org_id}/campaign-content`,
    summary: 'Ready-to-publish copy blocks on the astrological weather of a period, in the org\'s voice',
    description: 'Metered: 1 unit of the `campaign_content` family per block. A period with no block is answered and not charged. Over a hard quota: 429 `quota_exceeded`, nothing charged.',
    params: CiOrgParams, body: CampaignContentRequest,
    success: { status: 200, description: 'the copy blocks', schema: CampaignContent },
    errors: WRITE_ERRORS,
  },
  ciUsage: {
    ...CI, operationId: 'getCiUsage', method: 'GET', path: `${BASE}/{org_id}/usage`,
    summary: 'Cultural Intelligence usage of the current month',
    description: 'Units used in the current calendar month (UTC; the quota resets at 00:00 UTC on the 1st), by endpoint and by family, from the usage projection of the org\'s event stream.',
    params: CiOrgParams,
    success: { status: 200, description: 'the usage summary', schema: CiUsage },
    errors: READ_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;
