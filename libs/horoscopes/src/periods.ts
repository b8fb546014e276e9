export const PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type Period = (typeof PERIODS)[number];

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const utc = (date: string) => Date.parse(`${date}T00:00:00Z`);

/**
 * The first day of the period that contains `date` (published horoscopes use UTC calendar days):
 * the day itself, the Monday of its ISO week, the 1st of its month, or 1 January.
 */
export function periodStart(period: Period, date: string): string {
  if (period === 'daily') return date;
  if (period === 'weekly') {
    const t = utc(date);
    const weekday = (new Date(t).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
    return iso(t - weekday * DAY);
  }
  if (period === 'monthly') return `${date.slice(0, 7)}-01`;
  return `${date.slice(0, 4)}-01-01`;
}

/** The first day of the period after the one that starts on `start`. */
export function nextPeriodStart(period: Period, start: string): string {
  const [y, m] = start.split('-').map(Number);
  if (period === 'daily') return iso(utc(start) + DAY);
  if (period === 'weekly') return iso(utc(start) + 7 * DAY);
  if (period === 'monthly') return iso(Date.UTC(y, m, 1));
  return iso(Date.UTC(y + 1, 0, 1));
}

/** The calendar days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = utc(from); t <= utc(to); t += DAY) days.push(iso(t));
  return days;
}
