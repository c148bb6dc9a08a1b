import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../../test/app';
import { accounts } from '../../db/schema/accounts';
import { users } from '../../db/schema/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NO_ACCOUNT = 'You have no Argo account yet. Create your organisation first.';

describe('before the account exists', () => {
  it('answers 404 on users/me and accounts/me and 403 on member calls, telling what to do', async () => {
    const { token } = await t.signUp(uniqueEmail('fresh'));

    const me = await t.call('GET', '/api/users/me', { token });
    expect(me.status).toBe(404);
    expect(me.body.error).toMatchObject({ code: 'not_found', message: NO_ACCOUNT });

    const account = await t.call('GET', '/api/accounts/me', { token });
    expect(account.status).toBe(404);
    expect(account.body.error.message).toBe(NO_ACCOUNT);

    const users = await t.call('GET', '/api/users', { token });
    expect(users.status).toBe(403);
    expect(users.body.error.code).toBe('forbidden');

    const update = await t.call('PUT', '/api/accounts', { token, body: { name: 'X' } });
    expect(update.status).toBe(403);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/accounts/me')).status).toBe(401);
    expect((await t.call('POST', '/api/accounts', { body: { name: 'X' } })).status).toBe(401);
  });
});

describe('POST /accounts', () => {
  it('creates the account with the caller as its first admin', async () => {
    const email = uniqueEmail('Founder').toUpperCase();
    const { token } = await t.signUp(email, 'correct horse battery', 'Ada Founder');
    const res = await t.call('POST', '/api/accounts', {
      token,
      body: {
        name: '  Studio One ',
        website: 'studio.example',
        tracking_ids: [
          { id: 't1', value: 'newsletter' },
          { id: 't2', value: 'newsletter' },
        ],
      },
    });
    expect(res.status).toBe(201);
    const { account, user } = res.body;
    expect(account).toMatchObject({
      name: 'Studio One',
      website: 'https://studio.example',
      require_admin_mfa: false,
    });
    expect(account.analytics_identifier).toMatch(/^[0-9a-f-]{36}$/);
    expect(account.analytics_identifier).not.toBe(account.id);
    expect(new Date(account.created_at).toISOString()).toBe(account.created_at);
    expect(user).toMatchObject({
      account_id: account.id,
      email: email.toLowerCase(),
      name: 'Ada Founder',
      role: 'admin',
      status: 'active',
      venture_ids: [],
    });

    const me = await t.call('GET', '/api/users/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, account_id: account.id, role: 'admin' });
    expect(me.body.last_seen_at).not.toBeNull();

    const accountMe = await t.call('GET', '/api/accounts/me', { token });
    expect(accountMe.status).toBe(200);
    expect(accountMe.body).toEqual(account);

    const [stored] = await t.database.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(stored?.trackingIds).toEqual(['newsletter']);
  });

  it('refuses a second account for the same person with 409', async () => {
    const first = await t.createAccount(uniqueEmail('twice'));
    const again = await t.call('POST', '/api/accounts', { token: first.token, body: { name: 'Second' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'conflict',
      message: 'You already belong to an account.',
    });
  });

  it('refuses the sign-in of a revoked invitation: the disabled user cannot start another account', async () => {
    const admin = await t.createAccount(uniqueEmail('owner'));
    const email = uniqueEmail('revoked');
    const invited = await t.call('POST', '/api/users/invite', { token: admin.token, body: { email } });
    expect(invited.status).toBe(201);
    const revoke = await t.call('PUT', `/api/users/${invited.body.id}`, {
      token: admin.token,
      body: { status: 'disabled' },
    });
    expect(revoke.status).toBe(200);
    // Signing up with the address works (no enumeration), signing in is refused with the reason.
    await expect(t.signUp(email)).rejects.toThrow(/403.*USER_DISABLED/);
  });

  it('refuses an email that already belongs to a user of another account', async () => {
    const admin = await t.createAccount(uniqueEmail('owner'));
    const email = uniqueEmail('taken');
    const { token } = await t.signUp(email);
    // Meanwhile a user with this email joined another account through another sign-in (e.g. another provider).
    await t.database.db.insert(users).values({
      accountId: admin.accountId,
      email,
      idpSubject: `other-provider|${email}`,
      status: 'active',
    });
    const res = await t.call('POST', '/api/accounts', { token, body: { name: 'Elsewhere' } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/already belongs to a user of another account/);
  });

  it('reports validation errors naming the field', async () => {
    const { token } = await t.signUp(uniqueEmail('invalid'));
    const missing = await t.call('POST', '/api/accounts', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({
      code: 'validation_failed',
      field: 'name',
      message: 'name: is required',
    });

    const blank = await t.call('POST', '/api/accounts', { token, body: { name: '   ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatchObject({ field: 'name', message: 'name: must not be empty' });

    const website = await t.call('POST', '/api/accounts', {
      token,
      body: { name: 'Ok', website: 'not a url' },
    });
    expect(website.status).toBe(400);
    expect(website.body.error.field).toBe('website');
    expect(website.body.error.message).toMatch(/^website: must be a web address/);

    // Nothing was created by the refused calls.
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(404);
  });
});

describe('PUT /accounts', () => {
  it('lets an admin change name, website and the MFA requirement', async () => {
    const admin = await t.createAccount(uniqueEmail('editor'), 'Before');
    const res = await t.call('PUT', '/api/accounts', {
      token: admin.token,
      body: { name: 'After', website: 'https://after.example' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: admin.accountId,
      name: 'After',
      website: 'https://after.example',
      require_admin_mfa: false,
    });

    const bad = await t.call('PUT', '/api/accounts', {
      token: admin.token,
      body: { require_admin_mfa: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      field: 'require_admin_mfa',
      message: 'require_admin_mfa: must be true or false',
    });

    const required = await t.call('PUT', '/api/accounts', {
      token: admin.token,
      body: { website: null, require_admin_mfa: true },
    });
    expect(required.status).toBe(200);
    expect(required.body).toMatchObject({ name: 'After', website: null, require_admin_mfa: true });
    // From now on this admin (no second factor yet) is sent to /mfa: see src/auth/admin-mfa.test.ts.
    const next = await t.call('PUT', '/api/accounts', { token: admin.token, body: { name: 'Again' } });
    expect(next.status).toBe(403);
  });

  it('is refused to members', async () => {
    const admin = await t.createAccount(uniqueEmail('boss'));
    const email = uniqueEmail('member');
    await t.call('POST', '/api/users/invite', { token: admin.token, body: { email } });
    const member = await t.signUp(email);
    const res = await t.call('PUT', '/api/accounts', { token: member.token, body: { name: 'Mine now' } });
    expect(res.status).toBe(403);
    expect((await t.call('GET', '/api/accounts/me', { token: member.token })).body.name).toBe(
      'Acme Ventures',
    );
  });
});
