/**
 * CSV downloads stream from a pool of their own (AppDeps.downloads): a download holds a connection until its client
 * has read the whole file, which a slow client may take minutes to do. Here the requests' pool has one connection,
 * and two downloads wait on clients that read nothing yet: the results, the info and a third download must still
 * answer, and each waiting download must still deliver its whole file once read.
 * A file asked for by several at once is made once (export-cache.ts keptOrMadeExport), and a request does not wait
 * for long on one whose client reads slowly. An Excel file streams the same way: written as its client reads it.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { businesses, sessions } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { MAKING_WAIT_MS } from './export-cache';
import { seedResultsSession } from './results.fixtures';

/**
 * Enough rows that a file is far larger than what the response's buffers take before its client reads (Node 22+
 * buffers four times as much per stream as Node 20: 4,000 rows, ~125 KB gzipped, fit in them there).
 */
const EXTRA_ROWS = 10_000;

let t: TestApp;
let viewer: TestUser;
let sessionId: string;
let total: number;

beforeAll(async () => {
  ({ t, viewer, sessionId } = await seedResultsSession({ poolMax: 1 }));
  const [session] = await t.database.db
    .select({ runId: sessions.runId, accountId: sessions.accountId })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  await t.database.db.execute(sql`
    insert into businesses (account_id, session_id, run_id, dedupe_key, name, website, city, summary, source)
    select ${session?.accountId}, ${sessionId}, ${session?.runId}, ${`extra-${randomUUID()}-`} || g,
      'Extra Business ' || g, 'https://extra' || g || '.example/', 'Leeds', repeat('A local business. ', 20), 'osm'
    from generate_series(1, ${EXTRA_ROWS}::int) as g`);
  total = (await t.call('GET', `/api/user/session/${sessionId}/results`, { token: viewer.token })).body.total;
});
afterAll(() => t?.close());

describe('CSV downloads', () => {
  // Each its own file unless asked otherwise (a sort of its own), so that none waits for another's.
  let files = 0;
  const sorts = ['name', 'city', 'category', 'industry', 'rating', 'icp_score'];
  const startDownload = (sortBy = sorts[files++ % sorts.length]) =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/session/${sessionId}/export?sortBy=${sortBy}`,
      headers: { authorization: `Bearer ${viewer.token}`, 'accept-encoding': 'gzip' },
      payloadAsStream: true,
    });
  const readAll = async (stream: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    return gunzipSync(Buffer.concat(chunks)).toString('utf8');
  };
  const rowsOf = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;

  it('waiting on their clients, hold connections of their own: pages, polls and other downloads still answer', async () => {
    const waiting = [await startDownload(), await startDownload()];
    try {
      for (const download of waiting) expect(download.statusCode).toBe(200);
      // Both are mid-file, each on a downloads connection.
      expect(t.downloads.totalCount - t.downloads.idleCount).toBe(2);

      const results = await t.call('GET', `/api/user/session/${sessionId}/results?pageSize=5`, {
        token: viewer.token,
      });
      expect(results.status).toBe(200);
      expect(results.body.total).toBe(total);
      const info = await t.call('GET', `/api/user/session/${sessionId}/info`, { token: viewer.token });
      expect(info.status).toBe(200);
      const third = await startDownload();
      expect(third.statusCode).toBe(200);
      waiting.push(third);

      // Read at last, each is the whole file: the header and every business.
      const files = [];
      for (const download of waiting) files.push(rowsOf(await readAll(download.stream())));
      expect(files[0]?.length).toBeGreaterThan(EXTRA_ROWS);
      // The same rows, each file in its own order.
      const sorted = files.map((file) => [file[0], ...file.slice(1).sort()]);
      for (const file of sorted) expect(file).toEqual(sorted[0]);
      expect(t.downloads.idleCount).toBe(t.downloads.totalCount);
    } finally {
      for (const download of waiting) download.stream().destroy();
    }
  });

  /** A write to the session, so that the next download is made anew (the kept file no longer matches). */
  const changeSession = () =>
    t.database.db
      .update(businesses)
      .set({ summary: sql`coalesce(${businesses.summary}, '') || '.'` })
      .where(eq(businesses.sessionId, sessionId));

  it('asked for by several at once, the file is made once and each gets all of it', async () => {
    await changeSession();
    let made = 0;
    const counted = () => {
      made += 1;
    };
    t.downloads.on('acquire', counted);
    try {
      // Each read as soon as it answers: the one making the file is read as it is made.
      const files = await Promise.all(
        Array.from({ length: 4 }, async () => rowsOf(await readAll((await startDownload('name')).stream()))),
      );
      expect(files[0]?.length).toBe(total + 1);
      for (const file of files) expect(file).toEqual(files[0]);
      expect(made).toBe(1);
    } finally {
      t.downloads.off('acquire', counted);
    }
  });

  it('a request does not wait for long on a file being made for a client that reads nothing yet', {
    timeout: MAKING_WAIT_MS + 10_000,
  }, async () => {
    await changeSession();
    const stalled = await startDownload('city');
    try {
      expect(stalled.statusCode).toBe(200);
      // Answered, in full, while the one making the same file still waits on its client.
      const other = await startDownload('city');
      expect(other.statusCode).toBe(200);
      const file = rowsOf(await readAll(other.stream()));
      expect(file.length).toBe(total + 1);
      expect(rowsOf(await readAll(stalled.stream()))).toEqual(file);
    } finally {
      stalled.stream().destroy();
    }
  });

  it('an Excel file is written as its client reads it, not made whole first, and holds every business', async () => {
    const excel = await t.app.inject({
      method: 'GET',
      url: `/api/user/session/${sessionId}/export?sortBy=rating&format=xlsx`,
      // A workbook is compressed already: it is sent as it is.
      headers: { authorization: `Bearer ${viewer.token}`, 'accept-encoding': 'gzip' },
      payloadAsStream: true,
    });
    try {
      expect(excel.statusCode).toBe(200);
      expect(excel.headers['content-encoding']).toBeUndefined();
      // Its client has read nothing yet: the rows are still being read from the cursor, on a connection of its own.
      expect(t.downloads.totalCount - t.downloads.idleCount).toBe(1);
      const chunks: Buffer[] = [];
      for await (const chunk of excel.stream()) chunks.push(Buffer.from(chunk));
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.rowCount).toBe(total + 1);
      const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
      const names = new Set<unknown>();
      sheet.eachRow((row, number) => {
        if (number > 1) names.add(row.getCell(header.indexOf('name') + 1).value);
      });
      expect(names.has(`Extra Business ${EXTRA_ROWS}`)).toBe(true);
      expect(t.downloads.idleCount).toBe(t.downloads.totalCount);
    } finally {
      excel.stream().destroy();
    }
  });
});
