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
  async account({ request }: Call<typeof ROUTES.account>) {
    return this.accounts.account(request.principal!.accountId);
  }

  @Route(ROUTES.accountLedger)
  async ledger({ request, query }: Call<typeof ROUTES.accountLedger>) {
    const page = query;
    return this.accounts.ledger(request.principal!.accountId, page);
  }

  @Route(ROUTES.accountUsage)
  async usage({ request, query }: Call<typeof ROUTES.accountUsage>) {
    return this.accounts.usage(request.principal!.accountId, query);
  }
}
