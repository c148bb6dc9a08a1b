/**
 * The admin namespace's users: every admin call is refused to a member (403), and the Cognito sync is refused
 * while Argo uses its built-in sign-in; GET /admin/users pages, searches (literally, within the account) and
 * filters the account's users; an admin assigns roles and ventures within the account, never demoting or
 * deleting the last admin; DELETE /admin/users/:id removes a member and hands their sessions to the admin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, uniqueEmail } from '../../../test/app';
import {
  addMember,
  insertSession,
  insertVenture,
  invite,
  LAST_ADMIN,
  t,
  useAdminApp,
} from './admin.fixtures';

useAdminApp();

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
