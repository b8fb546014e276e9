import { openSession, verifyCustomerPassword } from '@astro/accounts';
import { unauthorized } from '../http/api-error';
import { Platform } from '../platform';

export async function createSessionFor(platform: Platform, email: string, password: string) {
  const user = await verifyCustomerPassword(platform.db, email, password);
  if (!user) throw unauthorized('e-mail or password is wrong');
  const session = await openSession(platform.db, user, platform.config.sessionTtlSeconds);
  return { token: session.token, expires_at: new Date(session.expiresAt).toISOString() };
}
