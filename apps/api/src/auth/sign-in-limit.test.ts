import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, createTestApp, type TestApp, uniqueEmail } from '../../test/app';
import { readLatestCode } from '../../test/outbox';
import { otherCode, totpCode, totpSecretOf } from '../../test/totp';

// Three failures per account+address pair and per address in 15 minutes (the defaults are 5 and 15).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_ATTEMPTS: '3', SIGN_IN_WINDOW_MINUTES: '15' });
});
afterAll(() => t?.close());

let ipCounter = 0;
/** A client address no other test uses. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const signIn = (email: string, password: string, ip = freshIp(), jar?: CookieJar) =>
  t.authCall('POST', '/sign-in/email', { body: { email, password }, ip, ...(jar ? { jar } : {}) });

describe('sign-in attempts per account and address', () => {
  it('after 3 failures answers that address 429 with "try again in N minutes", even for the right password', async () => {
    const user = await t.signUp(uniqueEmail('victim'));
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, 'wrong password', ip)).status).toBe(401);

    const blocked = await signIn(user.email, user.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
      retry_after_seconds: expect.any(Number),
    });
    expect(blocked.body.retry_after_seconds).toBeGreaterThan(890);
    expect(blocked.body.retry_after_seconds).toBeLessThanOrEqual(900);
    expect(blocked.headers['retry-after']).toBe(String(blocked.body.retry_after_seconds));
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  // Five wrong passwords from anywhere used to lock the owner out of sign-in and reset alike.
  it('a stranger’s failures from other addresses do not lock the owner out', async () => {
    const user = await t.signUp(uniqueEmail('owner'));
    // One more than the limit: the account's sign-ins are slowed down (seconds), not refused.
    for (let i = 0; i < 4; i++) await signIn(user.email, 'wrong password', freshIp());
    const owner = await signIn(user.email, user.password, freshIp());
    expect(owner.status).toBe(200);
    expect(owner.body.user.email).toBe(user.email);
  });

  it('a correct emailed reset code always works, even from a refused address', async () => {
    const user = await t.signUp(uniqueEmail('resets'));
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await signIn(user.email, 'wrong password', ip);
    expect((await signIn(user.email, user.password, ip)).status).toBe(429);
    await t.authCall('POST', '/email-otp/send-verification-otp', {
      body: { email: user.email, type: 'forget-password' },
      ip,
    });
    const code = await readLatestCode(t.database.db, user.email, 'password-reset');
    for (let i = 0; i < 2; i++) {
      const wrong = await t.authCall('POST', '/email-otp/reset-password', {
        body: { email: user.email, otp: otherCode(code), password: 'a new password' },
        ip,
      });
      expect(wrong.status).toBe(400);
    }
    const reset = await t.authCall('POST', '/email-otp/reset-password', {
      body: { email: user.email, otp: code, password: 'a new password' },
      ip,
    });
    expect(reset.status).toBe(200);
    // Proving the mailbox forgets the account's failures (the address's own count stays).
    const left = await t.database.db.execute(
      sql`select key from auth_attempts where key in (${`account:${user.email}`}, ${`pair:${user.email}|${ip}`})`,
    );
    expect(left.rows).toEqual([]);
    expect((await signIn(user.email, 'a new password', freshIp())).status).toBe(200);
  });

  it('treats an unknown email exactly like a known one', async () => {
    const unknown = uniqueEmail('nobody');
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await signIn(unknown, 'wrong password', ip));
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 429]);
    expect(answers[3]?.body.message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
  });

  it('says how long is left as the failures age, and lets the person in once they are older than the window', async () => {
    const user = await t.signUp(uniqueEmail('aging'));
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await signIn(user.email, 'wrong password', ip);
    const age = (minutes: number) =>
      t.database.db.execute(
        sql`update auth_attempts set created_at = created_at - make_interval(mins => ${minutes})
            where key in (${`pair:${user.email}|${ip}`}, ${`ip:${ip}`})`,
      );
    await age(10);
    const later = await signIn(user.email, user.password, ip);
    expect(later.status).toBe(429);
    expect(later.body.message).toBe('Too many sign-in attempts. Try again in 5 minutes.');

    await age(5);
    expect((await signIn(user.email, user.password, ip)).status).toBe(200);
  });

  it('a completed sign-in clears the account’s count', async () => {
    const user = await t.signUp(uniqueEmail('clears'));
    const ip = freshIp();
    for (let i = 0; i < 2; i++) await signIn(user.email, 'wrong password', ip);
    const keys = () =>
      t.database.db
        .execute<{ key: string }>(
          sql`select key from auth_attempts where key in (${`account:${user.email}`}, ${`pair:${user.email}|${ip}`})`,
        )
        .then((r) => r.rows.map((row) => row.key));
    expect(await keys()).toHaveLength(4);
    expect((await signIn(user.email, user.password, ip)).status).toBe(200);
    expect(await keys()).toEqual([]);
  });

  it('a correct confirmation code works after wrong ones from anywhere', async () => {
    const email = uniqueEmail('confirm');
    await t.authCall('POST', '/sign-up/email', { body: { email, password: 'some password', name: 'C' } });
    for (let i = 0; i < 4; i++) {
      // A fresh code each round, so the code's own 3-try budget is not what is tested.
      await t.database.db.execute(sql`delete from auth_attempts where key = ${`send:${email}`}`);
      await t.authCall('POST', '/email-otp/send-verification-otp', {
        body: { email, type: 'email-verification' },
        ip: freshIp(),
      });
      const code = await readLatestCode(t.database.db, email, 'confirm-sign-up');
      const wrong = await t.authCall('POST', '/email-otp/verify-email', {
        body: { email, otp: otherCode(code) },
        ip: freshIp(),
      });
      expect(wrong.status).toBe(400);
    }
    const code = await readLatestCode(t.database.db, email, 'confirm-sign-up');
    const confirmed = await t.authCall('POST', '/email-otp/verify-email', { body: { email, otp: code } });
    expect(confirmed.status).toBe(200);
  });

  it('counts wrong second-factor codes against the account behind the sign-in and its address', async () => {
    const user = await t.signUp(uniqueEmail('mfa'));
    const { jar } = await t.signInJar(user.email, user.password);
    await t.authCall('POST', '/two-factor/enable', { jar, body: { password: user.password, method: 'otp' } });

    const ip = freshIp();
    const step = new CookieJar();
    expect((await signIn(user.email, user.password, ip, step)).body.twoFactorRedirect).toBe(true);
    await t.authCall('POST', '/two-factor/send-otp', { jar: step, body: {}, ip });
    const code = await readLatestCode(t.database.db, user.email, 'mfa-code');
    // The password step (right password, second step pending) neither counts nor clears.
    for (let i = 0; i < 2; i++) {
      const wrong = await t.authCall('POST', '/two-factor/verify-otp', {
        jar: step,
        body: { code: otherCode(code) },
        ip,
      });
      expect(wrong.status).toBe(401);
    }
    await signIn(user.email, 'wrong password', ip);
    const blocked = await t.authCall('POST', '/two-factor/verify-otp', { jar: step, body: { code }, ip });
    expect(blocked.status).toBe(429);
    expect((await signIn(user.email, user.password, ip)).status).toBe(429);
  });

  it('counts wrong codes (and passwords) when turning two-factor off, like the second sign-in step', async () => {
    const user = await t.signUp(uniqueEmail('mfa-off'));
    const { jar } = await t.signInJar(user.email, user.password);
    const enabled = await t.authCall('POST', '/two-factor/enable', {
      jar,
      body: { password: user.password },
    });
    const secret = totpSecretOf(enabled.body.totpURI);
    await t.authCall('POST', '/two-factor/verify-totp', { jar, body: { code: await totpCode(secret) } });

    const ip = freshIp();
    const code = await totpCode(secret, 1);
    const off = (body: object) => t.authCall('POST', '/two-factor/disable', { jar, body, ip });
    expect((await off({ password: user.password, code: otherCode(code) })).status).toBe(400);
    expect((await off({ password: user.password, code: otherCode(code) })).status).toBe(400);
    expect((await off({ password: 'wrong password', code })).status).toBe(400);
    const blocked = await off({ password: user.password, code });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
    // From another address the right password and code still work.
    const elsewhere = await t.authCall('POST', '/two-factor/disable', {
      jar,
      body: { password: user.password, code },
      ip: freshIp(),
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('guesses sent at once', () => {
  // A security review's finding: the limit was checked on arrival and counted after the answer, so 100 guesses
  // sent together were all tried, and the right password among them signed in.
  it('tries at most as many as the limit allows; the rest get 429 and leave no record', async () => {
    const user = await t.signUp(uniqueEmail('burst'));
    const ip = freshIp();
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => signIn(user.email, 'wrong password', ip)),
      signIn(user.email, user.password, ip),
    ]);
    const statuses = answers.map((a) => a.status);
    // Each counts the others that arrived before it, so a burst may get fewer through, never more.
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(3);
    expect(statuses.every((s) => s === 401 || s === 429 || s === 200)).toBe(true);
    // Only the tried ones count: the refused ones leave no record behind.
    const counted = await t.database.db.execute<{ n: string }>(
      sql`select count(*) as n from auth_attempts where key = ${`pair:${user.email}|${ip}`}`,
    );
    expect(Number(counted.rows[0]?.n)).toBe(statuses.filter((s) => s === 401).length);
  });

  it('a right password takes its attempt back: sign-ins within the limit never lock anyone out', async () => {
    const user = await t.signUp(uniqueEmail('regular'));
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 3 }, () => signIn(user.email, user.password, ip)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    for (let i = 0; i < 3; i++) expect((await signIn(user.email, user.password, ip)).status).toBe(200);
  });

  it('does not answer whether an emailed code is right without using it (check-verification-otp is off)', async () => {
    const user = await t.signUp(uniqueEmail('checked'));
    await t.authCall('POST', '/email-otp/send-verification-otp', {
      body: { email: user.email, type: 'forget-password' },
      ip: freshIp(),
    });
    const code = await readLatestCode(t.database.db, user.email, 'password-reset');
    const checked = await t.authCall('POST', '/email-otp/check-verification-otp', {
      body: { email: user.email, type: 'forget-password', otp: code },
      ip: freshIp(),
    });
    expect(checked.status).toBe(404);
  });
});

describe('sign-in attempts per IP', () => {
  it('after 3 failures from one address refuses it for any account; other addresses go on', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await signIn(uniqueEmail(`spray${i}`), 'wrong password', ip);
    const user = await t.signUp(uniqueEmail('innocent'));
    const blocked = await signIn(user.email, user.password, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many sign-in attempts. Try again in 15 minutes.');
    expect((await signIn(user.email, user.password, freshIp())).status).toBe(200);
  });

  it('counts failed passkey sign-ins', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await t.authCall('POST', '/passkey/verify-authentication', {
        body: { response: { id: 'not-a-credential' } },
        ip,
      });
      expect(res.status).toBe(400);
    }
    const blocked = await t.authCall('POST', '/passkey/verify-authentication', {
      body: { response: { id: 'not-a-credential' } },
      ip,
    });
    expect(blocked.status).toBe(429);
  });
});

describe('code requests per email', () => {
  it('answer 429 after 3 per address, known or not', async () => {
    const known = await t.signUp(uniqueEmail('flooded'));
    // Its sign-up counted as the first code request; start from zero.
    await t.database.db.execute(sql`delete from auth_attempts where key = ${`send:${known.email}`}`);
    for (const email of [known.email, uniqueEmail('unknown')]) {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        answers.push(
          await t.authCall('POST', '/email-otp/send-verification-otp', {
            body: { email, type: 'forget-password' },
            ip: freshIp(),
          }),
        );
      }
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      expect(answers[3]?.body).toMatchObject({
        code: 'TOO_MANY_ATTEMPTS',
        message: 'Too many codes were requested for this email. Try again in 15 minutes.',
      });
    }
  });
});
