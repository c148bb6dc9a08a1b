import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createTestApp, type TestApp, uniqueEmail } from '../../test/app';
import { readEmails, readLatestCode, readLatestEmail } from '../../test/outbox';
import { otherCode } from '../../test/totp';
import { authUsers } from '../db/schema/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PASSWORD = 'correct horse battery';

async function register(email: string, password = PASSWORD, name = 'Ada') {
  return t.authCall('POST', '/sign-up/email', { body: { email, password, name } });
}

describe('sign-up with an emailed confirmation code', () => {
  it('registers, emails a code with a link to /confirmation/, confirms and signs in', async () => {
    const email = uniqueEmail('fresh');
    const res = await register(email);
    expect(res.status).toBe(200);
    // No session before the email is confirmed: the web shows the code step.
    expect(res.body.token).toBeNull();
    expect(res.headers['set-cookie']).toBeUndefined();

    const message = await readLatestEmail(t.database.db, email, 'confirm-sign-up');
    expect(message?.subject).toMatch(/^Argo: your confirmation code is \d{6}$/);
    const code = await readLatestCode(t.database.db, email, 'confirm-sign-up');
    expect(message?.text).toContain(
      `${t.config.PUBLIC_URL}/confirmation/?email=${encodeURIComponent(email)}&code=${code}`,
    );
    expect(message?.text).toMatch(
      /You are receiving this because someone registered with this address at Argo/,
    );

    const jar = new CookieJar();
    const confirmed = await t.authCall('POST', '/email-otp/verify-email', {
      jar,
      body: { email, otp: code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: true, user: { email, emailVerified: true } });
    // Confirming signs in: the session gives an ID token the API accepts.
    const token = await t.idToken(jar);
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(404);

    // And the password signs in from now on.
    const again = await t.signIn(email, PASSWORD);
    expect((await t.call('GET', '/api/users/me', { token: again })).status).toBe(404);
  });

  it('gives the web its ID token with the session, and answers a signed-out visitor 200 with none', async () => {
    // The web reads the token from GET /get-session (the jwt plugin's `set-auth-jwt` header): a signed-out visit
    // is a plain "no session", not a 401 in the browser's console.
    const anonymous = await t.authCall('GET', '/get-session?disableCookieCache=true', {
      jar: new CookieJar(),
    });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toBeNull();
    expect(anonymous.headers['set-auth-jwt']).toBeUndefined();

    const email = uniqueEmail('token');
    await register(email);
    const jar = new CookieJar();
    const otp = await readLatestCode(t.database.db, email, 'confirm-sign-up');
    expect((await t.authCall('POST', '/email-otp/verify-email', { jar, body: { email, otp } })).status).toBe(
      200,
    );
    const token = await t.idToken(jar);
    expect((await t.call('GET', '/api/users/me', { token })).status).toBe(404);

    // Signed out: the same request gives no token any more.
    await t.authCall('POST', '/sign-out', { jar, body: {} });
    const after = await t.authCall('GET', '/get-session?disableCookieCache=true', { jar });
    expect(after.status).toBe(200);
    expect(after.headers['set-auth-jwt']).toBeUndefined();
  });

  it('refuses a wrong code, then the right one still works (3 tries per code)', async () => {
    const email = uniqueEmail('wrong');
    await register(email);
    const code = await readLatestCode(t.database.db, email);
    const wrong = await t.authCall('POST', '/email-otp/verify-email', {
      body: { email, otp: otherCode(code) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'INVALID_OTP' });
    const right = await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: code } });
    expect(right.status).toBe(200);
  });

  it('locks a code after 3 wrong tries', async () => {
    const email = uniqueEmail('locked');
    await register(email);
    const code = await readLatestCode(t.database.db, email);
    for (let i = 0; i < 3; i++) {
      const wrong = await t.authCall('POST', '/email-otp/verify-email', {
        body: { email, otp: otherCode(code) },
      });
      expect(wrong.status).toBe(400);
    }
    const locked = await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: code } });
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    // A new code (resend) works.
    const resent = await t.authCall('POST', '/email-otp/send-verification-otp', {
      body: { email, type: 'email-verification' },
    });
    expect(resent.status).toBe(200);
    const fresh = await readLatestCode(t.database.db, email);
    expect(
      (await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: fresh } })).status,
    ).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    await register(email);
    const code = await readLatestCode(t.database.db, email);
    await t.database.db.execute(
      sql`update auth_verifications set expires_at = now() - interval '1 second'
          where identifier = ${`email-verification-otp-${email}`}`,
    );
    const res = await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: code } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'OTP_EXPIRED' });
  });

  it('refuses a code used once already', async () => {
    const email = uniqueEmail('reused');
    await register(email);
    const code = await readLatestCode(t.database.db, email);
    expect((await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: code } })).status).toBe(
      200,
    );
    const again = await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: code } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_OTP' });
  });

  it('a resent code replaces the previous one', async () => {
    const email = uniqueEmail('resend');
    await register(email);
    const first = await readLatestCode(t.database.db, email);
    await t.authCall('POST', '/email-otp/send-verification-otp', {
      body: { email, type: 'email-verification' },
    });
    const second = await readLatestCode(t.database.db, email);
    if (first !== second) {
      const old = await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: first } });
      expect(old.status).toBe(400);
    }
    expect(
      (await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: second } })).status,
    ).toBe(200);
  });

  it('keeps codes short-lived: 10 minutes', async () => {
    const email = uniqueEmail('ttl');
    await register(email);
    const result = await t.database.db.execute<{ seconds: number }>(
      sql`select extract(epoch from expires_at - now())::int as seconds from auth_verifications
          where identifier = ${`email-verification-otp-${email}`}`,
    );
    expect(Number(result.rows[0]?.seconds)).toBeGreaterThan(590);
    expect(Number(result.rows[0]?.seconds)).toBeLessThanOrEqual(600);
  });
});

describe('signing in before confirming', () => {
  it('answers EMAIL_NOT_VERIFIED for the right password and emails a fresh code', async () => {
    const email = uniqueEmail('early');
    await register(email);
    const before = (await readEmails(t.database.db, email)).length;
    const res = await t.authCall('POST', '/sign-in/email', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(res.headers['set-cookie'] ?? []).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/session_token=[^;]/)]),
    );
    expect((await readEmails(t.database.db, email)).length).toBe(before + 1);
    const code = await readLatestCode(t.database.db, email, 'confirm-sign-up');
    expect((await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: code } })).status).toBe(
      200,
    );
  });

  it('answers a wrong password exactly like an unknown email', async () => {
    const email = uniqueEmail('early-wrong');
    await register(email);
    const wrong = await t.authCall('POST', '/sign-in/email', {
      body: { email, password: 'not the password' },
    });
    const unknown = await t.authCall('POST', '/sign-in/email', {
      body: { email: uniqueEmail('nobody'), password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
  });
});

describe('sign-up with an email that already has an account', () => {
  it('answers exactly like a new sign-up and tells the owner by email instead', async () => {
    const taken = await t.signUp(uniqueEmail('taken'));
    const fresh = uniqueEmail('new');

    const duplicate = await register(taken.email, 'another password', 'Mallory');
    const created = await register(fresh, 'another password', 'Mallory');
    expect(duplicate.status).toBe(created.status);
    expect(Object.keys(duplicate.body).sort()).toEqual(Object.keys(created.body).sort());
    expect(Object.keys(duplicate.body.user).sort()).toEqual(Object.keys(created.body.user).sort());
    expect(duplicate.body).toMatchObject({
      token: null,
      user: { email: taken.email, name: 'Mallory', emailVerified: false, mustChangePassword: false },
    });
    expect(duplicate.headers['set-cookie']).toBeUndefined();

    const notice = await readLatestEmail(t.database.db, taken.email);
    expect(notice?.reason).toBe('sign-up-existing-account');
    expect(notice?.text).toMatch(/Someone tried to register at Argo with this email address/);
    expect(notice?.text).not.toMatch(/\b\d{6}\b/);
    // The owner's password is untouched.
    expect(await t.signIn(taken.email, taken.password)).toBeTruthy();
    const wrong = await t.authCall('POST', '/sign-in/email', {
      body: { email: taken.email, password: 'another password' },
    });
    expect(wrong.status).toBe(401);
  });

  it('registering again before confirming sends a fresh code and takes the new password', async () => {
    const email = uniqueEmail('again');
    await register(email, 'first password');
    const again = await register(email, 'second password');
    expect(again.status).toBe(200);
    const code = await readLatestCode(t.database.db, email, 'confirm-sign-up');
    expect((await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: code } })).status).toBe(
      200,
    );
    expect(await t.signIn(email, 'second password')).toBeTruthy();
    expect(
      (await t.authCall('POST', '/sign-in/email', { body: { email, password: 'first password' } })).status,
    ).toBe(401);
  });

  it('sends no confirmation code to a confirmed address, answering the same', async () => {
    const user = await t.signUp(uniqueEmail('confirmed'));
    const before = (await readEmails(t.database.db, user.email)).length;
    const res = await t.authCall('POST', '/email-otp/send-verification-otp', {
      body: { email: user.email, type: 'email-verification' },
    });
    const unknown = await t.authCall('POST', '/email-otp/send-verification-otp', {
      body: { email: uniqueEmail('unknown'), type: 'email-verification' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(unknown.body);
    expect((await readEmails(t.database.db, user.email)).length).toBe(before);
  });

  it('offers no email-only sign-in', async () => {
    const user = await t.signUp(uniqueEmail('otp-sign-in'));
    const send = await t.authCall('POST', '/email-otp/send-verification-otp', {
      body: { email: user.email, type: 'sign-in' },
    });
    expect(send.status).toBe(400);
    const signIn = await t.authCall('POST', '/sign-in/email-otp', {
      body: { email: user.email, otp: '123456' },
    });
    expect(signIn.status).toBe(404);
  });
});

describe('user fields', () => {
  it('returns mustChangePassword and never takes it from the client', async () => {
    const email = uniqueEmail('field');
    const res = await t.authCall('POST', '/sign-up/email', {
      body: { email, password: PASSWORD, name: 'Eve', mustChangePassword: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.mustChangePassword).toBe(false);
    const [row] = await t.database.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(row?.mustChangePassword).toBe(false);
  });
});
