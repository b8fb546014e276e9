/** One call a scenario made to the API, as the client saw it. */
export interface CallRecord {
  method: string;
  path: string;
  /** the HTTP status, or 0 when no answer came (connection refused or reset) */
  status: number;
  requestId: string | null;
  /** the call is priced: a 2xx must have exactly one charge, and any other answer none */
  charged: boolean;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  error?: string;
}

/**
 * The scenarios' HTTP client: a plain fetch against the API process that records every answer, so
 * the invariants can check by code that no call got a 500 and that charges match 2xx calls.
 */
export class ChaosClient {
  readonly calls: CallRecord[] = [];

  constructor(readonly baseUrl: string) {}

  async call(
    method: string,
    path: string,
    options: { key?: string; json?: unknown; charged?: boolean; timeoutMs?: number } = {},
  ): Promise<CallRecord> {
    const headers: Record<string, string> = {};
    if (options.key) headers.Authorization = `Bearer ${options.key}`;
    if (options.json !== undefined) headers['Content-Type'] = 'application/json';
    const record: CallRecord = { method, path, status: 0, requestId: null, charged: options.charged ?? false, body: null };
    try {
      const response = await fetch(this.baseUrl + path, {
        method,
        headers,
        body: options.json === undefined ? undefined : JSON.stringify(options.json),
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      });
      record.status = response.status;
      record.requestId = response.headers.get('x-request-id');
      const text = await response.text();
      try {
        record.body = JSON.parse(text);
      } catch {
        record.body = text;
      }
    } catch (err) {
      record.error = (err as Error).message;
    }
    this.calls.push(record);
    return record;
  }

  get(path: string, key?: string, charged = false): Promise<CallRecord> {
    return this.call('GET', path, { key, charged });
  }

  post(path: string, json: unknown, key?: string, charged = false): Promise<CallRecord> {
    return this.call('POST', path, { key, json, charged });
  }

  /** Forgets the calls so far (each scenario checks its own). */
  reset(): void {
    this.calls.length = 0;
  }
}
