import { Tier } from '@astro/contracts';

/** Who is calling: an API key or a customer session, and the account both act for. */
export interface Principal {
  kind: 'api_key' | 'session';
  accountId: string;
  tier: Tier;
  /** api key id or customer user id: the unit of rate limiting and the event `actor`. */
  subjectId: string;
  /**
   * false for a test key (ak_test_…): its calls are answered like live ones but charge nothing, and
   * what it makes (jobs, subscriptions, deliveries) is of test mode, invisible to live keys and the reverse.
   */
  livemode: boolean;
}

export const actorOf = (p: Principal) => (p.kind === 'api_key' ? `key:${p.subjectId}` : `user:${p.subjectId}`);
