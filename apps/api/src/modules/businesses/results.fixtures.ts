/**
 * The seeded session shared by the results and export tests: five businesses of one completed run (each filter
 * kind has something to match, one row's cells are spreadsheet formulas), a row of an older run that must never
 * show, stored enrichment results (software, careers, summary, ICP reasons), an admin, a member holding a view
 * share and an admin of another account; plus the call helpers both test files use.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type CallResult, createTestApp, type TestApp } from '../../../test/app';
import { businesses, enrichmentResults, type NewBusinessRow, sessions } from '../../db/schema';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';

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

export const EVIL = '=HYPERLINK("http://evil.example","click")';

export const names = (body: { items: { name: string }[] }) => body.items.map((b) => b.name);

export interface ResultsSession {
  t: TestApp;
  admin: TestUser;
  viewer: TestUser;
  outsider: TestUser;
  sessionId: string;
  /** Business id by name, for the seeds of the current run. */
  ids: Record<string, string>;
  /** GET the results page of the seeded session (as the view-share member unless told). */
  page: (query: Record<string, string | number>, user?: TestUser) => Promise<CallResult>;
  /** The names matching the filters, sorted by name; asserts a 200. */
  filtered: (filters: Record<string, unknown>, extra?: Record<string, string>) => Promise<string[]>;
}

/** A fresh app and database with the seeded session; the caller closes `t`. */
export async function seedResultsSession(
  appOptions: Parameters<typeof createTestApp>[1] = {},
): Promise<ResultsSession> {
  const ids: Record<string, string> = {};
  const t = await createTestApp({}, appOptions);
  const admin = await createAdmin(t);
  const viewer = await addUser(t, admin);
  const outsider = await createAdmin(t, 'Other Org');
  const sessionId = await createSession(t, admin, { name: 'Dentists & Plumbers — Yorkshire' });
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

  async function page(query: Record<string, string | number>, user = viewer) {
    return t.call('GET', `/api/user/session/${sessionId}/results`, { token: user.token, query });
  }
  async function filtered(filters: Record<string, unknown>, extra: Record<string, string> = {}) {
    const res = await page({ filters: JSON.stringify(filters), sortBy: 'name', sortOrder: 'asc', ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return names(res.body);
  }
  return { t, admin, viewer, outsider, sessionId, ids, page, filtered };
}
