import { USER_DISABLED_MESSAGE } from '@argo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createTestApp, type TestApp, uniqueEmail } from '../../test/app';
import { readEmails, readLatestCode, readLatestEmail, readTemporaryPassword } from '../../test/outbox';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '../http/auth';
import { findUserForIdentity } from '../modules/users/sign-in.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function invite(adminToken: string, body: Record<string, unknown>) {
  return t.call('POST', '/api/users/invite', { token: adminToken, body });
}

describe('an invited user', () => {
  it('gets a temporary password by email, signs in, must change it, and then the flag is clear', async () => {
    const admin = await t.createAccount(uniqueEmail('inviter'), 'Acme Ventures');
    await t.call('PUT', '/api/users/me', { token: admin.token, body: { name: 'Ada Admin' } });
    const email = uniqueEmail('invitee');
    const res = await invite(admin.token, { email, name: 'Ivan' });
    expect(res.status).toBe(201);

    const message = await readLatestEmail(t.database.db, email, 'invitation');
    expect(message?.subject).toBe(`Argo: Ada Admin (${admin.email}) invited you to Acme Ventures`);
    expect(message?.text).toContain(`${t.config.PUBLIC_URL}/login`);
    expect(message?.text).toMatch(/because an admin of Acme Ventures invited this address to Argo/);
    const temporary = await readTemporaryPassword(t.database.db, email);
    expect(temporary.length).toBeGreaterThanOrEqual(12);

    const { jar, body } = await t.signInJar(email, temporary);
    expect(body).toMatchObject({ user: { email, mustChangePassword: true, emailVerified: true } });
    const session = await t.authCall('GET', '/get-session', { jar });
    expect(session.body.user.mustChangePassword).toBe(true);
    const token = await t.idToken(jar);
    const me = await t.call('GET', '/api/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      status: 'active',
      account_id: admin.accountId,
      must_change_password: true,
      mfa_enabled: false,
    });
    // Until then the temporary password opens nothing but the profile and the password change.
    const blocked = await t.call('GET', '/api/users/sessions', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.message).toBe(PASSWORD_CHANGE_REQUIRED_MESSAGE);

    // The client cannot clear the flag itself…
    const sneaky = await t.authCall('POST', '/update-user', { jar, body: { mustChangePassword: false } });
    expect(sneaky.status).not.toBe(200);
    expect((await t.authCall('GET', '/get-session', { jar })).body.user.mustChangePassword).toBe(true);
    // …it clears when the password is changed (/password/set).
    const changed = await t.authCall('POST', '/change-password', {
      jar,
      body: { currentPassword: temporary, newPassword: 'my own password' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.mustChangePassword).toBe(false);
    expect((await t.authCall('GET', '/get-session', { jar })).body.user.mustChangePassword).toBe(false);
    const fresh = await t.idToken(jar);
    const after = await t.call('GET', '/api/users/me', { token: fresh });
    expect(after.body.must_change_password).toBe(false);
    expect((await t.call('GET', '/api/users/sessions', { token: fresh })).status).toBe(200);

    expect(
      (await t.authCall('POST', '/sign-in/email', { body: { email, password: temporary } })).status,
    ).toBe(401);
    expect(await t.signIn(email, 'my own password')).toBeTruthy();
  });

  it('gets a fresh temporary password when invited again, and the old one stops working', async () => {
    const admin = await t.createAccount(uniqueEmail('reinviter'));
    const email = uniqueEmail('again');
    expect((await invite(admin.token, { email })).status).toBe(201);
    const first = await readTemporaryPassword(t.database.db, email);
    const again = await invite(admin.token, { email });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ email, status: 'invited' });
    const second = await readTemporaryPassword(t.database.db, email);
    expect(second).not.toBe(first);
    expect((await t.authCall('POST', '/sign-in/email', { body: { email, password: first } })).status).toBe(
      401,
    );
    expect(await t.signIn(email, second)).toBeTruthy();
  });

  it('invited by two organisations, chooses one after signing in; once a user, a re-invite is refused', async () => {
    const admin = await t.createAccount(uniqueEmail('first'), 'First Org');
    const other = await t.createAccount(uniqueEmail('other'), 'Other Org');
    const email = uniqueEmail('wanted');
    const first = await invite(admin.token, { email });
    // Answered like any invitation; the sign-in now serves both, so signing in joins neither.
    expect((await invite(other.token, { email })).status).toBe(201);
    const { token } = await t.signUp(email); // the latest temporary password → their own
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(404);
    const pending = await t.call('GET', '/api/invitations', { token });
    expect(pending.body.map((i: { account_name: string }) => i.account_name)).toEqual([
      'First Org',
      'Other Org',
    ]);
    expect((await t.call('POST', `/api/invitations/${first.body.id}/accept`, { token })).status).toBe(200);
    expect((await t.call('GET', '/api/users/me', { token })).body).toMatchObject({
      id: first.body.id,
      account_id: admin.accountId,
    });
    const again = await invite(admin.token, { email });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This email already belongs to a user of your organisation.');
  });

  it('who had registered but never confirmed gets a temporary password that replaces the old one', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const email = uniqueEmail('pending');
    await t.authCall('POST', '/sign-up/email', { body: { email, password: 'squatter password', name: 'X' } });
    expect((await invite(admin.token, { email })).status).toBe(201);
    const temporary = await readTemporaryPassword(t.database.db, email);
    expect(
      (await t.authCall('POST', '/sign-in/email', { body: { email, password: 'squatter password' } })).status,
    ).toBe(401);
    const { body } = await t.signInJar(email, temporary);
    expect(body).toMatchObject({ user: { mustChangePassword: true } });
  });

  it('who already has a confirmed sign-in keeps their password and is not pulled in until they accept', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const person = await t.signUp(uniqueEmail('existing'));
    expect((await invite(admin.token, { email: person.email })).status).toBe(201);
    const message = await readLatestEmail(t.database.db, person.email, 'invitation');
    expect(message?.text).toMatch(/You already have an Argo sign-in with this address/);
    expect(message?.text).toMatch(/accept or decline the invitation/);
    expect(message?.text).not.toMatch(/temporary password/);
    const token = await t.signIn(person.email, person.password);
    // Their next call does not put them into the inviting organisation.
    const me = await t.call('GET', '/api/users/me', { token });
    expect(me.status).toBe(404);
    expect((await t.call('GET', '/api/invitations', { token })).body).toHaveLength(1);
  });

  it('is linked by email only when the token says the email is verified', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const email = uniqueEmail('unverified');
    const invited = await invite(admin.token, { email });
    const claims = { sub: crypto.randomUUID(), email, name: null };
    expect(await findUserForIdentity(t.database.db, { ...claims, emailVerified: false })).toEqual({
      sessionActive: true,
      user: null,
    });
    expect(await findUserForIdentity(t.database.db, claims)).toEqual({ sessionActive: true, user: null });
    const stillInvited = await t.call('GET', `/api/users/${invited.body.id}`, { token: admin.token });
    expect(stillInvited.body.status).toBe('invited');
    const linked = await findUserForIdentity(t.database.db, { ...claims, emailVerified: true });
    expect(linked.user).toMatchObject({ id: invited.body.id, status: 'active' });
  });
});

describe('disabling and deleting users', () => {
  /** An admin and an invited member who signed up and is signed in (password "member password"). */
  async function signedInMember() {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const email = uniqueEmail('member');
    const invited = await invite(admin.token, { email });
    await t.signUp(email, 'member password');
    const { jar } = await t.signInJar(email, 'member password');
    const setStatus = (status: 'active' | 'disabled') =>
      t.call('PUT', `/api/users/${invited.body.id}`, { token: admin.token, body: { status } });
    return { admin, email, invited, jar, token: await t.idToken(jar), setStatus };
  }

  it('ends their sign-in sessions: tokens refused at once, no new tokens', async () => {
    const { admin, email, invited, jar, token, setStatus } = await signedInMember();
    expect((await t.call('GET', '/api/users', { token })).status).toBe(200);

    await setStatus('disabled');
    const refused = await t.call('GET', '/api/users', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/disabled/);
    expect((await t.authCall('GET', '/token', { jar })).status).toBe(401);

    await setStatus('active');
    const again = await t.signInJar(email, 'member password');
    expect((await t.call('GET', '/api/users', { token: await t.idToken(again.jar) })).status).toBe(200);

    expect((await t.call('DELETE', `/api/users/${invited.body.id}`, { token: admin.token })).status).toBe(
      204,
    );
    expect((await t.authCall('GET', '/token', { jar: again.jar })).status).toBe(401);
  });

  it('refuses a disabled user’s sign-in with the right password, says why, and creates no session', async () => {
    const { email, token, setStatus } = await signedInMember();
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(200);
    await setStatus('disabled');
    // The same words as the API's answer to a disabled user's calls.
    const refused = await t.call('GET', '/api/users/me', { token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(USER_DISABLED_MESSAGE);

    const sessions = async () => {
      const result = await t.database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from auth_sessions s join auth_users a on a.id = s.user_id
        where a.email = ${email}`);
      return result.rows[0]?.n;
    };
    const attempts = async () => {
      const result = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from auth_attempts where key = ${`account:${email}`}`,
      );
      return result.rows[0]?.n;
    };
    expect(await sessions()).toBe(0);
    const signIn = (password: string, address = email) =>
      t.authCall('POST', '/sign-in/email', { jar: new CookieJar(), body: { email: address, password } });

    // The right password: told why, no session and no session cookie; not counted as a guess.
    const right = await signIn('member password');
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ code: 'USER_DISABLED', message: USER_DISABLED_MESSAGE });
    expect(String(right.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
    expect(await sessions()).toBe(0);
    expect(await attempts()).toBe(0);

    // A wrong password hears the usual answer, the same as for an address nobody registered: nothing about
    // the user being disabled, or existing.
    const wrong = await signIn('not the password');
    const unknown = await signIn('not the password', uniqueEmail('nobody'));
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(JSON.stringify(wrong.body)).not.toMatch(/disabled/i);
    expect(await attempts()).toBe(1);
    expect(await sessions()).toBe(0);

    // Enabled again: the same password gets in.
    await setStatus('active');
    const again = await t.signInJar(email, 'member password');
    expect((await t.call('GET', '/api/users/me', { token: await t.idToken(again.jar) })).status).toBe(200);
  });

  it('refuses the sign-in of an invited user disabled before their first sign-in', async () => {
    const admin = await t.createAccount(uniqueEmail('admin'));
    const email = uniqueEmail('invitee');
    const invited = await invite(admin.token, { email });
    const temporary = await readTemporaryPassword(t.database.db, email);
    const off = await t.call('PUT', `/api/users/${invited.body.id}`, {
      token: admin.token,
      body: { status: 'disabled' },
    });
    expect(off.body.status).toBe('disabled');
    const res = await t.authCall('POST', '/sign-in/email', { body: { email, password: temporary } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'USER_DISABLED', message: USER_DISABLED_MESSAGE });
  });

  it('an invitation email that cannot be sent is reported, and inviting again resends it', async () => {
    let failing = true;
    const broken = await createTestApp(
      {},
      {
        mailer: (outbox) => ({
          ...outbox,
          async send(message) {
            if (failing && message.reason === 'invitation') throw new Error('SMTP server unreachable');
            return outbox.send(message);
          },
        }),
      },
    );
    try {
      const admin = await broken.createAccount(uniqueEmail('admin'));
      const email = uniqueEmail('unreachable');
      const res = await broken.call('POST', '/api/users/invite', { token: admin.token, body: { email } });
      expect(res.status).toBe(500);
      expect(res.body.error.message).toMatch(
        /invitation email could not be sent\. Invite the same email again/,
      );
      expect(await readEmails(broken.database.db, email)).toEqual([]);
      failing = false;
      const again = await broken.call('POST', '/api/users/invite', { token: admin.token, body: { email } });
      expect(again.status).toBe(201);
      expect(await readTemporaryPassword(broken.database.db, email)).toBeTruthy();
    } finally {
      await broken.close();
    }
  });
});

it('the confirmation code of a fresh sign-up is not mistaken for an invitation', async () => {
  const email = uniqueEmail('plain');
  await t.authCall('POST', '/sign-up/email', { body: { email, password: 'some password', name: 'P' } });
  expect(await readLatestCode(t.database.db, email, 'confirm-sign-up')).toMatch(/^\d{6}$/);
  await expect(readTemporaryPassword(t.database.db, email)).rejects.toThrow(/no temporary password/);
});
