import { stat } from 'node:fs/promises';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { createDatabase } from './client';

/** May this process renice `pid`? (root, or the same user — the embedded PostgreSQL's case) */
async function mayRenice(pid: number): Promise<boolean> {
  const owner = (await stat(`/proc/${pid}`)).uid;
  return process.getuid?.() === 0 || process.getuid?.() === owner;
}

describe('job pools lower their PostgreSQL backends’ priority (JOB_NICE)', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.close());

  it('renices the backend of every connection of a job pool, and leaves the API’s alone', async () => {
    const jobs = createDatabase(testDb.url, { max: 2, backendNice: 7 });
    try {
      // Two connections at once: each gets its own backend, each is reniced.
      const clients = await Promise.all([jobs.pool.connect(), jobs.pool.connect()]);
      const pids = await Promise.all(
        clients.map(async (client) => (await client.query('select pg_backend_pid() as pid')).rows[0].pid),
      );
      for (const client of clients) client.release();
      for (const pid of pids) {
        // The renice follows the connection's first query (its answer is read asynchronously).
        let nice = getPriority(pid);
        for (let i = 0; i < 50 && nice !== 7 && (await mayRenice(pid)); i++) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          nice = getPriority(pid);
        }
        // A server run by another user we may not renice: then the backend keeps its priority, and nothing fails.
        expect(nice).toBe((await mayRenice(pid)) ? 7 : 0);
      }
      const api = await testDb.pool.query('select pg_backend_pid() as pid');
      expect(getPriority(api.rows[0].pid)).toBe(0);
    } finally {
      await jobs.close();
    }
  });
});
