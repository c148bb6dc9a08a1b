import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { businesses } from '../../db/schema';
import {
  addUser,
  createAdmin,
  createSession,
  createTeam,
  setSessionStatus,
  type TestUser,
} from '../access/access.fixtures';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let colleague: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, member, colleague, other } = await createTeam(t));
});
afterAll(() => t?.close());

async function createVenture(user: TestUser, name = 'Ledgerly') {
  const res = await t.call('POST', '/api/ventures/create', { token: user.token, body: { name } });
  expect(res.status).toBe(201);
  return res.body.venture_id as string;
}

const ids = (body: { items: { id: string }[] }) => body.items.map((s) => s.id);

describe('POST /users/create_session', () => {
  it('creates a draft session owned by the caller', async () => {
    const ventureId = await createVenture(member);
    const res = await t.call('POST', '/api/users/create_session', {
      token: member.token,
      body: {
        name: ' Dentists in Leeds ',
        venture_id: ventureId,
        input: { query: 'dentist', location: 'Leeds' },
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      account_id: admin.accountId,
      owner_id: member.userId,
      owner: { id: member.userId, email: member.email },
      venture_id: ventureId,
      name: 'Dentists in Leeds',
      type: 'search',
      input: { query: 'dentist', location: 'Leeds' },
      status: 'draft',
      stage: null,
      progress: { total: 0, done: 0, failed: 0 },
      error: null,
      finished_at: null,
      access: 'owner',
    });
  });

  it('answers 400 naming the field for an invalid body', async () => {
    const noName = await t.call('POST', '/api/users/create_session', { token: member.token, body: {} });
    expect(noName.status).toBe(400);
    expect(noName.body.error.field).toBe('name');
    const badType = await t.call('POST', '/api/users/create_session', {
      token: member.token,
      body: { name: 'x', type: 'magic' },
    });
    expect(badType.status).toBe(400);
    expect(badType.body.error.field).toBe('type');
  });

  it("refuses a venture the caller cannot see (another account's, or not assigned), naming venture_id", async () => {
    const theirs = await createVenture(other);
    const unassigned = await createVenture(admin, 'Admin only');
    for (const ventureId of [theirs, unassigned, randomUUID()]) {
      const res = await t.call('POST', '/api/users/create_session', {
        token: member.token,
        body: { name: 'x', venture_id: ventureId },
      });
      expect(res.status).toBe(404);
      expect(res.body.error.field).toBe('venture_id');
    }
  });
});

describe('GET /users/sessions', () => {
  // An account of its own, so the counts are exact.
  let admin: TestUser;
  let member: TestUser;
  let colleague: TestUser;
  let own: string[];
  let sharedWithMember: string;
  let colleagueOnly: string;

  beforeAll(async () => {
    admin = await createAdmin(t, 'List Org');
    member = await addUser(t, admin);
    colleague = await addUser(t, admin);
    own = [];
    for (const name of ['Alpha dentists', 'Beta bakers', 'Gamma 100%_dentists'])
      own.push(await createSession(t, member, { name }));
    sharedWithMember = await createSession(t, colleague, { name: 'Shared plumbers' });
    colleagueOnly = await createSession(t, colleague, { name: 'Private roofers' });
    await createSession(t, admin, { name: 'Admin own' });
    const grant = await t.call('POST', `/api/sessions/${sharedWithMember}/grant-access`, {
      token: colleague.token,
      body: { user_id: member.userId, access: 'edit' },
    });
    expect(grant.status).toBe(200);
  });

  it('shows a member their own and shared sessions, newest first, each with their access', async () => {
    const res = await t.call('GET', '/api/users/sessions', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, page: 0, page_size: 50 });
    expect(ids(res.body)).toEqual([sharedWithMember, ...[...own].reverse()]);
    expect(res.body.items.map((s: { access: string }) => s.access)).toEqual([
      'edit',
      'owner',
      'owner',
      'owner',
    ]);
    expect(ids(res.body)).not.toContain(colleagueOnly);
  });

  it('shows an admin every session of the account', async () => {
    const res = await t.call('GET', '/api/users/sessions', { token: admin.token });
    expect(res.body.total).toBe(6);
    const access = Object.fromEntries(
      res.body.items.map((s: { name: string; access: string }) => [s.name, s.access]),
    );
    expect(access).toMatchObject({
      'Admin own': 'owner',
      'Private roofers': 'admin',
      'Alpha dentists': 'admin',
    });
  });

  it('filters by scope, status and search (a literal, case-insensitive substring)', async () => {
    const ownOnly = await t.call('GET', '/api/users/sessions', {
      token: member.token,
      query: { scope: 'own' },
    });
    expect(ownOnly.body.total).toBe(3);
    const sharedOnly = await t.call('GET', '/api/users/sessions', {
      token: member.token,
      query: { scope: 'shared' },
    });
    expect(ids(sharedOnly.body)).toEqual([sharedWithMember]);

    await setSessionStatus(t, own[1] as string, 'completed');
    const completed = await t.call('GET', '/api/users/sessions', {
      token: member.token,
      query: { status: 'completed' },
    });
    expect(ids(completed.body)).toEqual([own[1]]);

    const search = await t.call('GET', '/api/users/sessions', {
      token: member.token,
      query: { search: 'DENTISTS' },
    });
    expect(search.body.total).toBe(2);
    const literal = await t.call('GET', '/api/users/sessions', {
      token: member.token,
      query: { search: '0%_d' },
    });
    expect(ids(literal.body)).toEqual([own[2]]);
    const wildcard = await t.call('GET', '/api/users/sessions', {
      token: member.token,
      query: { search: '%' },
    });
    expect(wildcard.body.total).toBe(1);
  });

  it('pages: page_size, a page beyond the end is empty with the right total', async () => {
    const first = await t.call('GET', '/api/users/sessions', {
      token: admin.token,
      query: { page: 0, page_size: 4 },
    });
    const second = await t.call('GET', '/api/users/sessions', {
      token: admin.token,
      query: { page: 1, page_size: 4 },
    });
    expect(first.body.items).toHaveLength(4);
    expect(second.body.items).toHaveLength(2);
    expect(new Set([...ids(first.body), ...ids(second.body)]).size).toBe(6);
    const beyond = await t.call('GET', '/api/users/sessions', {
      token: admin.token,
      query: { page: 9, page_size: 4 },
    });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toEqual({ items: [], total: 6, page: 9, page_size: 4 });
  });

  it('answers 400 naming the parameter for invalid paging or filters', async () => {
    for (const [query, field] of [
      [{ page_size: 0 }, 'page_size'],
      [{ page_size: 201 }, 'page_size'],
      [{ page: -1 }, 'page'],
      [{ status: 'sleeping' }, 'status'],
      [{ scope: 'everyone' }, 'scope'],
    ] as const) {
      const res = await t.call('GET', '/api/users/sessions', { token: member.token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error.field).toBe(field);
    }
  });
});

describe('PUT /users/sessions/:id', () => {
  it('lets the owner rename and change or detach the venture, in any status', async () => {
    const ventureId = await createVenture(member);
    const id = await createSession(t, member);
    await setSessionStatus(t, id, 'running');
    const res = await t.call('PUT', `/api/users/sessions/${id}`, {
      token: member.token,
      body: { name: 'Renamed', venture_id: ventureId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      venture_id: ventureId,
      status: 'running',
      access: 'owner',
    });
    const detached = await t.call('PUT', `/api/users/sessions/${id}`, {
      token: member.token,
      body: { venture_id: null },
    });
    expect(detached.body).toMatchObject({ name: 'Renamed', venture_id: null });
    const blank = await t.call('PUT', `/api/users/sessions/${id}`, {
      token: member.token,
      body: { name: '  ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error.field).toBe('name');
  });

  it('refuses a venture the caller cannot see', async () => {
    const id = await createSession(t, member);
    const unassigned = await createVenture(admin, 'Admin only');
    const res = await t.call('PUT', `/api/users/sessions/${id}`, {
      token: member.token,
      body: { venture_id: unassigned },
    });
    expect(res.status).toBe(404);
    expect(res.body.error.field).toBe('venture_id');
  });
});

describe('DELETE /users/sessions/:id', () => {
  it('deletes a draft, completed, failed or cancelled session with its results (204)', async () => {
    for (const status of ['draft', 'completed', 'failed', 'cancelled'] as const) {
      const id = await createSession(t, member);
      await setSessionStatus(t, id, status);
      await t.database.db.insert(businesses).values({
        accountId: admin.accountId,
        sessionId: id,
        runId: randomUUID(),
        dedupeKey: 'k',
        name: 'B',
        source: 'osm',
      });
      const res = await t.call('DELETE', `/api/users/sessions/${id}`, { token: member.token });
      expect(res.status, status).toBe(204);
      expect((await t.call('GET', `/api/user/session/${id}/info`, { token: member.token })).status).toBe(404);
      const left = await t.database.db.select().from(businesses).where(eq(businesses.sessionId, id));
      expect(left).toEqual([]);
    }
  });

  it('refuses (409) while the session is queued or running', async () => {
    const id = await createSession(t, member);
    await setSessionStatus(t, id, 'running');
    const res = await t.call('DELETE', `/api/users/sessions/${id}`, { token: member.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 'conflict',
      message: 'The session is running; cancel it before deleting it.',
    });
    await setSessionStatus(t, id, 'queued');
    const queued = await t.call('DELETE', `/api/users/sessions/${id}`, { token: member.token });
    expect(queued.status).toBe(409);
    expect(queued.body.error.message).toContain('queued');
    expect((await t.call('GET', `/api/user/session/${id}/info`, { token: member.token })).status).toBe(200);
  });

  it("lets an admin delete a member's session; a colleague without access gets 404", async () => {
    const id = await createSession(t, member);
    expect((await t.call('DELETE', `/api/users/sessions/${id}`, { token: colleague.token })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/users/sessions/${id}`, { token: admin.token })).status).toBe(204);
  });
});

describe('tenancy', () => {
  it("a user of account A reads and changes nothing of account B's sessions", async () => {
    const theirs = await createSession(t, other, { name: 'Secret session' });
    for (const user of [admin, member]) {
      const list = await t.call('GET', '/api/users/sessions', {
        token: user.token,
        query: { search: 'Secret' },
      });
      expect(list.body).toMatchObject({ items: [], total: 0 });
      const all = await t.call('GET', '/api/users/sessions', {
        token: user.token,
        query: { page_size: 200 },
      });
      expect(ids(all.body)).not.toContain(theirs);
      expect((await t.call('GET', `/api/user/session/${theirs}/info`, { token: user.token })).status).toBe(
        404,
      );
      const put = await t.call('PUT', `/api/users/sessions/${theirs}`, {
        token: user.token,
        body: { name: 'Mine' },
      });
      expect(put.status).toBe(404);
      expect((await t.call('DELETE', `/api/users/sessions/${theirs}`, { token: user.token })).status).toBe(
        404,
      );
    }
    const still = await t.call('GET', `/api/user/session/${theirs}/info`, { token: other.token });
    expect(still.body).toMatchObject({ name: 'Secret session', access: 'owner' });
  });
});
