/**
 * CSV downloads stream from a pool of their own (AppDeps.downloads): a download holds a connection until its client
 * has read the whole file, which a slow client may take minutes to do. Here the requests' pool has one connection,
 * and two downloads wait on clients that read nothing yet: the results, the info and a third download must still
 * answer, and each waiting download must still deliver its whole file once read.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { sessions } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { seedResultsSession } from './results.fixtures';

/** Enough rows that a file is far larger than what the response's buffers take before its client reads. */
const EXTRA_ROWS = 4000;

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
  const startDownload = () =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/session/${sessionId}/export`,
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
      for (const file of files) expect(file).toEqual(files[0]);
      expect(t.downloads.idleCount).toBe(t.downloads.totalCount);
    } finally {
      for (const download of waiting) download.stream().destroy();
    }
  });
});
