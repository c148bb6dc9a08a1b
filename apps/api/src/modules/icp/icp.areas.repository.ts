/**
 * The geocoded areas of ICP locations, kept in the `geocode_cache` table beside discovery's geocoding answers (keys
 * `area:<location>` never meet discovery's `search:`/`reverse:` keys): every worker process asks Nominatim once
 * per location and month, as its usage policy asks. A "not found" is kept too (as null).
 */
import type { AsyncCache, PlaceArea } from '@argo/engine';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { geocodeCache } from '../../db/schema';

/** As long as discovery keeps its answers: places and their outlines rarely change within a month. */
const AREA_TTL_DAYS = 30;

export function createAreaCache(db: Database): AsyncCache<PlaceArea | null> {
  return {
    async get(key) {
      const result = await db.execute<{ value: PlaceArea | null }>(sql`
        select value from ${geocodeCache}
        where key = ${key} and created_at > now() - make_interval(days => ${AREA_TTL_DAYS})`);
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
