/**
 * Answers from Nominatim kept in the `geocode_cache` table for 30 days (a "not found" too, as null), shared by every
 * process: discovery's searches and reverse lookups (`search:`/`reverse:` keys) and the ICP's location areas
 * (`area:` keys), so each is asked once per month, as Nominatim's usage policy asks.
 */
import type { AsyncCache } from '@argo/engine';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { geocodeCache } from '../../db/schema';

/** Places and their outlines rarely change within a month. */
const GEOCODE_TTL_DAYS = 30;

export function createGeocodeCache<T>(db: Database): AsyncCache<T | null> {
  return {
    async get(key) {
      const result = await db.execute<{ value: T | null }>(sql`
        select value from ${geocodeCache}
        where key = ${key} and created_at > now() - make_interval(days => ${GEOCODE_TTL_DAYS})`);
      const row = result.rows[0];
      return row ? row.value : undefined;
    },
    async set(key, value) {
      await db.execute(sql`
        insert into ${geocodeCache} (key, value, created_at) values (${key}, ${JSON.stringify(value)}::jsonb, now())
        on conflict (key) do update set value = excluded.value, created_at = excluded.created_at`);
    },
  };
}
