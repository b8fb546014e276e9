import { Module } from '@nestjs/common';
import { AccountRoutes } from './account.routes';
import { AccountService } from './account.service';
import { ApiKeysRoutes } from './api-keys.routes';
import { ApiKeysService } from './api-keys.service';
import { BrandProfilesRoutes } from './brand-profiles.routes';
import { BrandProfilesService } from './brand-profiles.service';

/** Logins, the account and its statement, API keys, brand profiles (the reports and readings read them). */
@Module({
  providers: [AccountRoutes, ApiKeysRoutes, BrandProfilesRoutes, AccountService, ApiKeysService, BrandProfilesService],
  exports: [BrandProfilesService],
})
export class AccountsModule {}
