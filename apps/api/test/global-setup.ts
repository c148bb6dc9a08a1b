import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import {
  databaseUrlFor,
  findTestPostgres,
  quoteIdent,
  type TestPostgres,
  withClient,
} from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL with the right to create and drop databases. */
    testDatabaseAdminUrl: string;
    /** The migrated database every test database is cloned from. */
    testDatabaseTemplate: string;
    /** Prefix of this run's test databases, so teardown can drop what a crashed file left behind. */
    testDatabasePrefix: string;
  }
}

/**
 * Finds a PostgreSQL (TEST_DATABASE_URL, else the machine's server on 5432, else an embedded one in a temp dir),
 * creates and migrates a template database, and hands both to the test files through provide()/inject().
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await findTestPostgres();
  const runId = Math.random().toString(36).slice(2, 10);
  const template = `argo_template_${runId}`;
  const prefix = `argo_t_${runId}_`;

  await withClient(server.adminUrl, (admin) => admin.query(`CREATE DATABASE ${quoteIdent(template)}`));
  try {
    const { db, close } = createDatabase(databaseUrlFor(server.adminUrl, template), { max: 1 });
    try {
      await migrateDatabase(db);
    } finally {
      await close();
    }
  } catch (error) {
    await teardown(server, template, prefix);
    throw error;
  }

  project.provide('testDatabaseAdminUrl', server.adminUrl);
  project.provide('testDatabaseTemplate', template);
  project.provide('testDatabasePrefix', prefix);
  return () => teardown(server, template, prefix);
}

async function teardown(server: TestPostgres, template: string, prefix: string): Promise<void> {
  try {
    await withClient(server.adminUrl, async (client) => {
      const leftovers = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
        [prefix],
      );
      for (const name of [...leftovers.rows.map((row) => row.datname), template]) {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      }
    });
  } finally {
    await server.stop();
  }
}
