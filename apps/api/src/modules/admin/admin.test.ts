import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app';
import { sessions } from '../../db/schema/sessions';
import { userVentures } from '../../db/schema/users';
import { people, ventures } from '../../db/schema/ventures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LAST_ADMIN = 'An account needs at least one admin: make another user an admin first.';

async function invite(adminToken: string, body: Record<string, unknown>) {
  const res = await t.call('POST', '/api/users/invite', { token: adminToken, body });
  if (res.status !== 201) throw new Error(`invite failed: ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** An invited member who has signed up and made their first call (so they are linked and active). */
async function addMember(adminToken: string, role: 'admin' | 'member' = 'member') {
  const email = uniqueEmail('member');
  const userId = await invite(adminToken, { email, role });
  const { token } = await t.signUp(email);
  await t.call('GET', '/api/users/me', { token });
  return { token, userId, email };
}

async function insertVenture(accountId: string, name: string) {
  const [row] = await t.database.db.insert(ventures).values({ accountId, name }).returning();
  if (!row) throw new Error('no venture');
  return row.id;
}

async function insertSession(
  accountId: string,
  ownerId: string,
  name: string,
  extra: Partial<typeof sessions.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(sessions)
    .values({ accountId, ownerId, name, type: 'search', ...extra })
    .returning();
  if (!row) throw new Error('no session');
  return row.id;
}

describe('admin access', () => {
  it('refuses every admin call to a member with 403', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const member = await addMember(admin.token);
    const body = { user_id: member.userId, role: 'admin', venture_id: crypto.randomUUID() };
    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['POST', '/api/admin/users/assign-role'],
      ['POST', '/api/admin/users/assign-venture'],
      ['POST', '/api/admin/users/remove-venture'],
      ['DELETE', `/api/admin/users/${admin.userId}`],
      ['GET', '/api/admin/sessions'],
      ['GET', '/api/admin/ventures'],
    ] as const) {
      const res = await t.call(method, path, {
        token: member.token,
        body: method === 'POST' ? body : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    expect((await t.call('GET', '/api/users/me', { token: member.token })).body.role).toBe('member');
  });

  it('answers sync-cognito-users with 409 when Argo uses its built-in sign-in', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const res = await t.call('POST', '/api/admin/sync-cognito-users', { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Argo uses its built-in sign-in; there is no Cognito pool to sync.');
  });
});

describe('GET /admin/users', () => {
  let admin: Awaited<ReturnType<TestApp['createAccount']>>;
  const tag = `pg${Date.now().toString(36)}`;

  beforeAll(async () => {
    admin = await t.createAccount(`${tag}.admin@example.test`);
    await invite(admin.token, { email: `${tag}.alice@example.test`, name: 'Alice Zephyr' });
    await invite(admin.token, { email: `${tag}.bob@example.test`, name: 'Bob' });
    await invite(admin.token, { email: `${tag}.carol@example.test`, name: 'Carol', role: 'admin' });
    await invite(admin.token, { email: `${tag}.dan_x@example.test`, name: '100% Dan' });
    // Another account whose users match the same search: they must never appear.
    const other = await t.createAccount(`${tag}.other@example.test`);
    await invite(other.token, { email: `${tag}.zephyr@example.test`, name: 'Zephyr' });
  });

  it('pages through the account’s users with the total', async () => {
    const first = await t.call('GET', '/api/admin/users', {
      token: admin.token,
      query: { page: 0, page_size: 2 },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, page: 0, page_size: 2 });
    expect(first.body.items.map((u: { email: string }) => u.email)).toEqual([
      `${tag}.admin@example.test`,
      `${tag}.alice@example.test`,
    ]);
    const last = await t.call('GET', '/api/admin/users', {
      token: admin.token,
      query: { page: 2, page_size: 2 },
    });
    expect(last.body.items.map((u: { email: string }) => u.email)).toEqual([`${tag}.dan_x@example.test`]);
    const beyond = await t.call('GET', '/api/admin/users', {
      token: admin.token,
      query: { page: 9, page_size: 2 },
    });
    expect(beyond.body).toMatchObject({ items: [], total: 5, page: 9 });

    const defaults = await t.call('GET', '/api/admin/users', { token: admin.token });
    expect(defaults.body).toMatchObject({ total: 5, page: 0, page_size: 50 });
    expect(defaults.body.items.every((u: { account_id: string }) => u.account_id === admin.accountId)).toBe(
      true,
    );
  });

  it('searches email and name, case-insensitively, within the account only', async () => {
    const byName = await t.call('GET', '/api/admin/users', {
      token: admin.token,
      query: { search: 'zEPHYR' },
    });
    expect(byName.body.total).toBe(1);
    expect(byName.body.items[0].name).toBe('Alice Zephyr');

    const byEmail = await t.call('GET', '/api/admin/users', {
      token: admin.token,
      query: { search: `${tag}.b` },
    });
    expect(byEmail.body.items.map((u: { name: string }) => u.name)).toEqual(['Bob']);

    // % and _ are matched literally, not as wildcards.
    const percent = await t.call('GET', '/api/admin/users', {
      token: admin.token,
      query: { search: '100%' },
    });
    expect(percent.body.items.map((u: { name: string }) => u.name)).toEqual(['100% Dan']);
    const underscore = await t.call('GET', '/api/admin/users', {
      token: admin.token,
      query: { search: '_' },
    });
    expect(underscore.body.total).toBe(1);
    const wildcardOnly = await t.call('GET', '/api/admin/users', {
      token: admin.token,
      query: { search: '%' },
    });
    expect(wildcardOnly.body.total).toBe(1);

    const blank = await t.call('GET', '/api/admin/users', { token: admin.token, query: { search: '  ' } });
    expect(blank.body.total).toBe(5);
  });

  it('filters by role', async () => {
    const admins = await t.call('GET', '/api/admin/users', { token: admin.token, query: { role: 'admin' } });
    expect(admins.body.total).toBe(2);
    expect(admins.body.items.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    const members = await t.call('GET', '/api/admin/users', {
      token: admin.token,
      query: { role: 'member', search: 'example.test', page_size: 1 },
    });
    expect(members.body).toMatchObject({ total: 3, page_size: 1 });
    expect(members.body.items).toHaveLength(1);
  });

  it('answers 400 naming the bad query parameter', async () => {
    const cases = [
      [{ page_size: 0 }, 'page_size', 'page_size: must be at least 1'],
      [{ page_size: 201 }, 'page_size', 'page_size: must be at most 200'],
      [{ page: -1 }, 'page', 'page: must be at least 0'],
      [{ page: 'two' }, 'page', 'page: must be a whole number'],
      [{ role: 'owner' }, 'role', "role: must be 'admin' or 'member'"],
    ] as const;
    for (const [query, field, message] of cases) {
      const res = await t.call('GET', '/api/admin/users', { token: admin.token, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_failed', field, message });
    }
  });
});

describe('role and venture assignment', () => {
  it('assigns a role, and refuses to demote the last admin', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const member = await addMember(admin.token);

    const lastAdmin = await t.call('POST', '/api/admin/users/assign-role', {
      token: admin.token,
      body: { user_id: admin.userId, role: 'member' },
    });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body.error.message).toBe(LAST_ADMIN);

    const promoted = await t.call('POST', '/api/admin/users/assign-role', {
      token: admin.token,
      body: { user_id: member.userId, role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: member.userId, role: 'admin' });
    // The promotion counts at once: the new admin can use the admin namespace.
    expect((await t.call('GET', '/api/admin/users', { token: member.token })).status).toBe(200);

    const missingRole = await t.call('POST', '/api/admin/users/assign-role', {
      token: admin.token,
      body: { user_id: member.userId },
    });
    expect(missingRole.status).toBe(400);
    expect(missingRole.body.error).toMatchObject({ field: 'role', message: 'role: is required' });
  });

  it('assigns and removes ventures idempotently, within the account', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const member = await addMember(a.token);
    const venture = await insertVenture(a.accountId, 'Alpha');
    const foreignVenture = await insertVenture(b.accountId, 'Beta');
    const body = { user_id: member.userId, venture_id: venture };

    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', '/api/admin/users/assign-venture', { token: a.token, body });
      expect(res.status).toBe(200);
      expect(res.body.venture_ids).toEqual([venture]);
    }
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', '/api/admin/users/remove-venture', { token: a.token, body });
      expect(res.status).toBe(200);
      expect(res.body.venture_ids).toEqual([]);
    }

    const foreign = await t.call('POST', '/api/admin/users/assign-venture', {
      token: a.token,
      body: { user_id: member.userId, venture_id: foreignVenture },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.field).toBe('venture_id');

    for (const path of [
      '/api/admin/users/assign-venture',
      '/api/admin/users/remove-venture',
      '/api/admin/users/assign-role',
    ]) {
      const res = await t.call('POST', path, {
        token: a.token,
        body: { user_id: b.userId, venture_id: venture, role: 'member' },
      });
      expect(res.status, path).toBe(404);
    }
    const stillAdmin = await t.call('GET', '/api/users/me', { token: b.token });
    expect(stillAdmin.body).toMatchObject({ role: 'admin', venture_ids: [] });

    const badId = await t.call('POST', '/api/admin/users/assign-venture', {
      token: a.token,
      body: { user_id: 'abc', venture_id: venture },
    });
    expect(badId.status).toBe(400);
    expect(badId.body.error).toMatchObject({ field: 'user_id', message: 'user_id: must be a UUID' });
  });
});

describe('DELETE /admin/users/:id', () => {
  it('deletes a member, refuses the last admin and users of other accounts', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const member = await addMember(a.token);
    const sessionId = await insertSession(a.accountId, member.userId, 'Handed over');

    expect(
      (await t.call('DELETE', `/api/admin/users/${a.userId}`, { token: a.token })).body.error.message,
    ).toBe(LAST_ADMIN);
    expect((await t.call('DELETE', `/api/admin/users/${b.userId}`, { token: a.token })).status).toBe(404);
    expect((await t.call('DELETE', '/api/admin/users/not-a-uuid', { token: a.token })).status).toBe(400);

    expect((await t.call('DELETE', `/api/admin/users/${member.userId}`, { token: a.token })).status).toBe(
      204,
    );
    expect((await t.call('DELETE', `/api/admin/users/${member.userId}`, { token: a.token })).status).toBe(
      404,
    );

    const listed = await t.call('GET', '/api/admin/sessions', { token: a.token });
    expect(listed.body.items).toMatchObject([{ id: sessionId, owner_id: a.userId, access: 'owner' }]);
    expect((await t.call('GET', '/api/users/me', { token: b.token })).status).toBe(200);
  });
});

describe('GET /admin/sessions', () => {
  it('pages through every session of the account with search, status and owner filters', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const member = await addMember(a.token);
    const venture = await insertVenture(a.accountId, 'Alpha');
    const base = Date.now() - 60_000;
    const at = (i: number) => ({
      createdAt: new Date(base + i * 1000),
      updatedAt: new Date(base + i * 1000),
    });
    const mine = await insertSession(a.accountId, a.userId, 'Plumbers in Leeds', {
      ...at(1),
      ventureId: venture,
    });
    const theirs = await insertSession(a.accountId, member.userId, 'Bakeries 50%', {
      ...at(2),
      status: 'completed',
      finishedAt: new Date(base + 5000),
    });
    const third = await insertSession(a.accountId, member.userId, 'Plumbers in York', {
      ...at(3),
      status: 'failed',
      error: 'boom',
    });
    await insertSession(b.accountId, b.userId, 'Plumbers elsewhere', at(4));

    const all = await t.call('GET', '/api/admin/sessions', { token: a.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 0, page_size: 50 });
    expect(all.body.items.map((s: { id: string }) => s.id)).toEqual([third, theirs, mine]);
    expect(all.body.items[2]).toMatchObject({
      id: mine,
      account_id: a.accountId,
      owner_id: a.userId,
      owner: { id: a.userId, email: a.email },
      venture_id: venture,
      name: 'Plumbers in Leeds',
      type: 'search',
      status: 'draft',
      progress: { total: 0, done: 0, failed: 0 },
      access: 'owner',
      finished_at: null,
    });
    expect(all.body.items[1]).toMatchObject({
      access: 'admin',
      status: 'completed',
      finished_at: new Date(base + 5000).toISOString(),
    });

    const paged = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { page: 1, page_size: 2 },
    });
    expect(paged.body).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(paged.body.items.map((s: { id: string }) => s.id)).toEqual([mine]);

    const search = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { search: 'plumbers' },
    });
    expect(search.body.items.map((s: { id: string }) => s.id)).toEqual([third, mine]);
    const literal = await t.call('GET', '/api/admin/sessions', { token: a.token, query: { search: '50%' } });
    expect(literal.body.total).toBe(1);

    const failed = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { status: 'failed' },
    });
    expect(failed.body.items).toMatchObject([{ id: third, error: 'boom' }]);

    const byOwner = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { owner_id: member.userId },
    });
    expect(byOwner.body.total).toBe(2);
    const foreignOwner = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { owner_id: b.userId },
    });
    expect(foreignOwner.body).toMatchObject({ items: [], total: 0 });

    const badStatus = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { status: 'done' },
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error.field).toBe('status');
    const badOwner = await t.call('GET', '/api/admin/sessions', {
      token: a.token,
      query: { owner_id: 'me' },
    });
    expect(badOwner.body.error).toMatchObject({ field: 'owner_id', message: 'owner_id: must be a UUID' });
  });
});

describe('GET /admin/ventures', () => {
  it('lists the account’s ventures with people, member and session counts', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const m1 = await addMember(a.token);
    const m2 = await addMember(a.token);
    const alpha = await insertVenture(a.accountId, 'Alpha');
    const beta = await insertVenture(a.accountId, 'Beta');
    await insertVenture(b.accountId, 'Gamma');
    const db = t.database.db;
    await db.insert(userVentures).values([
      { userId: m1.userId, ventureId: alpha },
      { userId: m2.userId, ventureId: alpha },
    ]);
    await db.insert(people).values([
      { ventureId: alpha, accountId: a.accountId, name: 'Second', position: 1 },
      {
        ventureId: alpha,
        accountId: a.accountId,
        name: 'First',
        position: 0,
        userId: m1.userId,
        email: m1.email,
      },
    ]);
    await insertSession(a.accountId, a.userId, 's1', { ventureId: alpha });
    await insertSession(a.accountId, m1.userId, 's2', { ventureId: beta });
    await insertSession(a.accountId, m1.userId, 's3', { ventureId: beta });

    const res = await t.call('GET', '/api/admin/ventures', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({
      venture_id: alpha,
      account_id: a.accountId,
      name: 'Alpha',
      member_count: 2,
      session_count: 1,
      icp: { industries: [], employee_min: null, hiring_signal: null },
    });
    expect(
      res.body[0].people.map((p: { name: string; user_id: string | null }) => [p.name, p.user_id]),
    ).toEqual([
      ['First', m1.userId],
      ['Second', null],
    ]);
    expect(res.body[1]).toMatchObject({ venture_id: beta, member_count: 0, session_count: 2, people: [] });
  });
});
