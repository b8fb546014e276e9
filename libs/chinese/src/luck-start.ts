import { BirthMoment, LuckDirection } from '@astro/saju';

const MS_PER_MINUTE = 60_000;

export interface LuckStart {
  years: number;
  months: number;
  days: number;
  hours: number;
  /** minutes between the birth and the jeol term that sets the start (next when forward, previous when backward) */
  minutes_to_term: number;
  /** the local civil date and time (the birth's offset) the first luck pillar begins */
  start_local: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localIso = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/**
 * 起运: three days between the birth and the jeol term make one year of age, so one day makes four
 * months and two hours (one 时辰) make ten days. Counted in whole minutes: 4,320 minutes = 1
 * year, 360 = 1 month, 12 = 1 day, each remaining minute = 2 hours (the arithmetic of
 * lunar-javascript's `getYun(gender, 2)`, which the oracle test compares).
 */
export function luckStart(birth: BirthMoment, direction: LuckDirection, offsetSeconds: number): LuckStart {
  const [fromMs, toMs] = direction === 'forward' ? [birth.instantMs, birth.nextJeol.ms] : [birth.previousJeol.ms, birth.instantMs];
  let minutes = Math.floor(toMs / MS_PER_MINUTE) - Math.floor(fromMs / MS_PER_MINUTE);
  const minutesToTerm = minutes;
  const years = Math.floor(minutes / 4320);
  minutes -= years * 4320;
  const months = Math.floor(minutes / 360);
  minutes -= months * 360;
  const days = Math.floor(minutes / 12);
  minutes -= days * 12;
  const hours = minutes * 2;
  // Calendar arithmetic on the local birth clock, as an almanac adds years, months and days.
  const local = new Date(Math.floor(birth.instantMs / MS_PER_MINUTE) * MS_PER_MINUTE + offsetSeconds * 1000);
  const start = addCalendar(local, years, months, days, hours);
  return { years, months, days, hours, minutes_to_term: minutesToTerm, start_local: localIso(start) };
}

/**
 * Adds whole years, then whole months (each step falls back to the month's last day when the day
 * does not exist, so 29 February + 1 year is 28 February), then days and hours — the order
 * lunar-javascript's getStartSolar uses.
 */
export function addCalendar(local: Date, years: number, months: number, days: number, hours: number): Date {
  const clamped = (y: number, m: number, d: number) => Math.min(d, new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  let y = local.getUTCFullYear() + years;
  let m = local.getUTCMonth();
  let d = clamped(y, m, local.getUTCDate());
  y += Math.floor((m + months) / 12);
  m = (m + months) % 12;
  d = clamped(y, m, d);
  const moved = Date.UTC(y, m, d, local.getUTCHours(), local.getUTCMinutes());
  return new Date(moved + (days * 24 + hours) * 3_600_000);
}
