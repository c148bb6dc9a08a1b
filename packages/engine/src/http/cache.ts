/**
 * Caches for slow or rate-limited look-ups (geocoding). The interface is async so the API can back it with
 * PostgreSQL; `createLruCache` is the in-memory default.
 */
import { LRUCache } from 'lru-cache';

export interface AsyncCache<V> {
  /** `undefined` = not cached (a cached "nothing found" is stored as `null` by the caller). */
  get(key: string): Promise<V | undefined> | V | undefined;
  set(key: string, value: V): Promise<void> | void;
}

export interface LruCacheOptions {
  /** Entries kept (least recently used dropped first). Default 1000. */
  max?: number;
  /** Time to live in ms. Default: no expiry. */
  ttlMs?: number;
  now?: () => number;
}

export interface LruCache<V> extends AsyncCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  readonly size: number;
}

/** An lru-cache: a read makes an entry the most recently used; an expired entry reads as not cached. */
export function createLruCache<V>(options: LruCacheOptions = {}): LruCache<V> {
  const ttl = options.ttlMs !== undefined && Number.isFinite(options.ttlMs) ? options.ttlMs : undefined;
  // lru-cache refuses undefined values but stores null as any other value: `V & {}` only satisfies its typing.
  const entries = new LRUCache<string, V & {}>({
    max: Math.max(1, options.max ?? 1000),
    ...(ttl !== undefined && { ttl }),
    ...(options.now && { perf: countedFromOne(options.now), ttlResolution: 0 }),
  });
  return {
    get: (key) => entries.get(key),
    set(key, value) {
      entries.set(key, value as V & {});
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * A given clock as lru-cache reads it: counted from 1 at creation, as lru-cache takes a start time of 0 for "no
 * expiry" (a test's clock starts at 0). With `ttlResolution: 0` it is read on every look-up instead of once a
 * millisecond, so a test's clock moved between two reads is seen.
 */
function countedFromOne(now: () => number): { now: () => number } {
  const origin = now();
  return { now: () => now() - origin + 1 };
}
