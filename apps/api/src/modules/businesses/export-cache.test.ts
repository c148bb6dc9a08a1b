/**
 * A kept export is served again only while nothing it was made from changed: a second download is the same file,
 * and each kind of write — a business, an enrichment result, the suppression list, a new run — gives the next
 * download the new facts. On the seeded session of results.fixtures.ts.
 */
import { PassThrough, Readable } from 'node:stream';
import { and, eq, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { Database } from '../../db/client';
import { businesses, enrichmentResults, sessions, suppressions } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { clearExportCache, findExportSource, keptExports, keptOrMadeExport } from './export-cache';
import { seedResultsSession } from './results.fixtures';

const exportFingerprint = async (db: Database, sessionId: string, accountId: string) =>
  (await findExportSource(db, sessionId, accountId))?.fingerprint;

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let sessionId: string;
let ids: Record<string, string>;

beforeAll(async () => {
  ({ t, admin, viewer, sessionId, ids } = await seedResultsSession());
  clearExportCache();
});
afterAll(() => t?.close());

async function download(query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user/session/${sessionId}/export${query}`,
    headers: { authorization: `Bearer ${viewer.token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.body;
}

describe('the export cache', () => {
  it('serves the same file while nothing changed, and the new facts after every kind of write', async () => {
    const db = t.database.db;
    const first = await download();
    expect(await download()).toBe(first);

    const [someone] = Object.values(ids);
    await db
      .update(businesses)
      .set({ name: 'Renamed Dental Care' })
      .where(eq(businesses.id, someone as string));
    const renamed = await download();
    expect(renamed).toContain('Renamed Dental Care');

    const careers = { hiring: true, careers_url: 'https://renamed.example/jobs', roles: [] };
    await db
      .insert(enrichmentResults)
      .values({
        accountId: admin.accountId,
        businessId: someone as string,
        type: 'career_analysis',
        data: careers,
        producedBy: 'builtin',
      })
      .onConflictDoUpdate({
        target: [enrichmentResults.businessId, enrichmentResults.type],
        set: { data: careers },
      });
    const withCareers = await download();
    expect(withCareers).toContain('https://renamed.example/jobs');

    // Whichever row comes first, some business of the seeded session shows an address: suppress that one.
    const rows = withCareers.split('\r\n').slice(1);
    const email = rows.map((row) => /[\w.+-]+@[\w.-]+\.\w+/.exec(row)?.[0]).find(Boolean);
    expect(email).toBeDefined();
    const row = rows.findIndex((r) => r.includes(email as string)) + 1;
    await db
      .insert(suppressions)
      .values({ accountId: admin.accountId, kind: 'email', value: email as string });
    const suppressed = await download();
    expect(suppressed).not.toBe(withCareers);
    expect(suppressed.split('\r\n')[row]).not.toContain(email);

    await db.update(sessions).set({ runId: crypto.randomUUID() }).where(eq(sessions.id, sessionId));
    const newRun = await download();
    expect(newRun.split('\r\n').filter(Boolean)).toHaveLength(1); // the header: the new run has no businesses yet
  });

  it('keeps one file per export: the file of newer data replaces the older one, which no request can ask for', async () => {
    clearExportCache();
    await download();
    expect(keptExports().files).toBe(1);
    await t.database.db.update(sessions).set({ name: 'Dentists, renamed' }).where(eq(sessions.id, sessionId));
    await download();
    expect(keptExports().files).toBe(1);
    // Another export of the same session (another column set) is another file.
    await download('?columns=name,city');
    expect(keptExports().files).toBe(2);
    await download();
    expect(keptExports().files).toBe(2);
  });

  it('a slow download of older data, finishing last, does not replace the file of newer data', async () => {
    clearExportCache();
    const exportOf = 'session-a';
    const read = async (body: Readable) => {
      let text = '';
      for await (const chunk of body) text += chunk.toString();
      return text;
    };
    const slow = new PassThrough();
    const older = await keptOrMadeExport({ exportOf, version: 'v1' }, async () => slow);
    const olderText = read(older);
    const newer = await keptOrMadeExport({ exportOf, version: 'v2' }, async () =>
      Readable.from(['new data']),
    );
    expect(await read(newer)).toBe('new data');
    slow.end('old data');
    expect(await olderText).toBe('old data');
    expect(keptExports().files).toBe(1);
    const kept = await keptOrMadeExport({ exportOf, version: 'v2' }, async () => {
      throw new Error('made again: the newer file was not kept');
    });
    expect(await read(kept)).toBe('new data');
  });

  it('fingerprints differ between sessions and change with a deleted row', async () => {
    const before = await exportFingerprint(t.database.db, sessionId, admin.accountId);
    const [someone] = Object.values(ids).slice(-1);
    await t.database.db.delete(businesses).where(eq(businesses.id, someone as string));
    expect(await exportFingerprint(t.database.db, sessionId, admin.accountId)).not.toBe(before);
    expect(await exportFingerprint(t.database.db, crypto.randomUUID(), admin.accountId)).not.toBe(before);
  });

  it('changes with every write of an enrichment result, the business untouched by the writer', async () => {
    const db = t.database.db;
    const [result] = await db.select().from(enrichmentResults).limit(1);
    if (!result) throw new Error('the seeded session has enrichment results');
    const fingerprint = () => exportFingerprint(db, sessionId, admin.accountId);
    const before = await fingerprint();
    await db
      .update(enrichmentResults)
      .set({ data: { ...result.data, edited: true } })
      .where(eq(enrichmentResults.id, result.id));
    const edited = await fingerprint();
    expect(edited).not.toBe(before);
    await db.delete(enrichmentResults).where(eq(enrichmentResults.id, result.id));
    expect(await fingerprint()).not.toBe(edited);
  });

  it('changes when one transaction deletes a business and adds another (the same count)', async () => {
    const db = t.database.db;
    const before = await exportFingerprint(db, sessionId, admin.accountId);
    // One without enrichment results, so only the businesses' part of the fingerprint can tell.
    const [plain] = await db
      .select({ id: businesses.id })
      .from(businesses)
      .where(
        and(
          eq(businesses.sessionId, sessionId),
          notExists(
            db.select().from(enrichmentResults).where(eq(enrichmentResults.businessId, businesses.id)),
          ),
        ),
      )
      .limit(1);
    await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(businesses)
        .where(eq(businesses.id, plain?.id as string))
        .returning();
      const { id: _id, ...copy } = gone as typeof businesses.$inferSelect;
      await tx.insert(businesses).values({ ...copy, dedupeKey: `${copy.dedupeKey}-again` });
    });
    expect(await exportFingerprint(db, sessionId, admin.accountId)).not.toBe(before);
  });
});
