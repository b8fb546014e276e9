import { Controller, Inject } from '@nestjs/common';
import { pricingDocument, ROUTES } from '@astro/contracts';
import { ApiError } from '../http/api-error';
import { Endpoint } from '../http/endpoint.decorator';
import { Platform, PLATFORM } from '../platform';

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS).unref()),
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

@Controller()
export class PlatformController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Endpoint(ROUTES.health)
  async health() {
    const { db, temporal } = this.platform;
    const [database, temporalCheck] = await Promise.all([
      check(() => db.query('SELECT 1'), 'PostgreSQL'),
      check(
        () => temporal.connection.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () => temporal.connection.workflowService.getSystemInfo({})),
        'Temporal',
      ),
    ]);
    const checks = { database, temporal: temporalCheck };
    const down = Object.entries(checks).filter(([, c]) => c.status === 'down').map(([name]) => name);
    if (down.length > 0) {
      throw new ApiError(503, `unavailable: ${down.join(' and ')}`, { 'Retry-After': '5' }, { checks });
    }
    return { status: 'ok', checks };
  }

  @Endpoint(ROUTES.pricing)
  pricing() {
    return pricingDocument();
  }
}
