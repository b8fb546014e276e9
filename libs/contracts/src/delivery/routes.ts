import {
  DeliveryRetryParams,
  DeliveryRetryResponse,
  HoroscopeDelivery,
  HoroscopeDeliveryCreate,
  HoroscopeDeliveryList,
  HoroscopeDeliveryUpdate,
  HoroscopeDeliveryWithSecret,
  ReportDeliveriesQuery,
  ReportWebhookCreate,
  ReportWebhookDeliveries,
  ReportWebhookUpdate,
  SubscriptionListQuery,
  SubscriptionPathParams,
} from './schemas';
import { accepted, created, noContent, ok, routesWith } from '../shared/route-spec';
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
    deliveries: {
      path: '/v1/report-webhooks/deliveries',
      operationId: 'listReportWebhookDeliveries',
      query: ReportDeliveriesQuery,
      schema: ReportWebhookDeliveries,
      subjectField: 'report_job_id',
    },
  }),
  ...routesWith({ tag: 'Customer delivery', auth: 'api_key_or_session' })({
    retryReportWebhookDelivery: {
      method: 'POST',
      path: '/v1/report-webhooks/deliveries/{id}/retry',
      summary: 'Redeliver a finished delivery by hand (one more attempt, now)',
      description: 'The delivery must have succeeded or be exhausted; while attempts are still scheduled the answer is 409.',
      params: DeliveryRetryParams,
      success: accepted('the attempt is queued', DeliveryRetryResponse),
      errors: [404, 409],
    },
  }),
};

/** Routes of the `Customer delivery` tag: scheduled horoscopes, managed in a customer session only. */
export const horoscopeDeliveryRoutes = routesWith({ tag: 'Customer delivery', auth: 'session' })({
  createHoroscopeDelivery: {
    method: 'POST',
    path: '/v1/horoscope-deliveries',
    summary: 'Schedule a daily or weekly horoscope, written from the real transits, delivered as a signed horoscope.delivered webhook',
    description:
      'Creates a Temporal Schedule (id = the horoscope delivery id, visible in the Temporal UI). The answer carries the signing secret, once.',
    body: HoroscopeDeliveryCreate,
    success: created('the scheduled delivery with its secret', HoroscopeDeliveryWithSecret),
  },
  listHoroscopeDeliveries: {
    method: 'GET',
    path: '/v1/horoscope-deliveries',
    summary: 'Scheduled horoscope deliveries of the account, newest first',
    query: SubscriptionListQuery,
    success: ok('a page of scheduled deliveries', HoroscopeDeliveryList),
  },
  getHoroscopeDelivery: {
    method: 'GET',
    path: '/v1/horoscope-deliveries/{id}',
    summary: 'One scheduled horoscope delivery, its next runs and latest attempts',
    params: SubscriptionPathParams,
    success: ok('the scheduled delivery', HoroscopeDelivery),
    errors: [404],
  },
  updateHoroscopeDelivery: {
    method: 'PATCH',
    path: '/v1/horoscope-deliveries/{id}',
    summary: 'Pause (paused: true), resume (paused: false) or change a scheduled horoscope delivery',
    params: SubscriptionPathParams,
    body: HoroscopeDeliveryUpdate,
    success: ok('the changed scheduled delivery', HoroscopeDelivery),
    errors: [404],
  },
  deleteHoroscopeDelivery: {
    method: 'DELETE',
    path: '/v1/horoscope-deliveries/{id}',
    summary: 'Delete a scheduled horoscope delivery and its Temporal Schedule',
    params: SubscriptionPathParams,
    success: noContent('deleted'),
    errors: [404],
  },
});
