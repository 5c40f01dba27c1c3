import { describe, expect, it } from 'vitest';
import { InvalidCidrError, classifyHost, createAddressPolicy, judgeAddress, parseCidr, parseCidrList, parseIPv4, parseIPv6 } from '../../src/net/index.js';

describe('parseIPv4', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0177.0.0.01', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['0x7F.0X0.0.1', '127.0.0.1'],
    ['169.254.43518', '169.254.169.254'],
    ['0xa9fea9fe', '169.254.169.254'],
    ['10.0.0.1.', '10.0.0.1'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
  ])('reads %s as %s', (input, expected) => {
    expect(parseIPv4(input)?.text).toBe(expected);
  });

  it.each(['256.0.0.1', '1.2.3.4.5', '4294967296', '08.0.0.1', '0x1g', 'example.com', '1..2', '', '1.2.3.256'])('rejects %s', (input) => {
    expect(parseIPv4(input)).toBeNull();
  });
});

describe('parseIPv6', () => {
  it.each([
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['0:0:0:0:0:0:0:1', '::1'],
    ['::', '::'],
    ['::ffff:127.0.0.1', '::ffff:127.0.0.1'],
    ['::ffff:7f00:1', '::ffff:127.0.0.1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['2001:DB8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['64:ff9b::169.254.169.254', '64:ff9b::a9fe:a9fe'],
  ])('reads %s as %s', (input, expected) => {
    expect(parseIPv6(input)?.text).toBe(expected);
  });

  it.each(['1::2::3', '12345::1', '1:2:3:4:5:6:7:8:9', '::ffff:1.2.3', '::ffff:1.2.3.256', 'g::1', '1:2:3:4:5:6:7', ':::'])('rejects %s', (input) => {
    expect(parseIPv6(input)).toBeNull();
  });
});

describe('judgeAddress without an allow-list', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['192.0.2.10', 'documentation'],
    ['198.51.100.10', 'documentation'],
    ['203.0.113.10', 'documentation'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:10.0.0.1', 'private'],
    ['::127.0.0.1', 'ipv4-compatible'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::1', 'nat64-local'],
    ['2002:7f00:1::', 'loopback'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'discard-only'],
    ['::2', 'ipv4-compatible'],
    ['4000::1', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    const verdict = judgeAddress(address);
    expect(verdict.allowed).toBe(false);
    expect(verdict.range).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2a00:1450:4001::1',
  ])('allows public %s', (address) => {
    const verdict = judgeAddress(address);
    expect(verdict).toMatchObject({ allowed: true, range: 'public' });
  });

  it('refuses what cannot be parsed', () => {
    expect(judgeAddress('not-an-ip').allowed).toBe(false);
  });
});

describe('CIDR allow-list', () => {
  it('parses a comma-separated list, bare addresses and IPv6', () => {
    const list = parseCidrList('10.0.0.0/8, 127.0.0.2/32,::1/128 192.168.1.7');
    expect(list.map((c) => c.text)).toEqual(['10.0.0.0/8', '127.0.0.2/32', '::1/128', '192.168.1.7/32']);
    expect(parseCidrList(['10.0.0.0/8,fd00::/8', '']).map((c) => c.text)).toEqual(['10.0.0.0/8', 'fd00::/8']);
    expect(parseCidrList(undefined)).toEqual([]);
  });

  it('masks host bits', () => {
    expect(parseCidr('10.1.2.3/8').text).toBe('10.0.0.0/8');
  });

  it.each(['10.0.0.0/33', '10/8', '0x0a.0.0.0/8', '::1/129', 'example.com/8', '10.0.0.0/-1', '10.0.0.0/'])('rejects %s', (entry) => {
    expect(() => parseCidr(entry)).toThrow(InvalidCidrError);
  });

  it('opens exactly the listed ranges', () => {
    const policy = createAddressPolicy(['127.0.0.2/32', '10.0.0.0/8']);
    expect(policy.judge('127.0.0.2')).toMatchObject({ allowed: true, range: 'loopback', viaAllowList: true });
    expect(policy.judge('127.0.0.1').allowed).toBe(false);
    expect(policy.judge('127.0.0.3').allowed).toBe(false);
    expect(policy.judge('10.200.1.1').allowed).toBe(true);
    expect(policy.judge('169.254.169.254').allowed).toBe(false);
    expect(policy.judge('8.8.8.8')).toMatchObject({ allowed: true, viaAllowList: false });
  });

  it('applies an IPv4 entry to the IPv4-mapped form of the address', () => {
    const policy = createAddressPolicy('127.0.0.2/32');
    expect(policy.judge('::ffff:127.0.0.2').allowed).toBe(true);
    expect(policy.judge('::ffff:127.0.0.1').allowed).toBe(false);
  });

  it('opens IPv6 ranges', () => {
    const policy = createAddressPolicy('::1/128,fd00::/8');
    expect(policy.judge('::1').allowed).toBe(true);
    expect(policy.judge('fd00::5').allowed).toBe(true);
    expect(policy.judge('fc00::5').allowed).toBe(false);
  });
});

describe('classifyHost', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['[::ffff:7f00:1]', '::ffff:127.0.0.1'],
    ['169.254.169.254.', '169.254.169.254'],
  ])('recognises %s as the IP %s', (host, ip) => {
    const kind = classifyHost(host);
    expect(kind.kind).toBe('ip');
    if (kind.kind === 'ip') expect(kind.ip.text).toBe(ip);
  });

  it('treats names as names', () => {
    expect(classifyHost('News.Example.COM')).toEqual({ kind: 'name', name: 'news.example.com' });
    expect(classifyHost('1password.com').kind).toBe('name');
    expect(classifyHost('0x7f.example').kind).toBe('name');
  });

  it('refuses hosts that end in a number but are no valid IPv4', () => {
    expect(classifyHost('1.2.3.999').kind).toBe('invalid');
    expect(classifyHost('example.123').kind).toBe('invalid');
    expect(classifyHost('0x7f.0x1g.1').kind).toBe('invalid');
    expect(classifyHost('').kind).toBe('invalid');
    expect(classifyHost('a..b').kind).toBe('invalid');
  });
});
