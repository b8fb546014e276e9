import { Client, ScheduleAlreadyRunning } from '@temporalio/client';
import { ZODIAC_SIGNS } from '@astro/ephemeris';
import { nextPeriodStart, Period, PERIODS, periodStart } from './periods';
import { DEFAULT_VOICE, PUBLISHED_LOCALES } from './published-horoscope';
import { HoroscopePublisher } from './publisher';

/** The Temporal Schedule that publishes horoscopes ahead of time; operators see it in the Temporal UI under this id. */
export const PUBLISHING_SCHEDULE_ID = 'horoscope-publishing';

/** What the schedule starts (`publishHoroscopesWorkflow` of @astro/workflows), passed in by the worker: libraries sit below the workflows. */
export type PublishingWorkflow = () => Promise<{ published: number; already: number }>;

/**
 * Creates the publishing schedule when it does not exist yet (every worker start calls this; the
 * first one creates it). It fires every day at 12:00 UTC, half a day before the next UTC day starts.
 */
export async function ensurePublishingSchedule(
  client: Client,
  target: { taskQueue: string; workflow: PublishingWorkflow },
): Promise<'created' | 'exists'> {
  try {
    await client.schedule.create({
      scheduleId: PUBLISHING_SCHEDULE_ID,
      spec: { calendars: [{ hour: 12, minute: 0, comment: 'publish the next day, week, month and year of horoscopes' }] },
      action: {
        type: 'startWorkflow',
        workflowType: target.workflow,
        workflowId: PUBLISHING_SCHEDULE_ID,
        taskQueue: target.taskQueue,
        args: [],
      },
      policies: { overlap: 'SKIP', catchupWindow: '1 day' },
      memo: {
        purpose: 'Publishes daily, weekly, monthly and yearly horoscopes of the 12 signs in en and th ahead of time (docs/horoscopes.md)',
      },
    });
    return 'created';
  } catch (err) {
    if (err instanceof ScheduleAlreadyRunning) return 'exists';
    throw err;
  }
}

/** The periods a publishing run covers at `now`: the current and the next day, week, month and year. */
export function upcomingPeriods(now: Date): { period: Period; periodStart: string }[] {
  const today = now.toISOString().slice(0, 10);
  return PERIODS.flatMap((period) => {
    const current = periodStart(period, today);
    return [
      { period, periodStart: current },
      { period, periodStart: nextPeriodStart(period, current) },
    ];
  });
}

/** One publishing run: every sign and locale of the upcoming periods in the default voice; already published texts are left as they are. */
export async function publishUpcomingHoroscopes(
  publisher: HoroscopePublisher,
  now: Date,
  /** called after each text: a long run tells its caller (the worker's heartbeat) that it is alive */
  onProgress: (done: number) => void = () => {},
): Promise<{ published: number; already: number }> {
  let published = 0;
  let already = 0;
  for (const { period, periodStart: start } of upcomingPeriods(now)) {
    for (const sign of ZODIAC_SIGNS) {
      for (const locale of PUBLISHED_LOCALES) {
        const result = await publisher.getOrPublish(
          { sign, period, periodStart: start, locale, voice: DEFAULT_VOICE },
          'horoscope-publishing-schedule',
        );
        if (result.published) published++;
        else already++;
        onProgress(published + already);
      }
    }
  }
  return { published, already };
}
