import { z } from 'zod';
import { BirthSubject } from '../shared/birth-subject';
import { PositionCursor } from '../shared/cursor';
import { ZODIAC_SIGNS } from '@astro/ephemeris';
import { Livemode } from '../shared/livemode';

/** Customer delivery: webhook subscriptions, delivery telemetry and scheduled horoscopes. */

export const WebhookUrl = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL (https in production)' })
  .max(2048)
  .describe('where we POST; https in production; private, loopback and link-local addresses are refused');

const Description = z.string().max(500);
const IsoString = z.string().describe('ISO 8601 instant');

// A cursor is the opaque `next_cursor` of the previous page: an event position.
const Cursor = PositionCursor;
const Limit = z.coerce.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(20);

export const SubscriptionListQuery = z.object({ limit: Limit, cursor: Cursor.optional() }).strict();
export const SubscriptionPathParams = z.object({ id: z.string() }).strict();

export const REPORT_WEBHOOK_EVENTS = ['report.completed'] as const;
export const VISUAL_READING_EVENTS = ['visual_reading.completed'] as const;
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'exhausted'] as const;

/**
 * The create and update bodies of a webhook subscription to `events`: report webhooks and
 * visual-reading deliveries differ only in their events (and the latter's `channel`).
 */
function subscriptionBodies<E extends readonly [string, ...string[]]>(events: E, createOnly: { channel?: z.ZodType } = {}) {
  const Events = z.array(z.enum(events)).min(1, 'must name at least one event');
  return {
    create: z.object({ url: WebhookUrl, events: Events, ...createOnly, description: Description.optional() }).strict(),
    update: z
      .object({
        url: WebhookUrl.optional(),
        events: Events.optional(),
        enabled: z.boolean().optional(),
        description: Description.nullable().optional(),
      })
      .strict()
      .refine((v) => Object.keys(v).length > 0, { message: 'give at least one of url, events, enabled, description' }),
  };
}

const reportWebhookBodies = subscriptionBodies(REPORT_WEBHOOK_EVENTS);
export const ReportWebhookCreate = reportWebhookBodies.create;
export const ReportWebhookUpdate = reportWebhookBodies.update;

const visualReadingBodies = subscriptionBodies(VISUAL_READING_EVENTS, {
  channel: z.literal('webhook', { message: 'the only channel is webhook' }).default('webhook'),
});
export const VisualReadingSubscriptionCreate = visualReadingBodies.create;
export const VisualReadingSubscriptionUpdate = visualReadingBodies.update;

const subscriptionFields = {
  id: z.string().describe('whs_ + 24 hex'),
  livemode: Livemode,
  url: z.string(),
  description: z.string().nullable(),
  channel: z.literal('webhook'),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable().describe('why deliveries stopped, e.g. the receiver answered 410 Gone'),
  created_at: IsoString,
  updated_at: IsoString,
};

export const WebhookSubscription = z.object({ ...subscriptionFields, events: z.array(z.string()) }).meta({ id: 'WebhookSubscription' });
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

export const WebhookSubscriptionWithSecret = z
  .object({
    ...subscriptionFields,
    events: z.array(z.string()),
    secret: z.string().describe('whsec_ + base64 of the signing key; shown once. Verify webhooks with it (Standard Webhooks).'),
  })
  .meta({ id: 'WebhookSubscriptionWithSecret' });

export const WebhookSubscriptionList = z
  .object({ subscriptions: z.array(WebhookSubscription), next_cursor: z.string().nullable() })
  .meta({ id: 'WebhookSubscriptionList' });

/** A page of delivery records, filtered by status, subscription, delivery, or the subject (`subjectField`). */
function deliveriesQuery<F extends string>(subjectField: F) {
  return z
    .object({
      limit: Limit,
      cursor: Cursor.optional(),
      status: z.enum(DELIVERY_STATUSES).optional(),
      subscription_id: z.string().max(64).optional(),
      ...({ [subjectField]: z.string().max(64).optional() } as Record<F, z.ZodOptional<z.ZodString>>),
      delivery_id: z.string().max(64).optional(),
    })
    .strict();
}

export const ReportDeliveriesQuery = deliveriesQuery('report_job_id');
export const VisualDeliveriesQuery = deliveriesQuery('subject_id');

const attemptFields = {
  id: z.string().describe('the delivery id (msg_…), also the webhook-id header; the same for every attempt of one delivery'),
  subscription_id: z.string(),
  livemode: Livemode,
  status: z
    .enum(DELIVERY_STATUSES)
    .describe('pending (scheduled or in flight), succeeded (2xx), failed (a retry follows), exhausted (no retry follows)'),
  attempt: z.number().int().describe('1 for the first attempt'),
  response_status: z.number().int().nullable().describe('HTTP status of the answer; null when none came'),
  attempt_duration_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: IsoString,
  delivered_at: IsoString.nullable(),
};

export const ReportWebhookDeliveryAttempt = z
  .object({ ...attemptFields, report_job_id: z.string(), event_type: z.literal('report.completed') })
  .meta({ id: 'ReportWebhookDeliveryAttempt' });

export const VisualReadingDeliveryRecord = z
  .object({ ...attemptFields, subject_id: z.string(), event_type: z.literal('visual_reading.completed'), channel: z.literal('webhook') })
  .meta({ id: 'VisualReadingDeliveryRecord' });

export const HoroscopeDeliveryAttempt = z
  .object({ ...attemptFields, subject_id: z.string(), event_type: z.literal('horoscope.delivered'), channel: z.literal('webhook') })
  .meta({ id: 'HoroscopeDeliveryAttempt' });

export const ReportWebhookDeliveries = z
  .object({ deliveries: z.array(ReportWebhookDeliveryAttempt), next_cursor: z.string().nullable() })
  .meta({ id: 'ReportWebhookDeliveries' });

export const VisualReadingDeliveries = z
  .object({ deliveries: z.array(VisualReadingDeliveryRecord), next_cursor: z.string().nullable() })
  .meta({ id: 'VisualReadingDeliveries' });

export const DeliveryRetryParams = z.object({ id: z.string() }).strict();
export const DeliveryRetryResponse = z
  .object({ delivery_id: z.string(), attempt: z.number().int(), status: z.literal('pending') })
  .meta({ id: 'DeliveryRetry' });

// Scheduled horoscopes

const LocalTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a clock time HH:MM or HH:MM:SS');
const TimezoneOffset = z
  .number()
  .int('must be a whole number of minutes')
  .min(-840, 'must be at least -840')
  .max(840, 'must be at most 840');
const Weekday = z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']);
const Cadence = z.enum(['daily', 'weekly']);
const HoroscopeLocale = z.enum(['en', 'th']);
const SunSign = z.enum(ZODIAC_SIGNS);

export const HoroscopeDeliveryCreate = z
  .object({
    birth_subject: BirthSubject.optional().describe('for a personal horoscope: transits to this natal chart'),
    sun_sign: SunSign.optional().describe('for a sun-sign horoscope'),
    name: z.string().min(1).max(120).optional().describe('shown in the title of a personal horoscope'),
    cadence: Cadence,
    local_time: LocalTime.describe('delivery time on the local clock'),
    timezoneOffsetMinutes: TimezoneOffset.describe('minutes east of UTC of the local clock'),
    weekday: Weekday.default('monday').describe('weekly cadence: the local weekday of delivery'),
    locale: HoroscopeLocale,
    url: WebhookUrl,
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.birth_subject === undefined) === (v.sun_sign === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['birth_subject'], message: 'give exactly one of birth_subject or sun_sign' });
    }
  });

export const HoroscopeDeliveryUpdate = z
  .object({
    paused: z.boolean().optional().describe('true pauses the schedule, false resumes it'),
    birth_subject: BirthSubject.optional(),
    sun_sign: SunSign.optional(),
    name: z.string().min(1).max(120).nullable().optional(),
    cadence: Cadence.optional(),
    local_time: LocalTime.optional(),
    timezoneOffsetMinutes: TimezoneOffset.optional(),
    weekday: Weekday.optional(),
    locale: HoroscopeLocale.optional(),
    url: WebhookUrl.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (Object.keys(v).length === 0) ctx.addIssue({ code: 'custom', path: [], message: 'give at least one field to change' });
    if (v.birth_subject !== undefined && v.sun_sign !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['birth_subject'], message: 'give at most one of birth_subject or sun_sign' });
    }
  });

const horoscopeFields = {
  id: z.string().describe('hsd_ + 24 hex; also the id of its Temporal Schedule'),
  url: z.string(),
  birth_subject: BirthSubject.nullable(),
  sun_sign: SunSign.nullable(),
  name: z.string().nullable(),
  cadence: Cadence,
  local_time: z.string(),
  timezoneOffsetMinutes: z.number().int(),
  weekday: Weekday,
  locale: HoroscopeLocale,
  paused: z.boolean(),
  enabled: z.boolean().describe('false once the receiver answered 410 Gone'),
  disabled_reason: z.string().nullable(),
  next_runs: z.array(IsoString).describe('next delivery instants (UTC), empty while paused'),
  recent_deliveries: z.array(HoroscopeDeliveryAttempt).describe('the latest attempts, newest first'),
  created_at: IsoString,
  updated_at: IsoString,
};

export const HoroscopeDelivery = z.object(horoscopeFields).meta({ id: 'HoroscopeDelivery' });
export const HoroscopeDeliveryWithSecret = z
  .object({ ...horoscopeFields, secret: z.string().describe('whsec_ signing secret, shown once') })
  .meta({ id: 'HoroscopeDeliveryWithSecret' });
export const HoroscopeDeliveryList = z
  .object({ horoscope_deliveries: z.array(HoroscopeDelivery), next_cursor: z.string().nullable() })
  .meta({ id: 'HoroscopeDeliveryList' });
