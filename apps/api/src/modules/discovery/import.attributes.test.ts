/**
 * Import side: the columns a mapping leaves unmapped are stored as the business's own attributes
 * (businesses.attributes, typed) and listed on the session (sessions.attribute_columns), through the real upload,
 * mapping call and import job. A restart with another mapping replaces them; nothing is stored twice.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { isFinished, queueImport, startWorker, waitForInfo } from '../../../test/workers';
import type { JobQueue } from '../../jobs/queue';
import { createAdmin, type TestUser } from '../access/access.fixtures';

const FIXTURES = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../packages/engine/src/import/fixtures',
);

let t: TestApp;
let worker: JobQueue;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  // Batches of 5 rows: the files span several batches, so linking across batches is exercised too.
  worker = await startWorker(t, { importBatchSize: 5 });
  admin = await createAdmin(t);
});
afterAll(async () => {
  await worker?.stop({ timeoutMs: 2000 });
  await t?.close();
});

async function importFile(file: string, mapping?: (suggested: Record<string, string | null>) => object) {
  const { id, uploaded } = await queueImport(
    t,
    admin.token,
    { name: file, data: readFileSync(resolve(FIXTURES, file)) },
    mapping ? { mapping } : {},
  );
  // The column types are the job's: not part of the preview the upload answers.
  expect(uploaded.preview.column_types).toBeUndefined();
  const info = await waitForInfo(t, admin.token, id, isFinished, 60_000);
  expect(info.status).toBe('completed');
  return { id, mapping: uploaded.mapping as Record<string, string | null> };
}

/** The current run's businesses (name → attributes) and the session's attribute columns, from the tables. */
async function stored(id: string) {
  const { rows } = await t.database.pool.query(
    `select b.name, b.attributes from businesses b join sessions s on s.id = b.session_id and s.run_id = b.run_id
     where b.session_id = $1 order by b.name`,
    [id],
  );
  const session = await t.database.pool.query('select attribute_columns from sessions where id = $1', [id]);
  return {
    byName: new Map(rows.map((row) => [row.name as string, row.attributes as Record<string, unknown>])),
    count: rows.length,
    columns: session.rows[0]?.attribute_columns,
  };
}

describe('an import keeps the columns it does not map', () => {
  it('Inc. 5000: founded, workers, revenue and growth are numbers; metro is text', async () => {
    const { id } = await importFile('inc5000-style.csv');
    const { byName, count, columns } = await stored(id);
    expect(count).toBe(12);
    expect(columns).toEqual([
      { key: 'rank', label: 'rank', type: 'number' },
      { key: 'metro', label: 'metro', type: 'text' },
      { key: 'founded', label: 'founded', type: 'number' },
      { key: 'workers', label: 'workers', type: 'number' },
      { key: 'revenue', label: 'revenue', type: 'number' },
      { key: 'growth', label: 'growth', type: 'number' },
    ]);
    expect(byName.get('Pixel Forge Labs')).toEqual({
      rank: 9,
      metro: 'New York City',
      founded: 2020,
      workers: 40,
      revenue: 7_600_000,
      growth: 4402,
    });
    for (const attributes of byName.values()) expect(typeof attributes.workers).toBe('number');
  });

  it('Yelp: is_open is a boolean attribute; a restart without the stars keeps one row each, stars now an attribute', async () => {
    const { id, mapping } = await importFile('yelp-export.csv');
    const first = await stored(id);
    expect(first.columns).toEqual([
      { key: 'business_id', label: 'business_id', type: 'text' },
      { key: 'is_open', label: 'is_open', type: 'boolean' },
    ]);
    expect(first.byName.get('Target')).toEqual({ business_id: 'tUFrWirKiKi_TAnsVWINQQ', is_open: false });
    expect(first.byName.get('The UPS Store')?.is_open).toBe(true);

    // Mapped again without the stars: a restart; the stars column becomes an attribute, nothing is doubled.
    const again = await t.call('POST', `/api/discovery/import/${id}/mapping`, {
      token: admin.token,
      body: { mapping: { ...mapping, rating: null } },
    });
    expect(again.status).toBe(202);
    await waitForInfo(t, admin.token, id, (i) => isFinished(i) && i.run.mode === 'restart', 60_000);
    const second = await stored(id);
    expect(second.count).toBe(first.count);
    expect(second.columns).toEqual([
      { key: 'business_id', label: 'business_id', type: 'text' },
      { key: 'stars', label: 'stars', type: 'number' },
      { key: 'is_open', label: 'is_open', type: 'boolean' },
    ]);
    expect(second.byName.get('Target')).toEqual({
      business_id: 'tUFrWirKiKi_TAnsVWINQQ',
      stars: 3.5,
      is_open: false,
    });
  });
});
