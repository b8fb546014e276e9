import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_BYTES = 8;

interface DerivedKeys {
  /** the first 16 hex characters of the configured key's SHA-256, stored beside what it made */
  id: string;
  mac: Buffer;
  cipher: Buffer;
}

function derive(base64: string): DerivedKeys {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('IDEMPOTENCY_SEAL_KEY must be the base64 of 32 bytes (e.g. `openssl rand -base64 32`)');
  // Two keys from one secret (HKDF-SHA256, RFC 5869), one per use: the request hash and the answer's encryption.
  const expand = (info: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));
  return {
    id: createHash('sha256')
      .update(key)
      .digest('hex')
      .slice(0, 2 * KEY_ID_BYTES),
    mac: expand('idempotency: request hash'),
    cipher: expand('idempotency: stored answer'),
  };
}

/**
 * What an idempotency store keeps of a keyed call, made unreadable to anyone holding the table
 * (a backup, a replica, an operator's SELECT) and readable again by a replay:
 * - the request as a keyed hash, `<key id>:<HMAC-SHA256 of the request's SHA-256>`: enough to tell
 *   the same request from another, and, unlike a bare SHA-256, no way to confirm a guessed name and
 *   birth date without the key;
 * - the answer (its headers and body, or a queued job), AES-256-GCM under a key derived from the same
 *   secret, bound to its row (`context`: the account, the Idempotency-Key and a queue route's scope),
 *   so a sealed answer moved to another row does not open.
 * The key is IDEMPOTENCY_SEAL_KEY; during a rotation IDEMPOTENCY_SEAL_KEY_PREVIOUS still matches and
 * opens what it made (the store's retention, 24 hours, is how long to keep it).
 */
export class IdempotencySeal {
  private readonly keys: DerivedKeys[];

  constructor(current: string, previous?: string) {
    this.keys = [derive(current), ...(previous ? [derive(previous)] : [])];
  }

  /** The stored form of a request, from the SHA-256 (hex) of its canonical text. */
  requestHash(requestSha256: string): string {
    const [key] = this.keys;
    return `${key.id}:${createHmac('sha256', key.mac).update(requestSha256).digest('hex')}`;
  }

  /** Whether a stored request hash is this request's, under whichever configured key made it. */
  sameRequest(stored: string, requestSha256: string): boolean {
    const [id, mac] = stored.split(':');
    const key = this.keys.find((k) => k.id === id);
    if (!key || mac === undefined) return false;
    const expected = createHmac('sha256', key.mac).update(requestSha256).digest();
    const given = Buffer.from(mac, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * What an answer is sealed against: its row, the account and its Idempotency-Key, and the key's
   * scope when it is a queue route's (the synchronous calls share the account's one key space).
   */
  contextOf(accountId: string, idempotencyKey: string, queueScope?: string): string {
    return queueScope === undefined ? `${accountId}\n${idempotencyKey}` : `${accountId}\n${queueScope}\n${idempotencyKey}`;
  }

  /** `key id | nonce | tag | ciphertext` of the answer's JSON. */
  seal(answer: unknown, context: string): Buffer {
    const [key] = this.keys;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key.cipher, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(JSON.stringify(answer), 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from(key.id, 'hex'), nonce, cipher.getAuthTag(), body]);
  }

  open<T>(sealed: Buffer, context: string): T {
    let offset = 0;
    const id = sealed.subarray(offset, (offset += KEY_ID_BYTES)).toString('hex');
    const key = this.keys.find((k) => k.id === id);
    if (!key) throw new Error('this answer was sealed under a key that is not configured (IDEMPOTENCY_SEAL_KEY, _PREVIOUS)');
    const nonce = sealed.subarray(offset, (offset += NONCE_BYTES));
    const tag = sealed.subarray(offset, (offset += TAG_BYTES));
    const decipher = createDecipheriv('aes-256-gcm', key.cipher, nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(sealed.subarray(offset)), decipher.final()]).toString('utf8')) as T;
  }
}
