/**
 * Pure steps of storing a batch of merged businesses: point each record at the business stored earlier that
 * shares one of its match keys, and fold records of one batch that land on the same stored business together
 * (one INSERT … ON CONFLICT may touch a row only once).
 */
import { GAP_FILLED_FIELDS } from '@argo/contract';
import type { MergedBusiness, SourceRef } from '@argo/engine';

const FIELDS: readonly (keyof MergedBusiness)[] = GAP_FILLED_FIELDS;

const sourceId = (ref: SourceRef) => `${ref.source}\u0000${ref.source_ref ?? ref.url ?? ''}`;

/** `a` keeps its values; `b` fills the gaps; sources and keys are united (first-found first). */
function combineRecords(a: MergedBusiness, b: MergedBusiness): MergedBusiness {
  const out: MergedBusiness = { ...a };
  for (const field of FIELDS) {
    if (out[field] === null || out[field] === undefined || out[field] === '') {
      (out as unknown as Record<string, unknown>)[field] = b[field];
    }
  }
  const seen = new Set(a.sources.map(sourceId));
  out.sources = [...a.sources, ...b.sources.filter((ref) => !seen.has(sourceId(ref)))];
  out.match_keys = [...new Set([...a.match_keys, ...b.match_keys])];
  out.socials = [...new Set([...(a.socials ?? []), ...(b.socials ?? [])])];
  // Nothing of b is lost: its name becomes an alias, its phones, websites and categories join a's.
  const names = new Set([a.name, ...a.aliases]);
  out.aliases = [...a.aliases, ...[b.name, ...b.aliases].filter((name) => !names.has(name))];
  out.aliases = [...new Set(out.aliases)];
  out.phones = [...new Set([...a.phones, ...b.phones])];
  out.websites = [...new Set([...a.websites, ...b.websites])];
  out.categories = [...new Set([...a.categories, ...b.categories])];
  out.is_closed = a.is_closed && b.is_closed;
  // Imported columns: a's values stay, b adds the keys a lacks.
  if (b.attributes) out.attributes = { ...b.attributes, ...a.attributes };
  return out;
}

/** Every key a record can be found by: its dedupe_key and its match keys. */
export const keysOf = (record: MergedBusiness): string[] => [record.dedupe_key, ...record.match_keys];

/**
 * Gives each record the dedupe_key of the stored business it matches (by dedupe_key first, then by its match
 * keys in order: domain, phone, name + address), then folds records sharing a dedupe_key into one.
 */
export function linkToStored(
  records: readonly MergedBusiness[],
  stored: ReadonlyMap<string, string>,
): MergedBusiness[] {
  const byKey = new Map<string, MergedBusiness>();
  for (const record of records) {
    let target = stored.get(record.dedupe_key);
    for (const key of record.match_keys) target ??= stored.get(key);
    const linked = target && target !== record.dedupe_key ? { ...record, dedupe_key: target } : record;
    const earlier = byKey.get(linked.dedupe_key);
    byKey.set(linked.dedupe_key, earlier ? combineRecords(earlier, linked) : linked);
  }
  return [...byKey.values()];
}
