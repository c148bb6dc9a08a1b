/**
 * An invitation waits for the invited person, who accepts it (and joins) or declines it (and it
 * is gone); it never pulls a person with a sign-in of their own into the inviting organisation by itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app';
import { findUserForIdentity } from '../users/sign-in.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An admin of "Acme Ventures" named Ada, and a registered person with no organisation whom Ada invites. */
async function invitedRegisteredPerson() {
  const admin = await t.createAccount(uniqueEmail('ada'), 'Acme Ventures');
  await t.call('PUT', '/api/users/me', { token: admin.token, body: { name: 'Ada Admin' } });
  const person = await t.signUp(uniqueEmail('pat'));
  const invited = await t.call('POST', '/api/users/invite', {
    token: admin.token,
    body: { email: person.email, role: 'admin' },
  });
  expect(invited.status).toBe(201);
  const token = await t.signIn(person.email, person.password);
  return { admin, person, token, invitationId: invited.body.id as string };
}

describe('a registered person without an organisation, invited', () => {
  it('is not pulled in by their next calls, and sees the invitation with who sent it', async () => {
    const { admin, token, invitationId } = await invitedRegisteredPerson();
    for (let i = 0; i < 2; i++) expect((await t.call('GET', '/api/users/me', { token })).status).toBe(404);
    const listed = await t.call('GET', '/api/invitations', { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        id: invitationId,
        account_name: 'Acme Ventures',
        invited_by: `Ada Admin (${admin.email})`,
        role: 'admin',
        created_at: expect.any(String),
      },
    ]);
    const users = await t.call('GET', `/api/users/${invitationId}`, { token: admin.token });
    expect(users.body.status).toBe('invited');
  });

  it('accepts: joins the organisation with the invited role', async () => {
    const { admin, token, invitationId } = await invitedRegisteredPerson();
    const accepted = await t.call('POST', `/api/invitations/${invitationId}/accept`, { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.account).toMatchObject({ id: admin.accountId, name: 'Acme Ventures' });
    expect(accepted.body.user).toMatchObject({ id: invitationId, role: 'admin', status: 'active' });
    expect((await t.call('GET', '/api/users/me', { token })).body).toMatchObject({ id: invitationId });
    expect((await t.call('GET', '/api/users', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/invitations', { token })).body).toEqual([]);
    // One sign-in, one organisation: accepting again or creating another is refused.
    const twice = await t.call('POST', `/api/invitations/${invitationId}/accept`, { token });
    expect(twice.status).toBe(409);
    const own = await t.call('POST', '/api/accounts', { token, body: { name: 'Mine' } });
    expect(own.status).toBe(409);
  });

  it('declines: the invitation is gone, and their own organisation can be created', async () => {
    const { admin, token, invitationId } = await invitedRegisteredPerson();
    const declined = await t.call('DELETE', `/api/invitations/${invitationId}`, { token });
    expect(declined.status).toBe(204);
    expect((await t.call('GET', '/api/invitations', { token })).body).toEqual([]);
    expect((await t.call('GET', `/api/users/${invitationId}`, { token: admin.token })).status).toBe(404);
    expect((await t.call('POST', `/api/invitations/${invitationId}/accept`, { token })).status).toBe(404);
    const own = await t.call('POST', '/api/accounts', { token, body: { name: 'Pat Labs' } });
    expect(own.status).toBe(201);
    expect(own.body.user).toMatchObject({ role: 'admin', status: 'active' });
  });

  it('may create their own organisation while the invitation waits', async () => {
    const { token } = await invitedRegisteredPerson();
    const own = await t.call('POST', '/api/accounts', { token, body: { name: 'Pat Labs' } });
    expect(own.status).toBe(201);
  });

  it("cannot see, accept or decline someone else's invitation", async () => {
    const { token: patToken, invitationId } = await invitedRegisteredPerson();
    const stranger = await t.signUp(uniqueEmail('stranger'));
    expect((await t.call('GET', '/api/invitations', { token: stranger.token })).body).toEqual([]);
    for (const [method, path] of [
      ['POST', `/api/invitations/${invitationId}/accept`],
      ['DELETE', `/api/invitations/${invitationId}`],
    ] as const) {
      const res = await t.call(method, path, { token: stranger.token });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(/no longer open/);
    }
    expect((await t.call('GET', '/api/invitations', { token: patToken })).body).toHaveLength(1);
  });

  it('is never linked by email on first sight: only an invitation that made the sign-in is', async () => {
    const { person, invitationId, admin } = await invitedRegisteredPerson();
    const lookup = await findUserForIdentity(t.database.db, {
      sub: crypto.randomUUID(),
      email: person.email,
      name: null,
      emailVerified: true,
    });
    expect(lookup.user).toBeNull();
    expect((await t.call('GET', `/api/users/${invitationId}`, { token: admin.token })).body.status).toBe(
      'invited',
    );
  });
});

describe('an invitation to a person who already belongs to an organisation', () => {
  it('waits; accepting is refused (one sign-in, one organisation), declining works', async () => {
    const a = await t.createAccount(uniqueEmail('a'), 'A Org');
    const b = await t.createAccount(uniqueEmail('b'), 'B Org');
    const invited = await t.call('POST', '/api/users/invite', { token: a.token, body: { email: b.email } });
    expect(invited.status).toBe(201);
    const listed = await t.call('GET', '/api/invitations', { token: b.token });
    expect(listed.body.map((i: { account_name: string }) => i.account_name)).toEqual(['A Org']);
    const accept = await t.call('POST', `/api/invitations/${invited.body.id}/accept`, { token: b.token });
    expect(accept.status).toBe(409);
    expect(accept.body.error.message).toBe('You already belong to an account.');
    expect((await t.call('GET', '/api/users/me', { token: b.token })).body.account_id).toBe(b.accountId);
    const decline = await t.call('DELETE', `/api/invitations/${invited.body.id}`, { token: b.token });
    expect(decline.status).toBe(204);
  });

  it('disabled or deleted by the inviting admin, never touches the person’s own sign-in', async () => {
    const a = await t.createAccount(uniqueEmail('a'));
    const b = await t.createAccount(uniqueEmail('b'));
    const invited = await t.call('POST', '/api/users/invite', { token: a.token, body: { email: b.email } });
    const off = await t.call('PUT', `/api/users/${invited.body.id}`, {
      token: a.token,
      body: { status: 'disabled' },
    });
    expect(off.status).toBe(200);
    expect((await t.call('GET', '/api/users/me', { token: b.token })).status).toBe(200);
    expect(await t.signIn(b.email, 'correct horse battery')).toBeTruthy();
    expect((await t.call('DELETE', `/api/users/${invited.body.id}`, { token: a.token })).status).toBe(204);
    expect((await t.call('GET', '/api/users/me', { token: b.token })).status).toBe(200);
  });
});
