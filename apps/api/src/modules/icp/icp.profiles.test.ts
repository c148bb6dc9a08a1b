/**
 * The ICP profiles on the seeded session of icp.fixtures.ts (real database, no language model): segments derived
 * deterministically and saved to the venture, replaced on a second run; a profile edited and deleted with the
 * field named on a bad edit; who may list, edit, delete and create them (404 to another account and to a member
 * not on the venture, 403 to a view share); and a session without a venture, too few businesses or a bad count.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { createSession, type TestUser } from '../access/access.fixtures';
import { createIcpApp, type Seeded, seedSession } from './icp.fixtures';

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
      employee_min: 5,
    });
    // Business software only: jQuery, on as many of these sites as WordPress, is infrastructure.
    expect(profiles[0]?.criteria.software_signals).toEqual(['WordPress']);
    expect(profiles[0]?.examples.map((e) => e.name)).toEqual([
      'Alpha Dental',
      'Bright Smiles',
      'Calm Dental',
    ]);
    expect(profiles[0]?.examples[0]?.business_id).toBe(seeded.ids['Alpha Dental']);
    expect(profiles[0]?.why).toContain('4 businesses share this profile');
    expect(profiles[0]?.why).toContain('75% run WordPress');
    expect(JSON.stringify(profiles)).not.toContain('jQuery');
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
