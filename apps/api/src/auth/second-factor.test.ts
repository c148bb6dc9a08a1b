import { ADMIN_MFA_REQUIRED_MESSAGE, SESSION_ENDED_MESSAGE } from '@argo/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CookieJar, createTestApp, type TestApp, uniqueEmail } from '../../test/app';
import { jwtPayload } from '../../test/jwt';
import { readLatestCode } from '../../test/outbox';
import { otherCode, totpCode, totpSecretOf } from '../../test/totp';

// The ID token's `mfa` says whether this sign-in proved a second factor, not whether the user has one on; turning
// two-factor on ends the sign-ins made without it; turning it off takes a current code (second-factor.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The jar's session as GET /get-session sees it, and the ID token that came with it (null without a session). */
async function sessionOf(jar: CookieJar) {
  const res = await t.authCall('GET', '/get-session?disableCookieCache=true', { jar });
  const token = res.headers['set-auth-jwt'];
  return { body: res.body, token: typeof token === 'string' && token ? token : null };
}

/** Turns the authenticator app on from the jar's sign-in: its secret and backup codes. */
async function turnOnTotp(jar: CookieJar, password: string) {
  const enabled = await t.authCall('POST', '/two-factor/enable', { jar, body: { password } });
  expect(enabled.status).toBe(200);
  const secret = totpSecretOf(enabled.body.totpURI);
  const setupCode = await totpCode(secret);
  const confirmed = await t.authCall('POST', '/two-factor/verify-totp', { jar, body: { code: setupCode } });
  expect(confirmed.status).toBe(200);
  return { secret, setupCode, backupCodes: enabled.body.backupCodes as string[] };
}

/** An admin of an organisation that requires admins to use two-factor sign-in, with the authenticator app on. */
async function strictAdminWithTotp() {
  const admin = await t.createAccount(uniqueEmail('strict-totp'));
  const { jar } = await t.signInJar(admin.email, admin.password);
  const totp = await turnOnTotp(jar, admin.password);
  const token = await t.idToken(jar);
  const required = await t.call('PUT', '/api/accounts', { token, body: { require_admin_mfa: true } });
  expect(required.status).toBe(200);
  return { ...admin, ...totp, jar };
}

const isOn = async (email: string) => {
  const rows = await t.database.db.execute<{ two_factor_enabled: boolean }>(
    sql`select two_factor_enabled from auth_users where email = ${email}`,
  );
  return rows.rows[0]?.two_factor_enabled;
};

describe('an admin signed in with the password only, before two-factor was turned on', () => {
  it('is signed out when it is turned on: no ID token, no admin page, and two-factor cannot be turned off', async () => {
    const admin = await t.createAccount(uniqueEmail('before-mfa'));
    // S: a sign-in with the password only.
    const s = await t.signInJar(admin.email, admin.password);
    const sToken = await t.idToken(s.jar);
    expect(jwtPayload(sToken).mfa).toBe(false);

    // The owner, signed in elsewhere, turns the authenticator app on and makes it required for admins.
    const owner = await t.signInJar(admin.email, admin.password);
    await turnOnTotp(owner.jar, admin.password);
    const ownerToken = await t.idToken(owner.jar);
    expect(jwtPayload(ownerToken).mfa).toBe(true);
    const required = await t.call('PUT', '/api/accounts', {
      token: ownerToken,
      body: { require_admin_mfa: true },
    });
    expect(required.status).toBe(200);

    // S asks for a fresh ID token: its sign-in is over.
    const fresh = await sessionOf(s.jar);
    expect(fresh.token).toBeNull();
    expect(fresh.body).toBeNull();
    const page = await t.call('GET', '/api/admin/users', { token: sToken });
    expect(page.status).toBe(401);
    expect(page.body.error.message).toBe(SESSION_ENDED_MESSAGE);
    const off = await t.authCall('POST', '/two-factor/disable', {
      jar: s.jar,
      body: { password: admin.password },
    });
    expect(off.status).toBe(401);
    expect(await isOn(admin.email)).toBe(true);

    // The owner's sign-in (it proved a code) goes on.
    expect((await t.call('GET', '/api/admin/users', { token: await t.idToken(owner.jar) })).status).toBe(200);
  });
});

describe('the mfa claim', () => {
  it('is false for a sign-in that skipped the code (a trusted device), and the admin pages refuse it', async () => {
    const admin = await strictAdminWithTotp();
    const jar = admin.jar;
    await t.authCall('POST', '/sign-out', { jar, body: {} });
    const step = await t.authCall('POST', '/sign-in/email', {
      jar,
      body: { email: admin.email, password: admin.password },
    });
    expect(step.body.twoFactorRedirect).toBe(true);
    const verified = await t.authCall('POST', '/two-factor/verify-totp', {
      jar,
      body: { code: await totpCode(admin.secret, 1), trustDevice: true },
    });
    expect(verified.status).toBe(200);
    const withCode = await t.idToken(jar);
    expect(jwtPayload(withCode).mfa).toBe(true);
    expect((await t.call('GET', '/api/admin/users', { token: withCode })).status).toBe(200);

    // The trusted device signs in with the password alone: the user has two-factor on, this sign-in did not use it.
    const again = await t.authCall('POST', '/sign-in/email', {
      jar,
      body: { email: admin.email, password: admin.password },
    });
    expect(again.status).toBe(200);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    const withoutCode = await t.idToken(jar);
    expect(jwtPayload(withoutCode).mfa).toBe(false);
    const refused = await t.call('GET', '/api/admin/users', { token: withoutCode });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'forbidden', message: ADMIN_MFA_REQUIRED_MESSAGE });
  });

  it('stays true after the admin changes the password (the replacing sign-in keeps it)', async () => {
    const admin = await strictAdminWithTotp();
    const changed = await t.authCall('POST', '/change-password', {
      jar: admin.jar,
      body: {
        currentPassword: admin.password,
        newPassword: 'a new password here',
        revokeOtherSessions: true,
      },
    });
    expect(changed.status).toBe(200);
    const token = await t.idToken(admin.jar);
    expect(jwtPayload(token).mfa).toBe(true);
    expect((await t.call('GET', '/api/admin/users', { token })).status).toBe(200);
  });
});

describe('turning two-factor on', () => {
  it('with the authenticator app ends the other sign-ins and keeps this one, which proved a code', async () => {
    const user = await t.signUp(uniqueEmail('on-totp'));
    const here = await t.signInJar(user.email, user.password);
    const elsewhere = await t.signInJar(user.email, user.password);
    const elsewhereToken = await t.idToken(elsewhere.jar);
    await turnOnTotp(here.jar, user.password);

    expect((await sessionOf(elsewhere.jar)).body).toBeNull();
    expect((await t.call('GET', '/api/users/me', { token: elsewhereToken })).status).toBe(401);
    const kept = await sessionOf(here.jar);
    expect(kept.token).not.toBeNull();
    expect(jwtPayload(kept.token ?? '').mfa).toBe(true);
    const sessions = await t.database.db.execute<{ n: string }>(
      sql`select count(*) as n from auth_sessions s join auth_users u on u.id = s.user_id where u.email = ${user.email}`,
    );
    expect(Number(sessions.rows[0]?.n)).toBe(1);
  });

  it('with codes by email proves no code: every sign-in ends, this one too, and the next needs the emailed code', async () => {
    const user = await t.signUp(uniqueEmail('on-email'));
    const here = await t.signInJar(user.email, user.password);
    const elsewhere = await t.signInJar(user.email, user.password);
    const enabled = await t.authCall('POST', '/two-factor/enable', {
      jar: here.jar,
      body: { password: user.password, method: 'otp' },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ method: 'otp' });
    expect(here.jar.has('argo.session_token')).toBe(false);
    expect((await sessionOf(here.jar)).body).toBeNull();
    expect((await sessionOf(elsewhere.jar)).body).toBeNull();

    const step = await t.signInJar(user.email, user.password);
    expect(step.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
    await t.authCall('POST', '/two-factor/send-otp', { jar: step.jar, body: {} });
    const code = await readLatestCode(t.database.db, user.email, 'mfa-code');
    const signedIn = await t.authCall('POST', '/two-factor/verify-otp', { jar: step.jar, body: { code } });
    expect(signedIn.status).toBe(200);
    expect(jwtPayload(await t.idToken(step.jar)).mfa).toBe(true);
  });
});

describe('turning two-factor off', () => {
  it('is refused with the password alone, saying a code is needed', async () => {
    const admin = await strictAdminWithTotp();
    const off = await t.authCall('POST', '/two-factor/disable', {
      jar: admin.jar,
      body: { password: admin.password },
    });
    expect(off.status).toBe(400);
    expect(off.body).toEqual({
      code: 'TWO_FACTOR_CODE_REQUIRED',
      message:
        'Enter a code from your authenticator app, a backup code or a code we email you, to turn off two-factor sign-in.',
    });
    expect(await isOn(admin.email)).toBe(true);
  });

  it('is refused with a wrong code, or a wrong password (which leaves the code unused)', async () => {
    const admin = await strictAdminWithTotp();
    const code = await totpCode(admin.secret, 1);
    const wrongCode = await t.authCall('POST', '/two-factor/disable', {
      jar: admin.jar,
      body: { password: admin.password, code: otherCode(code) },
    });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body).toMatchObject({
      code: 'INVALID_CODE',
      message: expect.stringMatching(/not right/),
    });
    const wrongPassword = await t.authCall('POST', '/two-factor/disable', {
      jar: admin.jar,
      body: { password: 'not the password', code },
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(await isOn(admin.email)).toBe(true);
    const off = await t.authCall('POST', '/two-factor/disable', {
      jar: admin.jar,
      body: { password: admin.password, code },
    });
    expect(off.status).toBe(200);
  });

  it('works with the password and a current authenticator code; then the password alone signs in', async () => {
    const user = await t.signUp(uniqueEmail('off-totp'));
    const { jar } = await t.signInJar(user.email, user.password);
    const { secret } = await turnOnTotp(jar, user.password);
    const off = await t.authCall('POST', '/two-factor/disable', {
      jar,
      body: { password: user.password, code: await totpCode(secret, 1) },
    });
    expect(off.status).toBe(200);
    expect(await isOn(user.email)).toBe(false);
    const signIn = await t.signInJar(user.email, user.password);
    expect((signIn.body as { twoFactorRedirect?: boolean }).twoFactorRedirect).toBeUndefined();
  });

  it('works with a backup code, once', async () => {
    const user = await t.signUp(uniqueEmail('off-backup'));
    const { jar } = await t.signInJar(user.email, user.password);
    const { backupCodes } = await turnOnTotp(jar, user.password);
    const [backup = ''] = backupCodes;
    const fresh = await t.authCall('POST', '/two-factor/generate-backup-codes', {
      jar,
      body: { password: user.password, code: backup },
    });
    expect(fresh.status).toBe(200);
    // The backup code was used up by that change, and the old list replaced.
    const reused = await t.authCall('POST', '/two-factor/disable', {
      jar,
      body: { password: user.password, code: backupCodes[1] },
    });
    expect(reused.status).toBe(400);
    const off = await t.authCall('POST', '/two-factor/disable', {
      jar,
      body: { password: user.password, code: (fresh.body.backupCodes as string[])[0] },
    });
    expect(off.status).toBe(200);
    expect(await isOn(user.email)).toBe(false);
  });

  it('works with a code emailed to the signed-in user (codes by email only)', async () => {
    const user = await t.signUp(uniqueEmail('off-email'));
    await t.authCall('POST', '/two-factor/enable', {
      jar: (await t.signInJar(user.email, user.password)).jar,
      body: { password: user.password, method: 'otp' },
    });
    const { jar } = await t.signInJar(user.email, user.password);
    await t.authCall('POST', '/two-factor/send-otp', { jar, body: {} });
    const signInCode = await readLatestCode(t.database.db, user.email, 'mfa-code');
    expect(
      (await t.authCall('POST', '/two-factor/verify-otp', { jar, body: { code: signInCode } })).status,
    ).toBe(200);

    expect((await t.authCall('POST', '/two-factor/send-otp', { jar, body: {} })).status).toBe(200);
    const code = await readLatestCode(t.database.db, user.email, 'mfa-code');
    const off = await t.authCall('POST', '/two-factor/disable', {
      jar,
      body: { password: user.password, code },
    });
    expect(off.status).toBe(200);
    expect(await isOn(user.email)).toBe(false);
  });

  it('refuses an authenticator code already used', async () => {
    const admin = await strictAdminWithTotp();
    // The code that confirmed the setup, still within the provider's window.
    const replay = await t.authCall('POST', '/two-factor/disable', {
      jar: admin.jar,
      body: { password: admin.password, code: admin.setupCode },
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({
      code: 'INVALID_CODE',
      message: expect.stringMatching(/already used/),
    });
    expect(await isOn(admin.email)).toBe(true);
  });
});

describe('the authenticator secret and backup codes', () => {
  it('new backup codes need a current code too', async () => {
    const admin = await strictAdminWithTotp();
    const refused = await t.authCall('POST', '/two-factor/generate-backup-codes', {
      jar: admin.jar,
      body: { password: admin.password },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'TWO_FACTOR_CODE_REQUIRED',
      message: expect.stringMatching(/to make new backup codes\.$/),
    });
    const made = await t.authCall('POST', '/two-factor/generate-backup-codes', {
      jar: admin.jar,
      body: { password: admin.password, code: await totpCode(admin.secret, 1) },
    });
    expect(made.status).toBe(200);
    expect(made.body.backupCodes).toHaveLength(10);
  });

  it('the secret is never handed out again after setup', async () => {
    const admin = await strictAdminWithTotp();
    const res = await t.authCall('POST', '/two-factor/get-totp-uri', {
      jar: admin.jar,
      body: { password: admin.password },
    });
    expect(res.status).toBe(404);
  });
});
