/**
 * SSRF guard: which IP addresses the crawler may connect to. Business websites are public; anything pointing
 * inside (loopback, private, link-local/metadata, CGNAT, multicast, reserved, and the IPv6 equivalents, including
 * IPv4 addresses embedded in IPv6) is refused unless the allow-list names it. The lists follow IANA's IPv4 and IPv6
 * Special-Purpose Address Registries: every block that is not globally reachable is refused (ssrf.test.ts walks
 * both registries), and so are a few deprecated or anycast-only blocks no website lives in.
 */

/** An IPv4 address as a 32-bit unsigned number, or null when the text is not a dotted quad. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

/** An IPv6 address as 8 groups of 16 bits (embedded dotted IPv4 tail and zone ids accepted), or null. */
export function parseIPv6(text: string): number[] | null {
  let input = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = input.indexOf('%');
  if (zone !== -1) input = input.slice(0, zone);
  if (!input.includes(':')) return null;
  const lastColon = input.lastIndexOf(':');
  const last = input.slice(lastColon + 1);
  if (last.includes('.')) {
    // a.b.c.d tail: rewrite as two hex groups and parse again
    const ip4 = parseIPv4(last);
    if (ip4 === null) return null;
    const hex = `${Math.floor(ip4 / 65536).toString(16)}:${(ip4 % 65536).toString(16)}`;
    return parseIPv6(`${input.slice(0, lastColon + 1)}${hex}`);
  }
  const halves = input.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const head = parseGroups(halves[0] ?? '');
  const rest = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (!head || !rest) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - rest.length;
  if (missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...rest];
}

const v4 = (a: number, b: number, c: number, d: number) => ((a * 256 + b) * 256 + c) * 256 + d;

// [network, prefix length, reason]
const FORBIDDEN_V4: Array<[number, number, string]> = [
  [v4(0, 0, 0, 0), 8, 'this-network (0.0.0.0/8)'],
  [v4(10, 0, 0, 0), 8, 'private (10/8)'],
  [v4(100, 64, 0, 0), 10, 'carrier-grade NAT (100.64/10)'],
  [v4(127, 0, 0, 0), 8, 'loopback (127/8)'],
  [v4(169, 254, 0, 0), 16, 'link-local / cloud metadata (169.254/16)'],
  [v4(172, 16, 0, 0), 12, 'private (172.16/12)'],
  [v4(192, 0, 0, 0), 24, 'IETF protocol assignments (192.0.0/24)'],
  [v4(192, 0, 2, 0), 24, 'documentation (192.0.2/24)'],
  [v4(192, 88, 99, 0), 24, 'deprecated 6to4 relay anycast (192.88.99/24)'],
  [v4(192, 168, 0, 0), 16, 'private (192.168/16)'],
  [v4(198, 18, 0, 0), 15, 'benchmarking (198.18/15)'],
  [v4(198, 51, 100, 0), 24, 'documentation (198.51.100/24)'],
  [v4(203, 0, 113, 0), 24, 'documentation (203.0.113/24)'],
  [v4(224, 0, 0, 0), 4, 'multicast (224/4)'],
  [v4(240, 0, 0, 0), 4, 'reserved / broadcast (240/4)'],
];

const inV4Net = (ip: number, net: number, prefix: number) =>
  prefix === 0 || Math.floor(ip / 2 ** (32 - prefix)) === Math.floor(net / 2 ** (32 - prefix));

function forbiddenV4Reason(ip: number): string | null {
  for (const [net, prefix, reason] of FORBIDDEN_V4) if (inV4Net(ip, net, prefix)) return reason;
  return null;
}

/** The IPv4 address an IPv6 address carries (mapped, translated, compatible, NAT64, 6to4), or null. */
export function embeddedIPv4(groups: number[]): number | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const low = g6 * 65536 + g7;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0xffff) return low; // ::ffff:a.b.c.d (IPv4-mapped)
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0xffff && g5 === 0) return low; // ::ffff:0:a.b.c.d (IPv4-translated, SIIT)
  if (upperZero && g5 === 0 && low > 1) return low; // ::a.b.c.d (IPv4-compatible, deprecated)
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return low; // NAT64
  if (g0 === 0x2002) return g1 * 65536 + g2; // 6to4
  return null;
}

function forbiddenV6Reason(groups: number[]): string | null {
  const embedded = embeddedIPv4(groups);
  if (embedded !== null) {
    const reason = forbiddenV4Reason(embedded);
    return reason ? `IPv6 carrying IPv4 ${reason}` : null;
  }
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0] = groups;
  if (groups.every((g) => g === 0)) return 'unspecified (::)';
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return 'loopback (::1)';
  if ((g0 & 0xfe00) === 0xfc00) return 'unique local (fc00::/7)';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local (fe80::/10)';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local (fec0::/10)';
  if ((g0 & 0xff00) === 0xff00) return 'multicast (ff00::/8)';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation (2001:db8::/32)';
  if (g0 === 0x3fff && g1 < 0x1000) return 'documentation (3fff::/20)';
  if (g0 === 0x2001 && g1 === 0) return 'Teredo (2001::/32)';
  // Benchmarking (2001:2::/48), ORCHID, AMT, AS112 and anycast: nothing a business website is served from.
  if (g0 === 0x2001 && g1 < 0x0200) return 'IETF protocol assignments (2001::/23)';
  if (g0 === 0x0064 && g1 === 0xff9b && g2 === 1) return 'local-use NAT64 (64:ff9b:1::/48)';
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'discard (100::/64)';
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 1) return 'dummy prefix (100:0:0:1::/64)';
  if (g0 === 0x5f00) return 'segment routing SIDs (5f00::/16)';
  return null;
}

interface AllowEntry {
  family: 4 | 6;
  bits: number[]; // v4: [ip]; v6: groups
  prefix: number;
}

/** Parsed allow-list: IPs or CIDRs ("127.0.0.1", "10.0.0.0/8", "::1", "fd00::/8"). */
export class AddressAllowList {
  private readonly entries: AllowEntry[] = [];

  constructor(entries: readonly string[] = []) {
    for (const raw of entries) {
      const [addr = '', len] = raw.trim().split('/');
      const ip4 = parseIPv4(addr);
      if (ip4 !== null) {
        this.entries.push({ family: 4, bits: [ip4], prefix: len === undefined ? 32 : Number(len) });
        continue;
      }
      const ip6 = parseIPv6(addr);
      if (!ip6) throw new Error(`allow-list entry is not an IP address or CIDR: ${raw}`);
      this.entries.push({ family: 6, bits: ip6, prefix: len === undefined ? 128 : Number(len) });
    }
  }

  has(address: string): boolean {
    if (this.entries.length === 0) return false;
    let ip4 = parseIPv4(address);
    const ip6 = ip4 === null ? parseIPv6(address) : null;
    if (ip6) {
      const mapped = embeddedIPv4(ip6);
      if (mapped !== null && ip6[5] === 0xffff) ip4 = mapped;
    }
    return this.entries.some((e) => {
      if (e.family === 4) return ip4 !== null && inV4Net(ip4, e.bits[0] ?? 0, e.prefix);
      if (!ip6) return false;
      for (let i = 0, left = e.prefix; left > 0; i++, left -= 16) {
        const take = Math.min(16, left);
        const shift = 16 - take;
        if ((ip6[i] ?? 0) >> shift !== (e.bits[i] ?? 0) >> shift) return false;
      }
      return true;
    });
  }
}

/**
 * Why an address must not be connected to, or null when it is a public address (or allow-listed).
 * Text that is no IP address at all is refused too: callers pass resolved addresses only.
 */
export function addressRefusal(address: string, allow: AddressAllowList): string | null {
  if (allow.has(address)) return null;
  const ip4 = parseIPv4(address);
  if (ip4 !== null) return forbiddenV4Reason(ip4);
  const ip6 = parseIPv6(address);
  if (ip6) return forbiddenV6Reason(ip6);
  return `not an IP address: ${address}`;
}

/** True when a URL host is an IP literal (WHATWG URL already normalised 2130706433, 0177.0.0.1, 0x7f.1). */
export function ipLiteralOf(hostname: string): string | null {
  if (parseIPv4(hostname) !== null) return hostname;
  if (hostname.startsWith('[')) return hostname.slice(1, -1);
  return null;
}

export class SsrfError extends Error {
  readonly code = 'ERR_SSRF_BLOCKED';
  constructor(message: string) {
    super(message);
    this.name = 'SsrfError';
  }
}
