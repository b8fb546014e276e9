import { BlockList, isIPv6 } from 'node:net';

/**
 * One spelling per address, so that the range check and the allowlist see the address the socket
 * will reach, whatever form a customer (or a resolver) wrote it in:
 * - IPv4 in the forms the C resolver's `inet_aton` accepts (`127.1`, `0x7f000001`, `2130706433`,
 *   `0177.0.0.1`): 1 to 4 parts, each decimal, octal (leading 0) or hex (0x); the last part fills
 *   the bytes that remain. Written back as dotted decimal.
 * - IPv4-mapped IPv6 (`::ffff:a.b.c.d`, `::ffff:7f00:1`, ::ffff:0:0/96), IPv4-compatible IPv6
 *   (`::a.b.c.d`, `::7f00:1`, ::/96) and IPv4-translated IPv6 (`::ffff:0:a.b.c.d`,
 *   ::ffff:0:0:0/96, RFC 2765) as the IPv4 address they carry: a socket or a translator on the
 *   way reaches that IPv4 address.
 * - Any other IPv6 in its compressed lower-case form, without a zone (`%eth0`). Ranges that carry
 *   an IPv4 address by other means (NAT64, 6to4, Teredo) are judged by `addressAllowed`.
 * Anything else (a host name) is not an address: null.
 */
export function canonicalAddress(host: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const v4 = parseIpv4(bare);
  if (v4 !== null) return formatIpv4(v4);
  const withoutZone = bare.replace(/%[^%]*$/, '');
  if (!isIPv6(withoutZone)) return null;
  const groups = ipv6Groups(withoutZone);
  const upperZero = groups.slice(0, 5).every((g) => g === 0);
  const carried = groups[6] * 0x10000 + groups[7];
  if (upperZero && groups[5] === 0xffff) return formatIpv4(carried);
  const translated = groups.slice(0, 4).every((g) => g === 0) && groups[4] === 0xffff && groups[5] === 0;
  if (translated) return formatIpv4(carried);
  // `::` and `::1` are IPv6 addresses of their own (unspecified, loopback), not IPv4-compatible.
  if (upperZero && groups[5] === 0 && carried > 1) return formatIpv4(carried);
  return formatIpv6(groups);
}

/** An IPv4 address as a 32-bit number, from any form inet_aton accepts; null when it is not one. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Part(part);
    if (value === null) return null;
    values.push(value);
  }
  const last = values.pop() as number;
  if (values.some((v) => v > 255)) return null;
  const lastBytes = 4 - values.length;
  if (last >= 2 ** (8 * lastBytes)) return null;
  return values.reduce((sum, v, i) => sum + v * 2 ** (8 * (3 - i)), 0) + last;
}

function parseIpv4Part(part: string): number | null {
  let digits: string;
  let radix: number;
  if (/^0x[0-9a-f]+$/i.test(part)) [digits, radix] = [part.slice(2), 16];
  else if (/^0[0-7]*$/.test(part)) [digits, radix] = [part, 8];
  else if (/^[1-9][0-9]*$/.test(part)) [digits, radix] = [part, 10];
  else return null;
  const value = parseInt(digits, radix);
  return value <= 0xffffffff ? value : null;
}

const formatIpv4 = (value: number) => [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = parseIpv4(tail[1]) as number;
    text = `${text.slice(0, -tail[1].length)}${Math.floor(v4 / 0x10000).toString(16)}:${(v4 % 0x10000).toString(16)}`;
  }
  const [head, rest] = text.split('::');
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - headGroups.length - restGroups.length).fill('0');
  return [...headGroups, ...zeros, ...restGroups].map((g) => parseInt(g, 16));
}

/** RFC 5952: lower case, no leading zeros, the longest run (of two or more) of zero groups as `::`. */
function formatIpv6(groups: number[]): string {
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8;) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
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
// The IPv4-carrying prefixes that canonicalAddress turns into IPv4 (::ffff:0:0/96, ::/96,
// ::ffff:0:0:0/96) need no entry. NAT64 (RFC 6052's well-known 64:ff9b::/96 and RFC 8215's
// local-use 64:ff9b:1::/48) reaches whatever IPv4 address a gateway is told to: blocked whole.
const BLOCKED_V6 = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
] as const;

const blocked = new BlockList();
for (const [net, prefix] of BLOCKED_V4) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of BLOCKED_V6) blocked.addSubnet(net, prefix, 'ipv6');

/** A BlockList that admits nothing: the allowlist a redirect to a new destination is checked with. */
export const NOTHING_ALLOWED = new BlockList();

/**
 * Whether an address may be connected to: public, or inside the operator's allowlist. The address
 * is canonicalised first; a host name (not an address) is never allowed here.
 */
export function addressAllowed(address: string, allowlist: BlockList): boolean {
  const canonical = canonicalAddress(address);
  if (canonical === null) return false;
  const family = isIPv6(canonical) ? 'ipv6' : 'ipv4';
  if (allowlist.check(canonical, family)) return true;
  if (blocked.check(canonical, family)) return false;
  // A 6to4 or Teredo address is a tunnel to the IPv4 addresses inside it: each must be public.
  return family === 'ipv4' || tunnelledIpv4(canonical).every((v4) => !blocked.check(formatIpv4(v4), 'ipv4'));
}

/**
 * The IPv4 addresses a tunnelling IPv6 address leads to: 6to4 (2002::/16, RFC 3056) carries its
 * router's address in groups 1 and 2; Teredo (2001::/32, RFC 4380) its server's in groups 2 and 3
 * and its client's, bit-inverted, in groups 6 and 7. None for any other address.
 */
function tunnelledIpv4(ipv6: string): number[] {
  const g = ipv6Groups(ipv6);
  const v4 = (hi: number, lo: number) => hi * 0x10000 + lo;
  if (g[0] === 0x2002) return [v4(g[1], g[2])];
  if (g[0] === 0x2001 && g[1] === 0) return [v4(g[2], g[3]), v4(g[6] ^ 0xffff, g[7] ^ 0xffff)];
  return [];
}
