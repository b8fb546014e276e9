/** Master numbers are kept unreduced (Decoz, "Numerology: Key to Your Inner Self"; see docs/tarot-numerology.md). */
export const MASTER_NUMBERS = [11, 22, 33] as const;
export const KARMIC_DEBT_NUMBERS = [13, 14, 16, 19] as const;

export interface Reduction {
  value: number;
  /** every number the reduction passed through, first the starting total, last the value */
  chain: number[];
  /** the reduction written out, e.g. "1+9+8+4 = 22" or "1+9+3+6 = 19, 1+9 = 10, 1+0 = 1" */
  steps: string;
}

const digits = (n: number) => String(n).split('').map(Number);
const isMaster = (n: number) => (MASTER_NUMBERS as readonly number[]).includes(n);

/**
 * Reduces a total by adding its digits until a single digit or (when `keepMasters`) a master
 * number remains. `terms` are the numbers added to make the total, written first in the steps.
 */
export function reduce(terms: number[], keepMasters = true): Reduction {
  let total = terms.reduce((a, b) => a + b, 0);
  const parts = [terms.length === 1 ? `${total}` : `${terms.join('+')} = ${total}`];
  const chain = [total];
  while (total > 9 && !(keepMasters && isMaster(total))) {
    const next = digits(total);
    total = next.reduce((a, b) => a + b, 0);
    parts.push(`${next.join('+')} = ${total}`);
    chain.push(total);
  }
  return { value: total, chain, steps: parts.join(', ') };
}

/** A number reduced digit by digit, e.g. the year 1984 → "1+9+8+4 = 22". */
export function reduceNumber(n: number, keepMasters = true): Reduction {
  // A month 11 or a day 22 is itself a master number and stays whole.
  if (keepMasters && isMaster(n)) return { value: n, chain: [n], steps: `${n}` };
  const r = reduce(digits(n), keepMasters);
  // the number itself is the first total (a birth day 19 is a karmic debt 19)
  return n > 9 ? { ...r, chain: [n, ...r.chain] } : r;
}

/** The karmic debt numbers (13, 14, 16, 19) a reduction passed through. */
export function karmicDebtsOf(reduction: Reduction): number[] {
  return reduction.chain.filter((n) => (KARMIC_DEBT_NUMBERS as readonly number[]).includes(n));
}
