import { promises as dns } from 'node:dns';
import { BlockList } from 'node:net';
import { addressAllowed, canonicalAddress, parseIpv4 } from './address';

const allowlistOf = (...ranges: [string, number, 'ipv4' | 'ipv6'][]) => {
  const list = new BlockList();
  for (const [address, prefix, family] of ranges) list.addSubnet(address, prefix, family);
  return list;
};
const none = allowlistOf();
const loopbackAllowed = allowlistOf(['127.0.0.1', 32, 'ipv4']);

// Every spelling of 127.0.0.1 the probe delivered to, and the forms beside them.
const LOOPBACK_SPELLINGS = [
  '127.0.0.1',
  '127.1',
  '127.0.1',
  '0x7f000001',
  '0X7F000001',
  '2130706433',
  '017700000001',
  '0177.0.0.1',
  '0x7f.0.0.1',
  '0x7f.1',
  '::ffff:127.0.0.1',
  '[::ffff:127.0.0.1]',
  '::ffff:7f00:1',
  '::FFFF:7F00:0001',
  '0:0:0:0:0:ffff:7f00:1',
  '::127.0.0.1',
  '::7f00:1',
  '[::7f00:1]',
];

describe('canonicalAddress', () => {
  it.each(LOOPBACK_SPELLINGS)('reads %s as 127.0.0.1', (form) => expect(canonicalAddress(form)).toBe('127.0.0.1'));

  // The outside reference: the C resolver (getaddrinfo, through Node's dns.lookup) reads the IPv4
  // shorthand forms as the same address; inet_aton is what every HTTP client on the machine uses.
  it.each(['127.1', '127.0.1', '0x7f000001', '2130706433', '017700000001', '0177.0.0.1', '10.1', '192.168.257', '0'])(
    'agrees with the resolver on %s',
    async (form) => expect(canonicalAddress(form)).toBe((await dns.lookup(form, { family: 4 })).address),
  );

  it.each([
    ['10.1', '10.0.0.1'],
    ['192.168.257', '192.168.1.1'],
    ['169.254.43518', '169.254.169.254'],
    ['0', '0.0.0.0'],
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['::ffff:a9fe:a9fe', '169.254.169.254'],
    ['::a9fe:a9fe', '169.254.169.254'],
    ['::8.8.8.8', '8.8.8.8'],
  ])('reads %s as %s', (form, canonical) => expect(canonicalAddress(form)).toBe(canonical));

  it.each([
    ['::1', '::1'],
    ['::', '::'],
    ['[::1]', '::1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['FE80:0:0:0:0:0:0:1%eth0', 'fe80::1'],
    ['2001:DB8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2606:4700:4700:0:0:0:0:1111', '2606:4700:4700::1111'],
    ['fd00:ec2::254', 'fd00:ec2::254'],
    ['64:ff9b::7f00:1', '64:ff9b::7f00:1'],
  ])('keeps the IPv6 address %s as %s', (form, canonical) => expect(canonicalAddress(form)).toBe(canonical));

  // Not addresses to the resolver either (it looks them up as names, and finds none).
  const NOT_ADDRESSES = ['1.2.3.4.5', '256.1.1.1', '1.2.3.65536', '08.0.0.1', '0x', '0x.1', '127..1', '127.1.'];
  it.each(NOT_ADDRESSES)('says %s is no address, as the resolver does', async (form) => {
    expect(canonicalAddress(form)).toBeNull();
    await expect(dns.lookup(form, { family: 4 })).rejects.toThrow();
  });
  it.each(['example.com', 'localhost', '127.0.0.1.nip.io', '', '::ffff:1.2.3', '[127.0.0.1'])('says %s is no address', (form) =>
    expect(canonicalAddress(form)).toBeNull(),
  );

  it('parses each part of the shorthand like inet_aton: the last part fills the bytes that remain', () => {
    expect(parseIpv4('1.0x10000')).toBe(0x01010000);
    expect(parseIpv4('1.0xffffff')).toBe(0x01ffffff);
    expect(parseIpv4('1.0x1000000')).toBeNull();
    expect(parseIpv4('4294967295')).toBe(0xffffffff);
    expect(parseIpv4('4294967296')).toBeNull();
  });
});

describe('addressAllowed', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00:ec2::254',
    '::ffff:10.0.0.1',
    '224.0.0.1',
    ...LOOPBACK_SPELLINGS,
    '::ffff:a9fe:a9fe',
    '::a9fe:a9fe',
    '169.254.43518',
    '0xa9fea9fe',
    '64:ff9b::7f00:1',
    '::2',
  ])('refuses %s by default', (address) => expect(addressAllowed(address, none)).toBe(false));

  it.each(['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:1.1.1.1', '::1.1.1.1', '0x01010101'])(
    'allows public %s',
    (address) => expect(addressAllowed(address, none)).toBe(true),
  );

  it('lets the allowlist open a private range, in every spelling of its addresses and no further', () => {
    expect(addressAllowed('10.1.2.3', allowlistOf(['10.0.0.0', 8, 'ipv4']))).toBe(true);
    for (const form of LOOPBACK_SPELLINGS) expect(addressAllowed(form, loopbackAllowed)).toBe(true);
    for (const form of ['127.0.0.2', '127.2', '::ffff:127.0.0.2', '::7f00:2', '::1', '169.254.169.254'])
      expect(addressAllowed(form, loopbackAllowed)).toBe(false);
  });

  it('never allows a host name: only an address can be judged', () => {
    expect(addressAllowed('localhost', loopbackAllowed)).toBe(false);
    expect(addressAllowed('example.com', none)).toBe(false);
  });
});

// The probe's reproducer, `http://[::ffff:0:127.0.0.1]:47001/`, and the other IPv6 ranges that lead
// to an IPv4 address: IPv4-translated (RFC 2765, ::ffff:0:0:0/96), NAT64 (RFC 6052 64:ff9b::/96,
// RFC 8215 64:ff9b:1::/48), 6to4 (RFC 3056, 2002::/16) and Teredo (RFC 4380, 2001::/32).
describe('IPv6 addresses that carry an IPv4 address', () => {
  it.each([
    ['::ffff:0:127.0.0.1', '127.0.0.1'],
    ['[::ffff:0:127.0.0.1]', '127.0.0.1'],
    ['::ffff:0:7f00:1', '127.0.0.1'],
    ['0:0:0:0:ffff:0:a9fe:a9fe', '169.254.169.254'],
    ['::ffff:0:8.8.8.8', '8.8.8.8'],
  ])('reads the IPv4-translated %s as %s', (form, canonical) => expect(canonicalAddress(form)).toBe(canonical));

  it.each([
    '::ffff:0:127.0.0.1',
    '::ffff:0:10.0.0.7',
    '64:ff9b::8.8.8.8',
    '64:ff9b:1::7f00:1',
    '64:ff9b:1:ffff::1',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101:1::1',
    '2001:0:7f00:1::1',
    '2001:0:5ef5:79fd:0:0:80ff:fffe', // Teredo whose client is 127.0.0.1 (bits inverted)
  ])('refuses %s by default', (address) => expect(addressAllowed(address, none)).toBe(false));

  it.each(['::ffff:0:8.8.8.8', '2002:808:808::1', '2001:0:5ef5:79fd:0:0:f7f7:f7f7'])(
    'allows %s, whose IPv4 addresses are public',
    (address) => expect(addressAllowed(address, none)).toBe(true),
  );

  it('judges an IPv4-translated address by the allowlist of its IPv4 form', () => {
    expect(addressAllowed('::ffff:0:127.0.0.1', loopbackAllowed)).toBe(true);
    expect(addressAllowed('::ffff:0:127.0.0.2', loopbackAllowed)).toBe(false);
  });
});
