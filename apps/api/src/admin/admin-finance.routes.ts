import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { AdminFinanceService } from './admin-finance.service';
import { Call, Route } from '../http/route';

/** Finance's admin routes; the operator key is checked by the AccessGuard (auth: 'operator'). */
@Injectable()
export class AdminFinanceRoutes {
  constructor(private readonly finance: AdminFinanceService) {}

  @Route(ROUTES.adminFinanceReconciliation)
  async reconciliation({ query }: Call<typeof ROUTES.adminFinanceReconciliation>) {
    return this.finance.reconciliation(query);
  }
}
