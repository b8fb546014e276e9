import { jeolTermsOfYear } from '@astro/ephemeris';

const MS_PER_DAY = 86_400_000;
const UNIX_EPOCH_JD = 2440587.5;

export interface JeolTerm {
  /** The Sun's tropical longitude that starts the solar month, degrees. */
  longitude: number;
  /** The instant, milliseconds since 1970 UTC. */
  ms: number;
}

// Terms per civil year. A year of terms costs about 0.4 ms of ephemeris calls; a chart needs
// three years of them, so caching makes repeat charts (the common case) pure arithmetic.
// 600 years × 12 numbers is the whole ephemeris range: small enough never to evict.
const cache = new Map<string, JeolTerm[]>();

export function jeolTermsOf(year: number, ephemerisPath: string): JeolTerm[] {
  const key = `${ephemerisPath}|${year}`;
  let terms = cache.get(key);
  if (!terms) {
    terms = jeolTermsOfYear(year, ephemerisPath).map((t) => ({
      longitude: t.longitude,
      ms: Math.round((t.jdUt - UNIX_EPOCH_JD) * MS_PER_DAY),
    }));
    cache.set(key, terms);
  }
  return terms;
}

/** The last jeol term at or before the instant and the first one after it (compared in UTC). */
export function surroundingJeolTerms(instantMs: number, ephemerisPath: string): { previous: JeolTerm; next: JeolTerm } {
  const year = new Date(instantMs).getUTCFullYear();
  const terms = jeolTermsOf(year, ephemerisPath);
  // All twelve terms of a civil year fall between about 5 January and 8 December; a neighbouring
  // year is computed only when the instant lies outside them, so the first and last days of the
  // ephemeris range still work.
  const nextIndex = terms.findIndex((t) => t.ms > instantMs);
  if (nextIndex === 0) return { previous: jeolTermsOf(year - 1, ephemerisPath)[11], next: terms[0] };
  if (nextIndex === -1) return { previous: terms[11], next: jeolTermsOf(year + 1, ephemerisPath)[0] };
  return { previous: terms[nextIndex - 1], next: terms[nextIndex] };
}

/** Ipchun (Sun at 315°, about 4 February) of a civil year: the start of its sexagenary year. */
export function ipchunOf(year: number, ephemerisPath: string): JeolTerm {
  return jeolTermsOf(year, ephemerisPath).find((t) => t.longitude === 315)!;
}

/** Empties the per-year cache (benchmarks measure the cold path with it). */
export function clearJeolTermCache(): void {
  cache.clear();
}
