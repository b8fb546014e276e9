import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { PlatformConfig } from '@astro/config';
import { LoginThrottle } from '../auth/login-throttle';
import { openSession, verifyCustomerPassword } from '@astro/accounts';
import { accountStatement, accountUsage, findAccount, isUnknownTimeZoneError } from '@astro/ledger';
import { AccountUsageResponse, USAGE_MAX_DAYS } from '@astro/contracts';
import { badRequest, notFound, unauthorized } from '../http/api-error';
import { CONFIG } from '../platform/platform';

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

  /** Usage by day and operation; the period defaults to the 30 days that end today in the caller's time zone. */
  async usage(accountId: string, query: { from?: string; to?: string; time_zone: string }): Promise<AccountUsageResponse> {
    const timeZone = query.time_zone;
    const to = query.to ?? todayIn(timeZone);
    const from = query.from ?? addDays(to, -29);
    if (from > to) throw badRequest('invalid query: from: must not be after to (today when to is not given)');
    if (addDays(from, USAGE_MAX_DAYS - 1) < to) throw badRequest(`invalid query: from: the period may span at most ${USAGE_MAX_DAYS} days`);
    try {
      const usage = await accountUsage(this.db, accountId, { from, to, timeZone });
      return { account_id: accountId, from, to, time_zone: timeZone, ...usage };
    } catch (err) {
      // A name Node knows but the database's time zone files do not: the caller's 400, never a 500.
      if (isUnknownTimeZoneError(err)) throw badRequest(`invalid query: time_zone: unknown time zone ${JSON.stringify(timeZone)}`);
      throw err;
    }
  }
}

/** Today's date (YYYY-MM-DD) on the calendar of an IANA time zone. */
function todayIn(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
