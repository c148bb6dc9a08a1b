/**
 * The ICP profiles on the seeded session of icp.fixtures.ts (real database, no language model): segments derived
 * deterministically and saved to the venture, replaced on a second run; a profile edited and deleted with the
 * field named on a bad edit; who may list, edit, delete and create them (404 to another account and to a member
 * not on the venture, 403 to a view share); and a session without a venture, too few businesses or a bad count.
 * A profile shows its session's businesses (examples, places, sizes): a member on the venture sees, changes and
 * writes content for it only while they may see that session, and an edit share of the session creates profiles
 * only with the venture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { addUser, createSession, type TestUser } from '../access/access.fixtures';
import { createIcpApp, SEGMENT_SEEDS, type Seeded, seedSession } from './icp.fixtures';

let t: TestApp;
let admin: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let seeded: Seeded;

beforeAll(async () => {
  ({ t, admin, viewer, outsider, seeded } = await createIcpApp());
});
afterAll(() => t?.close());

describe('POST /icp/create_profiles and the profile list', () => {
  it('derives 2–5 segments of 3 or more, named as a salesperson would, and replaces them on a second run', async () => {
    const segmented = await seedSession(t, admin, true, SEGMENT_SEEDS);
    const res = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: segmented.sessionId, count: 3 },
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
    // The 7 dental practices in Leeds split by the booking tool 4 of them use (all 4 small, which the name says
    // too); the builders of Hull are too few.
    expect(profiles.map((p) => [p.name, p.size])).toEqual([
      ['Dental practices in Leeds with 1–9 employees using Calendly', 4],
      ['Other dental practices in Leeds', 3],
      ['Hiring restaurants and cafés in York', 3],
    ]);
    expect(profiles[0]).toMatchObject({
      venture_id: segmented.ventureId,
      session_id: segmented.sessionId,
      generated_by: 'builtin',
    });
    expect(profiles[0]?.criteria).toMatchObject({
      industries: ['Dental'],
      locations: ['Leeds'],
      software_signals: ['Calendly'],
      hiring_signal: null,
      employee_min: 1,
    });
    expect(profiles[2]?.criteria).toMatchObject({
      industries: ['Restaurants, cafés & bars'],
      hiring_signal: true,
    });
    expect(profiles[0]?.examples.map((e) => e.name)).toEqual([
      'Leeds Dental 1',
      'Leeds Dental 2',
      'Leeds Dental 3',
    ]);
    expect(profiles[0]?.examples[0]?.business_id).toBe(segmented.ids['Leeds Dental 1']);
    expect(profiles[0]?.why).toContain('4 businesses share this profile');
    expect(profiles[0]?.why).toContain('100% use Calendly');
    // How the sites are built is no segment and no reason: the CMS, the theme, the cookie banner.
    expect(JSON.stringify(profiles)).not.toMatch(/WordPress|aThemes|Sydney|Cookie Notice|jQuery/);
    for (const p of profiles) expect(p.name).not.toMatch(/tier|,/);

    const again = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: segmented.sessionId, count: 2 },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.map((p: { name: string }) => p.name)).toEqual([
      'Dental practices in Leeds',
      'Hiring restaurants and cafés in York',
    ]);
    const list = await t.call('GET', '/api/icp/profiles', {
      token: admin.token,
      query: { venture_id: segmented.ventureId },
    });
    expect(list.status).toBe(200);
    expect(list.body.map((p: { name: string }) => p.name).sort()).toEqual([
      'Dental practices in Leeds',
      'Hiring restaurants and cafés in York',
    ]);
  });

  it('says why when the businesses are too few, or share too little, to segment', async () => {
    // The seeded session: 5 healthcare businesses and 2 builders, no 2 groups of 3.
    const res = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: seeded.sessionId, count: 3 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', field: 'session_id' });
    expect(res.body.error.message).toBe(
      'session_id: These 7 businesses do not form 2 groups of at least 3 that share an industry, a place, business software, hiring or a company size. Enrich them (industry, software, careers), or discover more businesses like the ones you want to reach.',
    );
  });

  it('edits and deletes a profile; 404 to another account; validation names the field', async () => {
    const segmented = await seedSession(t, admin, true, SEGMENT_SEEDS);
    const made = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: segmented.sessionId },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [profile] = made.body;
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
    expect(few.body.error.message).toBe(
      'session_id: Profiles need at least 6 businesses (2 groups of 3); this session has 0. Discover or import more businesses first.',
    );
    const count = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: tiny, count: 6 },
    });
    expect(count.status).toBe(400);
    expect(count.body.error.message).toContain('count: must be at most 5');
  });
});

describe('profiles of a session the caller may not see', () => {
  /** A fresh seeded session (on a venture of its own) with profiles made by the admin. */
  async function sessionWithProfiles(): Promise<{ session: Seeded; profileIds: string[] }> {
    const session = await seedSession(t, admin, true, SEGMENT_SEEDS);
    const made = await t.call('POST', '/api/icp/create_profiles', {
      token: admin.token,
      body: { session_id: session.sessionId, count: 2 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return { session, profileIds: made.body.map((p: { id: string }) => p.id) };
  }
  const listOf = async (user: TestUser, venture: string) => {
    const res = await t.call('GET', '/api/icp/profiles', {
      token: user.token,
      query: { venture_id: venture },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; session_id: string | null; examples: { name: string }[] }[];
  };

  it('a member on the venture without the session neither sees nor changes its profiles, until it is shared', async () => {
    const { session, profileIds } = await sessionWithProfiles();
    const teammate = await addUser(t, admin, 'member', [session.ventureId]);
    const [first] = profileIds;

    // The venture is theirs, so the list answers; the profiles of a session they may not see are left out.
    expect(await listOf(teammate, session.ventureId)).toEqual([]);
    const rename = await t.call('PUT', `/api/icp/profiles/${first}`, {
      token: teammate.token,
      body: { name: 'Renamed by a teammate' },
    });
    expect(rename.status).toBe(404);
    expect(rename.body.error.message).toBe('ICP profile was not found.');
    expect((await t.call('DELETE', `/api/icp/profiles/${first}`, { token: teammate.token })).status).toBe(
      404,
    );
    const content = await t.call('POST', '/api/icp/generate_content', {
      token: teammate.token,
      body: { profile_id: first },
    });
    expect(content.status).toBe(404);
    const kept = await listOf(admin, session.ventureId);
    expect(kept.map((p) => p.id).sort()).toEqual([...profileIds].sort());
    expect(JSON.stringify(kept)).not.toContain('Renamed by a teammate');

    // A view share of the session shows them, examples included, and the venture lets them rename one.
    await t.call('POST', `/api/sessions/${session.sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: teammate.userId, access: 'view' },
    });
    const shared = await listOf(teammate, session.ventureId);
    expect(shared.map((p) => p.id).sort()).toEqual([...profileIds].sort());
    expect(shared[0]?.session_id).toBe(session.sessionId);
    expect(shared[0]?.examples.length).toBeGreaterThan(0);
    const renamed = await t.call('PUT', `/api/icp/profiles/${first}`, {
      token: teammate.token,
      body: { name: 'Renamed by a teammate' },
    });
    expect(renamed.status).toBe(200);

    // Revoked: gone again.
    await t.call('DELETE', `/api/sessions/${session.sessionId}/revoke-access`, {
      token: admin.token,
      query: { user_id: teammate.userId },
    });
    expect(await listOf(teammate, session.ventureId)).toEqual([]);
  });

  it('an edit share of the session creates profiles only with its venture', async () => {
    const { session, profileIds } = await sessionWithProfiles();
    const editor = await addUser(t, admin);
    await t.call('POST', `/api/sessions/${session.sessionId}/grant-access`, {
      token: admin.token,
      body: { user_id: editor.userId, access: 'edit' },
    });

    const refused = await t.call('POST', '/api/icp/create_profiles', {
      token: editor.token,
      body: { session_id: session.sessionId, count: 3 },
    });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toMatchObject({ code: 'not_found', field: 'session_id' });
    expect(refused.body.error.message).toContain("this session's venture");
    expect(refused.body.error.message).toContain('Ask an admin of your account to assign you to it');
    // The venture's profiles are untouched.
    expect((await listOf(admin, session.ventureId)).map((p) => p.id).sort()).toEqual([...profileIds].sort());

    const assigned = await t.call('POST', '/api/admin/users/assign-venture', {
      token: admin.token,
      body: { user_id: editor.userId, venture_id: session.ventureId },
    });
    expect(assigned.status).toBe(200);
    const made = await t.call('POST', '/api/icp/create_profiles', {
      token: editor.token,
      body: { session_id: session.sessionId, count: 3 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toHaveLength(3);
  });

  it("a deleted session's profiles stay on the venture for its members, without the businesses that went with it", async () => {
    const { session, profileIds } = await sessionWithProfiles();
    const teammate = await addUser(t, admin, 'member', [session.ventureId]);
    expect(
      (await t.call('DELETE', `/api/users/sessions/${session.sessionId}`, { token: admin.token })).status,
    ).toBe(204);
    const left = await listOf(teammate, session.ventureId);
    expect(left.map((p) => p.id).sort()).toEqual([...profileIds].sort());
    expect(left.every((p) => p.session_id === null && p.examples.length === 0)).toBe(true);
  });
});
