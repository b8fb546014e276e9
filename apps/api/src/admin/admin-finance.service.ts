import { Inject, Injectable } from '@nestjs/common';
import { parsePeriodBound, reconcile } from '@astro/finance';
import { badRequest } from '../http/api-error';
import { Platform, PLATFORM } from '../platform';

/** Finance for operators: the reconciliation report over a period. */
@Injectable()
export class AdminFinanceService {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  async reconciliation(input: { from: string; to: string; account_id?: string }) {
    const from = parsePeriodBound(input.from);
    const to = parsePeriodBound(input.to);
    if (!from) throw badRequest('from: not a valid date');
    if (!to) throw badRequest('to: not a valid date');
    if (!(from < to)) throw badRequest('to: must be after from');
    // The same fold as `finance:reconcile`: one library, so the CLI and the API cannot differ.
    return reconcile(this.platform.db, { from, to, accountId: input.account_id });
  }
}
