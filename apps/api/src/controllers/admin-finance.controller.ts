import { Controller, Query } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { AdminFinanceService } from '../finance/admin-finance.service';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

/** Finance's admin routes; the operator key is checked by the AccessGuard (auth: 'operator'). */
@Controller()
export class AdminFinanceController {
  constructor(private readonly finance: AdminFinanceService) {}

  @Endpoint(ROUTES.adminFinanceReconciliation)
  async reconciliation(@Query() query: unknown) {
    return this.finance.reconciliation(parseInput(ROUTES.adminFinanceReconciliation.query, query, 'query'));
  }
}
