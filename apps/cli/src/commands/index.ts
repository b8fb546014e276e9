import { Command } from '../command';

/**
 * Every operator command, in the order the help lists them. Each command's module is imported only
 * when it runs: the help, and every other command, start without loading its libraries.
 */
export const COMMANDS: readonly Command[] = [
  {
    name: 'migrate',
    summary: 'create the owner and application roles, apply migrations as the owner, grant the application role',
    load: () => import('./migrate'),
  },
  {
    name: 'account:create',
    usage: '--name N --tier free|pro|enterprise [--credits N]',
    summary: 'open an account and print its first API key',
    load: () => import('./account-create'),
  },
  {
    name: 'account:tier',
    usage: '--account ID --tier T',
    summary: "change an account's tier",
    load: () => import('./account-tier'),
  },
  {
    name: 'key:create',
    usage: '--account ID [--label L] [--mode live|test]',
    summary: 'issue another API key (shown once); --mode test: a test key, ak_test_…, that charges nothing',
    load: () => import('./key-create'),
  },
  {
    name: 'key:revoke',
    usage: '--key KEY_ID',
    summary: 'revoke an API key',
    load: () => import('./key-revoke'),
  },
  {
    name: 'user:create',
    usage: '--account ID --email E --password P',
    summary: 'create a customer user (session login)',
    load: () => import('./user-create'),
  },
  {
    name: 'credits:grant',
    usage: '--account ID --amount N [--reason R]',
    summary: 'grant credits',
    load: () => import('./credits-grant'),
  },
  {
    name: 'balance',
    usage: '--account ID',
    summary: 'show tier and balance',
    load: () => import('./balance'),
  },
  {
    name: 'ledger',
    usage: '--account ID [--limit N]',
    summary: "show the account's credit ledger, newest first",
    load: () => import('./ledger'),
  },
  {
    name: 'projections:verify',
    summary: 'compare every projection with a fold of the log',
    load: () => import('./projections-verify'),
  },
  {
    name: 'projections:rebuild',
    summary: 'rebuild every projection from the log',
    load: () => import('./projections-rebuild'),
  },
  {
    name: 'demo',
    usage: '--key-file F --user-file F',
    summary: 'create (once) the demo Pro account, key and user',
    load: () => import('./demo'),
  },
  {
    name: 'demo:enterprise',
    usage: '--key-file F --org-file F',
    summary: 'create (once) the demo Enterprise account, key and Cultural Intelligence org',
    load: () => import('./demo-enterprise'),
  },
  {
    name: 'ci:org:create',
    usage: '--account ID --name N [--locale en|th] [--quota N] [--mode hard|soft]',
    summary: 'create a Cultural Intelligence org for an enterprise account',
    load: () => import('./ci-org-create'),
  },
  {
    name: 'ci:quota',
    usage: '--org ID --quota N --mode hard|soft',
    summary: "set an org's monthly unit quota and its mode",
    load: () => import('./ci-quota'),
  },
  {
    name: 'operator:key:create',
    usage: '--label L',
    summary: 'issue an operator key (ok_live_…, shown once) for the admin routes /v1/admin/…',
    load: () => import('./operator-key-create'),
  },
  {
    name: 'operator:key:revoke',
    usage: '--key KEY_ID',
    summary: 'revoke an operator key',
    load: () => import('./operator-key-revoke'),
  },
  {
    name: 'finance:reconcile',
    usage: '--from DATE --to DATE [--account ID] [--format table|csv|json] [--out FILE]',
    summary:
      'fold the event log into charges, refunds and jobs of the period\nand check the finance invariants; exit code 1 when one fails',
    load: () => import('./finance-reconcile'),
  },
  {
    name: 'finance:statement',
    usage: '--account ID --month YYYY-MM [--format csv|pdf|json] [--out FILE]',
    summary:
      "the account's monthly statement folded from the event log: opening balance,\ngrants, charges and refunds by operation, closing balance (pdf needs --out)",
    load: () => import('./finance-statement'),
  },
  {
    name: 'jobs:show',
    usage: 'JOB_ID',
    summary: "a job's events, its Temporal status and history link, its charges and refunds",
    load: () => import('./jobs-show'),
  },
  {
    name: 'jobs:cancel',
    usage: 'JOB_ID',
    summary: "terminate the job's workflow, mark it failed (cancelled) and refund its charge once",
    load: () => import('./jobs-cancel'),
  },
  {
    name: 'jobs:retry',
    usage: 'JOB_ID',
    summary:
      'rerun a failed (refunded) job: a new run of its workflow; the refund is charged\nback, so the customer pays once net (docs/finance.md)',
    load: () => import('./jobs-retry'),
  },
  {
    name: 'deliveries:replay',
    usage: '--since DATE [--account ID]',
    summary: 'send again every webhook delivery exhausted since DATE: new attempts,\nsame payload and webhook-id (receivers dedupe)',
    load: () => import('./deliveries-replay'),
  },
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
