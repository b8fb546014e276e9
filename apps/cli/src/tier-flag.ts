import { TIERS, Tier } from '@astro/contracts';
import { Flags, required } from './flags';

/** `--tier`, one of the contracts' tiers (apart from ./flags so that only the commands taking it load the contracts). */
export function tierFlag(f: Flags): Tier {
  const tier = required(f, 'tier');
  if (!(TIERS as readonly string[]).includes(tier)) throw new Error(`--tier must be one of ${TIERS.join(', ')}`);
  return tier as Tier;
}
