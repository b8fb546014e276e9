import type { Database } from '@astro/database';
import { findAccount } from '@astro/ledger';

/** Who the event log records for the CLI's changes. */
export const OPERATOR = { actor: `operator:${process.env.USER ?? 'cli'}` };

export async function requireAccount(db: Database, accountId: string) {
  const account = await findAccount(db, accountId);
  if (!account) throw new Error(`no account ${accountId}`);
  return account;
}

/** A one-line progress bar on stderr, only on a terminal (a nightly job's log stays clean). */
export function progressBar(label: string): (done: number, total: number) => void {
  if (!process.stderr.isTTY) return () => undefined;
  return (done, total) => {
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const width = 30;
    const filled = Math.round(share * width);
    process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${share >= 1 ? '\n' : ''}`);
  };
}
