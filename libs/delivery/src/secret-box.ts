import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { loadConfig } from '@astro/config';

const MAGIC = Buffer.from('wse1'); // webhook secret, encrypted, format 1
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_BYTES = 8;

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES);

/**
 * Webhook signing secrets at rest: AES-256-GCM under WEBHOOK_SECRET_KEY, each value stored as
 * `wse1 | key id | nonce | tag | ciphertext`. The key id lets WEBHOOK_SECRET_KEY rotate: values
 * sealed under WEBHOOK_SECRET_KEY_PREVIOUS still open, and `npm run cli -- migrate` re-seals them.
 */
export class SecretBox {
  private readonly keys: Buffer[];

  constructor(current: Buffer, previous: Buffer[] = []) {
    for (const key of [current, ...previous]) if (key.length !== 32) throw new Error('WEBHOOK_SECRET_KEY must be the base64 of 32 bytes');
    this.keys = [current, ...previous];
  }

  static fromBase64(current: string, previous?: string): SecretBox {
    return new SecretBox(Buffer.from(current, 'base64'), previous ? [Buffer.from(previous, 'base64')] : []);
  }

  static isSealed(value: Buffer): boolean {
    return value.length > MAGIC.length && value.subarray(0, MAGIC.length).equals(MAGIC);
  }

  seal(plaintext: Buffer): Buffer {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.keys[0], nonce);
    cipher.setAAD(MAGIC);
    const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return Buffer.concat([MAGIC, keyIdOf(this.keys[0]), nonce, cipher.getAuthTag(), body]);
  }

  open(sealed: Buffer): Buffer {
    if (!SecretBox.isSealed(sealed)) throw new Error('not a sealed webhook secret');
    let offset = MAGIC.length;
    const keyId = sealed.subarray(offset, (offset += KEY_ID_BYTES));
    const key = this.keys.find((k) => keyIdOf(k).equals(keyId));
    if (!key)
      throw new Error(
        'this webhook secret was sealed with a key that is not configured (WEBHOOK_SECRET_KEY / WEBHOOK_SECRET_KEY_PREVIOUS)',
      );
    const nonce = sealed.subarray(offset, (offset += NONCE_BYTES));
    const tag = sealed.subarray(offset, (offset += TAG_BYTES));
    const decipher = createDecipheriv('aes-256-gcm', key, nonce);
    decipher.setAAD(MAGIC);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed.subarray(offset)), decipher.final()]);
  }

  /** True when the value was sealed under an older key and should be sealed again. */
  isStale(sealed: Buffer): boolean {
    return !SecretBox.isSealed(sealed) || !sealed.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES).equals(keyIdOf(this.keys[0]));
  }
}

let processBox: SecretBox | null = null;
/** The installation's box, from the configuration (WEBHOOK_SECRET_KEY, generated once into var/ in development). */
export function webhookSecretBox(): SecretBox {
  if (!processBox) {
    const config = loadConfig();
    processBox = SecretBox.fromBase64(config.webhookSecretKey, config.webhookSecretKeyPrevious);
  }
  return processBox;
}
