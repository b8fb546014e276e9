import { Body, Controller, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { ROUTES } from '@astro/contracts';
import { AccountService } from '../accounts/account.service';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';

@Controller()
export class AccountController {
  constructor(private readonly accounts: AccountService) {}

  @Endpoint(ROUTES.createSession)
  createSession(@Req() request: FastifyRequest, @Body() body: unknown) {
    const { email, password } = parseInput(ROUTES.createSession.body, body, 'body');
    return this.accounts.createSession(email, password, request.ip);
  }

  @Endpoint(ROUTES.account)
  async account(@Req() request: FastifyRequest) {
    return this.accounts.account(request.principal!.accountId);
  }

  @Endpoint(ROUTES.accountLedger)
  async ledger(@Req() request: FastifyRequest, @Query() query: unknown) {
    const page = parseInput(ROUTES.accountLedger.query, query, 'query');
    return this.accounts.ledger(request.principal!.accountId, page);
  }
}
