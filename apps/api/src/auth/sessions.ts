import { openSession, verifyCustomerPassword } from '@astro/accounts';
import { unauthorized } from '../http/api-error';
import { Platform } from '../platform';

/** A login: throttled per e-mail and client address, one password hash verified at a time. */
export async function createSessionFor(platform: Platform, email: string, password: string, clientAddress: string) {
  const user = await platform.loginThrottle.attempt(email, clientAddress, () => verifyCustomerPassword(platform.db, email, password));
  if (!user) throw unauthorized('e-mail or password is wrong');
  const session = await openSession(platform.db, user, platform.config.sessionTtlSeconds);
  return { token: session.token, expires_at: new Date(session.expiresAt).toISOString() };
}
