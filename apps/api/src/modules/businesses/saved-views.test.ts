/**
 * Saved views and the export of exactly what the table shows, on the seeded session of
 * results.fixtures.ts against the real database: a user's view per session (validated, their own, replaced and
 * forgotten), and `columns` on the export (the visible columns in their order, rows still those of the results).
 */
import { encodeFilters } from '@argo/contract';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../access/access.fixtures';
import { type ResultsSession, seedResultsSession } from './results.fixtures';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let sessionId: string;
let page: ResultsSession['page'];

beforeAll(async () => {
  ({ t, admin, viewer, outsider, sessionId, page } = await seedResultsSession());
});
afterAll(() => t?.close());

const VIEW = {
  columns: ['name', 'icp', 'city', 'attr.employees'],
  filters: { icp_tier: ['A', 'B'], city: { contains: 'lee' } },
  sort: { by: 'icp_score', dir: 'desc' },
};

describe('GET/PUT/DELETE /user/session/:id/view', () => {
  const path = () => `/api/user/session/${sessionId}/view`;

  it('keeps one view per user and session: none, saved, replaced, forgotten', async () => {
    expect((await t.call('GET', path(), { token: viewer.token })).body).toEqual({
      view: null,
      updated_at: null,
    });
    // A view share keeps a view of its own: it changes nothing of the session.
    const saved = await t.call('PUT', path(), { token: viewer.token, body: VIEW });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.view).toEqual(VIEW);
    expect(Date.parse(saved.body.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.call('GET', path(), { token: viewer.token })).body.view).toEqual(VIEW);
    // Another user of the session has their own (none yet); another account does not find the session.
    expect((await t.call('GET', path(), { token: admin.token })).body.view).toBeNull();
    expect((await t.call('GET', path(), { token: outsider.token })).status).toBe(404);

    const next = { ...VIEW, columns: ['name', 'website'], sort: { by: 'name', dir: 'asc' } };
    expect((await t.call('PUT', path(), { token: viewer.token, body: next })).body.view).toEqual(next);
    expect((await t.call('GET', path(), { token: viewer.token })).body.view).toEqual(next);

    expect((await t.call('DELETE', path(), { token: viewer.token })).status).toBe(204);
    expect((await t.call('GET', path(), { token: viewer.token })).body.view).toBeNull();
    // Forgetting a view that is not there is fine too.
    expect((await t.call('DELETE', path(), { token: viewer.token })).status).toBe(204);
  });

  it('refuses a view it could not apply, saying what to fix', async () => {
    const cases: [unknown, string][] = [
      [{ ...VIEW, columns: ['name', 'name'] }, 'columns: must not repeat a column'],
      [{ ...VIEW, columns: ['name', 'drop table'] }, 'must be a column id'],
      [{ ...VIEW, filters: { colour: 'red' } }, 'unknown filter field "colour"'],
      [{ ...VIEW, sort: { by: 'colour', dir: 'asc' } }, 'sort.by: must be one of id, name'],
      [{ ...VIEW, sort: { by: 'name', dir: 'up' } }, "sort.dir: must be 'asc' or 'desc'"],
      [{ columns: ['name'], filters: {} }, 'sort: is required'],
      [{ ...VIEW, page: 3 }, 'unknown view key "page"'],
    ];
    for (const [body, message] of cases) {
      const res = await t.call('PUT', path(), { token: viewer.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
  });
});

describe('GET /user/session/:id/export with columns', () => {
  const exportCsv = (query: Record<string, string>) =>
    t.app.inject({
      method: 'GET',
      url: `/api/user/session/${sessionId}/export`,
      query,
      headers: { authorization: `Bearer ${viewer.token}` },
    });
  const parse = (text: string) =>
    Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

  it('writes the visible columns in their order, for the rows of the same query', async () => {
    const query = {
      filters: encodeFilters({ icp_tier: ['A', 'B', null] }),
      sortBy: 'icp_score',
      sortOrder: 'desc',
      include_closed: 'true',
    };
    const res = await exportCsv({ ...query, columns: 'name,icp,city,rating' });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parse(res.body);
    expect(header).toEqual(['name', 'icp_tier', 'icp_score', 'city', 'region', 'rating', 'review_count']);
    const results = await page({ ...query, pageSize: 5000 });
    // Cells that would start a spreadsheet formula stay neutralised in a narrowed file too.
    const asWritten = (name: string) => (/^[=+\-@]/.test(name) ? `'${name}` : name);
    expect(rows.map((row) => row[0])).toEqual(
      results.body.items.map((b: { name: string }) => asWritten(b.name)),
    );
    expect(rows.length).toBe(results.body.total);
    const first = results.body.items[0];
    expect(rows[0]).toEqual([
      first.name,
      first.icp_tier ?? '',
      first.icp_score === null ? '' : String(first.icp_score),
      first.city ?? '',
      first.region ?? '',
      first.rating === null ? '' : String(first.rating),
      first.review_count === null ? '' : String(first.review_count),
    ]);
  });

  it('answers 400 for a column the table does not have', async () => {
    const res = await exportCsv({ columns: 'name,colour' });
    expect(res.statusCode).toBe(400);
    const message: string = res.json().error.message;
    expect(message).toContain('columns');
    expect(message).toContain('one of name, website');
  });
});
