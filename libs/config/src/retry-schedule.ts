/**
 * WEBHOOK_RETRY_SCHEDULE: comma-separated seconds to wait before each attempt, the first entry
 * being the wait before the first attempt. The default is the Standard Webhooks / Svix schedule:
 * immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then the delivery is exhausted.
 */
export const DEFAULT_RETRY_SCHEDULE = '0,5,300,1800,7200,18000,36000,36000';
const MAX_ATTEMPTS = 50;
const MAX_WAIT_SECONDS = 7 * 24 * 3600;

export function parseRetrySchedule(value: string | undefined): number[] {
  const text = value === undefined || value.trim() === '' ? DEFAULT_RETRY_SCHEDULE : value;
  const entries = text.split(',').map((s) => s.trim());
  const schedule = entries.map((entry) => {
    const seconds = Number(entry);
    if (entry === '' || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_WAIT_SECONDS) {
      throw new Error(`WEBHOOK_RETRY_SCHEDULE: "${entry}" is not a number of seconds between 0 and ${MAX_WAIT_SECONDS}`);
    }
    return seconds;
  });
  if (schedule.length > MAX_ATTEMPTS) throw new Error(`WEBHOOK_RETRY_SCHEDULE: at most ${MAX_ATTEMPTS} attempts`);
  return schedule;
}
