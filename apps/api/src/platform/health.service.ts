import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { ApiError } from '../http/api-error';
import { TEMPORAL, TemporalHandle } from './platform';

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

async function check(probe: () => Promise<unknown>, what: string): Promise<{ status: 'up' | 'down'; detail?: string }> {
  try {
    await withTimeout(probe(), what);
    return { status: 'up' };
  } catch (err) {
    return { status: 'down', detail: (err as Error).message.split('\n')[0] };
  }
}

/** Whether the API can serve: PostgreSQL and Temporal both answer within two seconds. */
@Injectable()
export class HealthService {
  constructor(
    private readonly db: Database,
    @Inject(TEMPORAL) private readonly temporal: TemporalHandle,
  ) {}

  async health() {
    const { db, temporal } = this;
    const [database, temporalCheck] = await Promise.all([
      check(() => db.query('SELECT 1'), 'PostgreSQL'),
      check(
        () => temporal.connection.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () => temporal.connection.workflowService.getSystemInfo({})),
        'Temporal',
      ),
    ]);
    const checks = { database, temporal: temporalCheck };
    const down = Object.entries(checks)
      .filter(([, c]) => c.status === 'down')
      .map(([name]) => name);
    if (down.length > 0) {
      throw new ApiError(503, `unavailable: ${down.join(' and ')}`, { 'Retry-After': '5' }, { checks });
    }
    return { status: 'ok', checks };
  }
}
