/**
 * Thai editions (docs/content.md, "Thai dates and digits"): Buddhist Era years (พ.ศ. = C.E. + 543,
 * the official Thai calendar since 1941), Thai month names as the Royal Institute writes them, and
 * Thai digits (๐–๙) when the customer asks for them.
 */

export const THAI_MONTHS = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
] as const;
export const THAI_MONTHS_SHORT = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'] as const;

/** Buddhist Era year of a Gregorian year (the Thai civil year has begun on 1 January since 1941). */
export const buddhistEraYear = (gregorianYear: number) => gregorianYear + 543;

const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';
/** Arabic digits written as Thai digits: "2569" → "๒๕๖๙". Everything else is left as it is. */
export function toThaiDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => THAI_DIGITS[Number(d)]);
}

/** A `YYYY-MM-DD` date as Thai readers write it: "15 พฤษภาคม พ.ศ. 2569" (long) or "15 พ.ค. 2569" (short). */
export function thaiDate(isoDate: string, style: 'long' | 'short' = 'long'): string {
  const m = /^(-?\d{4,})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) throw new Error(`not a calendar date: ${isoDate}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return style === 'long'
    ? `${day} ${THAI_MONTHS[month - 1]} พ.ศ. ${buddhistEraYear(year)}`
    : `${day} ${THAI_MONTHS_SHORT[month - 1]} ${buddhistEraYear(year)}`;
}
