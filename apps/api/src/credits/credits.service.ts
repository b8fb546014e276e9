import { Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { ChargeBatcher } from '@astro/ledger';
import { priceOf, PricedOperation } from '@astro/contracts';
import { ApiMetrics } from '../metrics/api-metrics';
import { paymentRequired } from '../http/api-error';
import { Caller } from '../http/caller';
import { chargeIdempotentCall, IdempotentCall } from '../http/idempotent-calls';
import { CallCharges } from '../http/pipeline-ports';
import { eventMetadataOf } from '../http/request-ids';

/**
 * Charges synchronous operations through the ledger, group-committed with the other requests in
 * flight (ChargeBatcher); the caller answers only after the charge is durable. A 402 leaves no trace.
 */
@Injectable()
export class CreditsService implements CallCharges {
  constructor(
    private readonly db: Database,
    private readonly charges: ChargeBatcher,
    private readonly metrics: ApiMetrics,
  ) {}

  /**
   * Charges the call's price; a test key's call (test mode) is answered the same and charges nothing.
   * `idempotentCall` is the Idempotency-Key the call claimed, if any.
   */
  async charge(caller: Caller, operation: PricedOperation, idempotentCall: IdempotentCall | undefined): Promise<void> {
    if (!caller.livemode) return;
    const amount = priceOf(operation);
    // A retry that took over an abandoned keyed call whose charge had committed: not counted again.
    const alreadyCharged = idempotentCall?.charged === true;
    const metadata = eventMetadataOf(caller);
    const charge = { accountId: caller.accountId, operation, amount, requestId: metadata.request_id };
    // A call with an Idempotency-Key is charged in its own transaction with its key's mark (no second charge on a retry).
    const result = idempotentCall
      ? await chargeIdempotentCall(this.db, idempotentCall, charge, metadata)
      : await this.charges.charge(charge, metadata);
    if (!result) throw paymentRequired(amount);
    if (!alreadyCharged) this.metrics.creditsCharged.inc({ operation }, amount);
  }
}
