import type { LookupAddress, LookupOptions } from 'node:dns';
import { promises as dnsPromises } from 'node:dns';
import { isIP } from 'node:net';
import { type AddressAllowList, addressRefusal, parseIPv4, SsrfError } from './ssrf';

interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name → addresses. The crawler resolves names itself so it can check every address before connecting. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** The operating system's lookup (getaddrinfo: the hosts file, then DNS). */
const osResolver: Resolver = async (hostname) => {
  const answers = await dnsPromises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface DnsResolverOptions {
  /** DNS servers ("1.1.1.1", "127.0.0.1:5353"); default the system's (/etc/resolv.conf). */
  servers?: string[];
  /** Per query; default 2.5 s. */
  timeoutMs?: number;
  /** Attempts per server; default 2. */
  tries?: number;
  /**
   * Asked for a local name the DNS does not know (`localhost`, a one-label name) and for any name when no DNS server
   * could be asked; default osResolver (the hosts file), null: none.
   */
  fallback?: Resolver | null;
}

/** A name of this machine or its network rather than of the web: one label, or `localhost` and below it. */
const isLocalName = (hostname: string) => !hostname.includes('.') || /(?:^|\.)localhost\.?$/i.test(hostname);

/** DNS answers that mean "no such name (or no address for it)", not "the lookup failed". */
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

/**
 * Resolves a name with DNS queries of its own (c-ares: A and AAAA at once, IPv4 first), not the operating system's
 * getaddrinfo. getaddrinfo blocks one of libuv's threads for as long as it waits, and libuv lets such lookups have
 * only half of its 4 threads: a site whose name servers do not answer held one for 5–10 s, and every other site's
 * lookup queued behind it (an enrichment of 55 dead sites, 12 at a time, moved in steps of 5 s). A web site's name
 * must be in the DNS: one only in a hosts file is not reached (crawl it by its address, with CRAWL_ALLOW_HOSTS).
 */
export function createDnsResolver(options: DnsResolverOptions = {}): Resolver {
  const dns = new dnsPromises.Resolver({ timeout: options.timeoutMs ?? 2500, tries: options.tries ?? 2 });
  if (options.servers?.length) dns.setServers(options.servers);
  const fallback = options.fallback === undefined ? osResolver : options.fallback;
  return async (hostname) => {
    const literal = isIP(hostname);
    if (literal) return [{ address: hostname, family: literal === 6 ? 6 : 4 }];
    const [v4, v6] = await Promise.allSettled([dns.resolve4(hostname), dns.resolve6(hostname)]);
    const answers: ResolvedAddress[] = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (answers.length) return answers;
    const codes = [v4, v6].map((r) =>
      r.status === 'rejected' ? ((r.reason as NodeJS.ErrnoException).code ?? '') : 'ENODATA',
    );
    const notFound = codes.every((code) => NOT_FOUND.has(code));
    // The operating system answers what the DNS cannot: a hosts-file name (localhost, a container's name), and any
    // name when no DNS server could be asked. Not a timeout (getaddrinfo would wait as long again), nor a web site's
    // name the DNS says does not exist: asked again through getaddrinfo, an export full of dead sites took several
    // times as long as these queries alone (figures in docs/performance.md).
    const osMayKnow = notFound ? isLocalName(hostname) : !codes.includes('ETIMEOUT');
    if (fallback && osMayKnow) return fallback(hostname);
    if (notFound) {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    }
    // What getaddrinfo says then ("try again later"): a DNS failure, not a connection's (c-ares says ECONNREFUSED
    // for a refused query).
    throw Object.assign(new Error(`getaddrinfo EAI_AGAIN ${hostname}`), { code: 'EAI_AGAIN', hostname });
  };
}

/** How the crawler resolves names unless told otherwise. */
export const systemResolver: Resolver = createDnsResolver();

/**
 * A resolver answering from a fixed table (tests: "map the fixture host names to 127.0.0.1"). Names not in the
 * table fail like an unknown domain (ENOTFOUND) unless a fallback resolver is given; it never reaches real DNS.
 */
export function createStaticResolver(
  table: Record<string, string | string[]>,
  fallback?: Resolver,
): Resolver {
  const entries = new Map(Object.entries(table).map(([host, addrs]) => [host.toLowerCase(), [addrs].flat()]));
  return async (hostname) => {
    const addresses = entries.get(hostname.toLowerCase()) ?? entries.get('*');
    if (!addresses) {
      if (fallback) return fallback(hostname);
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
    }
    return addresses.map((address) => ({ address, family: parseIPv4(address) !== null ? 4 : 6 }));
  };
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net.connect (undici's connect options). Every address of the answer is checked: one internal
 * address refuses the whole name, so a DNS answer mixing public and private addresses cannot slip through.
 */
export function createGuardedLookup(resolve: Resolver, allow: AddressAllowList) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (answers) => {
        if (answers.length === 0) {
          const err = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
          callback(err, '');
          return;
        }
        for (const { address } of answers) {
          const refusal = addressRefusal(address, allow);
          if (refusal) {
            callback(new SsrfError(`${hostname} resolves to ${address}: ${refusal}`), '');
            return;
          }
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? answers.filter((a) => a.family === wanted) : answers;
        const first = usable[0];
        if (!first) {
          const err = Object.assign(new Error(`no IPv${wanted} address for ${hostname}`), {
            code: 'ENOTFOUND',
          });
          callback(err, '');
          return;
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    );
  };
}
