import { Client } from '@temporalio/client';
import { birthOf, localDate, ZodiacSign } from '@astro/ephemeris';
import { Cadence, horoscopeFor, HoroscopeTarget } from '@astro/western';
import { ACCOUNT_ID, JOB_KIND } from '@astro/search-attributes';
import { HOROSCOPE_DELIVERED, PlatformEvent } from './payload';
import { SubscriptionRow } from './subscriptions';

/**
 * Scheduled horoscope delivery: a subscription of kind `horoscope` (url, signing secrets, event
 * log, delivery telemetry like any webhook) whose `settings` say what to write and when, plus a
 * Temporal Schedule with the same id that starts `horoscopeDeliveryWorkflow` at each local time.
 */
export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface HoroscopeSettings {
  birth_subject: { date: string; time: string; latitude: number; longitude: number; timezoneOffsetMinutes: number } | null;
  sun_sign: ZodiacSign | null;
  name: string | null;
  cadence: Cadence;
  /** local clock time of delivery, HH:MM or HH:MM:SS */
  local_time: string;
  timezoneOffsetMinutes: number;
  /** weekly deliveries go out on this local weekday */
  weekday: Weekday;
  locale: string;
  paused: boolean;
}

/**
 * What a horoscope schedule starts at each run (`horoscopeDeliveryWorkflow` of @astro/workflows),
 * passed in by the app as the delivery publisher's workflow is (DeliveryRuntime.workflow).
 */
export type HoroscopeDeliveryWorkflow = (input: { horoscopeDeliveryId: string }) => Promise<{ deliveryIds: string[] }>;

/** Where a horoscope schedule starts its runs: the delivery task queue and the workflow, by reference. */
export interface HoroscopeScheduleTarget {
  taskQueue: string;
  workflow: HoroscopeDeliveryWorkflow;
}

/** The UTC calendar entry that matches the local time (and weekday) at a fixed offset. */
export function scheduleCalendar(settings: Pick<HoroscopeSettings, 'cadence' | 'local_time' | 'timezoneOffsetMinutes' | 'weekday'>) {
  const [h, m, s] = settings.local_time.split(':').map(Number);
  const localSeconds = h * 3600 + m * 60 + (s ?? 0);
  const utcSeconds = localSeconds - settings.timezoneOffsetMinutes * 60;
  const dayShift = Math.floor(utcSeconds / 86_400);
  const secondOfDay = ((utcSeconds % 86_400) + 86_400) % 86_400;
  const calendar = {
    hour: Math.floor(secondOfDay / 3600),
    minute: Math.floor((secondOfDay % 3600) / 60),
    second: secondOfDay % 60,
    comment: `${settings.cadence} at ${settings.local_time} (UTC${settings.timezoneOffsetMinutes >= 0 ? '+' : '-'}${Math.abs(settings.timezoneOffsetMinutes)} min)`,
  };
  if (settings.cadence === 'daily') return calendar;
  const weekday = (WEEKDAYS.indexOf(settings.weekday) + dayShift + 7) % 7;
  return { ...calendar, dayOfWeek: WEEKDAYS[weekday].toUpperCase() as 'MONDAY' };
}

function scheduleBody(id: string, accountId: string, settings: HoroscopeSettings, target: HoroscopeScheduleTarget) {
  const args: Parameters<HoroscopeDeliveryWorkflow> = [{ horoscopeDeliveryId: id }];
  return {
    spec: { calendars: [scheduleCalendar(settings)], jitter: 0 },
    action: {
      type: 'startWorkflow' as const,
      workflowType: target.workflow,
      workflowId: id,
      taskQueue: target.taskQueue,
      args,
      typedSearchAttributes: [
        { key: ACCOUNT_ID, value: accountId },
        { key: JOB_KIND, value: 'horoscope_delivery' },
      ],
    },
    // A run missed while Temporal was down is taken within the hour, then skipped.
    policies: { overlap: 'SKIP' as const, catchupWindow: 3_600_000 },
    state: { paused: settings.paused, note: settings.paused ? 'paused by the customer' : 'active' },
  };
}

export async function createHoroscopeSchedule(
  client: Client,
  target: HoroscopeScheduleTarget,
  id: string,
  accountId: string,
  settings: HoroscopeSettings,
): Promise<void> {
  await client.schedule.create({ scheduleId: id, ...scheduleBody(id, accountId, settings, target), memo: { account_id: accountId } });
}

export async function updateHoroscopeSchedule(
  client: Client,
  target: HoroscopeScheduleTarget,
  id: string,
  accountId: string,
  settings: HoroscopeSettings,
): Promise<void> {
  await client.schedule.getHandle(id).update(() => scheduleBody(id, accountId, settings, target));
}

export async function deleteHoroscopeSchedule(client: Client, id: string): Promise<void> {
  await client.schedule.getHandle(id).delete();
}

export async function nextRunsOf(client: Client, id: string): Promise<string[]> {
  const description = await client.schedule.getHandle(id).describe();
  return description.info.nextActionTimes.slice(0, 3).map((d) => d.toISOString());
}

export function horoscopeTargetOf(settings: HoroscopeSettings): HoroscopeTarget {
  if (settings.birth_subject) {
    const b = settings.birth_subject;
    return { kind: 'natal', birth: birthOf(b), name: settings.name ?? undefined };
  }
  return { kind: 'sun_sign', sign: settings.sun_sign! };
}

/** The `horoscope.delivered` event of one scheduled run: the horoscope of the local day (or week) it fired on. */
export function horoscopeEventFor(
  subscription: SubscriptionRow,
  run: { runId: string; firedAt: Date; ephemerisPath: string },
): PlatformEvent {
  const settings = subscription.settings as unknown as HoroscopeSettings;
  const startDate = localDate(run.firedAt, settings.timezoneOffsetMinutes * 60);
  const horoscope = horoscopeFor(
    horoscopeTargetOf(settings),
    { cadence: settings.cadence, startDate, timezoneOffsetMinutes: settings.timezoneOffsetMinutes },
    settings.locale,
    run.ephemerisPath,
  );
  return {
    id: `${HOROSCOPE_DELIVERED}:${run.runId}`,
    type: HOROSCOPE_DELIVERED,
    accountId: subscription.account_id,
    timestamp: run.firedAt.toISOString(),
    subjectId: subscription.id,
    livemode: subscription.livemode,
    data: { horoscope_delivery_id: subscription.id, scheduled_run: run.runId, ...horoscope },
  };
}
