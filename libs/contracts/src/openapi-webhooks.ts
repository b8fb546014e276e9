import { VISUAL_SKUS } from './visual-readings/schemas';

/**
 * The `webhooks` section of the document: each event the platform delivers (libs/delivery publishes
 * them, apps/worker builds their data), as the POST a subscriber's endpoint receives, with the
 * Standard Webhooks headers (https://www.standardwebhooks.com) it verifies the body with.
 */
type JsonSchema = Record<string, unknown>;

const STANDARD_WEBHOOK_HEADERS: JsonSchema[] = [
  {
    name: 'webhook-id',
    in: 'header',
    required: true,
    description: 'The delivery id (`msg_…`): the same on every retry of one event to one subscription; deduplicate on it.',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-timestamp',
    in: 'header',
    required: true,
    description: 'Unix seconds of this attempt; refuse a message far from your clock (Standard Webhooks libraries allow 5 minutes).',
    schema: { type: 'string' },
  },
  {
    name: 'webhook-signature',
    in: 'header',
    required: true,
    description:
      '`v1,` + base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` with the key of the subscription’s `whsec_` secret; ' +
      'during a secret rotation several, space-separated. Verify with any Standard Webhooks library (`standardwebhooks`, `svix`).',
    schema: { type: 'string' },
  },
];

/** The envelope every event shares: `{type, timestamp, livemode, data}`. */
function envelope(type: string, description: string, data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    description,
    properties: {
      type: { type: 'string', const: type },
      timestamp: { type: 'string', format: 'date-time', description: 'when it happened (ISO 8601, UTC)' },
      livemode: {
        type: 'boolean',
        description: 'false for an event of test mode (a test key’s job), sent only to subscriptions made with a test key',
      },
      data,
    },
    required: ['type', 'timestamp', 'livemode', 'data'],
  };
}

const EVENTS: { type: string; schemaId: string; summary: string; description: string; data: JsonSchema }[] = [
  {
    type: 'report.completed',
    schemaId: 'ReportCompletedEvent',
    summary: 'A report job finished (succeeded or failed)',
    description:
      'Sent to the account’s report webhook subscriptions when a report or pipeline-probe job ends, succeeded or failed. ' +
      '`data` is the job record as GET /api/v3/jobs/{job_id} answers it (its status, error and artifacts, each link absolute and signed at this attempt) and `url`, the job’s own address.',
    data: { $ref: '#/components/schemas/ReportCompletedJob' },
  },
  {
    type: 'visual_reading.completed',
    schemaId: 'VisualReadingCompletedEvent',
    summary: 'A visual reading reached its delivering stage',
    description:
      'Sent to the account’s visual-reading webhook subscriptions when a reading is rendered. Poll `data.poll` for its signed artifact links.',
    data: {
      type: 'object',
      properties: {
        job_id: { type: 'string', pattern: '^vrj_[0-9a-f]{24}$' },
        family: { type: 'string', enum: ['face', 'palm'] },
        sku: { type: 'string', enum: [...VISUAL_SKUS] },
        artifacts: { type: 'array', items: { type: 'string', enum: ['json', 'hosted', 'pdf'] }, description: 'the artifacts rendered' },
        poll: { type: 'string', description: 'path of the job: /api/v3/visual-readings/jobs/<job_id>' },
        url: { type: 'string', description: 'the job in this API, absolute' },
        links: {
          type: 'object',
          description: 'a signed download link of each rendered artifact, made at this attempt',
          additionalProperties: {
            type: 'object',
            properties: { url: { type: 'string' }, valid_for_seconds: { type: 'integer' } },
            required: ['url', 'valid_for_seconds'],
          },
        },
      },
      required: ['job_id', 'family', 'sku', 'artifacts', 'poll', 'url', 'links'],
    },
  },
  {
    type: 'horoscope.delivered',
    schemaId: 'HoroscopeDeliveredEvent',
    summary: 'A scheduled horoscope is ready',
    description:
      'Sent to a horoscope delivery’s webhook each time its daily or weekly schedule fires, with the horoscope of that local day or week.',
    data: {
      type: 'object',
      properties: {
        horoscope_delivery_id: { type: 'string', description: 'the horoscope delivery (schedule) this run belongs to' },
        scheduled_run: { type: 'string', description: 'the id of this run of the schedule' },
        locale: { type: 'string' },
        cadence: { type: 'string', enum: ['daily', 'weekly'] },
        period: {
          type: 'object',
          properties: { start: { type: 'string' }, end: { type: 'string' }, reference_instant_utc: { type: 'string' } },
          required: ['start', 'end', 'reference_instant_utc'],
        },
        sun_sign: { type: ['string', 'null'] },
        moon_sign: { type: 'string' },
        title: { type: 'string' },
        text: { type: 'string' },
        transits: { type: 'array', items: { type: 'object' }, description: 'the transits the text is written from' },
        events: {
          type: 'array',
          items: { $ref: '#/components/schemas/HoroscopeSkyEvent' },
          description: 'the dated events of the period the text reads: lunations, eclipses, changes of sign, stations',
        },
        disclaimer: { type: 'string' },
        method: { type: 'string' },
      },
      required: ['horoscope_delivery_id', 'scheduled_run', 'locale', 'cadence', 'period', 'title', 'text', 'transits'],
    },
  },
];

/** The event types the platform delivers, in the order of the document. */
export const WEBHOOK_EVENT_TYPES = EVENTS.map((event) => event.type);

export function webhooks(): { webhooks: Record<string, JsonSchema>; schemas: Record<string, JsonSchema> } {
  return {
    webhooks: Object.fromEntries(
      EVENTS.map((event) => [
        event.type,
        {
          post: {
            operationId: `webhook_${event.type.replace(/\W/g, '_')}`,
            tags: ['Webhooks'],
            summary: event.summary,
            description: `${event.description} Answer any 2xx within 10 seconds to acknowledge; anything else is retried with backoff.`,
            security: [],
            parameters: STANDARD_WEBHOOK_HEADERS,
            requestBody: {
              required: true,
              content: { 'application/json': { schema: { $ref: `#/components/schemas/${event.schemaId}` } } },
            },
            responses: {
              '200': { description: 'acknowledged (any 2xx)' },
              '400': { description: 'refused (for example a signature that does not verify): the delivery is retried' },
            },
          },
        },
      ]),
    ),
    schemas: Object.fromEntries(EVENTS.map((event) => [event.schemaId, envelope(event.type, event.description, event.data)])),
  };
}
