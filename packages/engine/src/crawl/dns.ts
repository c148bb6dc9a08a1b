import type { LookupAddress, LookupOptions } from 'node:dns';
import { promises as dnsPromises } from 'node:dns';
import { type AddressAllowList, addressRefusal, parseIPv4, SsrfError } from './ssrf';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name → addresses. The crawler resolves names itself so it can check every address before connecting. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsPromises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

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
