/**
 * How one horoscope text chooses among the written variants of a template, so that texts read as
 * written, not generated (docs/horoscopes.md, "Variety"):
 * - the variant turns with the period: a slot starts at (period number + the reader's seed + the
 *   slot's own salt) modulo the number of variants, so the same slot of two consecutive days never
 *   takes the same variant;
 * - within one text a variant is used once: a slot that meets a variant already used takes the next;
 * - a meaning (a planet in a house, a lunation in a house) is said once per text.
 */
export class VariedText {
  private readonly used = new Set<string>();

  /** `rotation`: the period's number (days since 1970 for a day, weeks, months or years) plus the reader's seed. */
  constructor(private readonly rotation: number) {}

  /** The variant of `slot` for this text; a single template is its own only variant. */
  pick(slot: string, variants: string | readonly string[]): string {
    const list = typeof variants === 'string' ? [variants] : variants;
    const start = (((this.rotation + saltOf(slot)) % list.length) + list.length) % list.length;
    for (let step = 0; step < list.length; step++) {
      const index = (start + step) % list.length;
      if (this.claim(`${slot}#${index}`)) return list[index];
    }
    // every variant is used: the pools are sized so that no period of the sky gets here (horoscope tests)
    return list[start];
  }

  /** True the first time `key` is claimed in this text. */
  claim(key: string): boolean {
    if (this.used.has(key)) return false;
    this.used.add(key);
    return true;
  }
}

/** A small stable number per slot name, so that different slots do not turn in step. */
function saltOf(slot: string): number {
  let h = 0;
  for (let i = 0; i < slot.length; i++) h = (h * 31 + slot.charCodeAt(i)) % 9973;
  return h;
}

/** A stable seed for a reader: the sign's index, or a number drawn from the birth instant. */
export function readerSeed(key: string | number): number {
  return typeof key === 'number' ? key : saltOf(key);
}
