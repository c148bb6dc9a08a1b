/**
 * The ICP calls on a seeded session (real database): overview figures, built-in profiles and content with
 * their claims, profile list/edit/delete, access rules; then the same calls with a model behind a local
 * OpenAI-protocol server, including a model answer that cites a fact that does not exist (rejected).
 */
import { randomUUID } from 'node:crypto';
import { createOpenAiCompatibleModel } from '@argo/engine';
import { type OpenAiTestServer, startOpenAiTestServer } from '@argo/engine/llm/test-openai-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  businesses,
  enrichmentResults,
  generatedContent,
  type NewBusinessRow,
  sessions,
} from '../../db/schema';
import { addUser, createAdmin, createSession, type TestUser } from '../access/access.fixtures';

interface Seeded {
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
    software: ['WordPress', 'Stripe'],
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
    software: ['WordPress'],
    employees: 8,
  },
  {
    name: 'Calm Dental',
    industry: 'Healthcare',
    city: 'York',
    icpScore: 74,
    icpTier: 'B',
    hiring: false,
    software: ['WordPress'],
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

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let seeded: Seeded;

async function seedSession(app: TestApp, owner: TestUser, withVenture = true): Promise<Seeded> {
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
  for (const [i, { software, employees, roles, ...seed }] of SEEDS.entries()) {
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
            categories: [],
            version: null,
            confidence: 100,
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

beforeAll(async () => {
  t = await createTestApp({}, { languageModel: null });
  admin = await createAdmin(t);
  viewer = await addUser(t, admin);
  outsider = await createAdmin(t, 'Other Org');
  seeded = await seedSession(t, admin);
  await t.call('POST', `/api/sessions/${seeded.sessionId}/grant-access`, {
    token: admin.token,
    body: { user_id: viewer.userId, access: 'view' },
  });
});
afterAll(() => t?.close());

describe('POST /icp/overview', () => {
  it('counts tiers, buckets scores, ranks industries, software and places, and writes a built-in narrative', async () => {
    const res = await t.call('POST', '/api/icp/overview', {
      token: viewer.token,
      body: { session_id: seeded.sessionId },
    });
    expect(res.status).toBe(200);
    const o = res.body;
    expect(o.by_tier).toEqual({ A: 2, B: 2, C: 2, D: 1, unscored: 1 });
    expect(o.score_histogram).toHaveLength(10);
    expect(o.score_histogram[9]).toEqual({ from: 90, to: 100, count: 1 });
    expect(o.score_histogram[8]).toEqual({ from: 80, to: 90, count: 1 });
    expect(o.score_histogram[2]).toEqual({ from: 20, to: 30, count: 1 });
    expect(o.score_histogram.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(7);
    expect(o.top_industries).toEqual([
      { name: 'Healthcare', count: 5 },
      { name: 'Construction', count: 2 },
    ]);
    expect(o.top_software).toEqual([
      { name: 'WordPress', count: 3 },
      { name: 'Wix', count: 2 },
      { name: 'Stripe', count: 1 },
    ]);
    // 3 hiring of 6 with a known answer.
    expect(o.hiring_share).toBeCloseTo(0.5);
    expect(o.places[0]).toEqual({ name: 'Leeds', count: 4 });
    expect(o.generated_by).toBe('builtin');
    expect(o.narrative).toContain('8 businesses, 7 scored');
    expect(o.narrative).toContain('Healthcare (5)');
    expect(o.narrative).toContain('WordPress (3)');
  });

  it('answers an empty session with zeros and says what to do; 404 to another account; 400 for a bad id', async () => {
    const empty = await createSession(t, admin);
    const res = await t.call('POST', '/api/icp/overview', {
      token: admin.token,
      body: { session_id: empty },
    });
    expect(res.status).toBe(200);
    expect(res.body.by_tier).toEqual({ A: 0, B: 0, C: 0, D: 0, unscored: 0 });
    expect(res.body.hiring_share).toBe(0);
    expect(res.body.narrative).toContain('no businesses yet');
    const other = await t.call('POST', '/api/icp/overview', {
      token: outsider.token,
      body: { session_id: seeded.sessionId },
    });
    expect(other.status).toBe(404);
    const bad = await t.call('POST', '/api/icp/overview', {
      token: admin.token,
      body: { session_id: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('session_id');
  });
});

describe('POST /icp/create_profiles and the profile list', () => {
  it('derives segments deterministically, saves them to the venture, and replaces them on a second run', async () => {
    const res = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: seeded.sessionId, count: 3 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profiles = res.body as {
      id: string;
      name: string;
      size: number;
      criteria: {
        industries: string[];
        locations: string[];
        software_signals: string[];
        hiring_signal: boolean | null;
        employee_min: number | null;
      };
      examples: { business_id: string; name: string }[];
      why: string;
      generated_by: string;
      venture_id: string;
      session_id: string;
    }[];
    expect(profiles).toHaveLength(3);
    // Healthcare splits by tier first (A/B: 4, C: 1); the best group comes first.
    expect(profiles[0]).toMatchObject({
      name: 'Healthcare, tier A/B',
      size: 4,
      venture_id: seeded.ventureId,
      session_id: seeded.sessionId,
      generated_by: 'builtin',
    });
    expect(profiles[0]?.criteria).toMatchObject({
      industries: ['Healthcare'],
      locations: ['Leeds', 'York'],
      software_signals: ['WordPress'],
      employee_min: 5,
    });
    expect(profiles[0]?.examples.map((e) => e.name)).toEqual([
      'Alpha Dental',
      'Bright Smiles',
      'Calm Dental',
    ]);
    expect(profiles[0]?.examples[0]?.business_id).toBe(seeded.ids['Alpha Dental']);
    expect(profiles[0]?.why).toContain('4 businesses share this profile');
    expect(profiles[0]?.why).toContain('75% run WordPress');
    expect(profiles.map((p) => p.name)).toEqual([
      'Healthcare, tier A/B',
      'Healthcare, tier C/D',
      'Construction',
    ]);

    const again = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: seeded.sessionId, count: 2 },
    });
    expect(again.body.map((p: { name: string }) => p.name)).toEqual(['Healthcare', 'Construction']);
    const list = await t.call('GET', '/api/icp/profiles', {
      token: admin.token,
      query: { venture_id: seeded.ventureId },
    });
    expect(list.status).toBe(200);
    expect(list.body.map((p: { name: string }) => p.name).sort()).toEqual(['Construction', 'Healthcare']);
  });

  it('edits and deletes a profile; 404 to another account; validation names the field', async () => {
    const [profile] = (
      await t.call('GET', '/api/icp/profiles', {
        token: admin.token,
        query: { venture_id: seeded.ventureId },
      })
    ).body;
    const edited = await t.call('PUT', `/api/icp/profiles/${profile.id}`, {
      token: admin.token,
      body: { name: 'Dental groups', criteria: { industries: ['Healthcare'], hiring_signal: true } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Dental groups',
      criteria: { industries: ['Healthcare'], hiring_signal: true, locations: [] },
    });
    const empty = await t.call('PUT', `/api/icp/profiles/${profile.id}`, { token: admin.token, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('give at least one of name, criteria and why');
    const badCriteria = await t.call('PUT', `/api/icp/profiles/${profile.id}`, {
      token: admin.token,
      body: { criteria: { employee_min: 10, employee_max: 2 } },
    });
    expect(badCriteria.status).toBe(400);
    expect(badCriteria.body.error.message).toContain('employee_max');
    expect(
      (await t.call('PUT', `/api/icp/profiles/${profile.id}`, { token: outsider.token, body: { name: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.call('GET', '/api/icp/profiles', {
          token: outsider.token,
          query: { venture_id: seeded.ventureId },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('DELETE', `/api/icp/profiles/${profile.id}`, { token: outsider.token })).status,
    ).toBe(404);
    // A member not assigned to the venture does not see its profiles.
    const unassigned = await t.call('GET', '/api/icp/profiles', {
      token: viewer.token,
      query: { venture_id: seeded.ventureId },
    });
    expect(unassigned.status).toBe(404);
    expect(unassigned.body.error.field).toBe('venture_id');
    expect((await t.call('DELETE', `/api/icp/profiles/${profile.id}`, { token: admin.token })).status).toBe(
      204,
    );
    expect((await t.call('DELETE', `/api/icp/profiles/${profile.id}`, { token: admin.token })).status).toBe(
      404,
    );
  });

  it('refuses a view share, a session without a venture, too few businesses and a bad count', async () => {
    const view = await t.call('POST', '/api/icp/create_profiles', {
      token: viewer.token,
      body: { session_id: seeded.sessionId },
    });
    expect(view.status).toBe(403);
    const noVenture = await seedSession(t, admin, false);
    const res = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: noVenture.sessionId },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('has no venture');
    const venture = await t.call('POST', '/api/ventures/create', {
      token: admin.token,
      body: { name: 'Tiny' },
    });
    const tiny = await createSession(t, admin, { venture_id: venture.body.venture_id });
    const few = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: tiny },
    });
    expect(few.status).toBe(400);
    expect(few.body.error.message).toContain('at least 2 businesses; this session has 0');
    const count = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: tiny, count: 6 },
    });
    expect(count.status).toBe(400);
    expect(count.body.error.message).toContain('count: must be at most 5');
  });
});

describe('POST /icp/generate_content (built-in)', () => {
  it('writes the three kinds for a business from its stored facts, each claim with its field and page', async () => {
    const businessId = seeded.ids['Alpha Dental'] as string;
    const res = await t.call('POST', '/api/icp/generate_content', {
      token: viewer.token,
      body: { business_id: businessId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.generated_by).toBe('builtin');
    const [email, note, opener] = res.body.items;
    expect(email.kind).toBe('cold_email');
    expect(email.subject).toContain('Alpha Dental');
    expect(email.body).toContain('runs WordPress and Stripe');
    expect(email.body).toContain('is hiring a Dental Nurse');
    expect(email.body).toContain('At Practice Pilot, we fill empty appointment slots');
    expect(email.claims).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'software',
          business_id: businessId,
          source_url: 'https://site-0.example/',
        }),
        expect.objectContaining({ field: 'hiring', source_url: 'https://site-0.example/jobs' }),
        expect.objectContaining({ field: 'venture.value_proposition', business_id: null }),
      ]),
    );
    expect(note.kind).toBe('linkedin_note');
    expect(note.subject).toBeNull();
    expect(note.body.length).toBeLessThanOrEqual(300);
    expect(opener.kind).toBe('call_opener');
    expect(opener.claims[0].field).toBe('software');
    const stored = await t.database.db
      .select()
      .from(generatedContent)
      .where(eq(generatedContent.businessId, businessId));
    expect(stored.map((r) => r.kind).sort()).toEqual(['call_opener', 'cold_email', 'linkedin_note']);
    expect(stored.every((r) => r.generatedBy === 'builtin')).toBe(true);
  });

  it('writes for a profile from its criteria and examples; one kind on request; the body rules', async () => {
    const [profile] = (
      await t.call('GET', '/api/icp/profiles', {
        token: admin.token,
        query: { venture_id: seeded.ventureId },
      })
    ).body;
    const res = await t.call('POST', '/api/icp/generate_content', {
      token: admin.token,
      body: { profile_id: profile.id, kinds: ['linkedin_note'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0].kind).toBe('linkedin_note');
    expect(res.body.items[0].claims.length).toBeGreaterThan(0);
    expect(res.body.items[0].claims[0].field).toMatch(/^criteria\.|^examples$/);
    const both = await t.call('POST', '/api/icp/generate_content', {
      token: admin.token,
      body: { profile_id: profile.id, business_id: seeded.ids['Alpha Dental'] },
    });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toContain('give exactly one of profile_id and business_id');
    const repeated = await t.call('POST', '/api/icp/generate_content', {
      token: admin.token,
      body: { profile_id: profile.id, kinds: ['cold_email', 'cold_email'] },
    });
    expect(repeated.status).toBe(400);
    const hidden = await t.call('POST', '/api/icp/generate_content', {
      token: outsider.token,
      body: { business_id: seeded.ids['Alpha Dental'] },
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.field).toBe('business_id');
  });
});

describe('with a language model (local OpenAI-protocol server)', () => {
  let server: OpenAiTestServer;
  let m: TestApp;
  let owner: TestUser;
  let data: Seeded;
  let citeUnknownFact = false;

  beforeAll(async () => {
    server = await startOpenAiTestServer({
      respond: (request) => {
        const schema = request.body.response_format?.json_schema?.name;
        if (schema === 'icp_overview_narrative')
          return { content: { narrative: 'Model: dental practices lead.' } };
        if (schema === 'icp_profiles') {
          const segments = JSON.parse(request.body.messages?.[1]?.content ?? '[]') as { index: number }[];
          return {
            content: {
              profiles: segments.map((s) => ({
                index: s.index,
                name: `Model segment ${s.index}`,
                why: 'Because the figures say so.',
              })),
            },
          };
        }
        if (schema === 'outreach_content') {
          const input = JSON.parse(request.body.messages?.[1]?.content ?? '{}') as {
            kinds: string[];
            facts: { id: string }[];
          };
          const fact = citeUnknownFact ? 'F99' : (input.facts[0]?.id ?? 'F1');
          return {
            content: {
              items: input.kinds.map((kind) => ({
                kind,
                subject: kind === 'cold_email' ? 'Model subject' : null,
                body: `Model ${kind}`,
                claims: [{ text: 'You run WordPress.', fact_id: fact }],
              })),
            },
          };
        }
        return { content: {} };
      },
    });
    m = await createTestApp(
      {},
      { languageModel: createOpenAiCompatibleModel({ baseUrl: server.baseUrl, model: 'local-model' }) },
    );
    owner = await createAdmin(m);
    data = await seedSession(m, owner);
  });
  afterAll(async () => {
    await m?.close();
    await server?.close();
  });

  it('the model writes the narrative, names the profiles and writes content that cites the stored facts', async () => {
    const overview = await m.call('POST', '/api/icp/overview', {
      token: owner.token,
      body: { session_id: data.sessionId },
    });
    expect(overview.body).toMatchObject({
      narrative: 'Model: dental practices lead.',
      generated_by: 'model',
    });
    expect(overview.body.by_tier.A).toBe(2);

    const profiles = await m.call('POST', '/api/icp/create_profiles', {
      token: owner.token,
      body: { session_id: data.sessionId, count: 3 },
    });
    expect(profiles.status, JSON.stringify(profiles.body)).toBe(200);
    expect(profiles.body.map((p: { name: string }) => p.name)).toEqual([
      'Model segment 0',
      'Model segment 1',
      'Model segment 2',
    ]);
    // The figures stay the built-in segmenting's.
    expect(profiles.body[0]).toMatchObject({
      size: 4,
      generated_by: 'model',
      why: 'Because the figures say so.',
    });

    const businessId = data.ids['Alpha Dental'] as string;
    const content = await m.call('POST', '/api/icp/generate_content', {
      token: owner.token,
      body: { business_id: businessId },
    });
    expect(content.body.generated_by).toBe('model');
    expect(content.body.items[0]).toMatchObject({
      kind: 'cold_email',
      subject: 'Model subject',
      claims: [
        {
          text: 'You run WordPress.',
          field: 'software',
          business_id: businessId,
          source_url: 'https://site-0.example/',
        },
      ],
    });
    const prompt = JSON.parse(server.requests.at(-1)?.body.messages?.[1]?.content ?? '{}');
    expect(prompt.facts.map((f: { field: string }) => f.field)).toEqual([
      'software',
      'hiring',
      'industry',
      'city',
    ]);
  });

  it('rejects an answer citing a fact that does not exist and uses the built-in text', async () => {
    citeUnknownFact = true;
    const businessId = data.ids['Calm Dental'] as string;
    const content = await m.call('POST', '/api/icp/generate_content', {
      token: owner.token,
      body: { business_id: businessId },
    });
    expect(content.status).toBe(200);
    expect(content.body.generated_by).toBe('builtin');
    expect(content.body.items[0].body).toContain('runs WordPress');
  });
});
