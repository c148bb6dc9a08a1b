/**
 * A run that stores many businesses leaves `businesses` tidy (tidyAfterBulkLoad, session-run.ts): the
 * planner's statistics fresh, so the results, the info and the export's fingerprint keep reading a session by index
 * after a large import instead of the whole table; its pages marked all-visible, so those index-only scans need not
 * read each row from the table; and nothing left in the GIN indexes' pending lists, which every search reads in
 * full. While a long run stores rows, it marks the pages visible again every MARK_VISIBLE_EVERY_ROWS, as its first
 * rows may have filled other sessions' pages. A small run leaves them alone. Checked through the real upload, mapping and import job, on the table's own
 * statistics in pg_class and PostgreSQL's own GIN function.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isFinished, queueImport, startWorker, waitForInfo } from '../../../test/workers';
import type { JobQueue } from '../../jobs/queue';
import { createAdmin, type TestUser } from '../access/access.fixtures';
import { MARK_VISIBLE_EVERY_ROWS, STATISTICS_REFRESH_ROWS } from '../sessions/session-run';

let t: TestApp;
let worker: JobQueue;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  worker = await startWorker(t);
  admin = await createAdmin(t);
});
afterAll(async () => {
  await worker?.stop({ timeoutMs: 2000 });
  await t?.close();
});

/** Imports `rows` distinct businesses through the API and waits for the job to complete. */
async function importRows(rows: number, tag: string): Promise<void> {
  const lines = ['Company Name,Website,Phone,City'];
  for (let i = 0; i < rows; i++) {
    // Each its own name, website and phone: none merges with another.
    const code = (i + 1).toString(36);
    lines.push(`Bakery ${tag} ${code},https://bakery-${tag}-${code}.com,${2_000_000 + i},Springfield`);
  }
  const { id } = await queueImport(t, admin.token, { name: `${tag}.csv`, data: lines.join('\n') });
  const info = await waitForInfo(t, admin.token, id, isFinished, 60_000);
  expect(info.status).toBe('completed');
  // The run shows completed first; its job ends once the statistics are refreshed (or left alone).
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { rows } = await t.database.pool.query(
      `select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')`,
    );
    if (rows[0].n === 0) return;
    if (Date.now() > deadline) throw new Error('the import job did not end');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function plannerStatistics(): Promise<{ reltuples: number; relpages: number }> {
  const { rows } = await t.database.pool.query(
    `select reltuples::float8 as reltuples, relpages from pg_class where oid = 'businesses'::regclass`,
  );
  return rows[0];
}

/** Pages of businesses the visibility map marks all-visible (as VACUUM counted them), and of how many. */
async function visibleShare(): Promise<number> {
  const { rows } = await t.database.pool.query(
    `select relallvisible::float8 / greatest(relpages, 1) as share from pg_class where oid = 'businesses'::regclass`,
  );
  return rows[0].share;
}

/** Pages left in the pending list of each GIN index of businesses (merging them now, which returns the count). */
async function pendingGinPages(): Promise<Record<string, number>> {
  const { rows } = await t.database.pool.query(`
    select c.relname as name, gin_clean_pending_list(i.indexrelid)::int as pages
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where i.indrelid = 'businesses'::regclass and a.amname = 'gin' order by 1`);
  return Object.fromEntries(rows.map((row) => [row.name, row.pages]));
}

describe('statistics after a run', () => {
  it('a small import leaves the table as it is', async () => {
    const before = await plannerStatistics();
    await importRows(40, 'small');
    expect(await plannerStatistics()).toEqual(before);
    // Its rows wait in the search index's pending list: merging them is left to the next inserts (or autovacuum).
    expect((await pendingGinPages()).businesses_session_search_trgm_idx).toBeGreaterThan(0);
  });

  it('a large import analyzes businesses, marks its pages all-visible and merges the GIN pending lists', async () => {
    const large = STATISTICS_REFRESH_ROWS + 200;
    await importRows(large, 'large');
    const after = await plannerStatistics();
    // ANALYZE counted every business stored so far (a sample of a table this small is the whole table).
    expect(after.reltuples).toBe(large + 40);
    expect(await visibleShare()).toBeGreaterThan(0.9);
    const pending = await pendingGinPages();
    expect(Object.keys(pending)).toHaveLength(3);
    expect(pending).toEqual(Object.fromEntries(Object.keys(pending).map((name) => [name, 0])));
  });

  it('a long import marks the pages visible again as it goes, not only at its end', {
    timeout: 60_000,
  }, async () => {
    const vacuums = async () => {
      const { rows } = await t.database.pool.query(
        `select (vacuum_count + autovacuum_count)::int as n from pg_stat_user_tables where relid = 'businesses'::regclass`,
      );
      return rows[0].n as number;
    };
    const before = await vacuums();
    await importRows(2 * MARK_VISIBLE_EVERY_ROWS + 500, 'long');
    // After its 5,000th and 10,000th rows, and at its end.
    expect((await vacuums()) - before).toBeGreaterThanOrEqual(3);
  });
});
