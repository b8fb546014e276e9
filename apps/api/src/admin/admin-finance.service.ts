import { Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { parsePeriodBound, reconcile } from '@astro/finance';
import { badRequest } from '../http/api-error';

/** Finance for operators: the reconciliation report over a period. */
@Injectable()
export class AdminFinanceService {
  constructor(private readonly db: Database) {}

  async reconciliation(input: { from: string; to: string; account_id?: string }) {
    const from = parsePeriodBound(input.from);
    const to = parsePeriodBound(input.to);
    if (!from) throw badRequest('from: not a valid date');
    if (!to) throw badRequest('to: not a valid date');
    if (!(from < to)) throw badRequest('to: must be after from');
    // The same fold as `finance:reconcile`: one library, so the CLI and the API cannot differ.
    return reconcile(this.db, { from, to, accountId: input.account_id });
  }
}
