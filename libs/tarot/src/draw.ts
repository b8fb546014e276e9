import { createHmac, randomInt } from 'node:crypto';

/** A source of uniform integers in [0, max). */
export type IntSource = (max: number) => number;

/** Unseeded draws: the operating system's CSPRNG (crypto.randomInt, itself unbiased). */
export const cryptoSource: IntSource = (max) => randomInt(max);

/**
 * Seeded draws: a deterministic stream of HMAC-SHA256(seed, "<context>:<block>") blocks, read 32
 * bits at a time, with rejection sampling so every value below `max` is equally likely. The same
 * seed and context give the same integers on every machine and version of Node.
 */
export function seededSource(seed: string, context: string): IntSource {
  let block = 0;
  let buffer = Buffer.alloc(0);
  let offset = 0;
  const next32 = () => {
    if (offset + 4 > buffer.length) {
      buffer = createHmac('sha256', seed).update(`${context}:${block++}`).digest();
      offset = 0;
    }
    const value = buffer.readUInt32BE(offset);
    offset += 4;
    return value;
  };
  return (max) => {
    const limit = Math.floor(0x1_0000_0000 / max) * max;
    for (;;) {
      const value = next32();
      if (value < limit) return value % max;
    }
  };
}

/** `count` distinct indexes of a deck of `size` cards: the first `count` steps of a Fisher–Yates shuffle. */
export function drawIndexes(size: number, count: number, next: IntSource): number[] {
  const order = Array.from({ length: size }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + next(size - i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, count);
}
