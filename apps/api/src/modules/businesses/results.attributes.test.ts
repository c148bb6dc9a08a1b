/**
 * The imported file's own columns in the results, on the seeded session of results.fixtures.ts
 * with attribute columns written as the import writes them (sessions.attribute_columns, businesses.attributes):
 * the session info lists the columns, each business carries its values, `attr.<key>` filters compare by the
 * declared type (number and date ranges, booleans, text contains, empty), a wrong key or value is a 400 saying
 * what to send, and the export appends every column under its label.
 */
import { type AttributeColumn, encodeFilters } from '@argo/contract';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { businesses, sessions } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { EVIL, type ResultsSession, seedResultsSession } from './results.fixtures';

const COLUMNS: AttributeColumn[] = [
  { key: 'employees', label: 'EMPLOYEES', type: 'number' },
  { key: 'founded', label: 'Founded', type: 'date' },
  { key: 'is_open', label: 'is_open', type: 'boolean' },
  { key: 'neighborhood', label: 'neighborhood', type: 'text' },
  // A label that repeats a standard export column.
  { key: 'city_2', label: 'city', type: 'text' },
];

const VALUES: Record<string, Record<string, string | number | boolean>> = {
  'Alpha Dental': { employees: 12, founded: '2009-05-01', is_open: true, neighborhood: 'Headingley' },
  'Beta Plumbing': { employees: 250, founded: '1998-01-31', is_open: false, neighborhood: 'Hyde Park' },
  'Gamma Dental': { employees: 3.5, is_open: true, neighborhood: 'Chapel Allerton', city_2: 'Leeds 6' },
  'Delta Bakery': { employees: -1, founded: '2021-12-24' },
  // EVIL has none: every attribute empty.
};

let t: TestApp;
let viewer: TestUser;
let outsider: TestUser;
let admin: TestUser;
let sessionId: string;
let ids: Record<string, string>;
let page: ResultsSession['page'];
let filtered: ResultsSession['filtered'];

beforeAll(async () => {
  ({ t, outsider, admin, viewer, sessionId, ids, page, filtered } = await seedResultsSession());
  const db = t.database.db;
  await db.update(sessions).set({ attributeColumns: COLUMNS }).where(eq(sessions.id, sessionId));
  for (const [name, attributes] of Object.entries(VALUES)) {
    await db
      .update(businesses)
      .set({ attributes })
      .where(eq(businesses.id, ids[name] as string));
  }
});
afterAll(() => t?.close());

async function rejected(filters: Record<string, unknown>) {
  const res = await page({ filters: encodeFilters(filters) });
  expect(res.status, JSON.stringify(filters)).toBe(400);
  return res.body.error as { field?: string; message: string };
}

describe('attribute columns in the results', () => {
  it('lists the columns in the session info and the values on each business', async () => {
    const info = await t.call('GET', `/api/user/session/${sessionId}/info`, { token: viewer.token });
    expect(info.status).toBe(200);
    expect(info.body.attribute_columns).toEqual(COLUMNS);
    const res = await page({ sortBy: 'name', sortOrder: 'asc' });
    const byName = Object.fromEntries(
      res.body.items.map((b: { name: string; attributes?: unknown }) => [b.name, b.attributes]),
    );
    expect(byName['Alpha Dental']).toEqual(VALUES['Alpha Dental']);
    expect(byName['Gamma Dental']).toEqual(VALUES['Gamma Dental']);
    // A business without values carries no attributes at all.
    expect(byName[EVIL]).toBeUndefined();
  });

  it('filters numbers and dates by range, booleans, text by contains, and empty values', async () => {
    expect(await filtered({ 'attr.employees': { gte: 10, lte: 100 } })).toEqual(['Alpha Dental']);
    expect(await filtered({ 'attr.employees': { gte: '3.5' } })).toEqual([
      'Alpha Dental',
      'Beta Plumbing',
      'Gamma Dental',
    ]);
    // Compared as numbers, not as text ("250" < "3.5" as text).
    expect(await filtered({ 'attr.employees': { lte: 100 } })).toEqual([
      'Alpha Dental',
      'Delta Bakery',
      'Gamma Dental',
    ]);
    expect(await filtered({ 'attr.employees': [12, 250] })).toEqual(['Alpha Dental', 'Beta Plumbing']);
    expect(await filtered({ 'attr.employees': null })).toEqual([EVIL]);
    expect(await filtered({ 'attr.founded': { gte: '2000-01-01' } })).toEqual([
      'Alpha Dental',
      'Delta Bakery',
    ]);
    expect(await filtered({ 'attr.founded': { gte: '1998-01-31', lte: '2009-05-01T10:00:00Z' } })).toEqual([
      'Alpha Dental',
      'Beta Plumbing',
    ]);
    expect(await filtered({ 'attr.founded': { present: false } })).toEqual([EVIL, 'Gamma Dental']);
    expect(await filtered({ 'attr.is_open': true })).toEqual(['Alpha Dental', 'Gamma Dental']);
    expect(await filtered({ 'attr.is_open': false })).toEqual(['Beta Plumbing']);
    expect(await filtered({ 'attr.is_open': [false, null] })).toEqual([
      EVIL,
      'Beta Plumbing',
      'Delta Bakery',
    ]);
    expect(await filtered({ 'attr.neighborhood': { contains: 'PARK' } })).toEqual(['Beta Plumbing']);
    expect(await filtered({ 'attr.neighborhood': { contains: '%' } })).toEqual([]);
    expect(await filtered({ 'attr.neighborhood': 'Headingley' })).toEqual(['Alpha Dental']);
    // Combined with the business fields' filters and the search.
    expect(await filtered({ 'attr.is_open': true, city: 'Leeds' })).toEqual(['Alpha Dental', 'Gamma Dental']);
    expect(await filtered({ 'attr.employees': { gte: 1 } }, { search: 'gamma' })).toEqual(['Gamma Dental']);
    const total = await page({ filters: encodeFilters({ 'attr.employees': { gte: 10 } }) });
    expect(total.body.total).toBe(2);
  });

  it('answers 400 saying what to fix for an unknown column or a value of the wrong type', async () => {
    expect(await rejected({ 'attr.revenue': { gte: 1 } })).toMatchObject({
      field: 'filters.attr.revenue',
      message: expect.stringContaining('has no column "revenue"; its columns: attr.employees (EMPLOYEES)'),
    });
    expect((await rejected({ 'attr.employees': { gte: 'ten' } })).message).toBe(
      'filters.attr.employees: must be a number (“EMPLOYEES” is a number column)',
    );
    expect((await rejected({ 'attr.founded': { gte: '31/01/2020' } })).message).toContain(
      'must be a date as YYYY-MM-DD',
    );
    expect((await rejected({ 'attr.founded': '2021-02-30' })).message).toContain(
      'must be a date as YYYY-MM-DD',
    );
    expect((await rejected({ 'attr.is_open': 'yes' })).message).toContain('must be true or false');
    expect((await rejected({ 'attr.is_open': { gte: 1 } })).message).toContain(
      '{gte, lte} works on number and date columns only; give true or false',
    );
    expect((await rejected({ 'attr.employees': { contains: '1' } })).message).toContain(
      '{contains} works on text columns only',
    );
    expect((await rejected({ 'attr.': 1 })).message).toContain('unknown filter field "attr."');
    expect((await rejected({ colour: 'red' })).message).toContain(
      'or attr.<key> for a column of the imported file',
    );
  });

  it('says the session kept no columns when it has none', async () => {
    await t.database.db.update(sessions).set({ attributeColumns: [] }).where(eq(sessions.id, sessionId));
    try {
      expect((await rejected({ 'attr.employees': 1 })).message).toContain('it kept no columns of its own');
    } finally {
      await t.database.db
        .update(sessions)
        .set({ attributeColumns: COLUMNS })
        .where(eq(sessions.id, sessionId));
    }
  });

  it('answers another account 404, not the columns of the session', async () => {
    const res = await page({ filters: encodeFilters({ 'attr.nope': 1 }) }, outsider);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('EMPLOYEES');
  });
});

describe('attribute columns in the export', () => {
  const exportCsv = async (query: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/session/${sessionId}/export`,
      query: { include_closed: 'true', sortBy: 'name', sortOrder: 'asc', ...query },
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const parsed = Papa.parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    return parsed;
  };

  it('appends every column of the file under its label, after the standard columns, typed values as text', async () => {
    const { meta, data } = await exportCsv();
    const fields = meta.fields ?? [];
    // The file's "Founded" and "city" meet Argo's own founded and city columns: they keep their values as "… (file)".
    expect(fields.slice(-5)).toEqual([
      'EMPLOYEES',
      'Founded (file)',
      'is_open',
      'neighborhood',
      'city (file)',
    ]);
    expect(fields.indexOf('EMPLOYEES')).toBeGreaterThan(fields.indexOf('updated_at'));
    const row = (name: string) => data.find((r) => r.name === name) ?? {};
    expect(row('Alpha Dental')).toMatchObject({
      EMPLOYEES: '12',
      'Founded (file)': '2009-05-01',
      is_open: 'true',
      neighborhood: 'Headingley',
      'city (file)': '',
    });
    expect(row('Gamma Dental')).toMatchObject({
      EMPLOYEES: '3.5',
      'city (file)': 'Leeds 6',
      'Founded (file)': '',
    });
    // A negative number stays a number (not prefixed against formulas); the formula name is neutralised.
    expect(row('Delta Bakery').EMPLOYEES).toBe('-1');
    expect(row(`'${EVIL}`)).toMatchObject({ EMPLOYEES: '', is_open: '', neighborhood: '' });
  });

  it('exports the rows an attribute filter selects, and refuses a bad one with 400 before streaming', async () => {
    const { data } = await exportCsv({ filters: encodeFilters({ 'attr.employees': { gte: 10 } }) });
    expect(data.map((r) => r.name)).toEqual(['Alpha Dental', 'Beta Plumbing']);
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/user/session/${sessionId}/export`,
      query: { filters: encodeFilters({ 'attr.employees': { gte: 'many' } }) },
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('filters.attr.employees: must be a number');
  });
});

describe('attribute filters of "all matching" (enrichment/run)', () => {
  it('reads them as the results call does: typed by the session, a bad key a 400', async () => {
    const run = (filters: Record<string, unknown>) =>
      t.call('POST', '/api/enrichment/run', {
        token: admin.token,
        body: { session_id: sessionId, types: ['software_detection'], matching: { filters } },
      });
    // Compared as numbers: nobody has 1,000 employees, so nothing to enrich (not "no such column").
    const none = await run({ 'attr.employees': { gte: 1000 } });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('matching: no business of this session matches');
    const unknown = await run({ 'attr.revenue': 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain('has no column "revenue"');
  });
});

describe('attribute filters on the map', () => {
  it('selects the same businesses as the table', async () => {
    const res = await t.call('GET', `/api/user/session/${sessionId}/map`, {
      token: viewer.token,
      query: { filters: encodeFilters({ 'attr.employees': { gte: 10 } }) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.total).toBe(2);
  });
});
