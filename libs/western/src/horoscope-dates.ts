import { fill } from '@astro/text';

/**
 * Dates, times and titles of a horoscope as its reader writes them (docs/horoscopes.md, "Dates"):
 * "Tuesday 10 March 2026" and "วันอังคารที่ 10 มีนาคม พ.ศ. 2569" (the Buddhist Era year, C.E. + 543),
 * never an ISO date. The words and their order come from the content file's `dates`.
 */
export interface DateWords {
  weekdays: string[];
  months: string[];
  day: string;
  day_in_year: string;
  week_in_month: string;
  week_in_year: string;
  week: string;
  month: string;
  year: string;
  year_offset: number;
  time: string;
  utc: string;
}

const parts = (isoDate: string) => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return { year: y, month: m, day: d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
};

function dayValues(w: DateWords, isoDate: string) {
  const p = parts(isoDate);
  return { weekday: w.weekdays[p.weekday], day: p.day, month: w.months[p.month - 1], year: p.year + w.year_offset };
}

/** "Tuesday 10 March 2026" / "วันอังคารที่ 10 มีนาคม พ.ศ. 2569". */
export const readerDay = (w: DateWords, isoDate: string) => fill(w.day, dayValues(w, isoDate));

/** "Tuesday 10 March" / "วันอังคารที่ 10 มีนาคม": a day inside a period whose year the title gives. */
export const readerDayInYear = (w: DateWords, isoDate: string) => fill(w.day_in_year, dayValues(w, isoDate));

/** "March 2026" / "มีนาคม พ.ศ. 2569". */
export const readerMonth = (w: DateWords, isoDate: string) => fill(w.month, dayValues(w, isoDate));

/** "2026" / "พ.ศ. 2569". */
export const readerYear = (w: DateWords, isoDate: string) => fill(w.year, { year: parts(isoDate).year + w.year_offset });

/** A week (or any run of days): "Monday 9 to Sunday 15 March 2026", across months and years as needed. */
export function readerDays(w: DateWords, start: string, end: string): string {
  const [a, b] = [parts(start), parts(end)];
  const [from, to] = [dayValues(w, start), dayValues(w, end)];
  const ends = { weekday_end: to.weekday, day_end: to.day, month_end: to.month };
  if (a.year !== b.year) return fill(w.week, { start: readerDay(w, start), end: readerDay(w, end) });
  return fill(a.month === b.month ? w.week_in_month : w.week_in_year, { ...from, ...ends });
}

/** "UTC", "UTC+7", "UTC−3:30" (offset in seconds east): the clock a horoscope's times are read on. */
export function zoneName(w: DateWords, offsetSeconds: number): string {
  if (offsetSeconds === 0) return w.utc;
  const sign = offsetSeconds > 0 ? '+' : '−';
  const hours = Math.floor(Math.abs(offsetSeconds) / 3600);
  const minutes = Math.floor((Math.abs(offsetSeconds) % 3600) / 60);
  return `${w.utc}${sign}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** The clock time of an instant at the reader's offset (seconds east), with its zone: "11:33 UTC", "18:33 น. UTC+7". */
export function readerTime(w: DateWords, utc: string, offsetSeconds: number): string {
  const local = new Date(Date.parse(utc) + offsetSeconds * 1000).toISOString().slice(11, 16);
  return fill(w.time, { time: local, zone: zoneName(w, offsetSeconds) });
}

/** The calendar day of an instant at the reader's offset (seconds east), YYYY-MM-DD. */
export const localDay = (utc: string, offsetSeconds: number) => new Date(Date.parse(utc) + offsetSeconds * 1000).toISOString().slice(0, 10);

/** Whole days from `a` to `b` (calendar dates). */
export const daysFrom = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
