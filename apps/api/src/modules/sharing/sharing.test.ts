import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  addUser,
  createAdmin,
  createSession,
  setSessionStatus,
  type TestUser,
} from '../access/access.fixtures';

let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let viewer: TestUser;
let editor: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t);
  owner = await addUser(t, admin);
  viewer = await addUser(t, admin);
  editor = await addUser(t, admin);
  other = await createAdmin(t, 'Other Org');
});
afterAll(() => t?.close());

const grant = (by: TestUser, sessionId: string, body: Record<string, unknown>) =>
  t.call('POST', `/api/sessions/${sessionId}/grant-access`, { token: by.token, body });
const revoke = (by: TestUser, sessionId: string, userId: string) =>
  t.call('DELETE', `/api/sessions/${sessionId}/revoke-access`, {
    token: by.token,
    query: { user_id: userId },
  });
const info = (by: TestUser, sessionId: string) =>
  t.call('GET', `/api/user/session/${sessionId}/info`, { token: by.token });

/** A session of `owner` shared with `viewer` (view) and `editor` (edit). */
async function sharedSession(): Promise<string> {
  const id = await createSession(t, owner);
  expect((await grant(owner, id, { user_id: viewer.userId, access: 'view' })).status).toBe(200);
  expect((await grant(owner, id, { email: editor.email, access: 'edit' })).status).toBe(200);
  return id;
}

describe('POST /sessions/:id/grant-access', () => {
  it('shares by user id or by email (view by default) and returns the shared user', async () => {
    const id = await createSession(t, owner);
    const res = await grant(owner, id, { email: ` ${viewer.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: viewer.userId,
      email: viewer.email,
      access: 'view',
      granted_by: owner.userId,
    });
    expect(Number.isNaN(Date.parse(res.body.granted_at))).toBe(false);

    const list = await t.call('GET', `/api/sessions/${id}/shared-users`, { token: owner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([res.body]);
  });

  it('changes the level when granted again', async () => {
    const id = await createSession(t, owner);
    await grant(owner, id, { user_id: viewer.userId, access: 'view' });
    const again = await grant(owner, id, { user_id: viewer.userId, access: 'edit' });
    expect(again.body.access).toBe('edit');
    const list = await t.call('GET', `/api/sessions/${id}/shared-users`, { token: owner.token });
    expect(list.body).toHaveLength(1);
    expect(list.body[0].access).toBe('edit');
  });

  it("lets an admin share a member's session", async () => {
    const id = await createSession(t, owner);
    const res = await grant(admin, id, { user_id: viewer.userId, access: 'view' });
    expect(res.status).toBe(200);
    expect(res.body.granted_by).toBe(admin.userId);
  });

  it('refuses granting to the owner (400), to users of another account (404) and invalid bodies (400)', async () => {
    const id = await createSession(t, owner);
    const toOwner = await grant(owner, id, { user_id: owner.userId });
    expect(toOwner.status).toBe(400);
    expect(toOwner.body.error.field).toBe('user_id');

    const foreignEmail = await grant(owner, id, { email: other.email });
    expect(foreignEmail.status).toBe(404);
    expect(foreignEmail.body.error).toMatchObject({
      message: 'No user with this email in your account.',
      field: 'email',
    });
    const foreignId = await grant(owner, id, { user_id: other.userId });
    expect(foreignId.status).toBe(404);

    const both = await grant(owner, id, { user_id: viewer.userId, email: viewer.email });
    expect(both.status).toBe(400);
    const neither = await grant(owner, id, { access: 'view' });
    expect(neither.status).toBe(400);
    const badLevel = await grant(owner, id, { user_id: viewer.userId, access: 'owner' });
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.error.field).toBe('access');
  });
});

describe('access levels', () => {
  it('view: reads info and shared users, but may not update, delete or share (403)', async () => {
    const id = await sharedSession();
    const read = await info(viewer, id);
    expect(read.status).toBe(200);
    expect(read.body.access).toBe('view');
    expect((await t.call('GET', `/api/sessions/${id}/shared-users`, { token: viewer.token })).status).toBe(
      200,
    );

    const put = await t.call('PUT', `/api/users/sessions/${id}`, {
      token: viewer.token,
      body: { name: 'Mine' },
    });
    expect(put.status).toBe(403);
    expect(put.body.error.message).toBe(
      'You have view access to this session; ask its owner for edit access.',
    );
    expect((await t.call('DELETE', `/api/users/sessions/${id}`, { token: viewer.token })).status).toBe(403);
    expect((await grant(viewer, id, { user_id: admin.userId })).status).toBe(403);
    expect((await revoke(viewer, id, editor.userId)).status).toBe(403);
  });

  it('edit: may rename, but not delete or share', async () => {
    const id = await sharedSession();
    const put = await t.call('PUT', `/api/users/sessions/${id}`, {
      token: editor.token,
      body: { name: 'Renamed' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Renamed', access: 'edit', owner_id: owner.userId });

    await setSessionStatus(t, id, 'completed');
    const del = await t.call('DELETE', `/api/users/sessions/${id}`, { token: editor.token });
    expect(del.status).toBe(403);
    expect(del.body.error.message).toContain('only its owner or an admin');
    expect((await grant(editor, id, { user_id: admin.userId })).status).toBe(403);
  });

  it('the shared session appears in the list of the user it is shared with, with the level', async () => {
    const id = await sharedSession();
    const list = await t.call('GET', '/api/users/sessions', {
      token: viewer.token,
      query: { scope: 'shared' },
    });
    expect(list.body.items.find((s: { id: string }) => s.id === id)?.access).toBe('view');
  });
});

describe('DELETE /sessions/:id/revoke-access', () => {
  it('revokes at once: the next call of that user is refused and the session leaves their list', async () => {
    const id = await sharedSession();
    expect((await info(viewer, id)).status).toBe(200);
    const res = await revoke(owner, id, viewer.userId);
    expect(res.status).toBe(204);
    expect((await info(viewer, id)).status).toBe(404);
    const list = await t.call('GET', '/api/users/sessions', {
      token: viewer.token,
      query: { page_size: 200 },
    });
    expect(list.body.items.map((s: { id: string }) => s.id)).not.toContain(id);
    const shared = await t.call('GET', `/api/sessions/${id}/shared-users`, { token: owner.token });
    expect(shared.body.map((u: { user_id: string }) => u.user_id)).toEqual([editor.userId]);
    // Revoking again changes nothing and is not an error.
    expect((await revoke(owner, id, viewer.userId)).status).toBe(204);
  });

  it('refuses the owner (400), users of another account (404) and a missing user_id (400)', async () => {
    const id = await sharedSession();
    const own = await revoke(admin, id, owner.userId);
    expect(own.status).toBe(400);
    expect(own.body.error.field).toBe('user_id');
    expect((await revoke(owner, id, other.userId)).status).toBe(404);
    const missing = await t.call('DELETE', `/api/sessions/${id}/revoke-access`, { token: owner.token });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('user_id');
  });
});

describe('tenancy', () => {
  it("a user of account A can neither see nor change the sharing of account B's sessions", async () => {
    const theirs = await createSession(t, other);
    for (const user of [admin, owner]) {
      expect(
        (await t.call('GET', `/api/sessions/${theirs}/shared-users`, { token: user.token })).status,
      ).toBe(404);
      expect((await grant(user, theirs, { user_id: user.userId })).status).toBe(404);
      expect((await revoke(user, theirs, other.userId)).status).toBe(404);
    }
    expect(
      (await t.call('GET', `/api/sessions/${randomUUID()}/shared-users`, { token: owner.token })).status,
    ).toBe(404);
    const list = await t.call('GET', `/api/sessions/${theirs}/shared-users`, { token: other.token });
    expect(list.body).toEqual([]);
  });

  it("a share cannot be used to reach across accounts: B's admin cannot share A's session with themselves", async () => {
    const mine = await createSession(t, owner);
    expect((await grant(other, mine, { user_id: other.userId })).status).toBe(404);
    expect((await info(other, mine)).status).toBe(404);
  });
});
