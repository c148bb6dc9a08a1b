/**
 * The contacts a business's own website gives (found by a new user's trial: an imported list without emails was
 * enriched, and the table, its filters and the export still showed none). The trigger of migration 0021 keeps the
 * first email and phone of the stored ai_summary on the business; the results page lists them, "has email" and
 * "has phone" count them, and the export writes them beside the record's own, blank when suppressed.
 */
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { enrichmentResults, suppressions } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { type ResultsSession, seedResultsSession } from './results.fixtures';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let sessionId: string;
let ids: Record<string, string>;
let page: ResultsSession['page'];
let filtered: ResultsSession['filtered'];

const SITE = 'https://gamma-dental.example/';

/** Stores (or replaces) Gamma Dental's ai_summary with these contacts, as the enrichment does. */
async function storeSummary(contacts: { kind: string; value: string }[]) {
  const data = {
    summary: 'Dental practice.',
    contacts: contacts.map((c) => ({ ...c, source_url: SITE })),
    produced_by: 'builtin',
  };
  await t.database.db
    .insert(enrichmentResults)
    .values({
      accountId: admin.accountId,
      businessId: ids['Gamma Dental'] as string,
      type: 'ai_summary',
      data,
      producedBy: 'builtin',
      sourceUrl: SITE,
    })
    .onConflictDoUpdate({ target: [enrichmentResults.businessId, enrichmentResults.type], set: { data } });
}

async function gamma() {
  const res = await page({ pageSize: 100 });
  expect(res.status).toBe(200);
  return res.body.items.find((b: { name: string }) => b.name === 'Gamma Dental');
}

async function exportRows(query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/user/session/${sessionId}/export`,
    query,
    headers: { authorization: `Bearer ${viewer.token}` },
  });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
  }).data;
  return rows.map((row) => Object.fromEntries((header ?? []).map((name, i) => [name, row[i]])));
}

beforeAll(async () => {
  ({ t, admin, viewer, sessionId, ids, page, filtered } = await seedResultsSession());
});
afterAll(() => t?.close());

describe("a business's website contacts", () => {
  it('are listed beside the record, first email and first phone, and replaced when the summary is', async () => {
    expect(await gamma()).toMatchObject({
      email: null,
      phone: null,
      website_email: null,
      website_phone: null,
    });
    await storeSummary([
      { kind: 'social', value: 'https://www.facebook.com/gammadental' },
      { kind: 'phone', value: '+441130000099' },
      { kind: 'email', value: 'info@gamma-dental.example' },
      { kind: 'email', value: 'jobs@gamma-dental.example' },
    ]);
    expect(await gamma()).toMatchObject({
      email: null,
      phone: null,
      website_email: 'info@gamma-dental.example',
      website_phone: '+441130000099',
    });

    await storeSummary([{ kind: 'email', value: 'hello@gamma-dental.example' }]);
    expect(await gamma()).toMatchObject({ website_email: 'hello@gamma-dental.example', website_phone: null });
  });

  it('count for "has email" and "has phone", as the table shows them', async () => {
    await storeSummary([
      { kind: 'email', value: 'info@gamma-dental.example' },
      { kind: 'phone', value: '+441130000099' },
    ]);
    expect(await filtered({ email: { present: true } })).toContain('Gamma Dental');
    expect(await filtered({ phone: { present: true } })).toContain('Gamma Dental');
    expect(await filtered({ email: { present: false } })).not.toContain('Gamma Dental');
    expect(await filtered({ email: { contains: 'gamma-dental' } })).toEqual(['Gamma Dental']);
  });

  it("are exported beside the record's own, with the table's columns too, and blank when suppressed", async () => {
    await storeSummary([
      { kind: 'email', value: 'info@gamma-dental.example' },
      { kind: 'phone', value: '+441130000099' },
    ]);
    const all = await exportRows({});
    expect(all.find((row) => row.name === 'Gamma Dental')).toMatchObject({
      email: '',
      phone: '',
      website_email: 'info@gamma-dental.example',
      website_phone: '+441130000099',
    });
    const view = await exportRows({ columns: 'name,phone,email' });
    expect(Object.keys(view[0] ?? {})).toEqual(['name', 'phone', 'website_phone', 'email', 'website_email']);
    expect(view.find((row) => row.name === 'Gamma Dental')?.website_email).toBe('info@gamma-dental.example');

    await t.database.db
      .insert(suppressions)
      .values({ accountId: admin.accountId, kind: 'email', value: 'info@gamma-dental.example' });
    const suppressed = await exportRows({ columns: 'name,email' });
    expect(suppressed.find((row) => row.name === 'Gamma Dental')?.website_email).toBe('');
    await t.database.db
      .delete(suppressions)
      .where(
        and(eq(suppressions.accountId, admin.accountId), eq(suppressions.value, 'info@gamma-dental.example')),
      );
  });
});
