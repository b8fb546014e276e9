import { isIP } from 'node:net';

/**
 * TRUST_PROXY: comma-separated addresses or CIDR ranges of the reverse proxies in front of the API
 * (e.g. `127.0.0.1/32,10.0.0.0/8` for a Caddy on the same machine and a load balancer). Only a
 * request whose socket peer is one of them may name the client in `X-Forwarded-For`; the client is
 * then the right-most address of that header not itself a trusted proxy. Empty (the default): the
 * header is ignored and the client is the socket peer, so no one can pick the address their
 * failed logins are counted against.
 */
export function parseTrustProxy(value: string | undefined): string[] {
  const ranges: string[] = [];
  for (const entry of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, prefixText, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!family || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range`);
    }
    ranges.push(`${address}/${prefix}`);
  }
  return ranges;
}
