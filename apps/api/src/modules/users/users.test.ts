import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app';
import { readLatestEmail } from '../../../test/outbox';
import { users } from '../../db/schema/users';
import { addMember, insertVenture } from './users.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('invitations', () => {
  it('links the invited person on their first call: active, same account', async () => {
    const admin = await t.createAccount(uniqueEmail('inviter'));
    const email = uniqueEmail('Invitee');
    const invited = await t.call('POST', '/api/users/invite', {
      token: admin.token,
      body: { email: ` ${email.toUpperCase()} `, name: 'Grace', role: 'member' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      account_id: admin.accountId,
      email: email.toLowerCase(),
      name: 'Grace',
      role: 'member',
      status: 'invited',
      last_seen_at: null,
    });

    const { token } = await t.signUp(email.toLowerCase());
    const me = await t.call('GET', '/api/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: invited.body.id, account_id: admin.accountId, status: 'active' });
    expect(me.body.last_seen_at).not.toBeNull();

    const listed = await t.call('GET', '/api/users', { token: admin.token });
    expect(listed.body.find((u: { id: string }) => u.id === invited.body.id).status).toBe('active');
  });

  it('answers alike whether or not the address is registered in another organisation', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'), 'Bee Labs');
    const registered = await t.signUp(uniqueEmail('registered'));
    const nobody = uniqueEmail('nobody');
    const answers = [];
    for (const email of [b.email, registered.email, nobody]) {
      const res = await t.call('POST', '/api/users/invite', { token: a.token, body: { email, name: 'X' } });
      expect(res.status, email).toBe(201);
      answers.push(res.body);
    }
    // Only the address and the ids differ: nothing says which address was already registered, or where.
    const shape = ({ id: _id, email: _email, created_at: _at, ...rest }: Record<string, unknown>) => rest;
    expect(shape(answers[0])).toEqual(shape(answers[2]));
    expect(shape(answers[1])).toEqual(shape(answers[2]));
    expect(answers[0]).toMatchObject({ account_id: a.accountId, status: 'invited', last_seen_at: null });
    const listed = await t.call('GET', '/api/users', { token: a.token });
    expect(listed.body.filter((u: { status: string }) => u.status === 'invited')).toHaveLength(3);

    // B's admin is told by email instead, and stays B's admin, signing in as before.
    const told = await readLatestEmail(t.database.db, b.email, 'invitation-member-elsewhere');
    expect(told?.subject).toContain('invited you to Acme Ventures');
    expect(told?.text).toMatch(/already belongs to another organisation/);
    expect(told?.text).not.toMatch(/Bee Labs/);
    const bAgain = await t.signIn(b.email, 'correct horse battery');
    expect((await t.call('GET', '/api/users/me', { token: bAgain })).body).toMatchObject({
      account_id: b.accountId,
      role: 'admin',
    });
  });

  it('refuses with 409 only an address that is a user of the own organisation', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const member = await addMember(t, a.token);
    for (const email of [a.email, member.email]) {
      const res = await t.call('POST', '/api/users/invite', { token: a.token, body: { email } });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('This email already belongs to a user of your organisation.');
    }
  });

  it('assigns ventures of the account only', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const own = await insertVenture(t, a.accountId);
    const foreign = await insertVenture(t, b.accountId);

    const ok = await t.call('POST', '/api/users/invite', {
      token: a.token,
      body: { email: uniqueEmail('v'), venture_ids: [own, own] },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.venture_ids).toEqual([own]);

    const refused = await t.call('POST', '/api/users/invite', {
      token: a.token,
      body: { email: uniqueEmail('v'), venture_ids: [own, foreign] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('venture_ids');
    expect(refused.body.error.message).toContain(foreign);
    expect(refused.body.error.message).not.toContain(own);
  });

  it('validates the body, naming the field', async () => {
    const admin = await t.createAccount(uniqueEmail('v'));
    const email = await t.call('POST', '/api/users/invite', { token: admin.token, body: { email: 'nope' } });
    expect(email.status).toBe(400);
    expect(email.body.error).toMatchObject({
      field: 'email',
      message: 'email: must be a valid email address',
    });

    const role = await t.call('POST', '/api/users/invite', {
      token: admin.token,
      body: { email: uniqueEmail(), role: 'owner' },
    });
    expect(role.status).toBe(400);
    expect(role.body.error).toMatchObject({ field: 'role', message: "role: must be 'admin' or 'member'" });

    const ids = await t.call('POST', '/api/users/invite', {
      token: admin.token,
      body: { email: uniqueEmail(), venture_ids: ['x'] },
    });
    expect(ids.status).toBe(400);
    expect(ids.body.error).toMatchObject({
      field: 'venture_ids.0',
      message: 'venture_ids.0: must be a UUID',
    });
  });
});

describe('members', () => {
  it('see their colleagues and may change only their own name', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const member = await addMember(t, admin.token);

    const list = await t.call('GET', '/api/users', { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.map((u: { id: string }) => u.id).sort()).toEqual([admin.userId, member.userId].sort());

    const one = await t.call('GET', `/api/users/${admin.userId}`, { token: member.token });
    expect(one.status).toBe(200);
    expect(one.body.role).toBe('admin');

    const renamed = await t.call('PUT', '/api/users/me', { token: member.token, body: { name: ' Linus ' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: member.userId, name: 'Linus', role: 'member' });

    const blank = await t.call('PUT', '/api/users/me', { token: member.token, body: { name: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject({ field: 'name', message: 'name: must not be empty' });

    // The job title that signs their outreach: kept when left out, cleared by null or blank, limited in length.
    const titled = await t.call('PUT', '/api/users/me', {
      token: member.token,
      body: { name: 'Linus', title: ' Head of Sales ' },
    });
    expect(titled.body).toMatchObject({ name: 'Linus', title: 'Head of Sales' });
    const kept = await t.call('PUT', '/api/users/me', { token: member.token, body: { name: 'Linus T' } });
    expect(kept.body).toMatchObject({ name: 'Linus T', title: 'Head of Sales' });
    expect((await t.call('GET', '/api/users/me', { token: member.token })).body.title).toBe('Head of Sales');
    const cleared = await t.call('PUT', '/api/users/me', {
      token: member.token,
      body: { name: 'Linus T', title: '' },
    });
    expect(cleared.body.title).toBeNull();
    const long = await t.call('PUT', '/api/users/me', {
      token: member.token,
      body: { name: 'Linus T', title: 'x'.repeat(201) },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.field).toBe('title');

    for (const [method, path, body] of [
      ['PUT', `/api/users/${member.userId}`, { role: 'admin' }],
      ['PUT', `/api/users/${admin.userId}`, { status: 'disabled' }],
      ['POST', '/api/users/invite', { email: uniqueEmail() }],
      ['DELETE', `/api/users/${admin.userId}`, undefined],
    ] as const) {
      const res = await t.call(method, path, { token: member.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.message).toBe('Only an admin of your account can do this.');
    }
    expect((await t.call('GET', '/api/users/me', { token: member.token })).body.role).toBe('member');
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const admin = await t.createAccount(uniqueEmail('ids'));
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await t.call(method, '/api/users/123', {
        token: admin.token,
        body: method === 'PUT' ? {} : undefined,
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'validation_failed',
        field: 'id',
        message: 'id: must be a UUID',
      });
    }
  });
});

describe('admins changing users', () => {
  it('change name, role, status and ventures', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const member = await addMember(t, admin.token);
    const venture = await insertVenture(t, admin.accountId);

    const res = await t.call('PUT', `/api/users/${member.userId}`, {
      token: admin.token,
      body: { name: 'Mia', role: 'admin', venture_ids: [venture] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Mia', role: 'admin', status: 'active', venture_ids: [venture] });

    const cleared = await t.call('PUT', `/api/users/${member.userId}`, {
      token: admin.token,
      body: { name: null, venture_ids: [] },
    });
    expect(cleared.body).toMatchObject({ name: null, venture_ids: [] });

    const badStatus = await t.call('PUT', `/api/users/${member.userId}`, {
      token: admin.token,
      body: { status: 'invited' },
    });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.error).toMatchObject({
      field: 'status',
      message: "status: must be 'active' or 'disabled'",
    });
  });

  it('refuse ventures of another account with 400 naming venture_ids', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const foreign = await insertVenture(t, b.accountId);
    const res = await t.call('PUT', `/api/users/${a.userId}`, {
      token: a.token,
      body: { venture_ids: [foreign] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('venture_ids');
    expect(res.body.error.message).toMatch(/^venture_ids: your account has no venture with the id/);
  });

  it('disable a user, whose next call is refused at once, and enable them again', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const member = await addMember(t, admin.token);
    expect((await t.call('GET', '/api/users', { token: member.token })).status).toBe(200);

    const off = await t.call('PUT', `/api/users/${member.userId}`, {
      token: admin.token,
      body: { status: 'disabled' },
    });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('disabled');

    for (const path of ['/api/users', '/api/users/me', '/api/accounts/me']) {
      const res = await t.call('GET', path, { token: member.token });
      expect(res.status, path).toBe(403);
      expect(res.body.error.message).toMatch(/disabled/);
    }

    const on = await t.call('PUT', `/api/users/${member.userId}`, {
      token: admin.token,
      body: { status: 'active' },
    });
    expect(on.body.status).toBe('active');
    // Disabling also ended their sign-in sessions: the old token stays refused, a new sign-in works.
    expect((await t.call('GET', '/api/users', { token: member.token })).status).toBe(401);
    const again = await t.signIn(member.email, 'correct horse battery');
    expect((await t.call('GET', '/api/users', { token: again })).status).toBe(200);
  });

  it('keep a user who never signed in invited when set active', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const invited = await t.call('POST', '/api/users/invite', {
      token: admin.token,
      body: { email: uniqueEmail() },
    });
    const res = await t.call('PUT', `/api/users/${invited.body.id}`, {
      token: admin.token,
      body: { status: 'active' },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('invited');
  });
});

describe('last_seen_at', () => {
  it('is bumped by a call at most once a minute', async () => {
    const admin = await t.createAccount(uniqueEmail('seen'));
    const setLastSeen = (at: Date) =>
      t.database.db.update(users).set({ lastSeenAt: at }).where(eq(users.id, admin.userId));
    const lastSeen = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, admin.userId)))[0]?.lastSeenAt?.getTime();

    const recent = new Date(Date.now() - 10_000);
    await setLastSeen(recent);
    await t.call('GET', '/api/users', { token: admin.token });
    expect(await lastSeen()).toBe(recent.getTime());

    const old = new Date(Date.now() - 120_000);
    await setLastSeen(old);
    await t.call('GET', '/api/users', { token: admin.token });
    expect(await lastSeen()).toBeGreaterThan(Date.now() - 10_000);
  });
});

describe('account isolation', () => {
  it('never shows or changes a user of another account', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const bMember = await addMember(t, b.token);

    const list = await t.call('GET', '/api/users', { token: a.token });
    expect(list.body.map((u: { id: string }) => u.id)).toEqual([a.userId]);

    for (const id of [b.userId, bMember.userId]) {
      const calls = [
        t.call('GET', `/api/users/${id}`, { token: a.token }),
        t.call('PUT', `/api/users/${id}`, { token: a.token, body: { name: 'Hijacked' } }),
        t.call('PUT', `/api/users/${id}`, { token: a.token, body: { role: 'member' } }),
        t.call('DELETE', `/api/users/${id}`, { token: a.token }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.error.message).toBe('User was not found.');
      }
    }
    const bList = await t.call('GET', '/api/users', { token: b.token });
    expect(bList.body).toHaveLength(2);
    expect(bList.body.every((u: { name: string | null }) => u.name !== 'Hijacked')).toBe(true);
  });
});
