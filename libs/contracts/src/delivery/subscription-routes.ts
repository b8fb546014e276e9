import { z } from 'zod';
import {
  SubscriptionListQuery,
  SubscriptionPathParams,
  WebhookSubscription,
  WebhookSubscriptionList,
  WebhookSubscriptionWithSecret,
} from './schemas';
import { created, noContent, ok } from '../shared/route-spec';

/** The route names of a family of webhook subscriptions called `N`: createN, listNs, getN, …, listNDeliveries. */
export function subscriptionRouteNames<N extends string>(name: N) {
  return {
    create: `create${name}`,
    list: `list${name}s`,
    get: `get${name}`,
    update: `update${name}`,
    remove: `delete${name}`,
    rotate: `rotate${name}Secret`,
    deliveries: `list${name}Deliveries`,
  } as const;
}

export interface SubscriptionFamily<
  N extends string,
  C extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodObject,
  D extends z.ZodType,
> {
  /** the route names (`subscriptionRouteNames`) */
  name: N;
  /** the operation ids' stem: createX, listXs, getX, updateX, deleteX, rotateXSecret */
  operationName: string;
  tag: string;
  /** the collection path; a subscription is `${path}/{id}` */
  path: string;
  /** as summaries say it: `report webhook`, `visual-reading delivery` */
  noun: string;
  /** what a subscription is to, as the create summary says it */
  events: string;
  create: C;
  update: U;
  /** the delivery records: their path and operation id, their filter and the field naming the subject */
  deliveries: { path: string; operationId: string; query: Q; schema: D; subjectField: string };
}

const capitalised = (text: string) => text[0].toUpperCase() + text.slice(1);

/**
 * The routes of one family of webhook subscriptions (report webhooks, visual-reading deliveries):
 * create, list, get, update, delete, rotate the secret, and list the delivery records. Both
 * families are built here, so they cannot drift apart.
 */
export function subscriptionRoutes<N extends string, C extends z.ZodType, U extends z.ZodType, Q extends z.ZodObject, D extends z.ZodType>(
  family: SubscriptionFamily<N, C, U, Q, D>,
) {
  const { tag, path, noun } = family;
  const names = subscriptionRouteNames(family.name);
  // The operation ids follow the pattern of the route names on their own stem: createReportWebhook, listReportWebhooks, …
  const ids = subscriptionRouteNames(family.operationName);
  const all = { tag, auth: 'api_key_or_session' } as const;
  // One subscription, by id: another account's answers 404.
  const one = { ...all, path: `${path}/{id}`, params: SubscriptionPathParams, errors: [404] } as const;
  const routes = {
    [names.create]: {
      ...all,
      operationId: ids.create,
      method: 'POST',
      path,
      summary: `Subscribe a URL to ${family.events}; the answer carries the signing secret, once`,
      description:
        'Deliveries are signed with the Standard Webhooks scheme (headers webhook-id, webhook-timestamp, webhook-signature) and retried on durable timers (WEBHOOK_RETRY_SCHEDULE). A 410 Gone answer disables the subscription.',
      body: family.create,
      success: created('the subscription with its secret', WebhookSubscriptionWithSecret),
    },
    [names.list]: {
      ...all,
      operationId: ids.list,
      method: 'GET',
      path,
      summary: `${capitalised(noun)} subscriptions of the account, newest first`,
      query: SubscriptionListQuery,
      success: ok('a page of subscriptions', WebhookSubscriptionList),
    },
    [names.deliveries]: {
      ...all,
      operationId: family.deliveries.operationId,
      method: 'GET',
      path: family.deliveries.path,
      summary: `List the delivery attempts of ${noun} subscriptions, newest first`,
      description: `One record per attempt. Filter by status, subscription_id, ${family.deliveries.subjectField} or delivery_id; page with limit and cursor (next_cursor).`,
      query: family.deliveries.query,
      success: ok('a page of attempts', family.deliveries.schema),
    },
    [names.get]: {
      ...one,
      operationId: ids.get,
      method: 'GET',
      summary: `One ${noun} subscription`,
      success: ok('the subscription', WebhookSubscription),
    },
    [names.update]: {
      ...one,
      operationId: ids.update,
      method: 'PATCH',
      summary: 'Change url, events or enabled (enabling again clears a 410 disable)',
      body: family.update,
      success: ok('the changed subscription', WebhookSubscription),
    },
    [names.remove]: {
      ...one,
      operationId: ids.remove,
      method: 'DELETE',
      summary: `Delete a ${noun} subscription; scheduled retries stop`,
      success: noContent('deleted'),
    },
    [names.rotate]: {
      ...one,
      operationId: ids.rotate,
      method: 'POST',
      path: `${path}/{id}/rotate-secret`,
      summary: 'New signing secret; the old one keeps signing alongside it for 24 hours',
      success: ok('the subscription with its new secret', WebhookSubscriptionWithSecret),
    },
  } as const;
  return routes as SubscriptionRouteTable<N, C, U, Q, D>;
}

type Names<N extends string> = ReturnType<typeof subscriptionRouteNames<N>>;
type Spec<M extends string, Extra> = {
  operationId: string;
  method: M;
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: 'api_key_or_session';
  errors?: readonly number[];
} & Extra;
type Ok<S extends z.ZodType | undefined = undefined> = { success: { status: number; description: string; schema?: S } };
type ById = { params: typeof SubscriptionPathParams };

/** The route table `subscriptionRoutes` builds, typed so route classes infer what each route parses. */
export type SubscriptionRouteTable<
  N extends string,
  C extends z.ZodType,
  U extends z.ZodType,
  Q extends z.ZodObject,
  D extends z.ZodType,
> = Record<Names<N>['create'], Spec<'POST', { body: C } & Ok<typeof WebhookSubscriptionWithSecret>>> &
  Record<Names<N>['list'], Spec<'GET', { query: typeof SubscriptionListQuery } & Ok<typeof WebhookSubscriptionList>>> &
  Record<Names<N>['deliveries'], Spec<'GET', { query: Q } & Ok<D>>> &
  Record<Names<N>['get'], Spec<'GET', ById & Ok<typeof WebhookSubscription>>> &
  Record<Names<N>['update'], Spec<'PATCH', ById & { body: U } & Ok<typeof WebhookSubscription>>> &
  Record<Names<N>['remove'], Spec<'DELETE', ById & Ok>> &
  Record<Names<N>['rotate'], Spec<'POST', ById & Ok<typeof WebhookSubscriptionWithSecret>>>;
