/**
 * Cultural Intelligence is metered in units against each org's monthly quota, not in credits.
 * A family's price is per item of what it produces (one reflection, one copy block).
 */
export const CI_UNIT_PRICES = {
  team_chemistry: {
    units: 5,
    per: 'reflection',
    endpoint: 'POST /v1/cultural-intelligence/orgs/{org_id}/teams/{team_id}/chemistry-reflection',
  },
  campaign_content: { units: 1, per: 'copy block', endpoint: 'POST /v1/cultural-intelligence/orgs/{org_id}/campaign-content' },
} as const satisfies Record<string, { units: number; per: string; endpoint: string }>;
