import { Inject, Injectable } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PricedOperation } from '@astro/contracts';
import { CreditsService } from '../credits.service';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

/**
 * The base of the controllers of metered calculations (charts, readings, calendars): each request
 * is validated, computed, then charged, so a refused or failed request costs nothing and the answer
 * leaves only once its charge is durable (docs/adr/0001-event-log-and-charging.md).
 */
@Injectable()
export abstract class CalculationController {
  constructor(
    @Inject(PLATFORM) protected readonly platform: Platform,
    protected readonly credits: CreditsService,
  ) {}

  protected get ephemerisPath(): string {
    return this.platform.config.ephemerisPath;
  }

  /** The answer `compute` gives, once `operation` is charged for it. */
  protected async computeThenCharge<T>(request: FastifyRequest, operation: PricedOperation, compute: () => T | Promise<T>): Promise<T> {
    const answer = await compute();
    await this.credits.charge(request, operation);
    return answer;
  }

  /** A priced route with a JSON body: its body parsed, its answer computed, then its operation charged. */
  protected async calculate<B extends z.ZodType, T>(
    request: FastifyRequest,
    route: { body: B; operation: PricedOperation },
    body: unknown,
    compute: (input: z.output<B>) => T | Promise<T>,
  ): Promise<T> {
    const input = parseInput(route.body, body, 'body');
    return this.computeThenCharge(request, route.operation, () => compute(input));
  }
}
