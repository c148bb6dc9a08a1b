import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app';
import { sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import { addMember, LAST_ADMIN } from './users.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the last admin', () => {
  it('cannot be demoted, disabled or deleted', async () => {
    const admin = await t.createAccount(uniqueEmail('only'));
    const member = await addMember(t, admin.token);
    const attempts = [
      t.call('PUT', `/api/users/${admin.userId}`, { token: admin.token, body: { role: 'member' } }),
      t.call('PUT', `/api/users/${admin.userId}`, { token: admin.token, body: { status: 'disabled' } }),
      t.call('DELETE', `/api/users/${admin.userId}`, { token: admin.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'conflict', message: LAST_ADMIN });
    }
    const me = await t.call('GET', '/api/users/me', { token: admin.token });
    expect(me.body).toMatchObject({ role: 'admin', status: 'active' });

    // With a second admin, the first may step down; then the second is the last one.
    await t.call('PUT', `/api/users/${member.userId}`, { token: admin.token, body: { role: 'admin' } });
    const down = await t.call('PUT', `/api/users/${admin.userId}`, {
      token: admin.token,
      body: { role: 'member' },
    });
    expect(down.status).toBe(200);
    const last = await t.call('PUT', `/api/users/${member.userId}`, {
      token: member.token,
      body: { role: 'member' },
    });
    expect(last.status).toBe(409);
  });

  it('survives two admins demoting each other at the same time', async () => {
    const a = await t.createAccount(uniqueEmail('race'));
    const b = await addMember(t, a.token, { role: 'admin' });
    expect((await t.call('GET', '/api/users/me', { token: b.token })).body.role).toBe('admin');

    const results = await Promise.all([
      t.call('PUT', `/api/users/${b.userId}`, { token: a.token, body: { role: 'member' } }),
      t.call('PUT', `/api/users/${a.userId}`, { token: b.token, body: { role: 'member' } }),
    ]);
    // The loser gets 409 from the rule, or 403 when the winner had already committed before its auth check ran.
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await t.database.db.select().from(users).where(eq(users.accountId, a.accountId));
    expect(admins.filter((u) => u.role === 'admin' && u.status === 'active')).toHaveLength(1);
  });
});

describe('deleting users', () => {
  it('hands the deleted user’s sessions to the deleting admin', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const member = await addMember(t, admin.token);
    const [session] = await t.database.db
      .insert(sessions)
      .values({ accountId: admin.accountId, ownerId: member.userId, name: 'Their search', type: 'search' })
      .returning();

    const res = await t.call('DELETE', `/api/users/${member.userId}`, { token: admin.token });
    expect(res.status).toBe(204);
    expect(res.body).toBe('');

    const [moved] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, session?.id ?? ''));
    expect(moved?.ownerId).toBe(admin.userId);
    expect((await t.call('GET', `/api/users/${member.userId}`, { token: admin.token })).status).toBe(404);
    // The deleted person's token no longer opens the account: deleting also ended their sign-in sessions.
    expect((await t.call('GET', '/api/users', { token: member.token })).status).toBe(401);
    expect((await t.call('GET', '/api/users/me', { token: member.token })).status).toBe(401);
  });

  it('lets an admin delete themselves while another admin remains', async () => {
    const first = await t.createAccount(uniqueEmail('first'));
    const second = await addMember(t, first.token, { role: 'admin' });
    await t.call('GET', '/api/users/me', { token: second.token });
    await t.database.db
      .insert(sessions)
      .values({ accountId: first.accountId, ownerId: first.userId, name: 'Mine', type: 'search' });

    const res = await t.call('DELETE', `/api/users/${first.userId}`, { token: first.token });
    expect(res.status).toBe(204);
    const owned = await t.database.db.select().from(sessions).where(eq(sessions.accountId, first.accountId));
    expect(owned.map((s) => s.ownerId)).toEqual([second.userId]);
  });
});
