import { DataSource, QueryRunner } from 'typeorm';
import { CreatePlatformSchema1732240000000 } from './migrations/1732240000000-create-platform-schema';
import { ReportJobsWarningsAndBrandProfiles1732250000000 } from './migrations/1732250000000-report-jobs-warnings-and-brand-profiles';
import { CreateDeliverySchema1732260000000 } from './migrations/1732260000000-create-delivery-schema';
import { VisualUploads1732280000000 } from './migrations/1732280000000-visual-uploads';
import { VisualJobs1732290000000 } from './migrations/1732290000000-visual-jobs';
import { CulturalIntelligence1732400000000 } from './migrations/1732400000000-cultural-intelligence';
import { GroupCommittedCharges1732500000000 } from './migrations/1732500000000-group-committed-charges';
import { HoroscopePublications1732600000000 } from './migrations/1732600000000-horoscope-publications';
import { OperatorKeys1732700000000 } from './migrations/1732700000000-operator-keys';
import { ApiKeySelfService1732800000000 } from './migrations/1732800000000-api-key-self-service';
import { OperationsIndexes1732900000000 } from './migrations/1732900000000-operations-indexes';
import { LogoUploads1733023000000 } from './migrations/1733023000000-logo-uploads';
import { SetBasedCharges1733100000000 } from './migrations/1733100000000-set-based-charges';
import { BatchLockedCharges1733200000000 } from './migrations/1733200000000-batch-locked-charges';
import { LoginThrottle1733300000000 } from './migrations/1733300000000-login-throttle';
import { IdempotentCalls1733340000000 } from './migrations/1733340000000-idempotent-calls';
import { FlatLedger1733400000000 } from './migrations/1733400000000-flat-ledger';
import { KeyUsageInChargeBatch1733500000000 } from './migrations/1733500000000-key-usage-in-charge-batch';
import { KeyUsageFoldedOnRead1733600000000 } from './migrations/1733600000000-key-usage-folded-on-read';
import { SealedIdempotentAnswers1733747000000 } from './migrations/1733747000000-sealed-idempotent-answers';
import { PersonalDataOutOfEvents1733747100000 } from './migrations/1733747100000-personal-data-out-of-events';
import { TestMode1733800000000 } from './migrations/1733800000000-test-mode';
import { OneIdempotencyStore1733900000000 } from './migrations/1733900000000-one-idempotency-store';

export const MIGRATIONS = [
  CreatePlatformSchema1732240000000,
  ReportJobsWarningsAndBrandProfiles1732250000000,
  CreateDeliverySchema1732260000000,
  VisualUploads1732280000000,
  VisualJobs1732290000000,
  CulturalIntelligence1732400000000,
  GroupCommittedCharges1732500000000,
  HoroscopePublications1732600000000,
  OperatorKeys1732700000000,
  ApiKeySelfService1732800000000,
  OperationsIndexes1732900000000,
  LogoUploads1733023000000,
  SetBasedCharges1733100000000,
  BatchLockedCharges1733200000000,
  LoginThrottle1733300000000,
  IdempotentCalls1733340000000,
  FlatLedger1733400000000,
  KeyUsageInChargeBatch1733500000000,
  KeyUsageFoldedOnRead1733600000000,
  SealedIdempotentAnswers1733747000000,
  PersonalDataOutOfEvents1733747100000,
  TestMode1733800000000,
  OneIdempotencyStore1733900000000,
];

/** Anything that runs SQL: the pool, or one transaction's connection. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A small, explicit wrapper over TypeORM's DataSource: raw SQL, and transactions as callbacks. */
export class Database implements Queryable {
  constructor(readonly dataSource: DataSource) {}

  static async connect(url: string, options: { poolSize?: number; applicationName?: string } = {}): Promise<Database> {
    const dataSource = new DataSource({
      type: 'postgres',
      url,
      migrations: MIGRATIONS,
      migrationsTableName: 'schema_migrations',
      poolSize: options.poolSize ?? 20,
      applicationName: options.applicationName ?? 'astro',
      // Fail fast when the server is down, so requests answer 503 instead of hanging.
      connectTimeoutMS: 3_000,
      // No JIT compilation: our queries are short index lookups, and the planner's row estimates
      // for JSON expressions (the job id index) can pass jit_above_cost, so a 0.1 ms lookup
      // spent 7 ms compiling at 10 M events (docs/benchmarks.md, ledger-growth at 10 M).
      extra: { connectionTimeoutMillis: 3_000, options: '-c jit=off' },
    });
    await dataSource.initialize();
    return new Database(dataSource);
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return this.dataSource.query(sql, params);
  }

  async transaction<T>(work: (tx: Queryable) => Promise<T>, isolation?: 'REPEATABLE READ' | 'SERIALIZABLE'): Promise<T> {
    const runner: QueryRunner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.startTransaction(isolation);
      const tx: Queryable = { query: (sql, params = []) => runner.query(sql, params) };
      const result = await work(tx);
      await runner.commitTransaction();
      return result;
    } catch (err) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw err;
    } finally {
      await runner.release();
    }
  }

  async migrate(): Promise<string[]> {
    const applied = await this.dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/** True for errors that mean "the database cannot be reached", which the API answers with 503. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; driverError?: { code?: string } } | undefined;
  const code = e?.code ?? e?.driverError?.code;
  if (
    code &&
    ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH', '57P01', '57P03', '08006', '08001', '08003'].includes(code)
  ) {
    return true;
  }
  const message = e?.message ?? '';
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Connection ended|not connected|Cannot use a pool after calling end/i.test(
    message,
  );
}
