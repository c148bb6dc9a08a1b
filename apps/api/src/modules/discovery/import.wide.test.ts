/**
 * Wide CSV uploads: a file with more columns than any real list has is refused before anything is stored, without
 * building its header; and reading an allowed upload (its preview and the suggested mapping) happens off the API's
 * thread, so the other requests are answered meanwhile.
 */
import { IMPORT_UPLOAD } from '@argo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { multipart } from '../../../test/workers';
import { createAdmin, type TestUser } from '../access/access.fixtures';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  // The first upload starts the reader thread; the tests time the reading, not that.
  expect((await upload('warm-up.csv', Buffer.from('name\nAcme\n'))).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

/** A CSV of `columns` columns and `rows` rows, the first column named "Company" so it maps to the name. */
function wideCsv(columns: number, rows: number): Buffer {
  const header = ['Company', ...Array.from({ length: columns - 1 }, (_, i) => `m${i + 2}`)].join(',');
  const lines = [header];
  for (let r = 0; r < rows; r++) {
    const cells = [`Business ${r}`];
    for (let c = 1; c < columns; c++) cells.push(String((r * 31 + c) % 100));
    lines.push(cells.join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

function upload(name: string, data: Buffer) {
  const form = multipart({}, { name, data });
  return t.call('POST', '/api/discovery/import', {
    token: admin.token,
    body: form.body,
    headers: form.headers,
  });
}

async function countSessions(): Promise<number> {
  const result = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from sessions`);
  return result.rows[0]?.n ?? 0;
}

async function countFiles(): Promise<number> {
  const result = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from session_files`,
  );
  return result.rows[0]?.n ?? 0;
}

/**
 * GET /api/health every 20 ms until `until` settles: the longest wait for an answer, counted from when the call
 * was due (a timer that fires late, because the thread was busy, is part of the wait), in ms.
 */
async function longestHealthWait(until: Promise<unknown>): Promise<{ longest: number; answered: number }> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  let longest = 0;
  let answered = 0;
  while (!done) {
    const due = performance.now() + 20;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    longest = Math.max(longest, performance.now() - due);
    answered++;
  }
  return { longest, answered };
}

describe('wide CSV uploads', () => {
  it('refuses a file of 180,000 columns at once with what to do, storing nothing', async () => {
    const file = wideCsv(180_000, 4);
    const [sessionsBefore, filesBefore] = [await countSessions(), await countFiles()];
    const started = performance.now();
    const uploaded = upload('wide.csv', file);
    const health = await longestHealthWait(uploaded);
    const answer = await uploaded;
    const took = performance.now() - started;
    console.info(
      `[wide upload] 180,000 columns: answered in ${took.toFixed(0)} ms, /api/health waited at most ${health.longest.toFixed(0)} ms`,
    );

    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'validation_failed',
      field: 'file',
      message: `file: The file has 180,000 columns; Argo reads at most ${IMPORT_UPLOAD.maxColumns.toLocaleString('en')}. Remove the columns you do not need and upload again.`,
    });
    // Bounded, not stalled: refusing it reads no more than the start of its header.
    expect(took).toBeLessThan(10_000);
    expect(await countSessions()).toBe(sessionsBefore);
    expect(await countFiles()).toBe(filesBefore);
  });

  it('takes a file of exactly the most columns Argo reads', async () => {
    const answer = await upload('widest.csv', wideCsv(IMPORT_UPLOAD.maxColumns, 3));
    expect(answer.status).toBe(201);
    expect(answer.body.preview.headers).toHaveLength(IMPORT_UPLOAD.maxColumns);
    expect(answer.body.preview.row_count).toBe(3);
    expect(answer.body.mapping.name).toBe('Company');
  });

  it('answers /api/health while it reads a wide upload of many rows', async () => {
    // 1,000 columns, about 6 MB: seconds of reading, none of it on the API's thread.
    const file = wideCsv(IMPORT_UPLOAD.maxColumns, 2_000);
    expect(file.length).toBeLessThan(IMPORT_UPLOAD.maxBytes);
    const started = performance.now();
    const uploaded = upload('many-rows.csv', file);
    const health = await longestHealthWait(uploaded);
    const answer = await uploaded;
    const took = performance.now() - started;
    console.info(
      `[wide upload] 1,000 columns × 2,000 rows (${(file.length / 1e6).toFixed(1)} MB): answered in ${took.toFixed(0)} ms, /api/health waited at most ${health.longest.toFixed(0)} ms over ${health.answered} calls`,
    );

    expect(answer.status).toBe(201);
    expect(answer.body.preview.row_count).toBe(2_000);
    expect(answer.body.preview.rows).toHaveLength(IMPORT_UPLOAD.previewRows);
    expect(answer.body.mapping.name).toBe('Company');
    // Bounded, not stalled: on the API's thread one health call waited for nearly the whole upload.
    expect(health.longest).toBeLessThan(took / 4);
  }, 120_000);
});
