import { ADMIN_MFA_REQUIRED_MESSAGE } from '@argo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app';
import { jwtPayload } from '../../test/jwt';
import { totpCode, totpSecretOf } from '../../test/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** An account whose admins must use two-factor sign-in, with one admin (no MFA yet) and one member. */
async function strictAccount() {
  const admin = await t.createAccount(uniqueEmail('strict-admin'));
  const email = uniqueEmail('strict-member');
  await t.call('POST', '/api/users/invite', { token: admin.token, body: { email } });
  const member = await t.signUp(email);
  const required = await t.call('PUT', '/api/accounts', {
    token: admin.token,
    body: { require_admin_mfa: true },
  });
  expect(required.status).toBe(200);
  return { admin, member };
}

describe('an account that requires admins to use two-factor sign-in', () => {
  it('refuses an admin without it on member and admin routes, naming /mfa', async () => {
    const { admin } = await strictAccount();
    expect(jwtPayload(admin.token).mfa).toBe(false);
    for (const [method, path] of [
      ['GET', '/api/users'],
      ['GET', '/api/ventures/all'],
      ['GET', '/api/admin/users'],
      ['PUT', '/api/accounts'],
    ] as const) {
      const res = await t.call(method, path, {
        token: admin.token,
        body: method === 'PUT' ? { name: 'X' } : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(res.body.error, path).toMatchObject({ code: 'forbidden', message: ADMIN_MFA_REQUIRED_MESSAGE });
    }
    expect(ADMIN_MFA_REQUIRED_MESSAGE).toBe(
      'Your organisation requires admins to use two-factor sign-in. Set it up on /mfa.',
    );
  });

  it('still loads the admin’s profile (users/me, accounts/me), so the web can send them to /mfa', async () => {
    const { admin } = await strictAccount();
    const me = await t.call('GET', '/api/users/me', { token: admin.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ role: 'admin', mfa_enabled: false, must_change_password: false });
    const account = await t.call('GET', '/api/accounts/me', { token: admin.token });
    expect(account.status).toBe(200);
    expect(account.body.require_admin_mfa).toBe(true);
  });

  it('does not concern members', async () => {
    const { member } = await strictAccount();
    expect((await t.call('GET', '/api/users', { token: member.token })).status).toBe(200);
  });

  it('lets the admin in once they set up an authenticator app', async () => {
    const { admin } = await strictAccount();
    const { jar } = await t.signInJar(admin.email, admin.password);
    const enabled = await t.authCall('POST', '/two-factor/enable', {
      jar,
      body: { password: admin.password },
    });
    const secret = totpSecretOf(enabled.body.totpURI);
    expect(
      (await t.authCall('POST', '/two-factor/verify-totp', { jar, body: { code: await totpCode(secret) } }))
        .status,
    ).toBe(200);
    const token = await t.idToken(jar);
    expect(jwtPayload(token).mfa).toBe(true);
    expect((await t.call('GET', '/api/users', { token })).status).toBe(200);
    const me = await t.call('GET', '/api/users/me', { token });
    expect(me.body.mfa_enabled).toBe(true);
  });

  it('stops applying when the setting is off again', async () => {
    const admin = await t.createAccount(uniqueEmail('loose-admin'));
    expect((await t.call('GET', '/api/users', { token: admin.token })).status).toBe(200);
  });
});
