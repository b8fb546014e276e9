import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Envelope encryption for member birth data: the master key (configuration or a KMS) wraps each
 * org's key, the org key wraps each profile's key, the profile key seals the profile. Deleting a
 * profile deletes its wrapped key (crypto-shredding: no copy of the data, in a backup or a
 * replica, can be opened again); deleting an org destroys the org key, and with it every profile.
 * All three layers use AES-256-GCM with a fresh 96-bit nonce; the additional data binds each
 * ciphertext to its owner, so a sealed value copied to another row does not open.
 */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

export interface MasterKey {
  /** a short fingerprint stored beside each wrapped org key, so a rotation knows which key wrapped it */
  id: string;
  key: Buffer;
}

export function masterKeyFrom(base64: string): MasterKey {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error(`CI_MASTER_KEY must be the base64 of ${KEY_BYTES} bytes (e.g. \`openssl rand -base64 32\`)`);
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

/**
 * The master key: CI_MASTER_KEY when configured; otherwise, outside production, a key generated
 * once into the installation's state directory (mode 0600) and reused by every later start.
 */
export function loadMasterKey(options: { configured?: string; file: string; production: boolean }): MasterKey {
  if (options.configured) return masterKeyFrom(options.configured);
  if (options.production) {
    throw new Error('CI_MASTER_KEY is not set: production needs the Cultural Intelligence master key from your KMS or secret store');
  }
  if (!fs.existsSync(options.file)) {
    fs.mkdirSync(path.dirname(options.file), { recursive: true });
    try {
      fs.writeFileSync(options.file, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process created it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return masterKeyFrom(fs.readFileSync(options.file, 'utf8').trim());
}

export function seal(key: Buffer, plaintext: Buffer, associatedData: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, sealed: Buffer, associatedData: string): Buffer {
  const nonce = sealed.subarray(0, NONCE_BYTES);
  const tag = sealed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAAD(Buffer.from(associatedData, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
}

export const newDataKey = (): Buffer => randomBytes(KEY_BYTES);
