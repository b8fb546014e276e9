import { Command } from '../command';
import { accountCreate } from './account-create';
import { accountTier } from './account-tier';
import { balance } from './balance';
import { ciOrgCreate } from './ci-org-create';
import { ciQuota } from './ci-quota';
import { creditsGrant } from './credits-grant';
import { deliveriesReplay } from './deliveries-replay';
import { demo } from './demo';
import { demoEnterprise } from './demo-enterprise';
import { financeReconcile } from './finance-reconcile';
import { financeStatement } from './finance-statement';
import { jobsCancel } from './jobs-cancel';
import { jobsRetry } from './jobs-retry';
import { jobsShow } from './jobs-show';
import { keyCreate } from './key-create';
import { keyRevoke } from './key-revoke';
import { ledger } from './ledger';
import { migrate } from './migrate';
import { operatorKeyCreate } from './operator-key-create';
import { operatorKeyRevoke } from './operator-key-revoke';
import { projectionsRebuild } from './projections-rebuild';
import { projectionsVerify } from './projections-verify';
import { userCreate } from './user-create';

/** Every operator command, in the order the help lists them. */
export const COMMANDS: readonly Command[] = [
  migrate,
  accountCreate,
  accountTier,
  keyCreate,
  keyRevoke,
  userCreate,
  creditsGrant,
  balance,
  ledger,
  projectionsVerify,
  projectionsRebuild,
  demo,
  demoEnterprise,
  ciOrgCreate,
  ciQuota,
  operatorKeyCreate,
  operatorKeyRevoke,
  financeReconcile,
  financeStatement,
  jobsShow,
  jobsCancel,
  jobsRetry,
  deliveriesReplay,
];

export function commandNamed(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/** The column where the summaries start; a longer synopsis puts its summary on the next line. */
const SUMMARY_COLUMN = 53;

/** The help: one synopsis and summary per command. */
export function usage(): string {
  const indent = ' '.repeat(SUMMARY_COLUMN);
  const entries = COMMANDS.map((c) => {
    const synopsis = `  ${c.name}${c.usage ? ` ${c.usage}` : ''}`;
    const [first, ...more] = c.summary.split('\n');
    const head = synopsis.length < SUMMARY_COLUMN ? `${synopsis.padEnd(SUMMARY_COLUMN)}${first}` : `${synopsis}\n${indent}${first}`;
    return [head, ...more.map((line) => `${indent}${line}`)].join('\n');
  });
  return `Operator and finance commands (npm run cli -- <command> [--flag value]):\n\n${entries.join('\n')}`;
}
