import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

// Any fixed 64-bit number works; advisory locks are per database, so test databases never wait on each other.
const MIGRATION_LOCK_KEY = 7_234_150_001;

/**
 * The `drizzle/` folder of apps/api, found by walking up from this module: from source that is
 * apps/api/src/db → apps/api/drizzle, from the bundle apps/api/dist/main.js → apps/api/drizzle.
 */
export function findMigrationsFolder(fromUrl: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(fromUrl));
  for (;;) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(
        `No drizzle/meta/_journal.json found above ${fileURLToPath(fromUrl)}; pass migrationsFolder`,
      );
    }
    dir = parent;
  }
}

/**
 * Applies pending migrations. Several processes may start at once (API + workers): a session-level advisory lock
 * makes them take turns, and the ones that come later find nothing left to do.
 */
export async function migrateDatabase(
  db: Database,
  migrationsFolder: string = findMigrationsFolder(),
): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client }), { migrationsFolder });
  } finally {
    // Closing this connection (instead of returning it to the pool) releases the lock even if the migration broke it.
    client.release(true);
  }
}
