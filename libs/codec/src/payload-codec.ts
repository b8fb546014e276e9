import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { METADATA_ENCODING_KEY, Payload, PayloadCodec } from '@temporalio/common';
import { temporal } from '@temporalio/proto';

export const ENCRYPTED_ENCODING = 'binary/encrypted';
export const KEY_ID_METADATA = 'encryption-key-id';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface CodecKey {
  id: string;
  key: Buffer;
}

/** A 32-byte key and its id (the first 16 hex characters of its SHA-256), for the payload metadata. */
export function codecKey(base64: string): CodecKey {
  const key = Buffer.from(base64, 'base64');
  if (key.length !== 32) throw new Error('TEMPORAL_PAYLOAD_KEY must be the base64 of 32 bytes (e.g. `openssl rand -base64 32`)');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

/**
 * Temporal's own mechanism for private data: every payload the client or the worker sends (workflow
 * inputs and results, activity inputs and results, signals, memos) is serialised and encrypted with
 * AES-256-GCM before it leaves the process, so the Temporal server, its history and the Web UI see
 * only ciphertext. The key id travels in the payload's metadata: payloads encrypted under a previous
 * key still decrypt while that key is configured (TEMPORAL_PAYLOAD_KEY_PREVIOUS), so keys rotate
 * without breaking running workflows. Search attributes are not payloads of this kind and carry no
 * personal data by design.
 */
export class AesGcmPayloadCodec implements PayloadCodec {
  private readonly keys: Map<string, Buffer>;

  constructor(
    private readonly current: CodecKey,
    previous: CodecKey[] = [],
  ) {
    this.keys = new Map([current, ...previous].map((k) => [k.id, k.key]));
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => {
      const plain = temporal.api.common.v1.Payload.encode(payload).finish();
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', this.current.key, nonce);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return {
        metadata: {
          [METADATA_ENCODING_KEY]: Buffer.from(ENCRYPTED_ENCODING),
          [KEY_ID_METADATA]: Buffer.from(this.current.id),
        },
        data: Buffer.concat([nonce, cipher.getAuthTag(), body]),
      };
    });
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((payload) => {
      if (Buffer.from(payload.metadata?.[METADATA_ENCODING_KEY] ?? []).toString() !== ENCRYPTED_ENCODING) return payload;
      const keyId = Buffer.from(payload.metadata?.[KEY_ID_METADATA] ?? []).toString();
      const key = this.keys.get(keyId);
      if (!key)
        throw new Error(
          `payload encrypted with key ${keyId}, which is not configured (TEMPORAL_PAYLOAD_KEY / TEMPORAL_PAYLOAD_KEY_PREVIOUS)`,
        );
      const data = Buffer.from(payload.data ?? []);
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, NONCE_BYTES));
      decipher.setAuthTag(data.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(data.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
      return temporal.api.common.v1.Payload.decode(plain);
    });
  }
}

/** The codec of an installation: TEMPORAL_PAYLOAD_KEY, and the previous key during a rotation. */
export function payloadCodec(config: { temporalPayloadKey: string; temporalPayloadKeyPrevious?: string }): AesGcmPayloadCodec {
  return new AesGcmPayloadCodec(
    codecKey(config.temporalPayloadKey),
    config.temporalPayloadKeyPrevious ? [codecKey(config.temporalPayloadKeyPrevious)] : [],
  );
}
