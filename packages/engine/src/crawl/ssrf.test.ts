import { describe, expect, it } from 'vitest';
import { AddressAllowList, addressRefusal, embeddedIPv4, parseIPv4, parseIPv6 } from './ssrf';

const none = new AddressAllowList();

describe('address parsing', () => {
  it('reads dotted quads only', () => {
    expect(parseIPv4('127.0.0.1')).toBe(0x7f000001);
    expect(parseIPv4('256.0.0.1')).toBeNull();
    expect(parseIPv4('1.2.3')).toBeNull();
  });

  it('reads IPv6 with compression, zone ids and a dotted tail', () => {
    expect(parseIPv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('[fe80::1%eth0]')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6('::ffff:10.1.2.3')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0a01, 0x0203]);
    expect(parseIPv6('1::2::3')).toBeNull();
    expect(parseIPv6('example.com')).toBeNull();
  });

  it('finds IPv4 inside mapped, translated, NAT64 and 6to4 addresses', () => {
    expect(embeddedIPv4(parseIPv6('::ffff:7f00:1') as number[])).toBe(0x7f000001);
    expect(embeddedIPv4(parseIPv6('::ffff:0:7f00:1') as number[])).toBe(0x7f000001);
    expect(embeddedIPv4(parseIPv6('64:ff9b::a9fe:a9fe') as number[])).toBe(0xa9fea9fe);
    expect(embeddedIPv4(parseIPv6('2002:c0a8:0101::1') as number[])).toBe(0xc0a80101);
  });
});

describe('addressRefusal', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.20.30.40',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456:789a::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '2002:0a00:0001::1',
    // IPv4-translated (::ffff:0:0:0/96) and local-use NAT64 (64:ff9b:1::/48).
    '::ffff:0:127.0.0.1',
    '::ffff:0:a9fe:a9fe',
    '64:ff9b:1::a00:1',
    '64:ff9b:1:ffff:ffff:ffff:ffff:ffff',
  ])('refuses %s', (address) => {
    expect(addressRefusal(address, none)).not.toBeNull();
  });

  it.each([
    '93.184.216.34',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:93.184.216.34',
    '::ffff:0:93.184.216.34',
    '64:ff9b::93.184.216.34',
    '2001:200::1',
  ])('lets the public address %s through', (address) => {
    expect(addressRefusal(address, none)).toBeNull();
  });

  it('lets allow-listed addresses and networks through, and only those', () => {
    const allow = new AddressAllowList(['127.0.0.1', '10.1.0.0/16', 'fd00::/8']);
    expect(addressRefusal('127.0.0.1', allow)).toBeNull();
    expect(addressRefusal('::ffff:127.0.0.1', allow)).toBeNull();
    expect(addressRefusal('10.1.200.3', allow)).toBeNull();
    expect(addressRefusal('fd00::5', allow)).toBeNull();
    expect(addressRefusal('127.0.0.2', allow)).not.toBeNull();
    expect(addressRefusal('10.2.0.1', allow)).not.toBeNull();
    expect(addressRefusal('169.254.169.254', allow)).not.toBeNull();
  });

  it('rejects a malformed allow-list entry', () => {
    expect(() => new AddressAllowList(['localhost'])).toThrow(/not an IP address/);
  });
});

/**
 * IANA's special-purpose address registries (iana-ipv4-special-registry, iana-ipv6-special-registry, as of 2025):
 * every block whose "Globally Reachable" is False (or N/A, for deprecated blocks), by its first and last address.
 * Blocks the registries call globally reachable (AS112, AMT, anycast, 64:ff9b::/96 of a public address) may be
 * refused or not; none of them serves websites.
 */
const NOT_GLOBALLY_REACHABLE_V4: Array<[string, string, string]> = [
  ['0.0.0.0/8', '0.0.0.0', '0.255.255.255'],
  ['10.0.0.0/8', '10.0.0.0', '10.255.255.255'],
  ['100.64.0.0/10', '100.64.0.0', '100.127.255.255'],
  ['127.0.0.0/8', '127.0.0.0', '127.255.255.255'],
  ['169.254.0.0/16', '169.254.0.0', '169.254.255.255'],
  ['172.16.0.0/12', '172.16.0.0', '172.31.255.255'],
  ['192.0.0.0/24', '192.0.0.0', '192.0.0.255'],
  ['192.0.0.0/29', '192.0.0.0', '192.0.0.7'],
  ['192.0.0.8/32', '192.0.0.8', '192.0.0.8'],
  ['192.0.0.170/32', '192.0.0.170', '192.0.0.171'],
  ['192.0.2.0/24', '192.0.2.0', '192.0.2.255'],
  ['192.88.99.0/24', '192.88.99.0', '192.88.99.255'],
  ['192.168.0.0/16', '192.168.0.0', '192.168.255.255'],
  ['198.18.0.0/15', '198.18.0.0', '198.19.255.255'],
  ['198.51.100.0/24', '198.51.100.0', '198.51.100.255'],
  ['203.0.113.0/24', '203.0.113.0', '203.0.113.255'],
  ['240.0.0.0/4', '240.0.0.0', '255.255.255.254'],
  ['255.255.255.255/32', '255.255.255.255', '255.255.255.255'],
];
const NOT_GLOBALLY_REACHABLE_V6: Array<[string, string, string]> = [
  ['::1/128', '::1', '::1'],
  ['::/128', '::', '::'],
  ['::ffff:0:0/96 (private IPv4 inside)', '::ffff:10.0.0.1', '::ffff:192.168.255.255'],
  ['64:ff9b:1::/48', '64:ff9b:1::', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'],
  ['100::/64', '100::', '100::ffff:ffff:ffff:ffff'],
  ['100:0:0:1::/64', '100:0:0:1::', '100:0:0:1:ffff:ffff:ffff:ffff'],
  ['2001::/23', '2001::', '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001::/32', '2001::', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:2::/48', '2001:2::', '2001:2:0:ffff:ffff:ffff:ffff:ffff'],
  ['2001:10::/28', '2001:10::', '2001:1f:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:db8::/32', '2001:db8::', '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2002::/16 (private IPv4 inside)', '2002:a00::', '2002:c0a8:ffff::'],
  ['3fff::/20', '3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['5f00::/16', '5f00::', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fc00::/7', 'fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fe80::/10', 'fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['ff00::/8 (multicast)', 'ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
];

describe('the IANA special-purpose registries', () => {
  it.each([...NOT_GLOBALLY_REACHABLE_V4, ...NOT_GLOBALLY_REACHABLE_V6])(
    'refuses %s from its first to its last address',
    (_block, first, last) => {
      expect(addressRefusal(first, none)).not.toBeNull();
      expect(addressRefusal(last, none)).not.toBeNull();
    },
  );

  it('lets the public neighbours of those blocks through', () => {
    for (const address of ['9.255.255.255', '11.0.0.0', '100.63.255.255', '192.0.1.0', '198.17.255.255']) {
      expect(addressRefusal(address, none), address).toBeNull();
    }
    for (const address of ['2001:200::', '2003::1', '3fff:1000::1', '5eff::1', 'fbff::1']) {
      expect(addressRefusal(address, none), address).toBeNull();
    }
  });
});
