/**
 * Caches for slow or rate-limited look-ups (geocoding). The interface is async so the API can back it with
 * PostgreSQL; `createLruCache` is the in-memory default.
 */
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

export function createLruCache<V>(options: LruCacheOptions = {}): LruCache<V> {
  const max = Math.max(1, options.max ?? 1000);
  const ttlMs = options.ttlMs ?? Number.POSITIVE_INFINITY;
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on read makes the first key the least recently used.
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}
