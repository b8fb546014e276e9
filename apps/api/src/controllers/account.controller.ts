import { Body, Controller, Inject, Query, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { createSessionFor } from '../auth/sessions';
import { ROUTES } from '@astro/contracts';
import { accountStatement, findAccount } from '@astro/ledger';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { Platform, PLATFORM } from '../platform';
import { notFound } from '../http/api-error';

@Controller()
export class AccountController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform) {}

  @Endpoint(ROUTES.createSession)
  async createSession(@Req() request: FastifyRequest, @Body() body: unknown) {
    const credentials = parseInput(ROUTES.createSession.body, body, 'body');
    return createSessionFor(this.platform, credentials.email, credentials.password, request.ip);
  }

  @Endpoint(ROUTES.account)
  async account(@Req() request: FastifyRequest) {
    const account = await findAccount(this.platform.db, request.principal!.accountId);
    if (!account) throw notFound('account');
    return {
      account_id: account.id,
      name: account.name,
      tier: account.tier,
      credits_balance: account.balance,
      credits_granted: account.credits_granted,
      credits_charged: account.credits_charged,
      credits_refunded: account.credits_refunded,
      unlimited_credits: false,
    };
  }

  @Endpoint(ROUTES.accountLedger)
  async ledger(@Req() request: FastifyRequest, @Query() query: unknown) {
    const page = parseInput(ROUTES.accountLedger.query, query, 'query');
    const accountId = request.principal!.accountId;
    const statement = await accountStatement(this.platform.db, accountId, page);
    return { account_id: accountId, entries: statement.entries, next_before: statement.nextBefore };
  }
}
