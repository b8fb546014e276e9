/**
 * The type of each Thai lunar year: normal (ปกติมาส ปกติวาร, 354 days), Athikawan (อธิกวาร, 355
 * days: the 7th month has 30 days) or Athikamat (อธิกมาส, 384 days: a second 8th month, 8/8).
 *
 * A "lunar year Y" here is the year whose month 1 begins in November or December of Y − 1 and whose
 * Makha, Visakha and Asarnha Bucha fall in the civil year Y (the reckoning Thailand's holiday
 * announcements use, and the `holidays` library's Thai lunisolar calendar).
 *
 * Source of the published table 1914–2157: the year types of the Thai lunar calendar B.E. 2300–2700
 * as tabulated in the `holidays` library (vacanza/holidays, holidays/calendars/thai.py,
 * ATHIKAMAT_YEARS_GREGORIAN and ATHIKAWAN_YEARS_GREGORIAN), which lists them from that calendar.
 * Outside the table (1901–1913 and 2158–2200) the type is extrapolated by a mean-lunation rule
 * (see `extrapolatedYearType`) and answers say so (`year_type_source: "extrapolated"`).
 */
export type ThaiYearType = 'normal' | 'athikawan' | 'athikamat';

export const PUBLISHED_FIRST_YEAR = 1914;
export const PUBLISHED_LAST_YEAR = 2157;
/** Month 1, waxing 1 of lunar year 1914 (the table's anchor, as in the `holidays` library). */
export const PUBLISHED_ANCHOR_ISO = '1913-11-28';

const ATHIKAMAT_YEARS = new Set([
  1915, 1918, 1920, 1923, 1926, 1928, 1931, 1934, 1937, 1939, 1942, 1944, 1947, 1950, 1953, 1956, 1958, 1961, 1964, 1966, 1969, 1972, 1975,
  1977, 1980, 1983, 1985, 1988, 1991, 1994, 1996, 1999, 2002, 2004, 2007, 2010, 2012, 2015, 2018, 2021, 2023, 2026, 2029, 2031, 2034, 2037,
  2040, 2042, 2045, 2048, 2050, 2053, 2056, 2059, 2062, 2064, 2066, 2069, 2072, 2074, 2077, 2080, 2082, 2085, 2088, 2091, 2094, 2096, 2099,
  2101, 2104, 2107, 2112, 2114, 2116, 2119, 2122, 2124, 2127, 2130, 2132, 2135, 2138, 2141, 2144, 2146, 2149, 2151, 2154, 2157,
]);

const ATHIKAWAN_YEARS = new Set([
  1914, 1917, 1925, 1929, 1933, 1936, 1945, 1949, 1952, 1957, 1963, 1970, 1973, 1979, 1987, 1990, 1997, 2000, 2006, 2009, 2016, 2020, 2025,
  2032, 2035, 2043, 2046, 2052, 2055, 2058, 2067, 2071, 2076, 2083, 2086, 2092, 2097, 2103, 2109, 2111, 2117, 2121, 2126, 2133, 2136, 2142,
  2147, 2153,
]);

export function isPublishedYear(year: number): boolean {
  return year >= PUBLISHED_FIRST_YEAR && year <= PUBLISHED_LAST_YEAR;
}

export function publishedYearType(year: number): ThaiYearType {
  if (ATHIKAMAT_YEARS.has(year)) return 'athikamat';
  if (ATHIKAWAN_YEARS.has(year)) return 'athikawan';
  return 'normal';
}

export function daysInYear(type: ThaiYearType): number {
  return type === 'athikamat' ? 384 : type === 'athikawan' ? 355 : 354;
}

/** Mean synodic month in days (used only by the extrapolation). */
const MEAN_SYNODIC_MONTH = 29.530589;
/**
 * Extrapolated year type outside the published table. Athikamat: the approximate rule quoted beside
 * the table in the `holidays` library, ((CE − 78) − 0.45222) mod 2.7118886 < 1. Athikawan: a day is
 * added to the first non-Athikamat year whose next year would otherwise start more than half a day
 * ahead of the mean lunation counted from the 1914 anchor. This is an approximation, not an almanac:
 * answers for these years carry `year_type_source: "extrapolated"`.
 */
export function extrapolatedAthikamat(year: number): boolean {
  return (((year - 78 - 0.45222) % 2.7118886) + 2.7118886) % 2.7118886 < 1;
}

export interface YearTypeTable {
  first: number;
  last: number;
  types: Map<number, ThaiYearType>;
}

/** Builds the year types for [first, last], published where known, extrapolated outside. */
export function buildYearTypes(first: number, last: number): Map<number, ThaiYearType> {
  const types = new Map<number, ThaiYearType>();
  for (let y = Math.max(first, PUBLISHED_FIRST_YEAR); y <= Math.min(last, PUBLISHED_LAST_YEAR); y++) types.set(y, publishedYearType(y));
  // Forward from the end of the table: keep the lag of each year start behind the mean lunation.
  let lag = lagAt(PUBLISHED_LAST_YEAR + 1, types);
  let pendingDay = false;
  for (let y = PUBLISHED_LAST_YEAR + 1; y <= last; y++) {
    const leapMonth = extrapolatedAthikamat(y);
    const base = leapMonth ? 384 : 354;
    const nextLag = lag + base - (leapMonth ? 13 : 12) * MEAN_SYNODIC_MONTH;
    let extraDay = false;
    if (nextLag < -0.5 || pendingDay) {
      if (leapMonth) pendingDay = true;
      else {
        extraDay = true;
        pendingDay = false;
      }
    }
    const type: ThaiYearType = leapMonth ? 'athikamat' : extraDay ? 'athikawan' : 'normal';
    types.set(y, type);
    lag = nextLag + (extraDay ? 1 : 0);
  }
  // Backward from the start of the table, the same rule read in reverse.
  lag = 0;
  for (let y = PUBLISHED_FIRST_YEAR - 1; y >= first; y--) {
    const leapMonth = extrapolatedAthikamat(y);
    const base = leapMonth ? 384 : 354;
    const months = leapMonth ? 13 : 12;
    // lag at the start of y if it had no extra day
    const lagIfNormal = lag - base + months * MEAN_SYNODIC_MONTH;
    const extraDay = !leapMonth && lagIfNormal > 0.5;
    types.set(y, leapMonth ? 'athikamat' : extraDay ? 'athikawan' : 'normal');
    lag = lagIfNormal - (extraDay ? 1 : 0);
  }
  return types;
}

function lagAt(year: number, types: Map<number, ThaiYearType>): number {
  let lag = 0;
  for (let y = PUBLISHED_FIRST_YEAR; y < year; y++) {
    const type = types.get(y)!;
    lag += daysInYear(type) - (type === 'athikamat' ? 13 : 12) * MEAN_SYNODIC_MONTH;
  }
  return lag;
}
