/**
 * A large CSV import survives a worker process killed in the middle (SIGKILL, no goodbye): pg-boss expires the
 * job, a new worker resumes after the last committed batch, and every business is stored exactly once, every
 * rejected row once. When pg-boss has given up on the job (retries spent), the periodic stuck-session check
 * fails the session with the reason, and a retry finishes it.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  isFinished,
  queueImport,
  quietLog,
  spawnWorkerProcess,
  startWorker,
  waitForInfo,
} from '../../../test/workers';
import type { JobQueue } from '../../jobs/queue';
import { createAdmin, type TestUser } from '../access/access.fixtures';
import { failStuckSessions, STUCK_JOB_FAILED, startStuckSessionSweeper } from '../sessions/stuck-sessions';

const ROWS = 30_000;
/** Every 997th row has no name: rejected with its line number. */
const isNameless = (i: number) => i % 997 === 0;
const REJECTED = Array.from({ length: ROWS }, (_, i) => i + 1).filter(isNameless).length;
const BATCH = 100;

/**
 * Header + ROWS rows; row i is on line i + 1, with its own name and domain (nothing merges), and an unmapped
 * Employees column of i (kept as a number attribute).
 */
function generateCsv(): string {
  const lines = ['Company Name,Website,City,Category,Employees'];
  for (let i = 1; i <= ROWS; i++) {
    const name = isNameless(i) ? '' : `"Crash Test Bakery ${i}, Inc."`;
    lines.push(`${name},https://www.bakery-${i}.com/,Springfield,bakery,${i}`);
  }
  return `${lines.join('\n')}\n`;
}

describe('a CSV import survives a killed worker process', () => {
  let t: TestApp;
  let admin: TestUser;
  let child: ChildProcess | null = null;
  const queues: JobQueue[] = [];
  const csv = generateCsv();

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
  });
  afterEach(async () => {
    child?.kill('SIGKILL');
    child = null;
    await Promise.all(queues.splice(0).map((queue) => queue.stop({ timeoutMs: 2000 })));
  });
  afterAll(async () => {
    await t?.close();
  });

  const startWorkerProcess = () =>
    spawnWorkerProcess(t.database.url, {
      DISCOVERY_OVERRIDES: JSON.stringify({
        importBatchSize: BATCH,
        progressIntervalMs: 0,
        cancelPollMs: 100,
      }),
    });

  /** Uploads the generated file and confirms the suggested mapping: the session is queued. */
  async function queueBakeries(name: string): Promise<string> {
    const { id, uploaded } = await queueImport(
      t,
      admin.token,
      { name: 'bakeries.csv', data: csv },
      { fields: { name } },
    );
    expect(uploaded.mapping).toMatchObject({ name: 'Company Name', website: 'Website', city: 'City' });
    return id;
  }

  /** Kills the worker process once the import has stored a part of the file; answers the info after. */
  async function killMidway(id: string) {
    await waitForInfo(t, admin.token, id, (i) => i.status === 'running' && i.progress.done >= 3000, 60_000);
    child?.kill('SIGKILL');
    await new Promise((done) => child?.once('exit', done));
    child = null;
    const killed = await waitForInfo(t, admin.token, id, () => true);
    expect(killed.status).toBe('running');
    expect(killed.progress.done).toBeLessThan(ROWS);
    return killed;
  }

  /**
   * Counts straight from the tables: rows, distinct names, sources, rejected rows and distinct lines, and the
   * businesses whose employees attribute is their own row's (the number in the name), with the session's columns.
   */
  async function stored(id: string) {
    const { rows } = await t.database.pool.query(
      `select
        (select count(*)::int from businesses where session_id = $1) as businesses,
        (select count(distinct name)::int from businesses where session_id = $1) as names,
        (select coalesce(sum(jsonb_array_length(sources)), 0)::int from businesses where session_id = $1) as sources,
        (select count(*)::int from session_rejected_rows where session_id = $1) as rejected,
        (select count(distinct line)::int from session_rejected_rows where session_id = $1) as rejected_lines,
        (select count(*)::int from businesses where session_id = $1
          and attributes = jsonb_build_object('employees', substring(name from 'Bakery (\\d+)')::int)) as attributes,
        (select attribute_columns from sessions where id = $1) as columns`,
      [id],
    );
    return rows[0] as Record<
      'businesses' | 'names' | 'sources' | 'rejected' | 'rejected_lines' | 'attributes',
      number
    > & {
      columns: unknown;
    };
  }

  function expectEveryRowOnce(counts: Awaited<ReturnType<typeof stored>>) {
    expect(counts).toEqual({
      businesses: ROWS - REJECTED,
      names: ROWS - REJECTED,
      sources: ROWS - REJECTED,
      rejected: REJECTED,
      rejected_lines: REJECTED,
      attributes: ROWS - REJECTED,
      columns: [{ key: 'employees', label: 'Employees', type: 'number' }],
    });
  }

  it('pg-boss retries the expired job; a new worker resumes it: every business once, every rejected row once', async () => {
    child = await startWorkerProcess();
    const id = await queueBakeries('Crash import');
    await killMidway(id);
    const partial = await stored(id);
    expect(partial.businesses).toBeGreaterThan(0);
    expect(partial.businesses).toBeLessThan(ROWS - REJECTED);
    // Nothing settles the session while pg-boss still holds the job as active.
    expect(await failStuckSessions(t.database.db, { staleAfterMs: 0 })).toEqual([]);

    // The job's expiry passes; pg-boss' maintenance fails it and queues the retry for the new worker.
    await t.database.pool.query(
      `update pgboss.job set expire_in = interval '1 second' where name = 'session.import' and state = 'active'`,
    );
    queues.push(await startWorker(t, { importBatchSize: BATCH }, { maintenanceIntervalSeconds: 1 }));
    const info = await waitForInfo(t, admin.token, id, isFinished, 120_000);
    expect(info).toMatchObject({ status: 'completed', error: null, rejected_count: REJECTED });
    expect(info.progress).toEqual({ total: ROWS, done: ROWS, failed: REJECTED });
    expectEveryRowOnce(await stored(id));
    const lines = info.rejected_rows.map((r: { line: number }) => r.line);
    expect(lines.slice(0, 3)).toEqual([998, 1995, 2992]);
  }, 240_000);

  it('a job pg-boss gave up on: the periodic check fails the session with the reason; retry finishes it', async () => {
    child = await startWorkerProcess();
    const id = await queueBakeries('Given up import');
    const killed = await killMidway(id);

    // The job expires with no retries left: pg-boss marks it failed, and no runner is left to settle the session.
    await t.database.pool.query(
      `update pgboss.job set expire_in = interval '1 second', retry_count = retry_limit
       where name = 'session.import' and state = 'active'`,
    );
    const maintenance = (await import('../../jobs/queue')).createJobQueue({
      connectionString: t.database.url,
      maintenanceIntervalSeconds: 1,
    });
    await maintenance.start();
    queues.push(maintenance);
    for (let i = 0; i < 100; i++) {
      const { rows } = await t.database.pool.query(
        `select state::text from pgboss.job where name = 'session.import' and data->>'session_id' = $1`,
        [id],
      );
      if (rows[0]?.state === 'failed') break;
      await new Promise((done) => setTimeout(done, 200));
    }
    expect((await waitForInfo(t, admin.token, id, () => true)).status).toBe('running');

    const sweeper = startStuckSessionSweeper(t.database.db, quietLog, { intervalMs: 200, staleAfterMs: 0 });
    let failed: { status: string; error: string; progress: { done: number } };
    try {
      failed = await waitForInfo(t, admin.token, id, isFinished, 20_000);
    } finally {
      sweeper.stop();
    }
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(STUCK_JOB_FAILED(6));
    expect(failed.progress.done).toBeGreaterThanOrEqual(killed.progress.done);

    // The user retries: a fresh job goes on from the last committed batch.
    queues.push(await startWorker(t, { importBatchSize: BATCH }));
    const retry = await t.call('POST', `/api/users/sessions/${id}/retry`, { token: admin.token });
    expect(retry.status).toBe(200);
    const info = await waitForInfo(t, admin.token, id, isFinished, 120_000);
    expect(info).toMatchObject({ status: 'completed', error: null, rejected_count: REJECTED });
    expectEveryRowOnce(await stored(id));
  }, 240_000);
});
