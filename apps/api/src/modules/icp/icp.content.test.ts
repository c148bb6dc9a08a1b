/**
 * POST /icp/generate_content with the built-in writer on the seeded session of icp.fixtures.ts (real database):
 * the three kinds for a business from its stored facts, each claim naming its field and the page it came from,
 * and stored; content for a saved profile from its criteria and examples, one kind on request; and the body
 * rules (exactly one target, no repeated kind, 404 naming business_id to another account).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { generatedContent } from '../../db/schema';
import type { TestUser } from '../access/access.fixtures';
import { createIcpApp, type Seeded } from './icp.fixtures';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let seeded: Seeded;

beforeAll(async () => {
  ({ t, admin, viewer, outsider, seeded } = await createIcpApp());
  // One saved profile for the venture, the Healthcare segment: derived as a pair, the other one removed.
  const created = await t.call('POST', '/api/icp/create_profiles', {
    token: admin.token,
    body: { session_id: seeded.sessionId, count: 2 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  for (const profile of created.body as { id: string; name: string }[]) {
    if (profile.name === 'Healthcare') continue;
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
    // Read as a person writes: a short subject, "I" never lower-case (icp.content.wording.test.ts for the rules).
    expect(email.subject).toBe('Quick question for Alpha Dental');
    expect(opener.body).toContain(
      "I'm calling because I noticed that Alpha Dental runs WordPress and Stripe.",
    );
    expect(`${email.body}\n${note.body}\n${opener.body}`).not.toMatch(/\bi\b/);
    const stored = await t.database.db
      .select()
      .from(generatedContent)
      .where(eq(generatedContent.businessId, businessId));
    expect(stored.map((r) => r.kind).sort()).toEqual(['call_opener', 'cold_email', 'linkedin_note']);
    expect(stored.every((r) => r.generatedBy === 'builtin')).toBe(true);
  });

  // Issue 16, item 9: a view share of the session is not a view of its venture.
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
    const allowed = await write();
    expect(JSON.stringify(allowed.body)).toContain('At Practice Pilot, we fill empty appointment slots');
    await t.call('PUT', `/api/users/${viewer.userId}`, { token: admin.token, body: { venture_ids: [] } });
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
