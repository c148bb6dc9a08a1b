/**
 * The seeded session shared by the ICP tests: 8 businesses of one completed run with their stored enrichment
 * results (software, an employee estimate, open roles), each with the page it came from, in a session that
 * belongs to a venture with a value proposition; and an app without a language model holding that session for
 * an admin, a member with a view share and an admin of another account.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { businesses, enrichmentResults, type NewBusinessRow, sessions } from '../../db/schema';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';

const INFRASTRUCTURE = new Set(['jQuery']);
/**
 * The detector's category ids (Wappalyzer) of the seeded software: Stripe takes payments and Calendly books
 * appointments (business tools); WordPress and Wix are a CMS, aThemes Sydney a theme, Cookie Notice a cookie
 * banner (how the site is built); jQuery a library.
 */
const CATEGORIES: Record<string, { id: number; name: string }[]> = {
  Stripe: [{ id: 41, name: 'Payment processors' }],
  Calendly: [{ id: 72, name: 'Appointment scheduling' }],
  WordPress: [
    { id: 1, name: 'CMS' },
    { id: 11, name: 'Blogs' },
  ],
  Wix: [{ id: 1, name: 'CMS' }],
  'aThemes Sydney': [{ id: 80, name: 'WordPress themes' }],
  'Cookie Notice': [
    { id: 67, name: 'Cookie compliance' },
    { id: 87, name: 'WordPress plugins' },
  ],
  jQuery: [{ id: 59, name: 'JavaScript libraries' }],
};

export interface Seeded {
  sessionId: string;
  ventureId: string;
  ids: Record<string, string>;
}

type Seed = Partial<NewBusinessRow> & {
  name: string;
  software?: string[];
  employees?: number;
  roles?: string[];
};

// 8 businesses: 5 dental (Leeds/York, tiers A/B/C, WordPress), 2 plumbing (tier C/D), 1 not analysed.
const SEEDS: Seed[] = [
  {
    name: 'Alpha Dental',
    industry: 'Healthcare',
    city: 'Leeds',
    icpScore: 92,
    icpTier: 'A',
    hiring: true,
    software: ['jQuery', 'WordPress', 'Stripe'],
    employees: 12,
    roles: ['Dental Nurse'],
    website: 'https://alpha.example/',
  },
  {
    name: 'Bright Smiles',
    industry: 'Healthcare',
    city: 'Leeds',
    icpScore: 81,
    icpTier: 'A',
    hiring: true,
    software: ['jQuery', 'WordPress'],
    employees: 8,
  },
  {
    name: 'Calm Dental',
    industry: 'Healthcare',
    city: 'York',
    icpScore: 74,
    icpTier: 'B',
    hiring: false,
    software: ['jQuery', 'WordPress'],
    employees: 5,
  },
  {
    name: 'Dent Care',
    industry: 'Healthcare',
    city: 'Leeds',
    icpScore: 58,
    icpTier: 'C',
    hiring: null,
    software: ['Wix'],
  },
  {
    name: 'Easy Teeth',
    industry: 'Healthcare',
    city: 'York',
    icpScore: 61,
    icpTier: 'B',
    hiring: false,
    software: [],
  },
  {
    name: 'Flow Plumbing',
    industry: 'Construction',
    city: 'Hull',
    icpScore: 45,
    icpTier: 'C',
    hiring: true,
    software: ['Wix'],
  },
  {
    name: 'Good Pipes',
    industry: 'Construction',
    city: 'Hull',
    icpScore: 20,
    icpTier: 'D',
    hiring: false,
    software: [],
  },
  { name: 'Unknown Shop', city: 'Leeds', category: 'shop' },
];

const site = ['WordPress', 'aThemes Sydney', 'Cookie Notice'];
/**
 * 12 businesses to segment: 4 dental practices in Leeds booking with Calendly, 3 more in Leeds on a WordPress
 * theme only, 3 hiring restaurants in York, and 2 builders in Hull (too few for a segment of their own).
 */
export const SEGMENT_SEEDS: Seed[] = [
  ...[90, 85, 80, 75].map((icpScore, i) => ({
    name: `Leeds Dental ${i + 1}`,
    industry: 'Dental',
    city: 'Leeds',
    icpScore,
    icpTier: icpScore >= 80 ? 'A' : 'B',
    software: [...site, 'Calendly'],
    employees: 6 + i,
    website: `https://leeds-dental-${i + 1}.example/`,
  })),
  ...[60, 55, 50].map((icpScore, i) => ({
    name: `Smile Studio ${i + 1}`,
    industry: 'Dental',
    city: 'Leeds',
    icpScore,
    icpTier: 'C',
    software: site,
  })),
  ...[45, 40, 35].map((icpScore, i) => ({
    name: `York Bistro ${i + 1}`,
    industry: 'Restaurants, cafés & bars',
    city: 'York',
    icpScore,
    icpTier: 'C',
    hiring: true,
    roles: ['Chef'],
  })),
  ...[30, 25].map((icpScore, i) => ({
    name: `Hull Builders ${i + 1}`,
    industry: 'Construction & trades',
    city: 'Hull',
    icpScore,
    icpTier: 'D',
  })),
];

/** Seeds a completed session of `seeds` for the owner, in a new venture unless told otherwise. */
export async function seedSession(
  app: TestApp,
  owner: TestUser,
  withVenture = true,
  seeds: Seed[] = SEEDS,
): Promise<Seeded> {
  let ventureId = '';
  if (withVenture) {
    const venture = await app.call('POST', '/api/ventures/create', {
      token: owner.token,
      body: {
        name: 'Practice Pilot',
        value_proposition: 'we fill empty appointment slots with online booking.',
      },
    });
    expect(venture.status).toBe(201);
    ventureId = venture.body.venture_id;
  }
  const sessionId = await createSession(app, owner, withVenture ? { venture_id: ventureId } : {});
  const runId = randomUUID();
  await app.database.db
    .update(sessions)
    .set({ runId, status: 'completed' })
    .where(eq(sessions.id, sessionId));
  const ids: Record<string, string> = {};
  for (const [i, { software, employees, roles, ...seed }] of seeds.entries()) {
    const [row] = await app.database.db
      .insert(businesses)
      .values({
        accountId: owner.accountId,
        sessionId,
        runId,
        dedupeKey: `k${i}`,
        source: 'osm',
        sources: [
          {
            source: 'osm',
            source_ref: `node/${i}`,
            url: `https://osm.example/node/${i}`,
            observed_at: '2026-01-01T00:00:00Z',
          },
        ],
        enrichmentState: seed.industry ? 'done' : 'pending',
        ...seed,
      })
      .returning({ id: businesses.id });
    const id = row?.id as string;
    ids[seed.name] = id;
    const rows = [];
    if (software) {
      rows.push({
        type: 'software_detection' as const,
        data: {
          technologies: software.map((name) => ({
            name,
            slug: name.toLowerCase(),
            categories: CATEGORIES[name] ?? [],
            version: null,
            confidence: 100,
            // Infrastructure is detected and stored, but is not what the results list as software.
            group: INFRASTRUCTURE.has(name) ? 'infrastructure' : 'business',
            website: null,
            icon: '',
            evidence: [{ type: 'html', match: name, url: `https://site-${i}.example/` }],
          })),
        },
      });
    }
    if (employees !== undefined) {
      rows.push({
        type: 'ai_summary' as const,
        data: {
          summary: `${seed.name} summary`,
          employee_estimate: employees,
          source_urls: [`https://site-${i}.example/about`],
        },
      });
    }
    if (roles) {
      rows.push({
        type: 'career_analysis' as const,
        data: {
          hiring: true,
          careers_url: `https://site-${i}.example/jobs`,
          roles: roles.map((title) => ({ title })),
          source_url: `https://site-${i}.example/jobs`,
        },
      });
    }
    if (rows.length) {
      await app.database.db.insert(enrichmentResults).values(
        rows.map((r) => ({
          ...r,
          accountId: owner.accountId,
          businessId: id,
          producedBy: 'builtin' as const,
        })),
      );
    }
  }
  return { sessionId, ventureId, ids };
}

export interface IcpApp {
  t: TestApp;
  admin: TestUser;
  viewer: TestUser;
  outsider: TestUser;
  seeded: Seeded;
}

/** A fresh app (no language model) and database with the admin's seeded session shared for viewing with a member. */
export async function createIcpApp(): Promise<IcpApp> {
  const t = await createTestApp({}, { languageModel: null });
  const admin = await createAdmin(t);
  const viewer = await addUser(t, admin);
  const outsider = await createAdmin(t, 'Other Org');
  const seeded = await seedSession(t, admin);
  await t.call('POST', `/api/sessions/${seeded.sessionId}/grant-access`, {
    token: admin.token,
    body: { user_id: viewer.userId, access: 'view' },
  });
  return { t, admin, viewer, outsider, seeded };
}
