import 'reflect-metadata';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  brandProfilesProjection,
  createCustomerUser,
  findActiveApiKey,
  issueApiKey,
  issueOperatorKey,
  provisionAccount,
  revokeApiKey,
  revokeOperatorKey,
} from '@astro/accounts';
import { loadConfig } from '@astro/config';
import { TIERS, Tier } from '@astro/contracts';
import { horoscopePublicationsProjection } from '@astro/horoscopes';
import { ciUsageProjection, createOrg, loadMasterKey, setOrgQuota } from '@astro/cultural-intelligence';
import { Database, setUpDatabase } from '@astro/database';
import {
  formatReconciliation,
  monthlyStatement,
  parsePeriodBound,
  reconcile,
  REPORT_FORMATS,
  ReportFormat,
  STATEMENT_FORMATS,
  StatementFormat,
  statementCsv,
  statementHtml,
} from '@astro/finance';
import {
  cancelJob,
  createTemporalClient,
  InsufficientCreditsError,
  jobDossier,
  jobsProjection,
  retryJob,
  RetryRefusedError,
  visualJobsProjection,
} from '@astro/jobs';
import { PdfRenderer } from '@astro/rendering';
import { payloadCodec } from '@astro/codec';
import {
  replayDeliveries,
  sealStoredWebhookSecrets,
  webhookDeliveryAttemptsProjection,
  webhookSubscriptionsProjection,
} from '@astro/delivery';
import {
  accountsProjection,
  accountStatement,
  changeTier,
  diffProjections,
  findAccount,
  grantCredits,
  rebuildProjections,
} from '@astro/ledger';

const PROJECTIONS = [
  accountsProjection,
  jobsProjection,
  brandProfilesProjection,
  webhookSubscriptionsProjection,
  webhookDeliveryAttemptsProjection,
  visualJobsProjection,
  ciUsageProjection,
  horoscopePublicationsProjection,
];
const OPERATOR = { actor: `operator:${process.env.USER ?? 'cli'}` };

const USAGE = `Operator and finance commands (npm run cli -- <command> [--flag value]):

  migrate                                            create the owner and application roles, apply migrations as the owner, grant the application role
  account:create --name N --tier free|pro|enterprise [--credits N]
                                                     open an account and print its first API key
  account:tier --account ID --tier T                 change an account's tier
  key:create --account ID [--label L]                issue another API key (shown once)
  key:revoke --key KEY_ID                            revoke an API key
  user:create --account ID --email E --password P    create a customer user (session login)
  credits:grant --account ID --amount N [--reason R] grant credits
  balance --account ID                               show tier and balance
  ledger --account ID [--limit N]                    show the account's credit ledger, newest first
  projections:verify                                 compare every projection with a fold of the log
  projections:rebuild                                rebuild every projection from the log
  demo --key-file F --user-file F                    create (once) the demo Pro account, key and user
  demo:enterprise --key-file F --org-file F          create (once) the demo Enterprise account, key and Cultural Intelligence org
  ci:org:create --account ID --name N [--locale en|th] [--quota N] [--mode hard|soft]
                                                     create a Cultural Intelligence org for an enterprise account
  ci:quota --org ID --quota N --mode hard|soft       set an org's monthly unit quota and its mode
  operator:key:create --label L                      issue an operator key (ok_live_…, shown once) for the admin routes /v1/admin/…
  operator:key:revoke --key KEY_ID                   revoke an operator key
  finance:reconcile --from DATE --to DATE [--account ID] [--format table|csv|json] [--out FILE]
                                                     fold the event log into charges, refunds and jobs of the period
                                                     and check the finance invariants; exit code 1 when one fails
  finance:statement --account ID --month YYYY-MM [--format csv|pdf|json] [--out FILE]
                                                     the account's monthly statement folded from the event log: opening balance,
                                                     grants, charges and refunds by operation, closing balance (pdf needs --out)
  jobs:show JOB_ID                                   a job's events, its Temporal status and history link, its charges and refunds
  jobs:cancel JOB_ID                                 terminate the job's workflow, mark it failed (cancelled) and refund its charge once
  jobs:retry JOB_ID                                  rerun a failed (refunded) job: a new run of its workflow; the refund is charged
                                                     back, so the customer pays once net (docs/finance.md)
  deliveries:replay --since DATE [--account ID]      send again every webhook delivery exhausted since DATE: new attempts,
                                                     same payload and webhook-id (receivers dedupe)`;

function flags(args: string[]): Record<string, string> {
  const result: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
    result[arg.slice(2)] = value;
    i++;
  }
  return result;
}

function jobIdArgument(positional: string[]): string {
  const jobId = positional[0];
  if (!jobId || !/^(job|vrj)_[a-f0-9]{24}$/.test(jobId)) throw new Error('give the job id: job_… or vrj_… (24 hex characters)');
  return jobId;
}

function required(f: Record<string, string>, name: string): string {
  if (!f[name]) throw new Error(`--${name} is required`);
  return f[name];
}

function tierFlag(f: Record<string, string>): Tier {
  const tier = required(f, 'tier');
  if (!(TIERS as readonly string[]).includes(tier)) throw new Error(`--tier must be one of ${TIERS.join(', ')}`);
  return tier as Tier;
}

function positiveInt(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number`);
  return n;
}

async function requireAccount(db: Database, accountId: string) {
  const account = await findAccount(db, accountId);
  if (!account) throw new Error(`no account ${accountId}`);
  return account;
}

/** The demo account of `npm start`: reused while its key still works, created otherwise. */
async function demo(db: Database, keyFile: string, userFile: string): Promise<void> {
  const existingKey = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : '';
  if (existingKey && fs.existsSync(userFile) && (await findActiveApiKey(db, existingKey))) {
    console.log('demo account exists');
    return;
  }
  const created = await provisionAccount(db, { name: 'Demo (Pro)', tier: 'pro', credits: 10_000, withApiKey: true }, OPERATOR);
  const email = `demo+${created.accountId.slice(-6)}@example.com`;
  const password = randomBytes(12).toString('base64url');
  await createCustomerUser(db, { accountId: created.accountId, email, password });
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  fs.writeFileSync(keyFile, `${created.apiKey}\n`, { mode: 0o600 });
  fs.writeFileSync(userFile, `${email} ${password}\n`, { mode: 0o600 });
  console.log(`demo account ${created.accountId} created`);
}

function quotaFlags(f: Record<string, string>, defaults: { monthlyUnits: number; mode: 'hard' | 'soft' }) {
  const mode = f.mode ?? defaults.mode;
  if (mode !== 'hard' && mode !== 'soft') throw new Error('--mode must be hard or soft');
  return { monthlyUnits: f.quota ? positiveInt(f.quota, 'quota') : defaults.monthlyUnits, mode: mode as 'hard' | 'soft' };
}

/** A Cultural Intelligence org for an enterprise account; the org's data key is wrapped by the master key. */
async function createCiOrg(db: Database, accountId: string, f: Record<string, string>): Promise<string> {
  const account = await requireAccount(db, accountId);
  if (account.tier !== 'enterprise')
    throw new Error(`account ${accountId} is on the ${account.tier} tier; Cultural Intelligence needs enterprise`);
  const config = loadConfig();
  const master = loadMasterKey({
    configured: config.culturalIntelligence.masterKey,
    file: config.culturalIntelligence.masterKeyFile,
    production: config.production,
  });
  const locale = f.locale ?? 'en';
  if (locale !== 'en' && locale !== 'th') throw new Error('--locale must be en or th');
  const defaults = { monthlyUnits: config.culturalIntelligence.defaultMonthlyUnits, mode: config.culturalIntelligence.defaultQuotaMode };
  const org = await db.transaction((tx) =>
    createOrg(
      tx,
      accountId,
      { name: required(f, 'name'), default_locale: locale, audience: 'employee', share_member_labels: false },
      quotaFlags(f, defaults),
      master,
      OPERATOR,
    ),
  );
  return org.id;
}

/** The enterprise demo of `npm start`: an account, its key and one org, reused while the key works. */
async function demoEnterprise(db: Database, keyFile: string, orgFile: string): Promise<void> {
  const existingKey = fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : '';
  if (existingKey && fs.existsSync(orgFile) && (await findActiveApiKey(db, existingKey))) {
    console.log('demo enterprise account exists');
    return;
  }
  const created = await provisionAccount(
    db,
    { name: 'Demo (Enterprise)', tier: 'enterprise', credits: 10_000, withApiKey: true },
    OPERATOR,
  );
  const orgId = await createCiOrg(db, created.accountId, { name: 'Demo people team' });
  fs.mkdirSync(path.dirname(keyFile), { recursive: true });
  fs.writeFileSync(keyFile, `${created.apiKey}\n`, { mode: 0o600 });
  fs.writeFileSync(orgFile, `${orgId}\n`, { mode: 0o600 });
  console.log(`demo enterprise account ${created.accountId} with org ${orgId} created`);
}

function dateFlag(f: Record<string, string>, name: string): Date {
  const date = parsePeriodBound(required(f, name));
  if (!date) throw new Error(`--${name} must be a date (YYYY-MM-DD, UTC) or an ISO 8601 instant`);
  return date;
}

/** A one-line progress bar on stderr, only on a terminal (a nightly job's log stays clean). */
function progressBar(label: string): (done: number, total: number) => void {
  if (!process.stderr.isTTY) return () => undefined;
  return (done, total) => {
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const width = 30;
    const filled = Math.round(share * width);
    process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}${share >= 1 ? '\n' : ''}`);
  };
}

async function financeReconcile(db: Database, f: Record<string, string>): Promise<void> {
  const format = (f.format ?? 'table') as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) throw new Error(`--format must be one of ${REPORT_FORMATS.join(', ')}`);
  const report = await reconcile(
    db,
    { from: dateFlag(f, 'from'), to: dateFlag(f, 'to'), accountId: f.account },
    { onProgress: progressBar('folding the event log') },
  );
  const text = formatReconciliation(report, format);
  if (f.out) {
    fs.writeFileSync(f.out, text);
    console.log(`report written to ${f.out}; ${report.ok ? 'every invariant holds' : 'INVARIANTS FAILED'}`);
  } else {
    process.stdout.write(text);
  }
  // A failed invariant is an alarm for the nightly job: exit 1 after writing the report.
  if (!report.ok) process.exitCode = 1;
}

/** The Temporal client of the operator commands (lazy: connects on first use), closed by `use`'s end. */
async function withTemporal<T>(
  use: (client: ReturnType<typeof createTemporalClient>['client'], namespace: string) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const temporal = createTemporalClient(config.temporal, payloadCodec(config));
  try {
    return await use(temporal.client, config.temporal.namespace);
  } finally {
    await temporal.connection.close().catch(() => undefined);
  }
}

/** The Temporal Web UI of the operators (TEMPORAL_UI_URL, the dev server's by default). */
const temporalUi = () => (process.env.TEMPORAL_UI_URL || 'http://127.0.0.1:8233').replace(/\/+$/, '');

async function showJob(db: Database, jobId: string): Promise<void> {
  const dossier = await jobDossier(db, jobId);
  if (!dossier) throw new Error(`no job ${jobId}`);
  const { job, events, credits } = dossier;
  console.log(`job      ${job.id}  ${job.kind}  account ${job.account_id}`);
  console.log(`status   ${job.status}  stage ${job.stage}${job.error_code ? `  error ${job.error_code}: ${job.error_message}` : ''}`);
  console.log(`credits  charged ${job.credits_charged}  refunded ${job.credits_refunded}`);
  await withTemporal(async (client, namespace) => {
    try {
      const described = await client.workflow.getHandle(jobId).describe();
      console.log(
        `temporal ${described.status.name}  run ${described.runId}  started ${described.startTime.toISOString()}${described.closeTime ? `  closed ${described.closeTime.toISOString()}` : ''}`,
      );
    } catch (err) {
      console.log(`temporal unknown (${(err as Error).message.split('\n')[0]})`);
    }
    console.log(`history  ${temporalUi()}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(jobId)}`);
  });
  console.log('\nevents');
  for (const e of events)
    console.log(`  ${e.recordedAtIso}  v${String(e.streamVersion).padEnd(3)} ${e.type.padEnd(24)} ${JSON.stringify(e.payload)}`);
  console.log('\ncharges and refunds');
  for (const e of credits) {
    console.log(
      `  ${e.recordedAtIso}  #${e.position}  ${e.type.padEnd(16)} ${String(e.payload.amount).padStart(6)}  ${[e.payload.operation, e.payload.reason, e.metadata.request_id].filter(Boolean).join('  ')}`,
    );
  }
}

async function financeStatement(db: Database, f: Record<string, string>): Promise<void> {
  const format = (f.format ?? 'csv') as StatementFormat;
  if (!STATEMENT_FORMATS.includes(format)) throw new Error(`--format must be one of ${STATEMENT_FORMATS.join(', ')}`);
  const month = required(f, 'month');
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new Error('--month must be a calendar month YYYY-MM (UTC)');
  if (format === 'pdf' && !f.out) throw new Error('--format pdf needs --out FILE');
  const statement = await monthlyStatement(db, required(f, 'account'), month);
  if (!statement) throw new Error(`no account ${f.account}`);
  let output: string | Buffer;
  if (format === 'pdf') {
    const renderer = new PdfRenderer(1);
    try {
      output = await renderer.render(statementHtml(statement));
    } finally {
      await renderer.close();
    }
  } else {
    output = format === 'csv' ? statementCsv(statement) : `${JSON.stringify(statement, null, 2)}\n`;
  }
  if (!f.out) {
    process.stdout.write(output);
    return;
  }
  fs.writeFileSync(f.out, output);
  console.log(
    `statement of ${statement.account_id} for ${month} written to ${f.out}: opening ${statement.opening_balance}, closing ${statement.closing_balance}`,
  );
}

async function retry(db: Database, jobId: string): Promise<void> {
  try {
    const result = await withTemporal((client, namespace) => retryJob(db, client, namespace, jobId, { ...OPERATOR, reason: 'jobs:retry' }));
    const charge =
      result.recharged > 0
        ? `the refund of ${result.recharged} credits charged back (balance ${result.balance})`
        : 'nothing to charge back';
    console.log(`job ${jobId} retried as attempt ${result.attempt}: new workflow run ${result.runId}; ${charge}`);
  } catch (err) {
    if (err instanceof InsufficientCreditsError)
      throw new Error(`job ${jobId} not retried: the account cannot pay its price again (${err.required} credits); grant credits first`);
    if (err instanceof RetryRefusedError) throw new Error(`job ${jobId} not retried: ${err.message}`);
    throw err;
  }
}

async function replay(db: Database, f: Record<string, string>): Promise<void> {
  const since = dateFlag(f, 'since');
  const config = loadConfig();
  const lines = await withTemporal((client) =>
    replayDeliveries(
      { db, client, taskQueue: config.temporal.deliveryTaskQueue, retrySchedule: config.webhookRetrySchedule },
      { since, accountId: f.account },
      OPERATOR,
    ),
  );
  for (const line of lines) {
    console.log(
      `${line.delivery_id}  ${line.account_id}  ${line.event_type}  ${line.event_id}  ${line.attempt !== null ? `replayed as attempt ${line.attempt}` : `skipped: ${line.skipped}`}`,
    );
  }
  const replayed = lines.filter((l) => l.attempt !== null).length;
  console.log(
    `${replayed} deliver${replayed === 1 ? 'y' : 'ies'} replayed, ${lines.length - replayed} skipped (exhausted since ${since.toISOString()}${f.account ? ` for ${f.account}` : ''})`,
  );
}

async function run(command: string, f: Record<string, string>, db: Database, positional: string[] = []): Promise<void> {
  switch (command) {
    case 'migrate': {
      const config = loadConfig();
      const { applied } = await setUpDatabase(config.databaseAdminUrl, config.databaseAppPassword());
      const sealed = await sealStoredWebhookSecrets(db);
      if (sealed > 0) console.log(`webhook secrets sealed under the current WEBHOOK_SECRET_KEY: ${sealed}`);
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database schema is up to date');
      return;
    }
    case 'account:create': {
      const credits = f.credits ? positiveInt(f.credits, 'credits') : 0;
      const created = await provisionAccount(db, { name: required(f, 'name'), tier: tierFlag(f), credits, withApiKey: true }, OPERATOR);
      console.log(`account  ${created.accountId}\nkey id   ${created.apiKeyId}\napi key  ${created.apiKey}   (shown once: store it now)`);
      return;
    }
    case 'account:tier':
      await db.transaction((tx) => changeTier(tx, required(f, 'account'), tierFlag(f), OPERATOR));
      console.log('tier changed');
      return;
    case 'key:create': {
      await requireAccount(db, required(f, 'account'));
      const key = await issueApiKey(db, f.account, f.label ?? '');
      console.log(`key id   ${key.id}\napi key  ${key.key}   (shown once: store it now)`);
      return;
    }
    case 'key:revoke':
      console.log((await revokeApiKey(db, required(f, 'key'))) ? 'revoked' : 'no such active key');
      return;
    case 'user:create': {
      await requireAccount(db, required(f, 'account'));
      const user = await createCustomerUser(db, { accountId: f.account, email: required(f, 'email'), password: required(f, 'password') });
      console.log(`user ${user.id} (${user.email}) created`);
      return;
    }
    case 'credits:grant': {
      const result = await grantCredits(
        db,
        required(f, 'account'),
        positiveInt(required(f, 'amount'), 'amount'),
        f.reason ?? 'operator grant',
        OPERATOR,
      );
      console.log(`granted; balance ${result.balance}`);
      return;
    }
    case 'balance': {
      const a = await requireAccount(db, required(f, 'account'));
      console.log(
        `${a.id}  ${a.name}  tier ${a.tier}\nbalance ${a.balance}  (granted ${a.credits_granted}, charged ${a.credits_charged}, refunded ${a.credits_refunded})`,
      );
      return;
    }
    case 'ledger': {
      await requireAccount(db, required(f, 'account'));
      const { entries } = await accountStatement(db, f.account, { limit: f.limit ? positiveInt(f.limit, 'limit') : 50 });
      for (const e of entries) {
        const detail = [e.operation, e.job_id, e.request_id, e.reason].filter(Boolean).join('  ');
        console.log(
          `${e.recorded_at}  v${String(e.version).padEnd(5)} ${e.type.padEnd(18)} ${String(e.amount ?? '').padStart(7)}  ${detail}`,
        );
      }
      return;
    }
    case 'projections:verify': {
      const differences = await diffProjections(db, PROJECTIONS);
      if (differences.length === 0) {
        console.log('every projection equals the fold of the event log');
        return;
      }
      for (const d of differences.slice(0, 20))
        console.log(`${d.table} ${d.key}\n  live:    ${JSON.stringify(d.live)}\n  rebuilt: ${JSON.stringify(d.rebuilt)}`);
      throw new Error(`${differences.length} projection row(s) differ from the log; run projections:rebuild`);
    }
    case 'projections:rebuild':
      for (const s of await rebuildProjections(db, PROJECTIONS)) console.log(`${s.table}: ${s.rows} rows rebuilt`);
      return;
    case 'demo':
      await demo(db, required(f, 'key-file'), required(f, 'user-file'));
      return;
    case 'demo:enterprise':
      await demoEnterprise(db, required(f, 'key-file'), required(f, 'org-file'));
      return;
    case 'ci:org:create':
      console.log(`org ${await createCiOrg(db, required(f, 'account'), f)}`);
      return;
    case 'ci:quota': {
      const quota = quotaFlags(f, { monthlyUnits: positiveInt(required(f, 'quota'), 'quota'), mode: 'hard' });
      const changed = await db.transaction((tx) => setOrgQuota(tx, required(f, 'org'), quota, OPERATOR));
      if (!changed) throw new Error(`no org ${f.org}`);
      console.log(`quota of ${f.org}: ${quota.monthlyUnits} units a month, ${quota.mode}`);
      return;
    }
    case 'operator:key:create': {
      const key = await issueOperatorKey(db, required(f, 'label'));
      console.log(`operator key id   ${key.id}\noperator key      ${key.key}   (shown once: store it now)`);
      return;
    }
    case 'operator:key:revoke':
      console.log((await revokeOperatorKey(db, required(f, 'key'))) ? 'revoked' : 'no such active operator key');
      return;
    case 'finance:reconcile':
      await financeReconcile(db, f);
      return;
    case 'jobs:show':
      await showJob(db, jobIdArgument(positional));
      return;
    case 'jobs:cancel': {
      const jobId = jobIdArgument(positional);
      const result = await withTemporal((client) => cancelJob(db, client, jobId, { ...OPERATOR, reason: 'jobs:cancel' }));
      if (result.outcome === 'already_finished') {
        console.log(`job ${jobId} had already finished (${result.status}); refunded ${result.refunded}, nothing changed`);
      } else {
        console.log(
          `job ${jobId} cancelled: workflow terminated, ${result.alreadyRefunded ? 'already refunded' : 'refunded'} ${result.refunded} credits`,
        );
      }
      return;
    }
    case 'jobs:retry':
      await retry(db, jobIdArgument(positional));
      return;
    case 'deliveries:replay':
      await replay(db, f);
      return;
    case 'finance:statement':
      await financeStatement(db, f);
      return;
    default:
      throw new Error(`unknown command "${command}"\n\n${USAGE}`);
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return;
  }
  // Commands about one job take its id first: `jobs:show job_…`.
  const positional = rest.length > 0 && !rest[0].startsWith('--') ? [rest[0]] : [];
  const f = flags(rest.slice(positional.length));
  // Operator commands (migrations, projection rebuilds) use the administrative connection.
  const db = await Database.connect(loadConfig().databaseAdminUrl, { poolSize: 2, applicationName: 'astro-cli' });
  try {
    await run(command, f, db, positional);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
