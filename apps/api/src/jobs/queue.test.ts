import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { defineJob, type JobLogger } from './define-job';
import { createJobQueue, InvalidJobPayloadError, type JobQueue } from './queue';

function recordingLog() {
  const errors: Array<{ details: object; message?: string }> = [];
  const log: JobLogger = {
    info: () => {},
    warn: () => {},
    error: (details, message) => errors.push({ details, message }),
  };
  return { log, errors };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('job queue (pg-boss on real PostgreSQL)', () => {
  let testDb: TestDatabase;
  const queues: JobQueue[] = [];
  const startQueue = async (log: JobLogger) => {
    const queue = createJobQueue({ connectionString: testDb.url, log, pollingIntervalSeconds: 0.5, max: 3 });
    queues.push(queue);
    await queue.start();
    return queue;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop({ timeoutMs: 5_000 })));
  });
  afterAll(() => testDb?.close());

  it('runs an enqueued job in a worker with the parsed payload and the job id', async () => {
    const seen: Array<{ payload: unknown; jobId: string }> = [];
    const greet = defineJob({
      name: 'test.greet',
      payload: z.object({ name: z.string().trim() }),
      handler: async (payload, ctx) => {
        seen.push({ payload, jobId: ctx.jobId });
      },
    });
    const { log, errors } = recordingLog();
    const queue = await startQueue(log);
    await queue.work([greet], { db: testDb.db, log });

    const jobId = await queue.enqueue(greet, { name: '  Ada ' });
    await vi.waitFor(() => expect(seen).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect(seen[0]).toEqual({ payload: { name: 'Ada' }, jobId });
    expect(errors).toEqual([]);
  });

  it('refuses an invalid payload on enqueue with a message naming the job and the field', async () => {
    const purge = defineJob({
      name: 'test.refused',
      payload: z.object({ session_id: z.uuid() }),
      handler: async () => {},
    });
    const queue = await startQueue(recordingLog().log);
    const attempt = queue.enqueue(purge, { session_id: 'not-a-uuid' });
    await expect(attempt).rejects.toBeInstanceOf(InvalidJobPayloadError);
    await expect(attempt).rejects.toThrow(/Invalid payload for job "test\.refused": session_id: /);
    const queued = await testDb.pool.query(`SELECT 1 FROM pgboss.job WHERE name = 'test.refused'`);
    expect(queued.rowCount).toBe(0);
  });

  it('fails, logs and does not run a job whose stored payload no longer fits the schema', async () => {
    const loose = defineJob({
      name: 'test.strict',
      payload: z.object({ n: z.number() }),
      handler: async () => {},
    });
    const ran: number[] = [];
    const strict = defineJob({
      name: 'test.strict',
      payload: z.object({ n: z.number().min(0) }),
      handler: async ({ n }) => {
        ran.push(n);
      },
      options: { retryLimit: 0 },
    });
    const { log, errors } = recordingLog();
    const queue = await startQueue(log);
    await queue.work([strict], { db: testDb.db, log });
    const badId = await queue.enqueue(loose, { n: -1 });
    await queue.enqueue(strict, { n: 1 });

    await vi.waitFor(() => expect(ran).toEqual([1]), { timeout: 10_000, interval: 50 });
    await vi.waitFor(async () => {
      const { rows } = await testDb.pool.query('SELECT state FROM pgboss.job WHERE id = $1', [badId]);
      expect(rows[0]?.state).toBe('failed');
    });
    expect(errors).toHaveLength(1);
    const details = errors[0]?.details as { err?: Error } | undefined;
    expect(details?.err?.message).toMatch(/n: Too small/);
  });

  it('spreads jobs over two queue instances (two processes) and runs each job exactly once', async () => {
    const runs: Array<{ n: number; instance: string }> = [];
    const logA = recordingLog().log;
    const logB = recordingLog().log;
    const count = defineJob({
      name: 'test.count',
      payload: z.object({ n: z.number().int() }),
      handler: async ({ n }, ctx) => {
        runs.push({ n, instance: ctx.log === logA ? 'a' : 'b' });
        await sleep(100);
      },
    });
    const a = await startQueue(logA);
    const b = await startQueue(logB);
    await a.work([count], { db: testDb.db, log: logA });
    await b.work([count], { db: testDb.db, log: logB });

    const total = 20;
    for (let n = 0; n < total; n++) await a.enqueue(count, { n });
    await vi.waitFor(() => expect(runs.length).toBeGreaterThanOrEqual(total), {
      timeout: 20_000,
      interval: 50,
    });
    await sleep(500); // a duplicate run would show up here

    expect(runs.map((run) => run.n).sort((x, y) => x - y)).toEqual([...Array(total).keys()]);
    expect(runs.some((run) => run.instance === 'a')).toBe(true);
    expect(runs.some((run) => run.instance === 'b')).toBe(true);
  });

  it('drops a second waiting job with the same singleton key', async () => {
    const once = defineJob({
      name: 'test.singleton',
      payload: z.object({ key: z.string() }),
      handler: async () => {},
      options: { singletonKey: ({ key }) => key },
    });
    const queue = await startQueue(recordingLog().log);
    expect(await queue.enqueue(once, { key: 'k' })).toEqual(expect.any(String));
    expect(await queue.enqueue(once, { key: 'k' })).toBeNull();
    expect(await queue.enqueue(once, { key: 'other' })).toEqual(expect.any(String));
  });
});
