import { Graha, GRAHAS, signIndex, SIGN_NAMES } from './chart/graha-rules';
import type { NatalChart } from './chart/natal-chart';

type Contributor = Graha | 'Lagna';
const CONTRIBUTORS: Contributor[] = [...GRAHAS, 'Lagna'];

/**
 * Benefic places (houses counted from each contributor) of the Bhinnashtakavarga of each graha,
 * BPHS 66 (Ashtakavarga adhyaya), in the order Sun, Moon, Mars, Mercury, Jupiter, Venus, Saturn, Lagna.
 * Totals: Sun 48, Moon 49, Mars 39, Mercury 54, Jupiter 56, Venus 52, Saturn 39 = 337.
 */
export const BENEFIC_PLACES: Record<Graha, Record<Contributor, number[]>> = {
  Sun: {
    Sun: [1, 2, 4, 7, 8, 9, 10, 11],
    Moon: [3, 6, 10, 11],
    Mars: [1, 2, 4, 7, 8, 9, 10, 11],
    Mercury: [3, 5, 6, 9, 10, 11, 12],
    Jupiter: [5, 6, 9, 11],
    Venus: [6, 7, 12],
    Saturn: [1, 2, 4, 7, 8, 9, 10, 11],
    Lagna: [3, 4, 6, 10, 11, 12],
  },
  Moon: {
    Sun: [3, 6, 7, 8, 10, 11],
    Moon: [1, 3, 6, 7, 10, 11],
    Mars: [2, 3, 5, 6, 9, 10, 11],
    Mercury: [1, 3, 4, 5, 7, 8, 10, 11],
    Jupiter: [1, 4, 7, 8, 10, 11, 12],
    Venus: [3, 4, 5, 7, 9, 10, 11],
    Saturn: [3, 5, 6, 11],
    Lagna: [3, 6, 10, 11],
  },
  Mars: {
    Sun: [3, 5, 6, 10, 11],
    Moon: [3, 6, 11],
    Mars: [1, 2, 4, 7, 8, 10, 11],
    Mercury: [3, 5, 6, 11],
    Jupiter: [6, 10, 11, 12],
    Venus: [6, 8, 11, 12],
    Saturn: [1, 4, 7, 8, 9, 10, 11],
    Lagna: [1, 3, 6, 10, 11],
  },
  Mercury: {
    Sun: [5, 6, 9, 11, 12],
    Moon: [2, 4, 6, 8, 10, 11],
    Mars: [1, 2, 4, 7, 8, 9, 10, 11],
    Mercury: [1, 3, 5, 6, 9, 10, 11, 12],
    Jupiter: [6, 8, 11, 12],
    Venus: [1, 2, 3, 4, 5, 8, 9, 11],
    Saturn: [1, 2, 4, 7, 8, 9, 10, 11],
    Lagna: [1, 2, 4, 6, 8, 10, 11],
  },
  Jupiter: {
    Sun: [1, 2, 3, 4, 7, 8, 9, 10, 11],
    Moon: [2, 5, 7, 9, 11],
    Mars: [1, 2, 4, 7, 8, 10, 11],
    Mercury: [1, 2, 4, 5, 6, 9, 10, 11],
    Jupiter: [1, 2, 3, 4, 7, 8, 10, 11],
    Venus: [2, 5, 6, 9, 10, 11],
    Saturn: [3, 5, 6, 12],
    Lagna: [1, 2, 4, 5, 6, 7, 9, 10, 11],
  },
  Venus: {
    Sun: [8, 11, 12],
    Moon: [1, 2, 3, 4, 5, 8, 9, 11, 12],
    Mars: [3, 5, 6, 9, 11, 12],
    Mercury: [3, 5, 6, 9, 11],
    Jupiter: [5, 8, 9, 10, 11],
    Venus: [1, 2, 3, 4, 5, 8, 9, 10, 11],
    Saturn: [3, 4, 5, 8, 9, 10, 11],
    Lagna: [1, 2, 3, 4, 5, 8, 9, 11],
  },
  Saturn: {
    Sun: [1, 2, 4, 7, 8, 10, 11],
    Moon: [3, 6, 11],
    Mars: [3, 5, 6, 10, 11, 12],
    Mercury: [6, 8, 9, 10, 11, 12],
    Jupiter: [5, 6, 11, 12],
    Venus: [6, 11, 12],
    Saturn: [3, 5, 6, 11],
    Lagna: [1, 3, 4, 6, 10, 11],
  },
};

export interface Ashtakavarga {
  signs: (typeof SIGN_NAMES)[number][];
  /** Bindus of each graha's Bhinnashtakavarga per sign, Aries to Pisces. */
  bhinnashtakavarga: Record<Graha, { bindus: number[]; total: number }>;
  /** Sarvashtakavarga: the seven BAVs added sign by sign (always 337 in all). */
  sarvashtakavarga: { bindus: number[]; total: number };
}

/** Ashtakavarga from the signs (0–11) of the seven grahas and the lagna. */
export function ashtakavarga(signs: Record<Contributor, number>): Ashtakavarga {
  const bhinna = {} as Ashtakavarga['bhinnashtakavarga'];
  const sav = new Array<number>(12).fill(0);
  for (const graha of GRAHAS) {
    const bindus = new Array<number>(12).fill(0);
    for (const contributor of CONTRIBUTORS) {
      for (const place of BENEFIC_PLACES[graha][contributor]) bindus[(signs[contributor] + place - 1) % 12] += 1;
    }
    bindus.forEach((b, i) => (sav[i] += b));
    bhinna[graha] = { bindus, total: bindus.reduce((a, b) => a + b, 0) };
  }
  return { signs: [...SIGN_NAMES], bhinnashtakavarga: bhinna, sarvashtakavarga: { bindus: sav, total: sav.reduce((a, b) => a + b, 0) } };
}

/** Ashtakavarga of a chart: its lagna and the signs its seven grahas occupy. */
export function chartAshtakavarga(chart: NatalChart): Ashtakavarga {
  const signs = { Lagna: signIndex(chart.ascendant) } as Record<Contributor, number>;
  for (const graha of GRAHAS) signs[graha] = chart.grahas[graha].sign;
  return ashtakavarga(signs);
}
