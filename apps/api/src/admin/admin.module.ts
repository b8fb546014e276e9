import { Module } from '@nestjs/common';
import { AdminFinanceRoutes } from './admin-finance.routes';
import { AdminFinanceService } from './admin-finance.service';

/** The operator's finance views. */
@Module({
  providers: [AdminFinanceRoutes, AdminFinanceService],
})
export class AdminModule {}
