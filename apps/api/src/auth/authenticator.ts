import { API_KEY_PREFIX, findActiveApiKey, findActiveSession, SESSION_TOKEN_PREFIX, TEST_API_KEY_PREFIX } from '@astro/accounts';
import { Database } from '@astro/database';
import { ApiKeyUsageRecorder } from './api-key-usage';
import { Principal } from '../http/caller';

interface CacheEntry {
  principal: Principal | null;
  until: number;
}

/**
 * Resolves bearer credentials to a principal. API-key lookups are cached for a few seconds
 * (AUTH_CACHE_TTL_MS) because every request authenticates; a revoked key or changed tier takes
 * effect within that time. Sessions are looked up every time (they expire on a clock). Every
 * request of a key is counted (ApiKeyUsageRecorder) for its owner's usage view.
 */
export class Authenticator {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(
    private readonly db: Database,
    private readonly cacheTtlMs: number,
    private readonly usage?: ApiKeyUsageRecorder,
  ) {}

  /** The credential's principal; a cached API key answers without a promise (every request asks). */
  authenticate(credential: string): Principal | null | Promise<Principal | null> {
    if (credential.startsWith(API_KEY_PREFIX) || credential.startsWith(TEST_API_KEY_PREFIX)) {
      const cached = this.cache.get(credential);
      if (cached && cached.until > Date.now()) return this.used(cached.principal);
      return this.lookUpApiKey(credential).then((principal) => this.used(principal));
    }
    if (credential.startsWith(SESSION_TOKEN_PREFIX)) return this.session(credential);
    return null;
  }

  private async session(token: string): Promise<Principal | null> {
    const session = await findActiveSession(this.db, token);
    // A customer session (the console) acts in live mode.
    return session && { kind: 'session', accountId: session.accountId, tier: session.tier, subjectId: session.userId, livemode: true };
  }

  private used(principal: Principal | null): Principal | null {
    if (principal) this.usage?.record(principal.subjectId);
    return principal;
  }

  private async lookUpApiKey(key: string): Promise<Principal | null> {
    const asked = Date.now();
    const found = await findActiveApiKey(this.db, key);
    const principal: Principal | null = found && {
      kind: 'api_key',
      accountId: found.accountId,
      tier: found.tier,
      subjectId: found.keyId,
      livemode: found.livemode,
    };
    if (this.cacheTtlMs > 0) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(key, { principal, until: asked + this.cacheTtlMs });
    }
    return principal;
  }
}
