import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { PlatformConfig } from '@astro/config';
import { ScheduleNotFoundError } from '@temporalio/client';
import { z } from 'zod';
import { HoroscopeDeliveryCreate, HoroscopeDeliveryUpdate, newId } from '@astro/contracts';
import {
  createHoroscopeSchedule,
  createSubscription,
  deleteHoroscopeSchedule,
  deleteSubscription,
  HOROSCOPE_DELIVERED,
  HoroscopeSettings,
  listAttempts,
  listSubscriptions,
  nextRunsOf,
  SubscriptionRow,
  updateHoroscopeSchedule,
  updateSubscription,
} from '@astro/delivery';
import { Caller } from '../http/caller';
import { notFound, unavailable } from '../http/api-error';
import { CONFIG, TEMPORAL, TemporalHandle } from '../platform/platform';
import { horoscopeDeliveryWorkflow } from '@astro/workflows';
import { SubscriptionsService } from './subscriptions.service';
import { checkSubscriptionUrl, decodeCursor, encodeCursor, subjectAttemptView } from './views';
import { eventMetadataOf } from '../http/request-ids';

const TEMPORAL_DEADLINE_MS = 5_000;
const RECENT_ATTEMPTS = 10;

/** Scheduled horoscopes: a `horoscope` subscription plus its Temporal Schedule, kept in step. */
@Injectable()
export class HoroscopeDeliveriesService {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: PlatformConfig,
    @Inject(TEMPORAL) private readonly temporalHandle: TemporalHandle,
    private readonly subscriptions: SubscriptionsService,
  ) {}

  /**
   * A schedule call, tried up to three times: two concurrent changes of one schedule conflict in
   * Temporal (the later one is refused), and a retry of the read-modify-write succeeds. Only a
   * scheduler that stays unreachable answers 503.
   */
  private async temporal<T>(what: string, work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.temporalHandle.connection.withDeadline(Date.now() + TEMPORAL_DEADLINE_MS, work);
      } catch (err) {
        if (err instanceof ScheduleNotFoundError) throw err;
        if (attempt < 3) {
          await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 50));
          continue;
        }
        throw unavailable(`the scheduler (Temporal) is unavailable while ${what}: ${(err as Error).message.split('\n')[0]}`);
      }
    }
  }

  /** Creates or updates a delivery's Temporal Schedule, on the delivery task queue. */
  private writeSchedule(what: string, write: typeof createHoroscopeSchedule, id: string, accountId: string, settings: HoroscopeSettings) {
    const { client } = this.temporalHandle;
    const target = { taskQueue: this.config.temporal.deliveryTaskQueue, workflow: horoscopeDeliveryWorkflow };
    return this.temporal(what, () => write(client, target, id, accountId, settings));
  }

  private async view(row: SubscriptionRow) {
    const s = row.settings as unknown as HoroscopeSettings;
    const [nextRuns, recent] = await Promise.all([
      s.paused || !row.enabled
        ? Promise.resolve([])
        : this.temporal('reading the schedule', () => nextRunsOf(this.temporalHandle.client, row.id)),
      listAttempts(
        this.db,
        { accountId: row.account_id, livemode: row.livemode, kinds: ['horoscope'], subscriptionId: row.id },
        { limit: RECENT_ATTEMPTS },
      ),
    ]);
    return {
      id: row.id,
      url: row.url,
      birth_subject: s.birth_subject,
      sun_sign: s.sun_sign,
      name: s.name,
      cadence: s.cadence,
      local_time: s.local_time,
      timezoneOffsetMinutes: s.timezoneOffsetMinutes,
      weekday: s.weekday,
      locale: s.locale as 'en' | 'th',
      paused: s.paused,
      enabled: row.enabled,
      disabled_reason: row.disabled_reason,
      next_runs: nextRuns,
      recent_deliveries: recent.rows.map(subjectAttemptView),
      created_at: new Date(row.created_at).toISOString(),
      updated_at: new Date(row.updated_at).toISOString(),
    };
  }

  async create(caller: Caller, input: z.output<typeof HoroscopeDeliveryCreate>) {
    const metadata = eventMetadataOf(caller);
    checkSubscriptionUrl(input.url, this.config);
    const settings: HoroscopeSettings = {
      birth_subject: input.birth_subject ?? null,
      sun_sign: input.sun_sign ?? null,
      name: input.name ?? null,
      cadence: input.cadence,
      local_time: input.local_time,
      timezoneOffsetMinutes: input.timezoneOffsetMinutes,
      weekday: input.weekday,
      locale: input.locale,
      paused: false,
    };
    const id = newId('horoscopeDelivery');
    // The schedule is created inside the transaction: if Temporal refuses, nothing is recorded.
    const { subscription, secret } = await this.db.transaction(async (tx) => {
      const created = await createSubscription(
        tx,
        {
          id,
          accountId: caller.accountId,
          kind: 'horoscope',
          url: input.url,
          events: [HOROSCOPE_DELIVERED],
          settings: { ...settings },
          livemode: caller.livemode,
        },
        metadata,
      );
      await this.writeSchedule('creating the schedule', createHoroscopeSchedule, id, caller.accountId, settings);
      return created;
    });
    return { ...(await this.view(subscription)), secret };
  }

  async list(caller: Caller, query: { limit: number; cursor?: string }) {
    const { rows, nextBefore } = await listSubscriptions(
      this.db,
      caller.accountId,
      'horoscope',
      {
        limit: query.limit,
        before: decodeCursor(query.cursor),
      },
      caller.livemode,
    );
    return { horoscope_deliveries: await Promise.all(rows.map((r) => this.view(r))), next_cursor: encodeCursor(nextBefore) };
  }

  async get(caller: Caller, id: string) {
    return this.view(await this.subscriptions.own(caller, 'horoscope', id));
  }

  async update(caller: Caller, id: string, changes: z.output<typeof HoroscopeDeliveryUpdate>) {
    const metadata = eventMetadataOf(caller);
    const row = await this.subscriptions.own(caller, 'horoscope', id);
    if (changes.url !== undefined) checkSubscriptionUrl(changes.url, this.config);
    const { url, ...rest } = changes;
    const settings: HoroscopeSettings = { ...(row.settings as unknown as HoroscopeSettings), ...rest };
    // One target at a time: naming a birth subject replaces the sun sign, and the other way round.
    if (changes.birth_subject) settings.sun_sign = null;
    if (changes.sun_sign) settings.birth_subject = null;
    await this.writeSchedule('updating the schedule', updateHoroscopeSchedule, id, caller.accountId, settings);
    // Resuming (paused: false) also re-enables a delivery the receiver had stopped with a 410.
    const enable = changes.paused === false && !row.enabled ? { enabled: true } : {};
    const updated = await updateSubscription(this.db, id, { url, settings: { ...settings }, ...enable }, metadata);
    if (!updated) throw notFound(`horoscope delivery ${id}`);
    return this.view(updated);
  }

  async remove(caller: Caller, id: string) {
    const metadata = eventMetadataOf(caller);
    await this.subscriptions.own(caller, 'horoscope', id);
    try {
      await this.temporal('deleting the schedule', () => deleteHoroscopeSchedule(this.temporalHandle.client, id));
    } catch (err) {
      if (!(err instanceof ScheduleNotFoundError)) throw err;
    }
    if (!(await deleteSubscription(this.db, id, metadata))) throw notFound(`horoscope delivery ${id}`);
  }
}
