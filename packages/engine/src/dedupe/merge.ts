import type { RawBusiness } from '../discovery/source';
import { distanceMeters } from '../geo/geo';
import { nameKey } from '../normalize/name';
import { foldText } from '../normalize/text';
import { domainsOf, matchKeys } from './keys';
import { mainRecord, mergeLists } from './main-record';

/** One entry of `sources`, as the contract's BusinessSource. */
export interface SourceRef {
  source: string;
  source_ref: string | null;
  url?: string | null;
  snippet?: string | null;
  observed_at?: string;
  /**
   * Where this source's record places the business ("6909 Coit Rd, 75023 Plano"), so a record merged into
   * another keeps its own address: two branches of one chain share a website and merge into one business,
   * and the second branch's address must not be lost. Shown where it differs from the business's own.
   */
  address?: string;
}

export interface MergedBusiness
  extends Omit<
    RawBusiness,
    | 'url'
    | 'snippet'
    | 'observed_at'
    | 'socials'
    | 'aliases'
    | 'phones'
    | 'websites'
    | 'categories'
    | 'is_closed'
  > {
  /** Every source that found it, first-found first. `source`/`source_ref` are the first one's. */
  sources: SourceRef[];
  socials: string[];
  /** Every other name of the merged records (an outlet's, a brand), never `name` itself. */
  aliases: string[];
  /** Every phone (E.164), `phone` first. */
  phones: string[];
  /** Every website, `website` first. */
  websites: string[];
  /** Every category, `category` first. */
  categories: string[];
  /** Every merged record says the business has closed for good. */
  is_closed: boolean;
  /** Stable key for the store's unique index: the strongest key of the group (domain > phone > name+address). */
  dedupe_key: string;
  /** Every domain/phone/name+address key of the group, so a store can find a business merged earlier. */
  match_keys: string[];
}

export interface MergeOptions {
  /** Higher wins when two sources disagree on a field. Default DEFAULT_SOURCE_TRUST; unknown sources 0. */
  sourceTrust?: Record<string, number>;
  /** Same name within this distance is the same place. Default 50 m. */
  nearbyMeters?: number;
}

/** Data the user imported is theirs; Google's listings are curated; OSM is crowd-mapped; competitor pages guess. */
const DEFAULT_SOURCE_TRUST: Readonly<Record<string, number>> = {
  import: 40,
  google_places: 30,
  osm: 20,
  competitor: 10,
};

const KEY_PRIORITY = ['d:', 'dp:', 'p:', 'a:'];
const CELL_DEG = 0.0005; // ≈ 55 m of latitude: a 3×3 block of cells covers every neighbour within 50 m.

/**
 * Merges duplicates across sources, tiles and rows in near-linear time (hash maps + union-find + a grid for
 * coordinates). Feed batches with `add`, read the merged list with `businesses()` at any time.
 */
export function createBusinessMerger(options: MergeOptions = {}) {
  const trust = options.sourceTrust ?? DEFAULT_SOURCE_TRUST;
  const nearby = options.nearbyMeters ?? 50;
  const records: RawBusiness[] = [];
  const keysOf: string[][] = [];
  const parent: number[] = [];
  const owner = new Map<string, number>();
  // `n:<nameKey>|<cell id>` and `w:<domain>|<cell id>` → records there; the 3×3 neighbourhood is searched only
  // for names and websites seen before.
  const cells = new Map<string, number[]>();
  const placed = new Set<string>();

  const find = (i: number): number => {
    let root = i;
    while (parent[root] !== root) root = parent[root] as number;
    for (let node = i; parent[node] !== root; ) {
      const next = parent[node] as number;
      parent[node] = root;
      node = next;
    }
    return root;
  };
  // The smaller index stays the root, so a group's root is its first-found record.
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const cellCol = (row: number, lng: number) =>
    Math.floor(lng / (CELL_DEG / Math.max(Math.cos(((row + 0.5) * CELL_DEG * Math.PI) / 180), 0.01)));
  const cellId = (row: number, col: number) => row * 1e8 + col;

  function addOne(record: RawBusiness) {
    const i = records.length;
    records.push(record);
    parent.push(i);
    const key = nameKey(record.name);
    const keys = matchKeys(record, key);
    keysOf.push(keys);
    for (const k of keys) {
      const j = owner.get(k);
      if (j === undefined) owner.set(k, i);
      else union(i, j);
    }
    if (record.lat === null || record.lng === null) return;
    // Near each other, the same name or the same website is the same place (an OSM node and its Google
    // listing, a hotel and the restaurant inside it that lists the hotel's site).
    const spots = [...(key ? [`n:${key}`] : []), ...domainsOf(record).map((domain) => `w:${domain}`)];
    const here = { lat: record.lat, lng: record.lng };
    const row = Math.floor(record.lat / CELL_DEG);
    for (const spot of spots) {
      if (placed.has(spot)) {
        for (let r = row - 1; r <= row + 1; r++) {
          const col = cellCol(r, record.lng);
          for (let c = col - 1; c <= col + 1; c++) {
            for (const j of cells.get(`${spot}|${cellId(r, c)}`) ?? []) {
              const other = records[j] as RawBusiness;
              if (distanceMeters(here, { lat: other.lat as number, lng: other.lng as number }) < nearby)
                union(i, j);
            }
          }
        }
      } else {
        placed.add(spot);
      }
      const own = `${spot}|${cellId(row, cellCol(row, record.lng))}`;
      const list = cells.get(own);
      if (list) list.push(i);
      else cells.set(own, [i]);
    }
  }

  return {
    add(batch: Iterable<RawBusiness>): void {
      for (const record of batch) addOne(record);
    },
    get size(): number {
      return records.length;
    },
    businesses(): MergedBusiness[] {
      const groups = new Map<number, number[]>();
      for (let i = 0; i < records.length; i++) {
        const root = find(i);
        const group = groups.get(root);
        if (group) group.push(i);
        else groups.set(root, [i]);
      }
      return [...groups.values()].map((group) =>
        group.length === 1
          ? single(records[group[0] as number] as RawBusiness, keysOf[group[0] as number] ?? [])
          : mergeGroup(group, records, keysOf, trust),
      );
    },
  };
}

/** Merges a list of records at once (see createBusinessMerger). */
export function mergeBusinesses(records: Iterable<RawBusiness>, options?: MergeOptions): MergedBusiness[] {
  const merger = createBusinessMerger(options);
  merger.add(records);
  return merger.businesses();
}

/** A record's location in one line: its street address, and the postal code and city unless the address has them. */
function locationLine(r: Pick<RawBusiness, 'address' | 'city' | 'postal_code'>): string | null {
  const address = r.address?.trim() || null;
  const place = [r.postal_code?.trim(), r.city?.trim()].filter(Boolean).join(' ');
  if (!address) return place || null;
  const folded = foldText(address);
  const hasPlace = [r.postal_code, r.city].every((part) => !part?.trim() || folded.includes(foldText(part)));
  return place && !hasPlace ? `${address}, ${place}` : address;
}

/** The source entry of one record. */
function sourceRefOf(r: RawBusiness): SourceRef {
  const ref: SourceRef = { source: r.source, source_ref: r.source_ref };
  if (r.url !== undefined) ref.url = r.url;
  if (r.snippet !== undefined) ref.snippet = r.snippet;
  if (r.observed_at !== undefined) ref.observed_at = r.observed_at;
  const address = locationLine(r);
  if (address) ref.address = address;
  return ref;
}

/** The common case, a record with no duplicate, without the merging machinery. */
function single(r: RawBusiness, keys: string[]): MergedBusiness {
  const ref = sourceRefOf(r);
  // Fields listed one by one: faster than a rest spread, and nothing source-specific leaks through.
  const out: MergedBusiness = {
    name: r.name,
    website: r.website,
    domain: r.domain,
    email: r.email,
    phone: r.phone,
    address: r.address,
    city: r.city,
    region: r.region,
    postal_code: r.postal_code,
    country: r.country,
    lat: r.lat,
    lng: r.lng,
    category: r.category,
    source: r.source,
    source_ref: r.source_ref,
    rating: r.rating,
    review_count: r.review_count,
    sources: [ref],
    socials: r.socials ?? [],
    aliases: r.aliases ?? [],
    phones: mergeLists([r.phone], [r.phones]),
    websites: mergeLists([r.website], [r.websites]),
    categories: mergeLists([r.category], [r.categories]),
    is_closed: r.is_closed === true,
    dedupe_key: dedupeKey(keys, [r]),
    match_keys: keys,
  };
  if (r.attributes) out.attributes = r.attributes;
  return out;
}

/** The attributes of every record, united: the first record (in the order found) with a key gives its value. */
function mergeAttributes(members: RawBusiness[]): Record<string, string | number | boolean> | undefined {
  let out: Record<string, string | number | boolean> | undefined;
  for (const record of members) {
    if (!record.attributes) continue;
    out ??= {};
    for (const [key, value] of Object.entries(record.attributes)) if (!(key in out)) out[key] = value;
  }
  return out;
}

const isFilled = (value: unknown): boolean => value !== null && value !== undefined && value !== '';

function mergeGroup(
  group: number[],
  records: RawBusiness[],
  keysOf: string[][],
  trust: Record<string, number>,
): MergedBusiness {
  const members = group.map((i) => records[i] as RawBusiness);
  const first = members[0] as RawBusiness;
  // Most trusted first; equal trust keeps the order found.
  const ranked = members
    .map((record, order) => ({ record, order, rank: trust[record.source] ?? 0 }))
    .sort((a, b) => b.rank - a.rank || a.order - b.order)
    .map((entry) => entry.record);
  const pick = <K extends keyof RawBusiness>(field: K): RawBusiness[K] | null =>
    ranked.find((record) => isFilled(record[field]))?.[field] ?? null;
  // The business the others are part of (the hotel, not its restaurant) names the record and leads its lists.
  const main = mainRecord(ranked);
  const lead = [main, ...ranked.filter((record) => record !== main)];

  const web = lead.find((record) => isFilled(record.website) || isFilled(record.domain));
  const located = ranked.find((record) => record.lat !== null && record.lng !== null);
  const keys =
    group.length === 1
      ? (keysOf[group[0] as number] ?? [])
      : [...new Set(group.flatMap((i) => keysOf[i] ?? []))];
  const names = new Map<string, string>([[nameKey(main.name), main.name]]);
  for (const name of lead.flatMap((record) => [record.name, ...(record.aliases ?? [])])) {
    const key = nameKey(name);
    if (key && !names.has(key)) names.set(key, name);
  }

  const merged: MergedBusiness = {
    name: main.name,
    website: web?.website ?? null,
    domain: web?.domain ?? null,
    email: pick('email'),
    phone: lead.find((record) => isFilled(record.phone))?.phone ?? null,
    ...mergeAddress(ranked),
    lat: located?.lat ?? null,
    lng: located?.lng ?? null,
    category: lead.find((record) => isFilled(record.category))?.category ?? null,
    source: first.source,
    source_ref: first.source_ref,
    rating: pick('rating'),
    review_count: pick('review_count'),
    sources: mergeSources(members),
    socials: [...new Set(members.flatMap((record) => record.socials ?? []))],
    aliases: [...names.values()].slice(1),
    phones: mergeLists(
      lead.map((r) => r.phone),
      lead.map((r) => r.phones),
    ),
    websites: mergeLists(
      lead.map((r) => r.website),
      lead.map((r) => r.websites),
    ),
    categories: mergeLists(
      lead.map((r) => r.category),
      lead.map((r) => r.categories),
    ),
    is_closed: members.every((record) => record.is_closed === true),
    dedupe_key: dedupeKey(keys, members),
    match_keys: keys,
  };
  const attributes = mergeAttributes(members);
  if (attributes) merged.attributes = attributes;
  return merged;
}

/** The address fields travel together from the most trusted record; gaps are filled only from agreeing ones. */
function mergeAddress(ranked: RawBusiness[]) {
  const base = ranked.find((r) => isFilled(r.address) || isFilled(r.city) || isFilled(r.postal_code));
  const out = {
    address: base?.address ?? null,
    city: base?.city ?? null,
    region: base?.region ?? null,
    postal_code: base?.postal_code ?? null,
    country: base?.country ?? null,
  };
  const same = (a: string | null, b: string | null) => !a || !b || foldText(a) === foldText(b);
  for (const record of ranked) {
    if (!same(out.city, record.city) || !same(out.postal_code, record.postal_code)) continue;
    out.address ??= record.address;
    out.city ??= record.city;
    out.region ??= record.region;
    out.postal_code ??= record.postal_code;
    out.country ??= record.country;
  }
  return out;
}

function mergeSources(members: RawBusiness[]): SourceRef[] {
  const seen = new Map<string, SourceRef>();
  for (const record of members) {
    const id = `${record.source}\u0000${record.source_ref ?? record.url ?? record.name}`;
    if (seen.has(id)) continue;
    seen.set(id, sourceRefOf(record));
  }
  return [...seen.values()];
}

function dedupeKey(keys: string[], members: RawBusiness[]): string {
  for (const prefix of KEY_PRIORITY) {
    let best: string | undefined;
    for (const key of keys) if (key.startsWith(prefix) && (best === undefined || key < best)) best = key;
    if (best !== undefined) return best;
  }
  const refs = members
    .filter((record) => record.source_ref !== null)
    .map((record) => `r:${record.source}:${record.source_ref}`)
    .sort();
  const first = members[0] as RawBusiness;
  return refs[0] ?? `n:${nameKey(first.name)}|${foldText(first.city ?? '')}`;
}
