import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { BlockList } from 'node:net';
import { addressAllowed, canonicalAddress, NOTHING_ALLOWED } from './address';

/**
 * Outbound HTTP for URLs that customers give us (logos, webhooks): only http(s), and never to
 * private, loopback, link-local (cloud metadata), multicast or reserved addresses unless the
 * operator's allowlist says so. Every address is canonicalised (address.ts) before it is judged.
 * The check runs on the address actually connected to (inside the socket's DNS lookup), so DNS
 * rebinding cannot slip past it, and again on every redirect hop.
 *
 * Redirects: a hop to the same origin (scheme, canonical host, port) continues under the same
 * rules; a hop to any other origin is a new destination the customer never named, so it must be
 * public: the allowlist does not admit it (it admits only what a customer addressed directly).
 * `maxRedirects: 0` follows nothing and hands the 3xx answer back to the caller.
 */
export class OutboundBlockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundBlockedError';
  }
}

export class OutboundLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundLimitError';
  }
}

export interface OutboundPolicy {
  allowlist: BlockList;
  requireHttps: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  url: string;
}

function guardedLookup(allowlist: BlockList): NonNullable<http.RequestOptions['lookup']> {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as dns.LookupAddress[];
      const allowed = list.filter((a) => addressAllowed(a.address, allowlist));
      if (allowed.length === 0) {
        return callback(
          new OutboundBlockedError(`${hostname} resolves to a private or reserved address (${list.map((a) => a.address).join(', ')})`),
          '',
          4,
        );
      }
      if ((options as dns.LookupOptions).all) return callback(null, allowed as unknown as string, 4);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

/** Where one hop goes: the URL's origin with its host canonicalised (an address literal) or as named. */
function destinationOf(url: URL): { address: string | null; origin: string } {
  const address = canonicalAddress(url.hostname);
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return { address, origin: `${url.protocol}//${address ?? url.hostname.toLowerCase()}:${port}` };
}

function once(
  url: URL,
  request: { method: string; headers: Record<string, string>; body?: Buffer },
  policy: OutboundPolicy,
  allowlist: BlockList,
): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    const { address } = destinationOf(url);
    if (address !== null && !addressAllowed(address, allowlist)) {
      reject(new OutboundBlockedError(`${address} is a private or reserved address`));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    // An address literal is connected to in its canonical form, the form that was judged.
    const connectTo = address === null ? {} : { hostname: address };
    const req = client.request(
      url,
      { method: request.method, headers: request.headers, lookup: guardedLookup(allowlist), timeout: policy.timeoutMs, ...connectTo },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > policy.maxBytes) {
            req.destroy(new OutboundLimitError(`response larger than ${policy.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), url: url.toString() }),
        );
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(
      () => req.destroy(new OutboundLimitError(`no complete answer within ${policy.timeoutMs} ms`)),
      policy.timeoutMs,
    );
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', () => req.destroy(new OutboundLimitError(`no answer within ${policy.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** One request with the policy's limits, following redirects (at most `maxRedirects`) by the rules above. */
export async function outboundRequest(
  target: string,
  request: { method?: string; headers?: Record<string, string>; body?: Buffer | string },
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundBlockedError('not a URL');
  }
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const named = destinationOf(url).origin;
  for (let hop = 0; ; hop++) {
    const allowedSchemes = policy.requireHttps ? ['https:'] : ['http:', 'https:'];
    if (!allowedSchemes.includes(url.protocol))
      throw new OutboundBlockedError(`scheme ${url.protocol} is not allowed (${allowedSchemes.join(' or ')} only)`);
    const allowlist = destinationOf(url).origin === named ? policy.allowlist : NOTHING_ALLOWED;
    const response = await once(url, { method: request.method ?? 'GET', headers: request.headers ?? {}, body }, policy, allowlist);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location || policy.maxRedirects === 0) return response;
    if (hop >= policy.maxRedirects) throw new OutboundLimitError(`more than ${policy.maxRedirects} redirects`);
    try {
      url = new URL(location, url);
    } catch {
      throw new OutboundBlockedError('the redirect target is not a URL');
    }
  }
}
