/**
 * The results query and the CSV export against the real database: every filter kind, search, sort, paging
 * edges, the 400 texts, who may read, and the export parsed back with a real CSV parser and compared row for
 * row with the results of the same query.
 */
import { randomUUID } from 'node:crypto';
import { encodeFilters } from '@argo/contract';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { businesses, enrichmentResults, type NewBusinessRow, sessions } from '../../db/schema';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';
import { storeOutcome } from '../enrichment/enrichment.repository';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let sessionId: string;
const ids: Record<string, string> = {};

type Seed = Partial<NewBusinessRow> & { name: string };

const SEEDS: Seed[] = [
  {
    name: 'Alpha Dental',
    domain: 'alpha-dental.example',
    website: 'https://alpha-dental.example/',
    email: 'hello@alpha-dental.example',
    phone: '+441130000001',
    city: 'Leeds',
    region: 'West Yorkshire',
    country: 'GB',
    category: 'dentist',
    rating: 4.8,
    reviewCount: 120,
    enrichmentState: 'done',
    industry: 'Healthcare',
    summary: 'Family dental practice offering implants and orthodontics.',
    hiring: true,
    icpScore: 86,
    icpTier: 'A',
    lat: 53.8,
    lng: -1.55,
    sources: [
      { source: 'osm', source_ref: 'node/1', observed_at: '2026-01-01T00:00:00Z' },
      { source: 'google_places', source_ref: 'g1', observed_at: '2026-01-02T00:00:00Z' },
    ],
  },
  {
    name: 'Beta Plumbing',
    domain: 'beta.example',
    website: 'https://beta.example/',
    phone: '+441904000002',
    city: 'York',
    region: 'North Yorkshire',
    country: 'GB',
    category: 'plumber',
    rating: 3.9,
    reviewCount: 12,
    enrichmentState: 'done',
    industry: 'Construction',
    summary: 'Emergency plumbing, boilers and heating.',
    hiring: false,
    icpScore: 55,
    icpTier: 'C',
  },
  {
    name: 'Gamma Dental',
    domain: 'gamma.example',
    city: 'Leeds',
    region: 'West Yorkshire',
    country: 'GB',
    category: 'dentist',
    enrichmentState: 'failed',
    enrichmentError: 'The site did not answer.',
  },
  {
    name: 'Delta Bakery',
    domain: 'delta.example',
    website: 'https://delta.example/',
    email: 'orders@delta.example',
    city: 'Hull',
    country: 'GB',
    category: 'bakery',
    rating: 4.2,
    reviewCount: 40,
    enrichmentState: 'done',
    industry: 'Food & Drink',
    summary: 'Artisan sourdough bakery with a café.',
    hiring: null,
    icpScore: 70,
    icpTier: 'B',
    source: 'import',
    sources: [{ source: 'import', source_ref: 'row 2', observed_at: '2026-01-03T00:00:00Z' }],
  },
  {
    // Cells a spreadsheet would run as formulas, plus quotes, commas and a line break.
    name: '=HYPERLINK("http://evil.example","click")',
    domain: 'epsilon.example',
    city: '+Leeds',
    category: '@cmd',
    address: '-1 Quote "Street", Flat 2\nLeeds',
    summary: '\tTabbed summary',
    enrichmentState: 'pending',
  },
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  viewer = await addUser(t, admin);
  outsider = await createAdmin(t, 'Other Org');
  sessionId = await createSession(t, admin, { name: 'Dentists & Plumbers — Yorkshire' });
  const runId = randomUUID();
  await t.database.db.update(sessions).set({ runId, status: 'completed' }).where(eq(sessions.id, sessionId));
  for (const [i, seed] of SEEDS.entries()) {
    const [row] = await t.database.db
      .insert(businesses)
      .values({
        accountId: admin.accountId,
        sessionId,
        runId,
        dedupeKey: `k${i}`,
        source: 'osm',
        sources: [{ source: seed.source ?? 'osm', source_ref: null, observed_at: '2026-01-01T00:00:00Z' }],
        firstSeenAt: new Date(Date.UTC(2026, 0, 10 + i)),
        ...seed,
      })
      .returning({ id: businesses.id });
    ids[seed.name] = row?.id ?? '';
  }
  // A row of an older run is never shown.
  await t.database.db.insert(businesses).values({
    accountId: admin.accountId,
    sessionId,
    runId: randomUUID(),
    dedupeKey: 'old',
    name: 'Old Run Ltd',
    source: 'osm',
  });
  const enrichment = (name: string, type: string, data: Record<string, unknown>) => ({
    accountId: admin.accountId,
    businessId: ids[name] as string,
    type: type as 'software_detection',
    data,
    producedBy: 'builtin' as const,
    sourceUrl: 'https://example.test/',
  });
  const tech = (name: string, version: string | null = null) => ({
    name,
    slug: name.toLowerCase(),
    categories: [{ id: 1, name: 'CMS' }],
    version,
    confidence: 100,
    website: null,
    icon: '',
    evidence: [{ type: 'scriptSrc', match: `/${name}.js`, url: 'https://example.test/' }],
  });
  await t.database.db.insert(enrichmentResults).values([
    enrichment('Alpha Dental', 'software_detection', {
      technologies: [tech('WordPress', '6.4'), tech('Stripe')],
    }),
    enrichment('Beta Plumbing', 'software_detection', { technologies: [tech('Shopify')] }),
    enrichment('Delta Bakery', 'software_detection', { technologies: [] }),
    enrichment('Alpha Dental', 'career_analysis', {
      hiring: true,
      careers_url: 'https://alpha-dental.example/jobs',
      ats: 'Personio',
      roles: [
        { title: 'Dental Nurse', department: null, location: 'Leeds', url: null },
        { title: 'Receptionist', department: null, location: null, url: null },
      ],
      source_url: 'https://alpha-dental.example/jobs',
      method: 'page',
    }),
    enrichment('Alpha Dental', 'ai_summary', {
      summary: 'Family dental practice.',
      services: ['Implants', 'Orthodontics'],
      customer_type: 'B2C',
      size_hint: '2–10 employees',
      employee_estimate: 8,
      contacts: [
        { kind: 'email', value: 'hello@alpha-dental.example', source_url: 'https://alpha-dental.example/' },
      ],
      produced_by: 'builtin',
    }),
    enrichment('Alpha Dental', 'icp_analysis', {
      score: 86,
      tier: 'A',
      reasons: [
        { criterion: 'industry', matched: true, weight: 30, points: 30, evidence: 'Healthcare' },
        { criterion: 'hiring', matched: true, weight: 10, points: 10, evidence: 'Dental Nurse' },
        { criterion: 'software', matched: false, weight: 20, points: 0, evidence: null },
      ],
      produced_by: 'builtin',
    }),
  ]);
  await t.call('POST', `/api/sessions/${sessionId}/grant-access`, {
    token: admin.token,
    body: { user_id: viewer.userId, access: 'view' },
  });
});
afterAll(() => t?.close());

async function page(query: Record<string, string | number>, user = viewer) {
  return t.call('GET', `/api/user/session/${sessionId}/results`, { token: user.token, query });
}
const names = (body: { items: { name: string }[] }) => body.items.map((b) => b.name);
async function filtered(filters: Record<string, unknown>, extra: Record<string, string> = {}) {
  const res = await page({ filters: JSON.stringify(filters), sortBy: 'name', sortOrder: 'asc', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return names(res.body);
}
const EVIL = '=HYPERLINK("http://evil.example","click")';

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
    expect(alpha.software[0].evidence).toContain('/WordPress.js');
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

  it('filters by software name (any case), list, contains, present and none; by any merged source', async () => {
    expect(await filtered({ software: 'wordpress' })).toEqual(['Alpha Dental']);
    expect(await filtered({ software: ['Shopify', 'Stripe'] })).toEqual(['Alpha Dental', 'Beta Plumbing']);
    expect(await filtered({ software: { contains: 'shop' } })).toEqual(['Beta Plumbing']);
    expect(await filtered({ software: { present: true } })).toEqual(['Alpha Dental', 'Beta Plumbing']);
    expect(await filtered({ software: null })).toEqual([EVIL, 'Delta Bakery', 'Gamma Dental']);
    expect(await filtered({ software: ['Shopify', null] })).toEqual([
      EVIL,
      'Beta Plumbing',
      'Delta Bakery',
      'Gamma Dental',
    ]);
    // Alpha was first found in OSM and merged with a Google Places record.
    expect(await filtered({ source: 'google_places' })).toEqual(['Alpha Dental']);
    expect(await filtered({ source: ['import'] })).toEqual(['Delta Bakery']);
  });

  it('follows a new software detection: the replaced result is what the software filter reads', async () => {
    const detect = (technologies: unknown[]) =>
      storeOutcome(t.database.db, {
        accountId: admin.accountId,
        businessId: ids['Delta Bakery'] as string,
        results: [
          {
            type: 'software_detection',
            data: { technologies },
            producedBy: 'builtin',
            sourceUrl: 'https://delta.example/',
            observedAt: new Date(),
          },
        ],
        columns: {},
      });
    // Malformed entries (no name, a number for a name, not an object) are not technologies.
    await detect([{ name: 'Wix', version: null }, { name: 42 }, 'Shopify', null, { version: '1' }]);
    expect(await filtered({ software: 'WIX' })).toEqual(['Delta Bakery']);
    expect(await filtered({ software: 'shopify' })).toEqual(['Beta Plumbing']);
    expect(await filtered({ software: null })).toEqual([EVIL, 'Gamma Dental']);
    await detect([]);
    expect(await filtered({ software: 'wix' })).toEqual([]);
    expect(await filtered({ software: null })).toEqual([EVIL, 'Delta Bakery', 'Gamma Dental']);
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

  it('sorts by a field either way with nulls last, then by id', async () => {
    const sorted = async (sortBy: string, sortOrder: string) =>
      names(
        (
          await page({
            sortBy,
            sortOrder,
            filters: encodeFilters({
              name: ['Alpha Dental', 'Beta Plumbing', 'Gamma Dental', 'Delta Bakery'],
            }),
          })
        ).body,
      );
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

describe('GET /user/session/:id/export', () => {
  async function exportCsv(query: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/user/session/${sessionId}/export`,
      query,
      headers: { authorization: `Bearer ${viewer.token}` },
    });
    return res;
  }
  const parse = (text: string) => {
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    return parsed.data;
  };

  it('streams RFC 4180 CSV with a BOM and a file name, rows equal to the results of the same query', async () => {
    const cases: Record<string, string>[] = [
      {},
      { search: 'dental', sortBy: 'name', sortOrder: 'asc' },
      { filters: encodeFilters({ icp_tier: ['A', 'B', null] }), sortBy: 'icp_score', sortOrder: 'desc' },
      { filters: encodeFilters({ software: { present: true }, city: ['Leeds', 'York'] }) },
    ];
    for (const query of cases) {
      const res = await exportCsv(query);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="dentists-plumbers-yorkshire-\d{4}-\d{2}-\d{2}\.csv"/,
      );
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      expect(res.body).toContain('\r\n');
      const [header, ...rows] = parse(res.body);
      expect(header?.slice(0, 3)).toEqual(['id', 'name', 'website']);
      const results = await page({ ...query, pageSize: 5000 });
      expect(rows.map((r) => r[0])).toEqual(results.body.items.map((b: { id: string }) => b.id));
      const column = (name: string) => header?.indexOf(name) ?? -1;
      for (const [i, row] of rows.entries()) {
        const item = results.body.items[i];
        const plain = (v: unknown) => (v === null ? '' : String(v));
        expect(row[column('domain')]).toBe(plain(item.domain));
        expect(row[column('rating')]).toBe(plain(item.rating));
        expect(row[column('icp_tier')]).toBe(plain(item.icp_tier));
        expect(row[column('hiring')]).toBe(plain(item.hiring));
        expect(row[column('first_seen_at')]).toBe(item.first_seen_at);
        expect(row[column('software')]).toBe(
          item.software
            .map((s: { name: string; version: string | null }) =>
              s.version ? `${s.name} ${s.version}` : s.name,
            )
            .join('; '),
        );
      }
    }
  });

  it('flattens nested facts and neutralises formulas', async () => {
    const res = await exportCsv({ sortBy: 'name', sortOrder: 'asc' });
    const [header = [], ...rows] = parse(res.body);
    const get = (name: string, column: string) => {
      const row = rows.find((r) => r[1] === name || r[1] === `'${name}`);
      return row?.[header.indexOf(column)];
    };
    expect(get('Alpha Dental', 'sources')).toBe('osm:node/1; google_places:g1');
    expect(get('Alpha Dental', 'software')).toBe('WordPress 6.4; Stripe');
    expect(get('Alpha Dental', 'open_roles')).toBe('Dental Nurse (Leeds); Receptionist');
    expect(get('Alpha Dental', 'careers_url')).toBe('https://alpha-dental.example/jobs');
    expect(get('Alpha Dental', 'ats')).toBe('Personio');
    expect(get('Alpha Dental', 'services')).toBe('Implants; Orthodontics');
    expect(get('Alpha Dental', 'contacts')).toBe('email: hello@alpha-dental.example');
    expect(get('Alpha Dental', 'employee_estimate')).toBe('8');
    expect(get('Alpha Dental', 'icp_matched_criteria')).toBe('industry; hiring');
    expect(get('Alpha Dental', 'lng')).toBe('-1.55');
    expect(get('Gamma Dental', 'enrichment_error')).toBe('The site did not answer.');
    expect(get(EVIL, 'name')).toBe(`'${EVIL}`);
    expect(get(EVIL, 'city')).toBe("'+Leeds");
    expect(get(EVIL, 'category')).toBe("'@cmd");
    expect(get(EVIL, 'address')).toBe('\'-1 Quote "Street", Flat 2\nLeeds');
    expect(get(EVIL, 'summary')).toBe("'\tTabbed summary");
    // On the wire: the quote doubled, the field quoted.
    expect(res.body).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
  });

  it('exports only the header when nothing matches, and answers 400 for a bad filter before streaming', async () => {
    const empty = await exportCsv({ search: 'no such business' });
    expect(empty.statusCode).toBe(200);
    expect(parse(empty.body)).toHaveLength(1);
    const bad = await exportCsv({ filters: encodeFilters({ rating: 'high' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('filters.rating: must be a number');
    const unknown = await exportCsv({ filters: JSON.stringify({ colour: 'red' }) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('unknown filter field "colour"');
  });
});
