import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { AccountService } from './account.service';
import { Call, Route } from '../http/route';

@Injectable()
export class AccountRoutes {
  constructor(private readonly accounts: AccountService) {}

  @Route(ROUTES.createSession)
  createSession({ request, body }: Call<typeof ROUTES.createSession>) {
    const { email, password } = body;
    return this.accounts.createSession(email, password, request.ip);
  }

  @Route(ROUTES.account)
  async account({ caller }: Call<typeof ROUTES.account>) {
    return this.accounts.account(caller.accountId);
  }

  @Route(ROUTES.accountLedger)
  async ledger({ caller, query }: Call<typeof ROUTES.accountLedger>) {
    const page = query;
    return this.accounts.ledger(caller.accountId, page);
  }

  @Route(ROUTES.accountUsage)
  async usage({ caller, query }: Call<typeof ROUTES.accountUsage>) {
    return this.accounts.usage(caller.accountId, query);
  }
}
