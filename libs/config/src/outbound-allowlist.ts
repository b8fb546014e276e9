import { BlockList, isIP } from 'node:net';

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
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}
