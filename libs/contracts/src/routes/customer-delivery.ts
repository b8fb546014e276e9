import { DeliveryRetryParams, DeliveryRetryResponse, HoroscopeDelivery, HoroscopeDeliveryCreate, HoroscopeDeliveryList, HoroscopeDeliveryUpdate, HoroscopeDeliveryWithSecret, ReportDeliveriesQuery, ReportWebhookCreate, ReportWebhookDeliveries, ReportWebhookUpdate, SubscriptionListQuery, SubscriptionPathParams } from '../delivery';
import { AUTH_ERRORS, RouteSpec } from './route-spec';
import { subscriptionRoutes } from './subscription-routes';

/** Routes of the `Customer delivery` tag: report webhooks (built like visual-reading deliveries) and redelivery. */
export const reportWebhookRoutes = {
  ...subscriptionRoutes({
    name: 'ReportWebhook',
    operationName: 'ReportWebhook',
    tag: 'Customer delivery',
    path: '/v1/report-webhooks',
    noun: 'report webhook',
    events: 'report events',
    create: ReportWebhookCreate,
    update: ReportWebhookUpdate,
    deliveries: { path: '/v1/report-webhooks/deliveries', operationId: 'listReportWebhookDeliveries', query: ReportDeliveriesQuery, schema: ReportWebhookDeliveries, subjectField: 'report_job_id' },
  }),
  retryReportWebhookDelivery: {
    operationId: 'retryReportWebhookDelivery',
    method: 'POST',
    path: '/v1/report-webhooks/deliveries/{id}/retry',
    tag: 'Customer delivery',
    summary: 'Redeliver a finished delivery by hand (one more attempt, now)',
    description: 'The delivery must have succeeded or be exhausted; while attempts are still scheduled the answer is 409.',
    auth: 'api_key_or_session',
    params: DeliveryRetryParams,
    success: { status: 202, description: 'the attempt is queued', schema: DeliveryRetryResponse },
    errors: [...AUTH_ERRORS, 404, 409],
  },
} as const satisfies Record<string, RouteSpec>;

/** Routes of the `Customer delivery` tag. */
export const horoscopeDeliveryRoutes = {
  createHoroscopeDelivery: {
    operationId: 'createHoroscopeDelivery',
    method: 'POST',
    path: '/v1/horoscope-deliveries',
    tag: 'Customer delivery',
    summary: 'Schedule a daily or weekly horoscope, written from the real transits, delivered as a signed horoscope.delivered webhook',
    description: 'Creates a Temporal Schedule (id = the horoscope delivery id, visible in the Temporal UI). The answer carries the signing secret, once.',
    auth: 'session',
    body: HoroscopeDeliveryCreate,
    success: { status: 201, description: 'the scheduled delivery with its secret', schema: HoroscopeDeliveryWithSecret },
    errors: [400, ...AUTH_ERRORS],
  },
  listHoroscopeDeliveries: {
    operationId: 'listHoroscopeDeliveries',
    method: 'GET',
    path: '/v1/horoscope-deliveries',
    tag: 'Customer delivery',
    summary: 'Scheduled horoscope deliveries of the account, newest first',
    auth: 'session',
    query: SubscriptionListQuery,
    success: { status: 200, description: 'a page of scheduled deliveries', schema: HoroscopeDeliveryList },
    errors: [400, ...AUTH_ERRORS],
  },
  getHoroscopeDelivery: {
    operationId: 'getHoroscopeDelivery',
    method: 'GET',
    path: '/v1/horoscope-deliveries/{id}',
    tag: 'Customer delivery',
    summary: 'One scheduled horoscope delivery, its next runs and latest attempts',
    auth: 'session',
    params: SubscriptionPathParams,
    success: { status: 200, description: 'the scheduled delivery', schema: HoroscopeDelivery },
    errors: [...AUTH_ERRORS, 404],
  },
  updateHoroscopeDelivery: {
    operationId: 'updateHoroscopeDelivery',
    method: 'PATCH',
    path: '/v1/horoscope-deliveries/{id}',
    tag: 'Customer delivery',
    summary: 'Pause (paused: true), resume (paused: false) or change a scheduled horoscope delivery',
    auth: 'session',
    params: SubscriptionPathParams,
    body: HoroscopeDeliveryUpdate,
    success: { status: 200, description: 'the changed scheduled delivery', schema: HoroscopeDelivery },
    errors: [400, ...AUTH_ERRORS, 404],
  },
  deleteHoroscopeDelivery: {
    operationId: 'deleteHoroscopeDelivery',
    method: 'DELETE',
    path: '/v1/horoscope-deliveries/{id}',
    tag: 'Customer delivery',
    summary: 'Delete a scheduled horoscope delivery and its Temporal Schedule',
    auth: 'session',
    params: SubscriptionPathParams,
    success: { status: 204, description: 'deleted' },
    errors: [...AUTH_ERRORS, 404],
  },
} as const satisfies Record<string, RouteSpec>;
