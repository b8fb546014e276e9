import { createHmac, timingSafeEqual } from 'node:crypto';
import { newSecretKey, secretToString, signWebhook, SigningKey } from './signing';

/**
 * Verification written from the Standard Webhooks specification, independent of the signing code:
 * the key is base64 after `whsec_`; the signed content is `<id>.<timestamp>.<body>`; the header
 * holds space-separated `v1,<base64 signature>` entries, any of which may match.
 */
function verifies(secret: string, headers: Record<string, string>, body: string): boolean {
  const key = Buffer.from(secret.split('_')[1], 'base64');
  const expected = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`).digest();
  return headers['webhook-signature'].split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

describe('Standard Webhooks signing', () => {
  const body = JSON.stringify({ type: 'report.completed', timestamp: '2026-11-22T00:00:00.000Z', data: { job_id: 'job_1' } });
  const now = new Date('2026-11-22T10:00:00Z');

  it('signs id, timestamp and body with the secret key (verified by an independent implementation)', () => {
    const key = newSecretKey();
    const secret = secretToString(key);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const headers = signWebhook([{ key, createdAt: now, retiresAt: null }], 'msg_abc', body, now);
    expect(headers['webhook-timestamp']).toBe(String(now.getTime() / 1000));
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(verifies(secret, { ...headers }, body)).toBe(true);
    expect(verifies(secret, { ...headers }, body.replace('job_1', 'job_2'))).toBe(false);
    expect(verifies(secret, { ...headers, 'webhook-timestamp': String(now.getTime() / 1000 + 1) }, body)).toBe(false);
    expect(verifies(secretToString(newSecretKey()), { ...headers }, body)).toBe(false);
  });

  it('signs with both secrets during the 24 h rotation window, then with the new one only', () => {
    const oldKey = newSecretKey();
    const newKey = newSecretKey();
    const rotatedAt = now;
    const keys: SigningKey[] = [
      { key: oldKey, createdAt: new Date(rotatedAt.getTime() - 86_400_000), retiresAt: new Date(rotatedAt.getTime() + 86_400_000) },
      { key: newKey, createdAt: rotatedAt, retiresAt: null },
    ];
    const during = signWebhook(keys, 'msg_1', body, new Date(rotatedAt.getTime() + 23 * 3600_000));
    expect(during['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifies(secretToString(oldKey), { ...during }, body)).toBe(true);
    expect(verifies(secretToString(newKey), { ...during }, body)).toBe(true);
    const after = signWebhook(keys, 'msg_1', body, new Date(rotatedAt.getTime() + 24 * 3600_000 + 1000));
    expect(after['webhook-signature'].split(' ')).toHaveLength(1);
    expect(verifies(secretToString(newKey), { ...after }, body)).toBe(true);
    expect(verifies(secretToString(oldKey), { ...after }, body)).toBe(false);
  });
});
