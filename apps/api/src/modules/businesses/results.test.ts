/**
 * The results query against the real database, on the seeded session of results.fixtures.ts: paging the current run
 * with the specification's defaults, every filter kind (text, enum, number, boolean, date, source), search, sorting
 * with nulls last and ties by id, paging edges and page size limits, the 400 texts for a bad filter, sort or search,
 * and who may read (404 to another account, 200 to a view share, 401 without a token). The software a page lists and
 * the software filters: results.software.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { encodeFilters } from '@argo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { createSession, type TestUser } from '../access/access.fixtures';
import { EVIL, names, type ResultsSession, seedResultsSession } from './results.fixtures';
import { PREPARED_MAX, preparedPageStatements, renderedPageStatements } from './results.repository';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let sessionId: string;
let ids: Record<string, string>;
let page: ResultsSession['page'];
let filtered: ResultsSession['filtered'];

beforeAll(async () => {
  ({ t, admin, viewer, outsider, sessionId, ids, page, filtered } = await seedResultsSession());
});
afterAll(() => t?.close());

describe('GET /user/session/:id/results', () => {
  it('pages the current run with SPEC defaults (page 0, 50, id desc) and the stored software', async () => {
    const res = await page({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 5, page: 0, pageSize: 50 });
    const sortedIds = Object.values(ids).sort().reverse();
    expect(res.body.items.map((b: { id: string }) => b.id)).toEqual(sortedIds);
    const alpha = res.body.items.find((b: { name: string }) => b.name === 'Alpha Dental');
    expect(alpha.software.map((s: { name: string; version: string | null }) => [s.name, s.version])).toEqual([
      ['WordPress', '6.4'],
      ['Stripe', null],
    ]);
    // What matched is the drawer's to show: the page leaves it out, the business read gives it.
    expect(alpha.software[0]).not.toHaveProperty('evidence');
    const opened = await t.call('GET', `/api/user/session/${sessionId}/businesses/${alpha.id}`, {
      token: admin.token,
    });
    expect(opened.body.software[0].evidence).toContain('/WordPress.js');
  });

  it('filters on text, enum, number, boolean and date fields: equality, lists with null, ranges, contains, present', async () => {
    expect(await filtered({ city: 'Leeds' })).toEqual(['Alpha Dental', 'Gamma Dental']);
    expect(await filtered({ region: 'West Yorkshire', country: 'GB' })).toEqual([
      'Alpha Dental',
      'Gamma Dental',
    ]);
    expect(await filtered({ category: ['plumber', 'bakery'] })).toEqual(['Beta Plumbing', 'Delta Bakery']);
    expect(await filtered({ industry: 'Healthcare' })).toEqual(['Alpha Dental']);
    expect(await filtered({ icp_tier: ['A', 'B'] })).toEqual(['Alpha Dental', 'Delta Bakery']);
    expect(await filtered({ icp_tier: null })).toEqual([EVIL, 'Gamma Dental']);
    expect(await filtered({ icp_score: { gte: 60, lte: 90 } })).toEqual(['Alpha Dental', 'Delta Bakery']);
    expect(await filtered({ icp_score: { gte: '80' } })).toEqual(['Alpha Dental']);
    expect(await filtered({ rating: { lte: 4.2 } })).toEqual(['Beta Plumbing', 'Delta Bakery']);
    expect(await filtered({ review_count: { gte: 10, lte: 100 } })).toEqual([
      'Beta Plumbing',
      'Delta Bakery',
    ]);
    expect(await filtered({ rating: null })).toEqual([EVIL, 'Gamma Dental']);
    expect(await filtered({ hiring: true })).toEqual(['Alpha Dental']);
    expect(await filtered({ hiring: false })).toEqual(['Beta Plumbing']);
    expect(await filtered({ hiring: [true, null] })).toEqual([
      EVIL,
      'Alpha Dental',
      'Delta Bakery',
      'Gamma Dental',
    ]);
    expect(await filtered({ enrichment_state: 'failed' })).toEqual(['Gamma Dental']);
    expect(await filtered({ enrichment_state: ['pending', 'failed'] })).toEqual([EVIL, 'Gamma Dental']);
    expect(await filtered({ enrichment_state: 'no-such-state' })).toEqual([]);
    expect(await filtered({ name: { contains: 'DENT' } })).toEqual(['Alpha Dental', 'Gamma Dental']);
    expect(await filtered({ name: { contains: '%' } })).toEqual([]);
    expect(await filtered({ website: { present: true } })).toEqual([
      'Alpha Dental',
      'Beta Plumbing',
      'Delta Bakery',
    ]);
    expect(await filtered({ email: { present: true } })).toEqual(['Alpha Dental', 'Delta Bakery']);
    expect(await filtered({ phone: { present: false } })).toEqual([EVIL, 'Delta Bakery', 'Gamma Dental']);
    expect(await filtered({ lat: { gte: 50 }, lng: { lte: 0 } })).toEqual(['Alpha Dental']);
    expect(await filtered({ first_seen_at: { gte: '2026-01-11', lte: '2026-01-12T23:59:59Z' } })).toEqual([
      'Beta Plumbing',
      'Gamma Dental',
    ]);
    expect(await filtered({ updated_at: { gte: '2000-01-01' } })).toHaveLength(5);
    expect(await filtered({ country: ['GB', null], city: 'Hull' })).toEqual(['Delta Bakery']);
    expect(await filtered({ category: [] as string[] })).toEqual([]);
  });

  it('searches name, domain, city, category and summary, case-insensitively, with filters', async () => {
    const search = async (q: string, filters: Record<string, unknown> = {}) =>
      filtered(filters, { search: q });
    expect(await search('dental')).toEqual(['Alpha Dental', 'Gamma Dental']);
    expect(await search('YORK')).toEqual(['Beta Plumbing']);
    expect(await search('beta.ex')).toEqual(['Beta Plumbing']);
    expect(await search('bakery')).toEqual(['Delta Bakery']);
    expect(await search('sourdough')).toEqual(['Delta Bakery']);
    expect(await search('orthodontics')).toEqual(['Alpha Dental']);
    expect(await search('dental', { icp_tier: 'A', hiring: true })).toEqual(['Alpha Dental']);
    expect(await search('100%')).toEqual([]);
    expect(await search('leeds dentist')).toEqual([]);
  });

  it('sorts by a field either way with nulls last, then by id; a searched page alike', async () => {
    const sorted = async (sortBy: string, sortOrder: string) => {
      const query = {
        sortBy,
        sortOrder,
        filters: encodeFilters({ name: ['Alpha Dental', 'Beta Plumbing', 'Gamma Dental', 'Delta Bakery'] }),
      };
      const order = names((await page(query)).body);
      // A search (every domain ends in .example) pages its matches in a query of its own (findSearchedPage): one
      // business a page, so each page's pick follows the order too.
      const searched = await Promise.all(
        order.map(async (_, n) =>
          names((await page({ ...query, search: '.example', page: n, pageSize: 1 })).body),
        ),
      );
      expect(searched.flat()).toEqual(order);
      return order;
    };
    expect(await sorted('rating', 'desc')).toEqual([
      'Alpha Dental',
      'Delta Bakery',
      'Beta Plumbing',
      'Gamma Dental',
    ]);
    expect(await sorted('rating', 'asc')).toEqual([
      'Beta Plumbing',
      'Delta Bakery',
      'Alpha Dental',
      'Gamma Dental',
    ]);
    expect(await sorted('icp_score', 'desc')).toEqual([
      'Alpha Dental',
      'Delta Bakery',
      'Beta Plumbing',
      'Gamma Dental',
    ]);
    expect(await sorted('icp_tier', 'asc')).toEqual([
      'Alpha Dental',
      'Delta Bakery',
      'Beta Plumbing',
      'Gamma Dental',
    ]);
    // Alpha and Gamma are both in Leeds: the tie goes by id, in the same direction.
    const leeds = ['Alpha Dental', 'Gamma Dental'].sort((a, b) => ((ids[a] ?? '') < (ids[b] ?? '') ? -1 : 1));
    expect(await sorted('city', 'asc')).toEqual(['Delta Bakery', ...leeds, 'Beta Plumbing']);
    expect(await sorted('city', 'desc')).toEqual(['Beta Plumbing', ...[...leeds].reverse(), 'Delta Bakery']);
    expect(await sorted('first_seen_at', 'desc')).toEqual([
      'Delta Bakery',
      'Gamma Dental',
      'Beta Plumbing',
      'Alpha Dental',
    ]);
    const byIdAsc = names((await page({ sortBy: 'id', sortOrder: 'asc' })).body);
    expect(byIdAsc).toEqual(names((await page({})).body).reverse());
  });

  it('pages: the last partial page, a page beyond the end, the page size limits', async () => {
    const second = await page({ page: 1, pageSize: 3, sortBy: 'name', sortOrder: 'asc' });
    expect(second.body).toMatchObject({ total: 5, page: 1, pageSize: 3 });
    expect(names(second.body)).toEqual(['Delta Bakery', 'Gamma Dental']);
    const beyond = await page({ page: 7, pageSize: 3 });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ items: [], total: 5, page: 7 });
    expect((await page({ pageSize: 5000 })).body.items).toHaveLength(5);
    // With a search or a filter, the total counts every match: the same on every page and past the end.
    const dentalPage = (n: number) =>
      page({ page: n, pageSize: 1, search: 'dental', sortBy: 'name', sortOrder: 'desc' });
    const [firstDental, secondDental, pastDental] = await Promise.all([0, 1, 2].map(dentalPage));
    expect(firstDental?.body).toMatchObject({ total: 2, page: 0, pageSize: 1 });
    expect(names(firstDental?.body)).toEqual(['Gamma Dental']);
    expect(secondDental?.body).toMatchObject({ total: 2, page: 1 });
    expect(names(secondDental?.body)).toEqual(['Alpha Dental']);
    expect(pastDental?.body).toMatchObject({ items: [], total: 2, page: 2 });
    const three = encodeFilters({ name: ['Alpha Dental', 'Beta Plumbing', 'Gamma Dental'] });
    const filteredPage = await page({
      page: 1,
      pageSize: 2,
      filters: three,
      sortBy: 'name',
      sortOrder: 'asc',
    });
    expect(filteredPage.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(names(filteredPage.body)).toEqual(['Gamma Dental']);
    const bads: Record<string, string | number>[] = [
      { pageSize: 5001 },
      { pageSize: 0 },
      { page: -1 },
      { page: 'two' },
    ];
    for (const bad of bads) {
      const res = await page(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.message).toMatch(/page/i);
    }
  });

  it('renders a page statement once per shape; each session, page and filter value gets its own rows', async () => {
    const shape = { pageSize: 2, sortBy: 'name', sortOrder: 'asc' } as const;
    await page({ ...shape, page: 0 });
    const kept = renderedPageStatements();
    const [first, second] = [await page({ ...shape, page: 0 }), await page({ ...shape, page: 1 })];
    expect(renderedPageStatements()).toBe(kept); // the same statement, with the page filled in
    expect(names(first.body)).toEqual([EVIL, 'Alpha Dental']);
    expect(names(second.body)).toEqual(['Beta Plumbing', 'Delta Bakery']);

    // Another session of the same shape: its own (no) rows, not this one's.
    const empty = await createSession(t, admin);
    const other = await t.call(
      'GET',
      `/api/user/session/${empty}/results?page=0&pageSize=2&sortBy=name&sortOrder=asc`,
      {
        token: admin.token,
      },
    );
    expect(other.body).toMatchObject({ items: [], total: 0 });
    expect(renderedPageStatements()).toBe(kept);

    // A filter's values shape the statement: each value its own, with its own rows.
    const before = renderedPageStatements();
    const yorkOrHull = await page({ ...shape, filters: encodeFilters({ city: ['York', 'Hull'] }) });
    const leedsOrHull = await page({ ...shape, filters: encodeFilters({ city: ['Leeds', 'Hull'] }) });
    expect(renderedPageStatements()).toBe(before + 2);
    expect(names(yorkOrHull.body)).toEqual(['Beta Plumbing', 'Delta Bakery']);
    expect(names(leedsOrHull.body)).toEqual(['Alpha Dental', 'Delta Bakery']);
    expect(leedsOrHull.body.total).toBe(3);
  });

  it('runs a page without filters as a statement PostgreSQL keeps prepared; a filtered page or a search without a trigram is planned each time', async () => {
    /** The page statements prepared on the app's pooled connections, as PostgreSQL lists them. */
    const preparedInPostgres = async () => {
      const clients = await Promise.all(
        Array.from({ length: t.database.pool.totalCount }, () => t.database.pool.connect()),
      );
      try {
        const lists = await Promise.all(
          clients.map((c) =>
            c.query<{ name: string }>(
              "select name from pg_prepared_statements where name like 'argo_results_page_%'",
            ),
          ),
        );
        return new Set(lists.flatMap((list) => list.rows.map((row) => row.name)));
      } finally {
        for (const c of clients) c.release();
      }
    };
    const named = preparedPageStatements();
    // A page size no other test asks for: a shape of its own.
    const plain = await page({ pageSize: 3, sortBy: 'city', sortOrder: 'desc' });
    expect(plain.body.items).toHaveLength(3);
    expect(preparedPageStatements()).toBe(named + 1);
    expect(await preparedInPostgres()).toContain(`argo_results_page_${named + 1}`);
    // Another session, and the second page, run the same prepared statement with their own rows.
    expect((await page({ pageSize: 3, sortBy: 'city', sortOrder: 'desc', page: 1 })).body.items).toHaveLength(
      2,
    );
    expect(preparedPageStatements()).toBe(named + 1);

    // A search with a trigram is prepared too (the search is a parameter); one without, and a filter, are not.
    expect(names((await page({ pageSize: 3, search: 'dental' })).body).sort()).toEqual([
      'Alpha Dental',
      'Gamma Dental',
    ]);
    expect(preparedPageStatements()).toBe(named + 2);
    expect(names((await page({ pageSize: 10, search: 'ta' })).body)).toContain('Delta Bakery');
    expect(
      names((await page({ pageSize: 3, filters: encodeFilters({ city: 'Leeds' }) })).body).sort(),
    ).toEqual(['Alpha Dental', 'Gamma Dental']);
    expect(preparedPageStatements()).toBe(named + 2);
    // (Earlier tests' statements may be gone with a connection the pool closed when idle.)
    const inPostgres = [...(await preparedInPostgres())];
    expect(inPostgres).toContain(`argo_results_page_${named + 2}`);
    expect(inPostgres.every((name) => Number(name.split('_').at(-1)) <= named + 2)).toBe(true);
    expect(named + 2).toBeLessThanOrEqual(PREPARED_MAX);
  });

  it('answers 400 naming the problem for a bad filter, sort or search', async () => {
    const error = async (query: Record<string, string>) => {
      const res = await page(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      return res.body.error as { message: string; field?: string };
    };
    const unknown = await error({ filters: JSON.stringify({ colour: 'red' }) });
    expect(unknown.message).toContain('unknown filter field "colour"');
    expect(unknown.message).toContain('known: name');
    expect((await error({ filters: '{nope' })).message).toContain('not valid JSON');
    expect((await error({ filters: '[1,2]' })).message).toMatch(/filters/);
    const wrongType = await error({ filters: encodeFilters({ rating: 'high' }) });
    expect(wrongType).toMatchObject({ field: 'filters.rating', message: 'filters.rating: must be a number' });
    expect(
      (await error({ filters: encodeFilters({ first_seen_at: { gte: 'yesterday' } }) })).message,
    ).toContain('filters.first_seen_at: must be an ISO date');
    expect((await error({ filters: encodeFilters({ hiring: 'yes' }) })).message).toBe(
      'filters.hiring: must be true or false (or null for unknown)',
    );
    expect((await error({ filters: encodeFilters({ rating: { contains: '4' } }) })).message).toBe(
      'filters.rating: {contains} works on text fields only',
    );
    expect((await error({ filters: encodeFilters({ hiring: { gte: 1 } }) })).message).toContain(
      'not a range',
    );
    expect((await error({ filters: encodeFilters({ software: { gte: 1 } }) })).field).toBe(
      'filters.software',
    );
    expect((await error({ filters: JSON.stringify({ city: { gte: 1, nope: 2 } }) })).message).toMatch(/city/);
    expect((await error({ filters: JSON.stringify({ city: { gt: 1 } }) })).message).toMatch(/city/);
    expect((await error({ sortBy: 'colour' })).message).toContain('sortBy');
    expect((await error({ sortOrder: 'up' })).message).toContain('sortOrder');
    expect((await error({ search: 'x'.repeat(1000) })).message).toContain('search');
  });

  it('answers 404 to another account (for the results and the export), 200 to a view share', async () => {
    expect((await page({}, outsider)).status).toBe(404);
    const exported = await t.call('GET', `/api/user/session/${sessionId}/export`, { token: outsider.token });
    expect(exported.status).toBe(404);
    expect((await page({}, viewer)).status).toBe(200);
    expect(
      (await t.call('GET', `/api/user/session/${randomUUID()}/results`, { token: admin.token })).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/user/session/${sessionId}/results`, { token: null })).status).toBe(401);
  });
});
