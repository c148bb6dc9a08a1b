/**
 * The results search finds what users type, against the real database, on the seeded session of
 * results.fixtures.ts: a software name the table shows ("wordpress"), an industry, a person's name and role from the
 * stored people result (kept when the people are analysed again), a text value of the imported file's own columns,
 * and the export selecting by the very same search.
 */
import { type AttributeColumn, encodeFilters } from '@argo/contract';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { businesses, sessions } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { storeOutcome } from '../enrichment/enrichment-results.repository';
import { type ResultsSession, seedResultsSession } from './results.fixtures';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let sessionId: string;
let ids: Record<string, string>;
let filtered: ResultsSession['filtered'];

const COLUMNS: AttributeColumn[] = [
  { key: 'neighborhood', label: 'neighborhood', type: 'text' },
  { key: 'employees', label: 'EMPLOYEES', type: 'number' },
];

/** Stores (replaces) a business's people result, as an enrichment does. */
const storePeople = (name: string, people: { name: string; role: string | null; seniority: string }[]) =>
  storeOutcome(t.database.db, {
    accountId: admin.accountId,
    businessId: ids[name] as string,
    results: [
      {
        type: 'people',
        data: { people, emails: [], source_urls: ['https://beta.example/team'] },
        producedBy: 'builtin',
        sourceUrl: 'https://beta.example/team',
        observedAt: new Date(),
      },
    ],
    columns: {},
  });

beforeAll(async () => {
  ({ t, admin, viewer, sessionId, ids, filtered } = await seedResultsSession());
  const db = t.database.db;
  // The imported file's own columns, as the import writes them.
  await db.update(sessions).set({ attributeColumns: COLUMNS }).where(eq(sessions.id, sessionId));
  await db
    .update(businesses)
    .set({ attributes: { neighborhood: 'Chapel Allerton', employees: 4242 } })
    .where(eq(businesses.id, ids['Gamma Dental'] as string));
  await storePeople('Beta Plumbing', [
    { name: 'Priya Natarajan', role: 'Head of Operations', seniority: 'executive' },
    { name: 'Tom Okafor', role: 'Apprentice Plumber', seniority: 'staff' },
  ]);
});
afterAll(() => t?.close());

const search = (q: string, filters: Record<string, unknown> = {}) => filtered(filters, { search: q });
/** Replaces Gamma Dental's imported-file values, as a new import of the file would. */
const setGammaAttributes = (attributes: Record<string, string | number | boolean>) =>
  t.database.db
    .update(businesses)
    .set({ attributes })
    .where(eq(businesses.id, ids['Gamma Dental'] as string));

describe('GET /user/session/:id/results: the search', () => {
  it('finds a business by the software the table shows, in any case', async () => {
    expect(await search('wordpress')).toEqual(['Alpha Dental']);
    expect(await search('STRIPE')).toEqual(['Alpha Dental']);
    expect(await search('shopify')).toEqual(['Beta Plumbing']);
    expect(await search('wordpress', { city: 'York' })).toEqual([]);
  });

  it('finds a business by its industry', async () => {
    expect(await search('food & drink')).toEqual(['Delta Bakery']);
    expect(await search('construction')).toEqual(['Beta Plumbing']);
  });

  it("finds a business by a person's name or role, and follows a new people result", async () => {
    expect(await search('natarajan')).toEqual(['Beta Plumbing']);
    expect(await search('Head of Operations')).toEqual(['Beta Plumbing']);
    expect(await search('apprentice')).toEqual(['Beta Plumbing']);
    // A match never spans two fields: a name and the role beside it are apart.
    expect(await search('Natarajan Head')).toEqual([]);
    await storePeople('Beta Plumbing', [{ name: 'Ana Kowalski', role: 'Owner', seniority: 'owner_founder' }]);
    expect(await search('natarajan')).toEqual([]);
    expect(await search('kowalski')).toEqual(['Beta Plumbing']);
    await storePeople('Beta Plumbing', [
      { name: 'Priya Natarajan', role: 'Head of Operations', seniority: 'executive' },
    ]);
  });

  it("finds a business by a text value of the imported file's columns, not by its numbers", async () => {
    expect(await search('chapel aller')).toEqual(['Gamma Dental']);
    expect(await search('4242')).toEqual([]);
    await setGammaAttributes({ neighborhood: 'Roundhay' });
    expect(await search('chapel aller')).toEqual([]);
    expect(await search('roundhay')).toEqual(['Gamma Dental']);
  });

  it('ignores the case of letters beyond ASCII, both in the words and in the stored text', async () => {
    await setGammaAttributes({ neighborhood: 'Östra Kärrtorp' });
    expect(await search('ÖSTRA KÄRR')).toEqual(['Gamma Dental']);
    expect(await search('östra kärrtorp')).toEqual(['Gamma Dental']);
    expect(await search('ostra')).toEqual([]);
    await setGammaAttributes({ neighborhood: 'Roundhay' });
  });

  it('the export selects by the same search', async () => {
    const exported = async (query: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/user/session/${sessionId}/export`,
        query,
        headers: { authorization: `Bearer ${viewer.token}` },
      });
      expect(res.statusCode).toBe(200);
      const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
      const name = rows[0]?.indexOf('name') ?? -1;
      return rows.slice(1).map((row) => row[name]);
    };
    expect(await exported({ search: 'wordpress' })).toEqual(['Alpha Dental']);
    expect(await exported({ search: 'natarajan' })).toEqual(['Beta Plumbing']);
    expect(await exported({ search: 'construction', filters: encodeFilters({ city: 'York' }) })).toEqual([
      'Beta Plumbing',
    ]);
    expect(await exported({ search: 'roundhay' })).toEqual(['Gamma Dental']);
  });
});
