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

  it('finds IPv4 inside mapped, NAT64 and 6to4 addresses', () => {
    expect(embeddedIPv4(parseIPv6('::ffff:7f00:1') as number[])).toBe(0x7f000001);
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
