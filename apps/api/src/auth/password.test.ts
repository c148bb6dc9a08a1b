import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createTestApp, type TestApp, uniqueEmail } from '../../test/app';
import { jwtPayload } from '../../test/jwt';
import { readEmails, readLatestCode, readLatestEmail } from '../../test/outbox';
import { otherCode } from '../../test/totp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const requestReset = (email: string) =>
  t.authCall('POST', '/email-otp/send-verification-otp', { body: { email, type: 'forget-password' } });

describe('password reset with an emailed code', () => {
  it('emails a code with a link to /confirmation/password, sets the new password, signs out everywhere', async () => {
    const user = await t.createAccount(uniqueEmail('forgot'));
    expect((await requestReset(user.email)).body).toEqual({ success: true });
    const message = await readLatestEmail(t.database.db, user.email, 'password-reset');
    expect(message?.text).toContain(
      `${t.config.PUBLIC_URL}/confirmation/password?email=${encodeURIComponent(user.email)}`,
    );
    expect(message?.text).toMatch(/because someone asked to reset the password/);
    const otp = await readLatestCode(t.database.db, user.email, 'password-reset');

    const reset = await t.authCall('POST', '/email-otp/reset-password', {
      body: { email: user.email, otp, password: 'a brand new password' },
    });
    expect(reset.status).toBe(200);
    expect((await readLatestEmail(t.database.db, user.email))?.reason).toBe('password-changed');
    // Every earlier sign-in ended: the token from before is refused at once.
    expect((await t.call('GET', '/api/users/me', { token: user.token })).status).toBe(401);
    expect(
      (await t.authCall('POST', '/sign-in/email', { body: { email: user.email, password: user.password } }))
        .status,
    ).toBe(401);
    const token = await t.signIn(user.email, 'a brand new password');
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(200);
  });

  it('answers an unknown email exactly like a known one, and emails nobody', async () => {
    const known = await t.signUp(uniqueEmail('known'));
    const unknownEmail = uniqueEmail('unknown');
    const a = await requestReset(known.email);
    const b = await requestReset(unknownEmail);
    expect(a.status).toBe(b.status);
    expect(a.body).toEqual(b.body);
    expect(await readEmails(t.database.db, unknownEmail)).toEqual([]);
    // Resetting an unknown email fails like a wrong code.
    const bogus = await t.authCall('POST', '/email-otp/reset-password', {
      body: { email: unknownEmail, otp: '123456', password: 'whatever password' },
    });
    expect(bogus.status).toBe(400);
    expect(bogus.body).toMatchObject({ code: 'INVALID_OTP' });
  });

  it('refuses a wrong, reused or expired code', async () => {
    const user = await t.signUp(uniqueEmail('codes'));
    await requestReset(user.email);
    const otp = await readLatestCode(t.database.db, user.email, 'password-reset');
    const wrong = await t.authCall('POST', '/email-otp/reset-password', {
      body: { email: user.email, otp: otherCode(otp), password: 'new password 1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_OTP' });
    const ok = await t.authCall('POST', '/email-otp/reset-password', {
      body: { email: user.email, otp, password: 'new password 1' },
    });
    expect(ok.status).toBe(200);
    const reused = await t.authCall('POST', '/email-otp/reset-password', {
      body: { email: user.email, otp, password: 'new password 2' },
    });
    expect(reused.status).toBe(400);

    await requestReset(user.email);
    const late = await readLatestCode(t.database.db, user.email, 'password-reset');
    await t.database.db.execute(
      sql`update auth_verifications set expires_at = now() - interval '1 second'
          where identifier = ${`forget-password-otp-${user.email}`}`,
    );
    const expired = await t.authCall('POST', '/email-otp/reset-password', {
      body: { email: user.email, otp: late, password: 'new password 3' },
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ code: 'OTP_EXPIRED' });
    expect(await t.signIn(user.email, 'new password 1')).toBeTruthy();
  });

  it('refuses a password shorter than the minimum', async () => {
    const user = await t.signUp(uniqueEmail('short'));
    await requestReset(user.email);
    const otp = await readLatestCode(t.database.db, user.email, 'password-reset');
    const res = await t.authCall('POST', '/email-otp/reset-password', {
      body: { email: user.email, otp, password: '12345' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });
});

describe('change password (settings)', () => {
  it('needs the current password and a different new one, then emails a notice', async () => {
    const user = await t.signUp(uniqueEmail('change'));
    const { jar } = await t.signInJar(user.email, user.password);
    const wrong = await t.authCall('POST', '/change-password', {
      jar,
      body: { currentPassword: 'not it', newPassword: 'next password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_PASSWORD' });
    const same = await t.authCall('POST', '/change-password', {
      jar,
      body: { currentPassword: user.password, newPassword: user.password },
    });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ code: 'PASSWORD_UNCHANGED' });

    const ok = await t.authCall('POST', '/change-password', {
      jar,
      body: { currentPassword: user.password, newPassword: 'next password' },
    });
    expect(ok.status).toBe(200);
    expect((await readLatestEmail(t.database.db, user.email))?.reason).toBe('password-changed');
    expect(await t.signIn(user.email, 'next password')).toBeTruthy();
  });

  it('with revokeOtherSessions ends the other sign-ins at once', async () => {
    const user = await t.createAccount(uniqueEmail('change-revoke'));
    const { jar } = await t.signInJar(user.email, user.password);
    const res = await t.authCall('POST', '/change-password', {
      jar,
      body: { currentPassword: user.password, newPassword: 'next password', revokeOtherSessions: true },
    });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/users/me', { token: user.token })).status).toBe(401);
    expect((await t.call('GET', '/api/users/me', { token: await t.idToken(jar) })).status).toBe(200);
  });
});

describe('sign out everywhere', () => {
  it('refuses every earlier ID token at once, even unexpired ones', async () => {
    const user = await t.createAccount(uniqueEmail('everywhere'));
    const { jar } = await t.signInJar(user.email, user.password);
    const otherDevice = await t.idToken(jar);
    expect(jwtPayload(otherDevice).sid).toEqual(expect.any(String));
    expect((await t.call('GET', '/api/users/me', { token: otherDevice })).status).toBe(200);

    const revoke = await t.authCall('POST', '/revoke-sessions', { jar, body: {} });
    expect(revoke.status).toBe(200);
    for (const token of [user.token, otherDevice]) {
      const res = await t.call('GET', '/api/users/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({
        code: 'unauthenticated',
        message: expect.stringMatching(/signed out/),
      });
    }
    expect((await t.authCall('GET', '/token', { jar })).status).toBe(401);
    // Signing in again works.
    const fresh = await t.signIn(user.email, user.password);
    expect((await t.call('GET', '/api/users/me', { token: fresh })).status).toBe(200);
  });

  it('refuses the token of an identity without Argo user too', async () => {
    const user = await t.signUp(uniqueEmail('identity-only'));
    const jar = new CookieJar();
    await t.authCall('POST', '/sign-in/email', { jar, body: { email: user.email, password: user.password } });
    await t.authCall('POST', '/revoke-sessions', { jar, body: {} });
    expect((await t.call('GET', '/api/users/me', { token: user.token })).status).toBe(401);
    expect((await t.call('POST', '/api/accounts', { token: user.token, body: { name: 'X' } })).status).toBe(
      401,
    );
  });
});
