import { decodeKeysetCursor, decodePositionCursor, encodeKeysetCursor, encodePositionCursor, keysetCursor, PositionCursor } from './cursor';

const b64 = (text: string) => Buffer.from(text).toString('base64url');
const BRAND = 'brand_0123456789abcdef01234567';
const CIP = 'cip_0123456789abcdef01234567';

describe('position cursors', () => {
  it('round-trip event positions', () => {
    for (const position of [1, 42, 2 ** 31, Number.MAX_SAFE_INTEGER])
      expect(decodePositionCursor(encodePositionCursor(position))).toBe(position);
  });

  it('refuse what no page gave out: not a position, out of range, not canonical base64url', () => {
    for (const forged of [
      b64('0'),
      b64('-1'),
      b64('1.5'),
      b64('1e3'),
      b64('007'),
      b64(' 7'),
      b64('9007199254740993'),
      b64('99999999999999999999'),
      b64('2024-02-30|x'),
      'abc',
      '!!',
      `${b64('7')}=`,
      '',
    ]) {
      expect(() => decodePositionCursor(forged)).toThrow(/cursor: must be the next_cursor/);
      expect(PositionCursor.safeParse(forged).success).toBe(false);
    }
    expect(PositionCursor.safeParse(encodePositionCursor(7)).success).toBe(true);
  });
});

describe('keyset cursors', () => {
  it('round-trip (created_at, id) with microseconds, as PostgreSQL renders them', () => {
    const keyset = { createdAt: '2026-11-26T23:59:59.123456Z', id: BRAND };
    expect(decodeKeysetCursor(encodeKeysetCursor(keyset), 'brandProfile')).toEqual(keyset);
    expect(keysetCursor('ciProfile').safeParse(encodeKeysetCursor({ createdAt: '2024-02-29T00:00:00Z', id: CIP })).success).toBe(true);
  });

  it('refuse days and times that do not exist, ids of another list, and anything else', () => {
    const forged = [
      b64('2024-02-30|x'), // the reproducer: MjAyNC0wMi0zMHx4
      b64(`2024-02-30T00:00:00Z|${CIP}`),
      b64(`2023-02-29T00:00:00Z|${CIP}`),
      b64(`2024-13-01T00:00:00Z|${CIP}`),
      b64(`2024-01-01T24:00:00Z|${CIP}`),
      b64(`2024-01-01T23:60:00Z|${CIP}`),
      b64(`0000-01-01T00:00:00Z|${CIP}`),
      b64(`2024-01-01T00:00:00.1234567Z|${CIP}`),
      b64(`2024-01-01T00:00:00+07:00|${CIP}`),
      b64(`2024-01-01T00:00:00Z|${BRAND}`), // a brand profile's cursor on the profile list
      b64(`2024-01-01T00:00:00Z|cip_0123`),
      b64(`2024-01-01T00:00:00Z|${CIP}|x`),
      b64('2024-01-01T00:00:00Z'),
      b64(`2024-01-01T00:00:00Z|${CIP}`) + '=',
      '*',
    ];
    expect(forged[0]).toBe('MjAyNC0wMi0zMHx4');
    for (const cursor of forged) {
      expect(() => decodeKeysetCursor(cursor, 'ciProfile')).toThrow(/cursor: must be the next_cursor/);
      expect(keysetCursor('ciProfile').safeParse(cursor).success).toBe(false);
    }
  });
});
