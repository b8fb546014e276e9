import { API_KEY_PREFIX, findActiveApiKey, findActiveSession, SESSION_TOKEN_PREFIX } from '@astro/accounts';
import { Database } from '@astro/database';
import { ApiKeyUsageRecorder } from './api-key-usage';
import { Principal } from './principal';

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

  async authenticate(credential: string): Promise<Principal | null> {
    if (credential.startsWith(API_KEY_PREFIX)) return this.apiKey(credential);
    if (credential.startsWith(SESSION_TOKEN_PREFIX)) {
      const session = await findActiveSession(this.db, credential);
      return session && { kind: 'session', accountId: session.accountId, tier: session.tier, subjectId: session.userId };
    }
    return null;
  }

  private async apiKey(key: string): Promise<Principal | null> {
    const principal = await this.lookUpApiKey(key);
    if (principal) this.usage?.record(principal.subjectId);
    return principal;
  }

  private async lookUpApiKey(key: string): Promise<Principal | null> {
    const now = Date.now();
    const cached = this.cache.get(key);
    if (cached && cached.until > now) return cached.principal;
    const found = await findActiveApiKey(this.db, key);
    const principal: Principal | null = found && { kind: 'api_key', accountId: found.accountId, tier: found.tier, subjectId: found.keyId };
    if (this.cacheTtlMs > 0) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(key, { principal, until: now + this.cacheTtlMs });
    }
    return principal;
  }
}
