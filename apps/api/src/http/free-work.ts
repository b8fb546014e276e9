import { SHARP_CHILDREN_AT_ONCE } from '@astro/rendering';
import { TenantBudget, TenantSlots } from './tenant-slots';

/**
 * The budget of free image work in one API process (docs/security.md, "Free work budgets"): drawing
 * a logo (brand profile create and change, a report's check before its charge, a logo upload's
 * `complete`) and decoding a photo (a photo upload's `complete`) cost up to a core for seconds and
 * are free on every tier. Each piece runs in a child process (@astro/rendering runInSharpChild):
 * two at once in the process, one per account, four more of an account waiting and 32 in all; an
 * account may hold slots for 60 s in a burst and 15 s a minute after that (a quarter of a core).
 */
export const FREE_IMAGE_WORK: TenantBudget = {
  concurrent: SHARP_CHILDREN_AT_ONCE,
  perTenant: 1,
  waitingPerTenant: 4,
  waitingTotal: 32,
  burstMs: 60_000,
  refillMsPerSecond: 250,
  // About the time one piece may take (a logo's drawing budget is 5 s).
  queueFullRetryAfterSeconds: 5,
};

/** This process's queue of free image work. */
export const freeImageWork = (): TenantSlots => new TenantSlots(FREE_IMAGE_WORK, 'image work (logo drawing, photo decoding)');
