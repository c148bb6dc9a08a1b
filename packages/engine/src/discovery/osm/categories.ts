import { foldText } from '../../normalize/text';
import { CATEGORIES, type CategoryDefinition, type OsmFilter } from './category-list';

export { CATEGORIES } from './category-list';

/**
 * One tag condition: `key=value` (exact), `key~regex` (POSIX ERE), the key present, or (`key~`) some key
 * matching the regex in `key` has a value.
 */
export interface TagCondition {
  key: string;
  op: '=' | '~' | 'exists' | 'key~';
  value?: string;
  /** Case-insensitive regex (`,i` in Overpass QL). */
  isCaseInsensitive?: boolean;
}

/** Conditions that must all hold (one Overpass statement). */
export type TagFilter = TagCondition[];

export interface ResolvedCategory {
  id: string;
  /** Any filter matches (a union of statements). */
  filters: TagFilter[];
}

/** Tags that make an element a business or service rather than a street or a tree. */
const BUSINESS_KEYS = ['shop', 'amenity', 'craft', 'office', 'healthcare', 'leisure', 'tourism'] as const;
/** Tags searched when the query is not a known category. */
const FALLBACK_SEARCH_KEYS = ['name', 'cuisine', 'description'] as const;

export function parseCondition(text: string): TagCondition {
  const match = /^([^=~]+)([=~])(.*)$/.exec(text);
  if (!match) return { key: text, op: 'exists' };
  return { key: match[1] as string, op: match[2] as '=' | '~', value: match[3] as string };
}

const toFilter = (filter: OsmFilter): TagFilter =>
  (typeof filter === 'string' ? [filter] : [...filter]).map(parseCondition);

/** Word-wise singular ("hair salons" → "hair salon", "bakeries" → "bakery"); applied to both sides. */
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The lookup form of a category word: folded, punctuation as spaces, each word singular. */
export function categoryKey(text: string): string {
  return foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map(singular)
    .join(' ');
}

const INDEX = new Map<string, CategoryDefinition>();
for (const category of CATEGORIES) {
  for (const term of [category.id, ...category.synonyms]) {
    const key = categoryKey(term);
    if (!INDEX.has(key)) INDEX.set(key, category);
  }
}

const resolved = (category: CategoryDefinition): ResolvedCategory => ({
  id: category.id,
  filters: category.osm.map(toFilter),
});

/** A known category from its name or a synonym (case-, accent- and plural-insensitive), or null. */
export function resolveCategory(query: string): ResolvedCategory | null {
  const category = INDEX.get(categoryKey(query));
  return category ? resolved(category) : null;
}

/** POSIX ERE special characters escaped, so user text matches literally in Overpass. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/** Elements with a business tag whose name, cuisine or description contains `text` (case-insensitive). */
function fallbackFilters(text: string): TagFilter[] {
  const pattern = escapeRegex(text.trim().replace(/\s+/g, ' '));
  const business: TagCondition = { key: `^(${BUSINESS_KEYS.join('|')})$`, op: 'key~' };
  return FALLBACK_SEARCH_KEYS.map((key) => [
    { key, op: '~', value: pattern, isCaseInsensitive: true },
    business,
  ]);
}

export interface ResolvedQuery {
  /** The category id, or null for a free-text search. */
  category: string | null;
  /** Extra words narrowing a category ("italian" in "italian restaurant"), matched like the fallback. */
  qualifier: string | null;
  filters: TagFilter[];
}

/**
 * What to search for: a known category; a known category with qualifying words in front ("italian
 * restaurant" → restaurants whose cuisine/name/description matches "italian"); else a free-text fallback.
 */
export function resolveQuery(query: string): ResolvedQuery {
  const whole = resolveCategory(query);
  if (whole) return { category: whole.id, qualifier: null, filters: whole.filters };
  const words = query.trim().split(/\s+/);
  for (let start = 1; start < words.length; start++) {
    const tail = resolveCategory(words.slice(start).join(' '));
    if (!tail) continue;
    const qualifier = words.slice(0, start).join(' ');
    const narrowing = fallbackFilters(qualifier).map((filter) => filter[0] as TagCondition);
    const filters = tail.filters.flatMap((filter) => narrowing.map((condition) => [...filter, condition]));
    return { category: tail.id, qualifier, filters };
  }
  return { category: null, qualifier: null, filters: fallbackFilters(query) };
}
