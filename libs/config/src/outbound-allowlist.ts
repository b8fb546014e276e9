import { BlockList, isIP } from 'node:net';

// IPv6 ranges that carry an IPv4 address (IPv4-mapped ::ffff:0:0/96, IPv4-compatible ::/96,
// IPv4-translated ::ffff:0:0:0/96): the outbound client judges such addresses as their IPv4 form,
// so an entry must name the IPv4 range.
const IPV4_CARRYING = new BlockList();
IPV4_CARRYING.addSubnet('::ffff:0:0', 96, 'ipv6');
IPV4_CARRYING.addSubnet('::ffff:0:0:0', 96, 'ipv6');
IPV4_CARRYING.addSubnet('::', 96, 'ipv6');

/**
 * OUTBOUND_ALLOWLIST: comma-separated CIDR ranges (e.g. `127.0.0.0/8,10.1.0.0/16`) that outbound
 * requests (logos, webhooks) may reach although private. Parsed once, by `loadConfig`, into
 * `PlatformConfig.outboundAllowlist`; nothing else parses it (a dependency rule keeps it so).
 */
export function parseAllowlist(value: string | undefined): BlockList {
  const list = new BlockList();
  for (const entry of (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [address, prefixText] = entry.split('/');
    const family = isIP(address);
    const prefix = Number(prefixText ?? (family === 6 ? 128 : 32));
    if (!family || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`OUTBOUND_ALLOWLIST: "${entry}" is not a CIDR range`);
    }
    if (family === 6 && IPV4_CARRYING.check(address, 'ipv6') && !['::', '::1'].includes(address))
      throw new Error(`OUTBOUND_ALLOWLIST: "${entry}" carries an IPv4 address; write the IPv4 range instead`);
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}
