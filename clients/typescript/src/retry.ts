/**
 * A fetch that tries again when the API says to: a 429 (the tier's rate limit, refused before any
 * work) or a 503 (a dependency down, nothing charged), after the `Retry-After` the answer names.
 * Every other answer, and the last one when the retries are spent, goes back to the caller as is.
 */
export interface RetryOptions {
  /** further attempts after the first (default 3) */
  retries?: number;
  /** a Retry-After longer than this is not waited for: the answer goes back to the caller (default 60 s) */
  maxWaitSeconds?: number;
  /** waits between attempts; replaceable so a caller can cancel or observe them */
  sleep?: (milliseconds: number) => Promise<void>;
}

const RETRYABLE = new Set([429, 503]);

/** Seconds to wait, from a Retry-After of seconds or an HTTP date; 1 when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now: Date = new Date()): number {
  if (value === null || value.trim() === '') return 1;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? 1 : Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

const wait = (milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds));

export function retryingFetch(inner: typeof fetch = globalThis.fetch, options: RetryOptions = {}): (request: Request) => Promise<Response> {
  const { retries = 3, maxWaitSeconds = 60, sleep = wait } = options;
  return async (request: Request) => {
    for (let attempt = 0; ; attempt++) {
      // A request body can be read once: every attempt sends its own copy.
      const response = await inner(request.clone());
      if (!RETRYABLE.has(response.status) || attempt >= retries) return response;
      const seconds = retryAfterSeconds(response.headers.get('Retry-After'));
      if (seconds > maxWaitSeconds) return response;
      await response.body?.cancel();
      await sleep(seconds * 1000);
    }
  };
}
