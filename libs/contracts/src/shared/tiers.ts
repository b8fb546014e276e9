/** Tiers in ascending order of entitlement; a route's minimum tier admits every tier at or above it. */
export const TIERS = ['free', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

export function tierAdmits(tier: Tier, minimum: Tier): boolean {
  return TIERS.indexOf(tier) >= TIERS.indexOf(minimum);
}
