import { buddhistEraYear, thaiDate } from './thai';

const ENGLISH_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A `YYYY-MM-DD` date as a reader of the language writes it in running text: "10 March 2026",
 * "10 มีนาคม พ.ศ. 2569" (Buddhist Era year), "2026년 3월 10일". Any other language gets the English form.
 */
export function readerDate(language: string, isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) throw new Error(`not a calendar date: ${isoDate}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (language === 'th') return thaiDate(isoDate);
  if (language === 'ko') return `${year}년 ${month}월 ${day}일`;
  return `${day} ${ENGLISH_MONTHS[month - 1]} ${year}`;
}

/**
 * A civil year as a reader of the language counts it in running text: the Buddhist Era year in
 * Thai (2026 → 2569, the template writes "พ.ศ." before it), the Common Era year otherwise.
 */
export const readerYear = (language: string, year: number): number => (language === 'th' ? buddhistEraYear(year) : year);
