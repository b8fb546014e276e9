import { STATUS_CODES } from 'node:http';
import { OutboundBlockedError, OutboundLimitError } from '@astro/outbound-http';

/**
 * What `last_error` says about a failed attempt. It is shown to the tenant, so it carries only what
 * we decided to say: the status and a fixed reason, or our own refusal. Never the receiver's body,
 * its reason phrase, or a library message that quotes the receiver (a TLS error names the
 * certificate's hosts, a parse error may quote the bytes).
 */
export function describeAnswer(status: number): string {
  const phrase = STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : '';
  const reason =
    status >= 300 && status < 400
      ? 'webhooks do not follow redirects; subscribe the final URL'
      : status >= 400 && status < 500
        ? 'the receiver refused the delivery'
        : status >= 500 && status < 600
          ? 'the receiver failed to take the delivery'
          : 'the receiver answered a status that is not a success';
  return `HTTP ${status}${phrase}: ${reason}`;
}

const NETWORK_REASONS: [RegExp, string][] = [
  [/^ECONNREFUSED$/, 'the connection was refused'],
  [/^ECONNRESET$|^EPIPE$/, 'the connection was reset'],
  [/^ETIMEDOUT$|^ECONNABORTED$/, 'the connection timed out'],
  [/^ENOTFOUND$|^EAI_AGAIN$|^ENODATA$/, 'the host name does not resolve'],
  [/^EHOSTUNREACH$|^ENETUNREACH$/, 'the host is unreachable'],
  [/^HPE_/, 'the answer is not valid HTTP'],
  [/CERT|TLS|SSL|ERR_OSSL/, 'the TLS handshake failed (certificate not accepted)'],
];

export function describeFailure(err: unknown): string {
  if (err instanceof OutboundBlockedError) return `refused: ${err.message}`;
  if (err instanceof OutboundLimitError) return err.message;
  const code = typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : null;
  const reason = code ? NETWORK_REASONS.find(([pattern]) => pattern.test(code))?.[1] : undefined;
  return code ? `${code}: ${reason ?? 'the request failed'}` : 'the request failed';
}
