import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { PlatformConfig } from '@astro/config';
import { LoginThrottle } from '../auth/login-throttle';
import { openSession, verifyCustomerPassword } from '@astro/accounts';
import { accountStatement, findAccount } from '@astro/ledger';
import { notFound, unauthorized } from '../http/api-error';
import { CONFIG } from '../platform';

/** Customer logins, and the caller's account: its balance and its statement of credit events. */
@Injectable()
export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly loginThrottle: LoginThrottle,
    @Inject(CONFIG) private readonly config: PlatformConfig,
  ) {}

  /** A login: throttled per e-mail and client address, one password hash verified at a time. */
  async createSession(email: string, password: string, clientAddress: string) {
    const { db, loginThrottle, config } = this;
    const user = await loginThrottle.attempt(email, clientAddress, () => verifyCustomerPassword(db, email, password));
    if (!user) throw unauthorized('e-mail or password is wrong');
    const session = await openSession(db, user, config.sessionTtlSeconds);
    return { token: session.token, expires_at: new Date(session.expiresAt).toISOString() };
  }

  async account(accountId: string) {
    const account = await findAccount(this.db, accountId);
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

  async ledger(accountId: string, page: Parameters<typeof accountStatement>[2]) {
    const statement = await accountStatement(this.db, accountId, page);
    return { account_id: accountId, entries: statement.entries, next_before: statement.nextBefore };
  }
}
