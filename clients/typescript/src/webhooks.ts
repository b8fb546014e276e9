import { Webhook } from 'standardwebhooks';
import type { webhooks } from './schema.js';

/** The body of each event the API delivers, by event type (the document's `webhooks` section). */
export type WebhookEvents = {
  [Type in keyof webhooks]: webhooks[Type]['post']['requestBody']['content']['application/json'];
};
/** Any event the API delivers: narrow it on `type`. */
export type WebhookEvent = WebhookEvents[keyof WebhookEvents];

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string {
  const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * Verifies a delivered webhook with the subscription's `whsec_…` secret (Standard Webhooks: the
 * signature over id, timestamp and the raw body, and a timestamp within five minutes) and answers the
 * typed event; throws `WebhookVerificationError` when it does not verify. Pass the body exactly as
 * received, before any JSON parsing.
 */
export function verifyWebhook(secret: string, rawBody: string | Uint8Array, headers: HeaderSource): WebhookEvent {
  const signed = {
    'webhook-id': header(headers, 'webhook-id'),
    'webhook-timestamp': header(headers, 'webhook-timestamp'),
    'webhook-signature': header(headers, 'webhook-signature'),
  };
  const body = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  return new Webhook(secret).verify(body, signed) as WebhookEvent;
}

export { WebhookVerificationError } from 'standardwebhooks';
