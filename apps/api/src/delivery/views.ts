import { AttemptRow, SubscriptionRow } from '@astro/delivery';
import { addressAllowed, canonicalAddress } from '@astro/outbound-http';
import { PlatformConfig } from '@astro/config';
import { decodePositionCursor, encodePositionCursor } from '@astro/contracts';
import { badRequest } from '../http/api-error';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function subscriptionView(row: SubscriptionRow) {
  return {
    id: row.id,
    livemode: row.livemode,
    url: row.url,
    events: row.events,
    description: row.description,
    channel: 'webhook' as const,
    enabled: row.enabled,
    disabled_reason: row.disabled_reason,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
  };
}

function attemptFields(row: AttemptRow) {
  return {
    id: row.id,
    subscription_id: row.subscription_id,
    livemode: row.livemode,
    status: row.status,
    attempt: row.attempt,
    response_status: row.response_status,
    attempt_duration_ms: row.attempt_duration_ms,
    last_error: row.last_error,
    created_at: iso(row.created_at)!,
    delivered_at: iso(row.delivered_at),
  };
}

export function reportAttemptView(row: AttemptRow) {
  return { ...attemptFields(row), report_job_id: row.report_job_id ?? '', event_type: row.event_type };
}

export function subjectAttemptView(row: AttemptRow) {
  return { ...attemptFields(row), subject_id: row.subject_id ?? '', event_type: row.event_type, channel: 'webhook' as const };
}

/** Cursors are opaque to clients: the position the next page starts below, in the one cursor codec. */
export function encodeCursor(position: number | null): string | null {
  return position === null ? null : encodePositionCursor(position);
}

export function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  try {
    return decodePositionCursor(cursor);
  } catch {
    // The query schema stops a forged cursor first; this keeps the service safe for any caller.
    throw badRequest('invalid query: cursor: must be the next_cursor of a previous page of this list');
  }
}

/**
 * Early, clear refusals of a subscription URL: https in production, and no literal private or
 * reserved address. Host names are checked on the resolved address at every attempt.
 */
export function checkSubscriptionUrl(url: string, config: PlatformConfig, field = 'url'): void {
  const parsed = new URL(url);
  if (config.production && parsed.protocol !== 'https:') throw badRequest(`invalid body: ${field}: must be an https URL`);
  if (parsed.username || parsed.password) throw badRequest(`invalid body: ${field}: must not carry credentials`);
  const host = canonicalAddress(parsed.hostname);
  if (host !== null && !addressAllowed(host, config.outboundAllowlist)) {
    throw badRequest(
      `invalid body: ${field}: ${host} is a private, loopback, link-local or reserved address; webhooks go to public addresses only`,
    );
  }
}
