import { Controller, Inject, Query } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { parsePeriodBound, reconcile } from '@astro/finance';
import { badRequest } from '../http/api-error';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';

/** Finance's admin routes; the operator key is checked by the AccessGuard (auth: 'operator'). */
@Controller()
export class AdminFinanceController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Endpoint(ROUTES.adminFinanceReconciliation)
  async reconciliation(@Query() query: unknown) {
    const input = parseInput(ROUTES.adminFinanceReconciliation.query, query, 'query');
    const from = parsePeriodBound(input.from);
    const to = parsePeriodBound(input.to);
    if (!from) throw badRequest('from: not a valid date');
    if (!to) throw badRequest('to: not a valid date');
    if (!(from < to)) throw badRequest('to: must be after from');
    // The same fold as `finance:reconcile`: one library, so the CLI and the API cannot differ.
    return reconcile(this.platform.db, { from, to, accountId: input.account_id });
  }
}
