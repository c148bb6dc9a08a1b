import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/db/embedded';

/** The PostgreSQL server of our CI and developer machines. */
const MACHINE_SERVER_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A PostgreSQL server that test runs (API tests, browser journeys, benchmarks) create their databases on. */
export interface TestPostgres {
  /** A URL with the right to create and drop databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * TEST_DATABASE_URL when set; else the machine's server when reachable; else an embedded PostgreSQL in a temp
 * directory. TEST_DATABASE_URL=embedded skips the machine's server (to run on the embedded PostgreSQL 18).
 */
export async function findTestPostgres(): Promise<TestPostgres> {
  const configured = process.env.TEST_DATABASE_URL;
  if (configured && configured !== 'embedded') return { adminUrl: configured, stop: async () => {} };
  if (!configured && (await isReachable(MACHINE_SERVER_URL))) {
    return { adminUrl: MACHINE_SERVER_URL, stop: async () => {} };
  }
  const tempDir = await mkdtemp(join(tmpdir(), 'argo-test-pg-'));
  const embedded = await startEmbeddedPostgres({
    dataDir: tempDir,
    port: await findFreePort(),
    database: 'test',
  });
  return {
    adminUrl: embedded.url,
    async stop() {
      await embedded.stop();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

async function isReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs `run` with a connection of its own, closed afterwards. */
export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The same server and credentials, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
