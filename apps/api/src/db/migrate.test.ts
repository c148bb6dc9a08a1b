import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createDatabase } from './client';
import { findMigrationsFolder, migrateDatabase } from './migrate';

describe('migrateDatabase', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase({ isEmpty: true });
  });
  afterAll(() => testDb?.close());

  it('finds apps/api/drizzle from source', () => {
    expect(findMigrationsFolder()).toMatch(/apps\/api\/drizzle$/);
  });

  it('lets several processes migrate one database at once, applying each migration once', async () => {
    const others = [createDatabase(testDb.url, { max: 1 }), createDatabase(testDb.url, { max: 1 })];
    try {
      await Promise.all([migrateDatabase(testDb.db), ...others.map(({ db }) => migrateDatabase(db))]);
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
    const applied = await testDb.pool.query('SELECT hash FROM drizzle.__drizzle_migrations');
    const journal = JSON.parse(await readFile(join(findMigrationsFolder(), 'meta/_journal.json'), 'utf8'));
    expect(applied.rowCount).toBe(journal.entries.length);
    const extension = await testDb.pool.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    expect(extension.rowCount).toBe(1);
  });
});
