/**
 * A job whose worker stopped answering (its process killed, its machine gone) is handed back to pg-boss by another
 * worker once its lease goes unbeaten, and retried there, long before the job's expiry; a worker that beats its
 * leases keeps its jobs however long they run. Two queue instances stand for two processes; the one that "dies"
 * never beats (its handler hangs, as a frozen process would).
 */
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { defineJob, type JobLogger } from './define-job';
import type { JobLeaseOptions } from './job-leases';
import { createJobQueue, type JobQueue } from './queue';

const silent: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };
let testDb: TestDatabase;
const queues: JobQueue[] = [];

async function startQueue(leases: JobLeaseOptions) {
  const queue = createJobQueue({
    connectionString: testDb.url,
    log: silent,
    pollingIntervalSeconds: 0.5,
    max: 3,
    leases,
  });
  queues.push(queue);
  await queue.start();
  return queue;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop({ graceful: false, timeoutMs: 1_000 })));
});
afterAll(() => testDb?.close());

/** A job that hangs in the first queue that takes it and completes in any other; an hour's expiry. */
function hangingJob(name: string) {
  const runs: Array<{ queue: string; retryCount: number }> = [];
  const never = new Promise<void>(() => {});
  const job = (queueName: string) =>
    defineJob({
      name,
      payload: z.object({}),
      options: { retryLimit: 2, retryDelay: 0, expireInSeconds: 3600 },
      handler: async (_payload, ctx) => {
        runs.push({ queue: queueName, retryCount: ctx.retryCount });
        if (queueName === 'frozen') await never;
      },
    });
  return { runs, job };
}

it('retries elsewhere the job of a worker that stopped beating its lease', async () => {
  const { runs, job } = hangingJob('test.lease.dead');
  const frozen = await startQueue({ beatMs: 3_600_000, staleMs: 3_600_000 });
  await frozen.work([job('frozen')], { db: testDb.db, log: silent });
  const id = await frozen.enqueue(job('frozen'), {});
  await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 10_000, interval: 50 });

  const living = await startQueue({ beatMs: 100, staleMs: 1_000 });
  await living.work([job('living')], { db: testDb.db, log: silent });
  await vi.waitFor(() => expect(runs).toHaveLength(2), { timeout: 15_000, interval: 100 });
  expect(runs).toEqual([
    { queue: 'frozen', retryCount: 0 },
    { queue: 'living', retryCount: 1 },
  ]);
  await vi.waitFor(async () => {
    const { rows } = await testDb.pool.query(`select state from pgboss.job where id = $1`, [id]);
    expect(rows[0]?.state).toBe('completed');
  });
});

it('leaves a long job with the worker that beats its lease', async () => {
  const { runs, job } = hangingJob('test.lease.alive');
  const busy = await startQueue({ beatMs: 100, staleMs: 1_000 });
  await busy.work([job('frozen')], { db: testDb.db, log: silent });
  await busy.enqueue(job('frozen'), {});
  await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 10_000, interval: 50 });

  const other = await startQueue({ beatMs: 100, staleMs: 1_000 });
  await other.work([job('living')], { db: testDb.db, log: silent });
  await new Promise((done) => setTimeout(done, 3_000));
  expect(runs).toEqual([{ queue: 'frozen', retryCount: 0 }]);
});
