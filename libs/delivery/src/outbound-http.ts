import * as dns from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * Outbound HTTP for URLs that customers give us (logos, webhooks): only http(s), and never to
 * private, loopback, link-local (cloud metadata), multicast or reserved addresses unless the
 * operator's allowlist says so. The check runs on the address actually connected to (inside the
 * socket's DNS lookup), so DNS rebinding cannot slip past it, and again on every redirect hop.
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

const BLOCKED_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
const BLOCKED_V6 = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['100::', 64],
] as const;

const blocked = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of BLOCKED_V6) blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an address may be connected to: public, or inside the allowlist. */
export function addressAllowed(address: string, allowlist: BlockList): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  // IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it maps to.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return addressAllowed(mapped[1], allowlist);
  if (allowlist.check(address, family)) return true;
  return !blocked.check(address, family);
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

function once(
  url: URL,
  request: { method: string; headers: Record<string, string>; body?: Buffer },
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    if (isIP(url.hostname.replace(/^\[|\]$/g, '')) && !addressAllowed(url.hostname.replace(/^\[|\]$/g, ''), policy.allowlist)) {
      reject(new OutboundBlockedError(`${url.hostname} is a private or reserved address`));
      return;
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      { method: request.method, headers: request.headers, lookup: guardedLookup(policy.allowlist), timeout: policy.timeoutMs },
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

/** One request with the policy's limits, following redirects only to addresses the policy allows. */
export async function outboundRequest(
  target: string,
  request: { method?: string; headers?: Record<string, string>; body?: Buffer | string },
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundBlockedError(`not a URL: ${target}`);
  }
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  for (let hop = 0; ; hop++) {
    const allowedSchemes = policy.requireHttps ? ['https:'] : ['http:', 'https:'];
    if (!allowedSchemes.includes(url.protocol))
      throw new OutboundBlockedError(`scheme ${url.protocol} is not allowed (${allowedSchemes.join(' or ')} only)`);
    const response = await once(url, { method: request.method ?? 'GET', headers: request.headers ?? {}, body }, policy);
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) return response;
    if (hop >= policy.maxRedirects) throw new OutboundLimitError(`more than ${policy.maxRedirects} redirects`);
    url = new URL(location, url);
  }
}
