/**
 * POST /icp/generate_content with the built-in writer on the seeded sessions of icp.fixtures.ts (real database):
 * the three kinds for a business from its stored facts — what it does and where, its hiring, its business tools,
 * never how its site is built — each claim naming its field and the page it came from, signed by the caller's
 * own name and title, and stored; content for a saved profile from its criteria and examples, one kind on
 * request; and the body rules (exactly one target, no repeated kind, 404 naming business_id to another account).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { generatedContent } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { createIcpApp, SEGMENT_SEEDS, type Seeded, seedSession } from './icp.fixtures';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let seeded: Seeded;
let segmented: Seeded;

beforeAll(async () => {
  ({ t, admin, viewer, outsider, seeded } = await createIcpApp());
  const me = await t.call('PUT', '/api/users/me', {
    token: admin.token,
    body: { name: 'Anna Schmidt', title: 'Head of Sales' },
  });
  expect(me.status, JSON.stringify(me.body)).toBe(200);
  // One saved profile for the venture, the dental segment: derived as a pair, the other one removed.
  segmented = await seedSession(t, admin, true, SEGMENT_SEEDS);
  const created = await t.call('POST', '/api/icp/create_profiles', {
    token: admin.token,
    body: { session_id: segmented.sessionId, count: 2 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  for (const profile of created.body as { id: string; name: string }[]) {
    if (profile.name === 'Dental practices in Leeds') continue;
    const removed = await t.call('DELETE', `/api/icp/profiles/${profile.id}`, { token: admin.token });
    expect(removed.status).toBe(204);
  }
});
afterAll(() => t?.close());

describe('POST /icp/generate_content (built-in)', () => {
  it('writes the three kinds for a business from its stored facts, each claim with its field and page', async () => {
    const businessId = seeded.ids['Alpha Dental'] as string;
    const res = await t.call('POST', '/api/icp/generate_content', {
      token: admin.token,
      body: { business_id: businessId },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.generated_by).toBe('builtin');
    const [email, note, opener] = res.body.items;
    expect(email.kind).toBe('cold_email');
    expect(email.subject).toContain('Alpha Dental');
    expect(email.body).toBe(
      [
        'Hi Alpha Dental team,',
        '',
        "I came across Alpha Dental while looking at healthcare businesses in Leeds. I also saw that you're hiring a Dental Nurse. I noticed you use Stripe for payments.",
        '',
        'At Practice Pilot, we fill empty appointment slots with online booking.',
        'Would a 15-minute call next week be useful?',
        '',
        'Best regards,',
        'Anna Schmidt',
        'Head of Sales, Practice Pilot',
      ].join('\n'),
    );
    expect(email.claims).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'industry', business_id: businessId }),
        expect.objectContaining({ field: 'city', business_id: businessId }),
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
    expect(opener.claims[0].field).toBe('industry');
    expect(email.subject).toBe('Quick question for Alpha Dental');
    expect(opener.body).toBe(
      "Hi, this is Anna Schmidt from Practice Pilot. I'm calling because I came across Alpha Dental while looking at healthcare businesses in Leeds. Do you have two minutes?",
    );
    // How the site is built (WordPress, and jQuery under it) is said nowhere.
    expect(JSON.stringify(res.body)).not.toMatch(/WordPress|jQuery/);
    expect(`${email.body}\n${note.body}\n${opener.body}`).not.toMatch(/\bi\b/);
    const stored = await t.database.db
      .select()
      .from(generatedContent)
      .where(eq(generatedContent.businessId, businessId));
    expect(stored.map((r) => r.kind).sort()).toEqual(['call_opener', 'cold_email', 'linkedin_note']);
    expect(stored.every((r) => r.generatedBy === 'builtin')).toBe(true);
  });

  // A view share of the session is not a view of its venture.
  it("uses the session's venture only for a caller who may see the venture", async () => {
    const businessId = seeded.ids['Alpha Dental'] as string;
    const write = () =>
      t.call('POST', '/api/icp/generate_content', { token: viewer.token, body: { business_id: businessId } });
    const shared = await write();
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const text = JSON.stringify(shared.body);
    expect(text).toContain('Alpha Dental');
    expect(text).not.toContain('Practice Pilot');
    expect(text).not.toContain('fill empty appointment slots');
    expect(text).not.toContain('venture.');

    const assigned = await t.call('PUT', `/api/users/${viewer.userId}`, {
      token: admin.token,
      body: { venture_ids: [seeded.ventureId] },
    });
    expect(assigned.status).toBe(200);
    const named = await t.call('PUT', '/api/users/me', { token: viewer.token, body: { name: 'Jo Park' } });
    expect(named.body).toMatchObject({ name: 'Jo Park', title: null });
    const allowed = await write();
    expect(JSON.stringify(allowed.body)).toContain('At Practice Pilot, we fill empty appointment slots');
    // Signed by the member who asked, who gave no title: their name and the venture.
    expect(allowed.body.items[0].body).toMatch(/\nBest regards,\nJo Park\nPractice Pilot$/);
    await t.call('PUT', `/api/users/${viewer.userId}`, { token: admin.token, body: { venture_ids: [] } });
  });

  it('writes for a profile from its criteria and examples; one kind on request; the body rules', async () => {
    const [profile] = (
      await t.call('GET', '/api/icp/profiles', {
        token: admin.token,
        query: { venture_id: segmented.ventureId },
      })
    ).body;
    const email = await t.call('POST', '/api/icp/generate_content', {
      token: admin.token,
      body: { profile_id: profile.id, kinds: ['cold_email'] },
    });
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    expect(email.body.items[0].body).toMatch(
      /^Hi \{\{first_name\}\},\n\nI've been looking at dental practices in Leeds\./,
    );
    expect(email.body.items[0].body).toMatch(/Anna Schmidt\nHead of Sales, Practice Pilot$/);
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
