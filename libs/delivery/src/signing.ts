import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com, the convention of Svix and others):
 * the signature is `v1,` + base64(HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")), the
 * key being the bytes behind a `whsec_` secret. During a rotation several signatures are sent,
 * space-separated, so a receiver holding either secret verifies.
 */
export const SECRET_PREFIX = 'whsec_';
const KEY_BYTES = 32;

export function newSecretKey(): Buffer {
  return randomBytes(KEY_BYTES);
}

export function secretToString(key: Buffer): string {
  return SECRET_PREFIX + key.toString('base64');
}

export function secretKeyBytes(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

export function signatureOf(key: Buffer, webhookId: string, timestampSeconds: number, body: string): string {
  return 'v1,' + createHmac('sha256', key).update(`${webhookId}.${timestampSeconds}.${body}`).digest('base64');
}

/** A signing key of a subscription; `retiresAt` is set on the old key when the secret rotates. */
export interface SigningKey {
  key: Buffer;
  createdAt: Date;
  retiresAt: Date | null;
}

/** The keys that still sign at `now`: the current one and any rotated key within its window. */
export function activeKeys(keys: SigningKey[], now: Date): SigningKey[] {
  return keys
    .filter((k) => k.retiresAt === null || k.retiresAt.getTime() > now.getTime())
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three Standard Webhooks headers for one request, signed with every key active at `now`. */
export function signWebhook(keys: SigningKey[], webhookId: string, body: string, now: Date): SignedHeaders {
  const active = activeKeys(keys, now);
  if (active.length === 0) throw new Error('the subscription has no active signing key');
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': active.map((k) => signatureOf(k.key, webhookId, timestamp, body)).join(' '),
  };
}
