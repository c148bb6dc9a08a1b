/**
 * An uploaded list of current customers matched to the businesses Argo has: by registrable domain first
 * ("https://www.weinhaus-mayer.de/shop" and "weinhaus-mayer.de" are one), else by the name key de-duplication uses
 * ("Weinhaus Mayer GmbH" and "weinhaus mayer" are one). An entry matches every business with that domain or name
 * (the same business found by two sessions is two rows).
 */
import { domainFromUrl } from '../normalize/domain';
import { nameKey } from '../normalize/name';

export interface MatchableBusiness {
  id: string;
  name: string;
  domain: string | null;
}

export interface CustomerMatch {
  /** The matched businesses' ids, each once, in the list's order. */
  ids: string[];
  /** The entries that matched nothing, as given. */
  unmatched: string[];
}

/** An entry read as a web address when it has a dot and no space (a name like "Dr. Weber" has a space). */
const looksLikeDomain = (entry: string) => entry.includes('.') && !/\s/.test(entry);

export function matchCustomers(
  entries: readonly string[],
  businesses: readonly MatchableBusiness[],
): CustomerMatch {
  const byDomain = new Map<string, string[]>();
  const byName = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, id: string) => {
    if (!key) return;
    const ids = map.get(key);
    if (ids) ids.push(id);
    else map.set(key, [id]);
  };
  for (const b of businesses) {
    add(byDomain, b.domain ? (domainFromUrl(b.domain) ?? b.domain.toLowerCase()) : '', b.id);
    add(byName, nameKey(b.name), b.id);
  }
  const ids = new Set<string>();
  const unmatched: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const domain = looksLikeDomain(entry) ? domainFromUrl(entry) : null;
    const found = (domain ? byDomain.get(domain) : undefined) ?? byName.get(nameKey(entry));
    if (found) for (const id of found) ids.add(id);
    else unmatched.push(entry);
  }
  return { ids: [...ids], unmatched };
}
