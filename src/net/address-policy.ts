// Which IP addresses the spider may connect to. Everything that is not plainly public unicast is
// refused unless an operator opened it with an explicit CIDR allow-list
// (NEWSCTL_ALLOW_PRIVATE_NETWORKS), so a hostile page or redirect can never aim the crawler at the
// daemon, PostgreSQL, a cloud metadata service or the intranet.

export type AddressRange =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'broadcast'
  | 'benchmarking'
  | 'documentation'
  | 'reserved'
  | 'unique-local'
  | 'site-local'
  | 'ipv4-compatible'
  | 'discard-only'
  | 'nat64-local';

export interface IpAddress {
  version: 4 | 6;
  /** 4 or 16 bytes, network order. */
  bytes: Uint8Array;
  /** Canonical text: dotted quad, or RFC 5952 compressed IPv6 without brackets. */
  text: string;
}

export interface Cidr {
  version: 4 | 6;
  bytes: Uint8Array;
  prefix: number;
  text: string;
}

export interface AddressVerdict {
  allowed: boolean;
  /** Canonical text of the address judged. */
  address: string;
  range: AddressRange;
  /** True when a non-public address was let through by the allow-list. */
  viaAllowList: boolean;
}

export class InvalidCidrError extends Error {
  readonly code = 'INVALID_CIDR';
  constructor(entry: string) {
    super(`Invalid network in allow-list: "${entry}" (expected a CIDR such as 10.0.0.0/8 or ::1/128)`);
    this.name = 'InvalidCidrError';
  }
}

// ---------------------------------------------------------------------------------------------
// Parsing

/**
 * Parses an IPv4 address the way the WHATWG URL host parser (and inet_aton) does: 1 to 4 parts,
 * each decimal, octal (leading 0) or hex (0x), the last part filling the remaining bytes. So
 * `2130706433`, `0x7f.1`, `0177.0.0.1` and `127.1` all read as 127.0.0.1. Returns null when the
 * string is not an IPv4 address in any of those spellings.
 */
export function parseIPv4(input: string): IpAddress | null {
  let parts = input.split('.');
  if (parts.length > 1 && parts[parts.length - 1] === '') parts = parts.slice(0, -1);
  if (parts.length === 0 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIPv4Number(part);
    if (value === null) return null;
    numbers.push(value);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255)) return null;
  if (last >= 256 ** (4 - numbers.length)) return null;
  let value = last;
  numbers.forEach((n, i) => {
    value += n * 256 ** (3 - i);
  });
  const bytes = new Uint8Array([(value >>> 24) & 255, (value >>> 16) & 255, (value >>> 8) & 255, value & 255]);
  return { version: 4, bytes, text: bytes.join('.') };
}

function parseIPv4Number(part: string): number | null {
  if (part === '') return null;
  let digits = part;
  let radix = 10;
  if (/^0x/i.test(part)) {
    digits = part.slice(2);
    radix = 16;
    if (digits === '') return 0;
  } else if (part.length > 1 && part.startsWith('0')) {
    digits = part.slice(1);
    radix = 8;
  }
  const pattern = radix === 16 ? /^[0-9a-f]+$/i : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!pattern.test(digits)) return null;
  const value = parseInt(digits, radix);
  // Anything beyond 2^32 is invalid anyway; guard against precision loss on absurd inputs.
  return Number.isSafeInteger(value) ? value : Number.MAX_SAFE_INTEGER;
}

/** Parses an IPv6 address (brackets and a %zone allowed, dotted IPv4 tail allowed). */
export function parseIPv6(input: string): IpAddress | null {
  let text = input.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':') || !/^[0-9a-fA-F:.]+$/.test(text)) return null;

  const lastColon = text.lastIndexOf(':');
  const lastGroup = text.slice(lastColon + 1);
  if (lastGroup.includes('.')) {
    // A dotted IPv4 tail becomes two hex groups; only a strict dotted quad is accepted there, as
    // the URL standard does.
    const quad = lastGroup.split('.');
    if (quad.length !== 4 || quad.some((q) => !/^(0|[1-9][0-9]{0,2})$/.test(q) || Number(q) > 255)) return null;
    const [a, b, c, d] = quad.map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }

  const doubleColon = text.indexOf('::');
  if (doubleColon !== -1 && text.indexOf('::', doubleColon + 1) !== -1) return null;
  const parseGroups = (s: string): number[] | null => {
    if (s === '') return [];
    const groups: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      groups.push(parseInt(g, 16));
    }
    return groups;
  };
  let groups: number[];
  if (doubleColon !== -1) {
    const head = parseGroups(text.slice(0, doubleColon));
    const rest = parseGroups(text.slice(doubleColon + 2));
    if (!head || !rest) return null;
    const missing = 8 - head.length - rest.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  } else {
    const all = parseGroups(text);
    if (!all) return null;
    groups = all;
  }
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 255;
  });
  return { version: 6, bytes, text: formatIPv6(bytes) };
}

/** Parses either family; IPv4 in any WHATWG/inet_aton spelling. */
function parseIp(input: string): IpAddress | null {
  return parseIPv4(input) ?? parseIPv6(input);
}

function formatIPv6(bytes: Uint8Array): string {
  // IPv4-mapped addresses read best with their IPv4 tail (RFC 5952 §5).
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) {
    return `::ffff:${bytes.slice(12).join('.')}`;
  }
  const groups: number[] = [];
  for (let i = 0; i < 16; i += 2) groups.push((bytes[i]! << 8) | bytes[i + 1]!);
  // RFC 5952: compress the longest run (length ≥ 2) of zero groups, the first one on ties.
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

// ---------------------------------------------------------------------------------------------
// Host strings

export type HostKind = { kind: 'ip'; ip: IpAddress } | { kind: 'name'; name: string } | { kind: 'invalid'; reason: string };

/**
 * Says whether a host string (as found in a URL, a Location header or a domain entry) is an IP
 * address in any spelling, a DNS name, or nonsense. A host whose last label is numeric must be
 * an IPv4 address (the WHATWG "ends in a number" rule): `1.2.3.999` or `0x7f.0x1g` is refused
 * rather than handed to a resolver that might read it some other way.
 */
export function classifyHost(host: string): HostKind {
  let name = host.trim().toLowerCase();
  if (name === '') return { kind: 'invalid', reason: 'is empty' };
  if (name.startsWith('[')) {
    const ip = parseIPv6(name);
    return ip ? { kind: 'ip', ip } : { kind: 'invalid', reason: 'is not a valid IPv6 address' };
  }
  if (name.includes(':')) {
    const ip = parseIPv6(name);
    return ip ? { kind: 'ip', ip } : { kind: 'invalid', reason: 'is not a valid host' };
  }
  if (name.endsWith('.')) name = name.slice(0, -1);
  const labels = name.split('.');
  const last = labels[labels.length - 1] ?? '';
  if (/^[0-9]+$/.test(last) || /^0x[0-9a-f]*$/.test(last)) {
    const ip = parseIPv4(name);
    return ip ? { kind: 'ip', ip } : { kind: 'invalid', reason: 'looks like a malformed IP address' };
  }
  if (labels.some((l) => l === '') || /[^a-z0-9._\-\u0080-\uffff]/.test(name)) {
    return { kind: 'invalid', reason: 'is not a valid host name' };
  }
  return { kind: 'name', name };
}

// ---------------------------------------------------------------------------------------------
// CIDR allow-list

/** Parses one CIDR (a bare address counts as /32 or /128). Throws InvalidCidrError. */
export function parseCidr(entry: string): Cidr {
  const text = entry.trim();
  const slash = text.indexOf('/');
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const prefixText = slash === -1 ? null : text.slice(slash + 1);
  // A strict dotted quad only: an allow-list is configuration, and `10/8` is too easy to misread.
  const ip = /^[0-9]{1,3}(\.[0-9]{1,3}){3}$/.test(addressText)
    ? parseIPv4(
        addressText
          .split('.')
          .map((p) => String(Number(p)))
          .join('.'),
      )
    : parseIPv6(addressText);
  if (!ip) throw new InvalidCidrError(entry);
  const max = ip.version === 4 ? 32 : 128;
  let prefix = max;
  if (prefixText !== null) {
    if (!/^[0-9]{1,3}$/.test(prefixText)) throw new InvalidCidrError(entry);
    prefix = Number(prefixText);
    if (prefix > max) throw new InvalidCidrError(entry);
  }
  const bytes = maskBytes(ip.bytes, prefix);
  const base = ip.version === 4 ? bytes.join('.') : formatIPv6(bytes);
  return { version: ip.version, bytes, prefix, text: `${base}/${prefix}` };
}

/**
 * Parses an allow-list: a comma- or whitespace-separated string, or an array of such strings
 * (`"10.0.0.0/8,127.0.0.2/32,::1/128"`). Empty entries are skipped; a bad one throws.
 */
export function parseCidrList(list: string | readonly string[] | undefined): Cidr[] {
  if (!list) return [];
  const entries = (typeof list === 'string' ? [list] : list).flatMap((s) => s.split(/[\s,]+/));
  return entries.filter((e) => e.trim() !== '').map(parseCidr);
}

function cidrContains(cidr: Cidr, ip: IpAddress): boolean {
  if (cidr.version !== ip.version) return false;
  const masked = maskBytes(ip.bytes, cidr.prefix);
  return masked.every((b, i) => b === cidr.bytes[i]);
}

function maskBytes(bytes: Uint8Array, prefix: number): Uint8Array {
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) {
    const bits = Math.max(0, Math.min(8, prefix - i * 8));
    out[i] = bits === 0 ? 0 : bytes[i]! & ((0xff << (8 - bits)) & 0xff);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Classification

interface SpecialRange {
  cidr: Cidr;
  range: AddressRange | 'embedded-ipv4';
  /** Byte offset of an embedded IPv4 address judged in place of the IPv6 one. */
  embeddedAt?: number;
}

// Order matters: the first match wins, so narrower blocks come before the ones containing them.
const IPV4_RANGES: SpecialRange[] = [
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'],
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
].map(([cidr, range]) => ({ cidr: parseCidr(cidr!), range: range as AddressRange }));

const IPV6_RANGES: SpecialRange[] = [
  { cidr: parseCidr('::/128'), range: 'unspecified' },
  { cidr: parseCidr('::1/128'), range: 'loopback' },
  { cidr: parseCidr('::ffff:0:0/96'), range: 'embedded-ipv4', embeddedAt: 12 },
  { cidr: parseCidr('::/96'), range: 'ipv4-compatible' },
  { cidr: parseCidr('64:ff9b::/96'), range: 'embedded-ipv4', embeddedAt: 12 }, // NAT64 well-known prefix
  { cidr: parseCidr('64:ff9b:1::/48'), range: 'nat64-local' },
  { cidr: parseCidr('100::/64'), range: 'discard-only' },
  { cidr: parseCidr('2001:db8::/32'), range: 'documentation' },
  { cidr: parseCidr('2001::/23'), range: 'reserved' }, // IETF assignments: Teredo, ORCHID, benchmarking…
  { cidr: parseCidr('2002::/16'), range: 'embedded-ipv4', embeddedAt: 2 }, // 6to4
  { cidr: parseCidr('3fff::/20'), range: 'documentation' },
  { cidr: parseCidr('5f00::/16'), range: 'reserved' }, // SRv6 SIDs
  { cidr: parseCidr('fc00::/7'), range: 'unique-local' },
  { cidr: parseCidr('fe80::/10'), range: 'link-local' },
  { cidr: parseCidr('fec0::/10'), range: 'site-local' },
  { cidr: parseCidr('ff00::/8'), range: 'multicast' },
];

const GLOBAL_UNICAST_V6 = parseCidr('2000::/3');

function resolveRange(ip: IpAddress): { range: AddressRange; judged: IpAddress } {
  if (ip.version === 4) {
    const hit = IPV4_RANGES.find((r) => cidrContains(r.cidr, ip));
    return { range: (hit?.range as AddressRange | undefined) ?? 'public', judged: ip };
  }
  const hit = IPV6_RANGES.find((r) => cidrContains(r.cidr, ip));
  if (hit?.range === 'embedded-ipv4') {
    const at = hit.embeddedAt!;
    const v4 = ip.bytes.slice(at, at + 4);
    return resolveRange({ version: 4, bytes: v4, text: v4.join('.') });
  }
  if (hit) return { range: hit.range as AddressRange, judged: ip };
  return { range: cidrContains(GLOBAL_UNICAST_V6, ip) ? 'public' : 'reserved', judged: ip };
}

/**
 * Judges one address against the policy. IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) and
 * 6to4 addresses are judged by the IPv4 address they carry, so `::ffff:127.0.0.1` is loopback.
 * The allow-list is consulted for the address as written and for the IPv4 address it carries.
 */
export function judgeAddress(ip: IpAddress | string, allowList: readonly Cidr[] = []): AddressVerdict {
  const parsed = typeof ip === 'string' ? parseIp(ip) : ip;
  if (!parsed) return { allowed: false, address: String(ip), range: 'reserved', viaAllowList: false };
  const { range, judged } = resolveRange(parsed);
  if (range === 'public') return { allowed: true, address: parsed.text, range, viaAllowList: false };
  const listed = allowList.some((c) => cidrContains(c, parsed) || cidrContains(c, judged));
  return { allowed: listed, address: parsed.text, range, viaAllowList: listed };
}

export interface AddressPolicy {
  readonly allowList: readonly Cidr[];
  judge(ip: IpAddress | string): AddressVerdict;
}

/** Builds the policy once from the configured allow-list (throws InvalidCidrError on a bad entry). */
export function createAddressPolicy(allowPrivateNetworks: string | readonly string[] = []): AddressPolicy {
  const allowList = Object.freeze(parseCidrList(allowPrivateNetworks));
  return { allowList, judge: (ip) => judgeAddress(ip, allowList) };
}
