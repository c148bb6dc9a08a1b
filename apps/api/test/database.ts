import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseConnection } from '../src/db/client';
import { databaseUrlFor, quoteIdent } from './postgres-server';

export interface TestDatabase extends DatabaseConnection {
  name: string;
  url: string;
}

/**
 * A fresh, migrated database for one test file, cloned from the template made by global-setup.ts:
 *
 *   let testDb: TestDatabase;
 *   beforeAll(async () => { testDb = await createTestDatabase(); });
 *   afterAll(() => testDb.close());
 *
 * `close()` ends the pool and drops the database.
 */
export async function createTestDatabase(
  options: { max?: number; isEmpty?: boolean } = {},
): Promise<TestDatabase> {
  const adminUrl = inject('testDatabaseAdminUrl');
  // isEmpty: no migrations applied, for tests of migrating itself.
  const template = options.isEmpty ? 'template0' : inject('testDatabaseTemplate');
  const name = `${inject('testDatabasePrefix')}${randomBytes(5).toString('hex')}`;

  await withAdmin(adminUrl, (admin) => createFromTemplate(admin, name, template));
  const url = databaseUrlFor(adminUrl, name);
  const connection = createDatabase(url, { max: options.max ?? 5, applicationName: 'argo-test' });
  let closing: Promise<void> | undefined;
  return {
    ...connection,
    name,
    url,
    close: () => {
      closing ??= connection
        .close()
        .then(() =>
          withAdmin(adminUrl, (admin) =>
            admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
          ),
        )
        .then(() => undefined);
      return closing;
    },
  };
}

/** Cloning fails with 55006 while another session is connected to the template; that is brief, so retry. */
async function createFromTemplate(admin: pg.Client, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((done) => setTimeout(done, 100 * attempt));
    }
  }
}

async function withAdmin<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}
