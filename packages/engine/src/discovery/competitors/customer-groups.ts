/**
 * Which pieces of evidence name the same customer: the same website, the same name, a name the other's website
 * is named for ("Blue Ridge HVAC" and blueridgehvac.com), or one name the start of the other ("The Tasting Room"
 * and "The Tasting Room Wine Bar", "Petit Zinc" and "Le Petit Zinc"). Two different websites are never one
 * customer.
 */
import { distinctiveWords } from '../../dedupe/keys';
import { isNamedByWebsite } from '../../dedupe/main-record';
import { nameKey } from '../../normalize/name';
import type { CustomerEvidence } from './extract';

const ARTICLES = new Set([
  'the',
  'le',
  'la',
  'les',
  'l',
  'el',
  'los',
  'las',
  'die',
  'der',
  'das',
  'il',
  'lo',
]);

/** The name's words without a leading article. */
function wordsOf(name: string): string[] {
  const words = nameKey(name).split(' ').filter(Boolean);
  return words.length > 1 && ARTICLES.has(words[0] as string) ? words.slice(1) : words;
}

/** One name is the other's start, and what the longer adds does not make it another business. */
export function isSameNameShortened(a: string, b: string): boolean {
  const [short, long] = [wordsOf(a), wordsOf(b)].sort((x, y) => x.length - y.length) as [string[], string[]];
  if (short.length === 0 || !short.every((word, i) => long[i] === word)) return false;
  if (short.length === long.length) return true; // only an article apart: "Le Petit Zinc" and "Petit Zinc"
  // "Casa Verde" / "Casa Verde Group": two words are a name; "Acme" / "Acme Roofing": only a kind was added.
  return short.length >= 2 || distinctiveWords(long.slice(short.length).join(' ')).length === 0;
}

/** The evidence in groups, one per customer, each in the order given (strongest first). */
export function groupEvidence(ranked: readonly CustomerEvidence[]): CustomerEvidence[][] {
  const parent = ranked.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number;
      i = parent[i] as number;
    }
    return i;
  };
  const domains = ranked.map((e) => new Set(e.domain ? [e.domain] : []));
  const union = (a: number, b: number) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra === rb) return;
    const [da, db] = [domains[ra] as Set<string>, domains[rb] as Set<string>];
    if (da.size > 0 && db.size > 0 && ![...da].some((d) => db.has(d))) return;
    const [root, child] = ra < rb ? [ra, rb] : [rb, ra];
    parent[child] = root;
    for (const d of domains[child] as Set<string>) (domains[root] as Set<string>).add(d);
  };

  // Same website, same name.
  const first = new Map<string, number>();
  ranked.forEach((item, i) => {
    for (const key of [item.domain ? `d:${item.domain}` : null, `n:${nameKey(item.name)}`]) {
      if (!key || key === 'n:') continue;
      const j = first.get(key);
      if (j === undefined) first.set(key, i);
      else union(i, j);
    }
  });
  // Names the other's website is named for, and shortened names: compared once per distinct name.
  const names = [...first.entries()].filter(([key]) => key.startsWith('n:')).map(([, i]) => i);
  for (const i of names) {
    for (const j of names) {
      if (j <= i) continue;
      const [a, b] = [ranked[i] as CustomerEvidence, ranked[j] as CustomerEvidence];
      const byWebsite = (x: CustomerEvidence, y: CustomerEvidence) =>
        !!y.domain && domains[find(ranked.indexOf(x))]?.size === 0 && isNamedByWebsite(x.name, y.domain);
      if (isSameNameShortened(a.name, b.name) || byWebsite(a, b) || byWebsite(b, a)) union(i, j);
    }
  }
  const groups = new Map<number, CustomerEvidence[]>();
  ranked.forEach((item, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(item);
    else groups.set(root, [item]);
  });
  return [...groups.values()];
}
