import { Inject, Injectable } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { priceOf, PricedOperation } from '@astro/contracts';
import { actorOf } from './auth/principal';
import { paymentRequired } from './http/api-error';
import { Platform, PLATFORM } from './platform';

/**
 * Charges synchronous operations through the ledger, group-committed with the other requests in
 * flight (ChargeBatcher); the caller answers only after the charge is durable. A 402 leaves no trace.
 */
@Injectable()
export class CreditsService {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async charge(request: FastifyRequest, operation: PricedOperation): Promise<number> {
    const principal = request.principal!;
    const requestId = String(request.id);
    const amount = priceOf(operation);
    const result = await this.platform.charges.charge(
      { accountId: principal.accountId, operation, amount, requestId },
      { request_id: requestId, actor: actorOf(principal) },
    );
    if (!result) throw paymentRequired(amount);
    this.platform.metrics.creditsCharged.inc({ operation }, amount);
    return result.balance;
  }
}
