import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from '../../test/app';
import { authPasskeys } from '../db/schema/auth';

// The full WebAuthn ceremony (a real authenticator signing the challenge) is proven in the browser test with
// Chromium's virtual authenticator; here: the options the browser is given, and managing registered passkeys.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function signedIn() {
  const user = await t.signUp(uniqueEmail('passkey'));
  const { jar } = await t.signInJar(user.email, user.password);
  const session = await t.authCall('GET', '/get-session', { jar });
  return { ...user, jar, userId: session.body.user.id as string };
}

describe('passkey registration options', () => {
  it('are given to a signed-in user, for relying party "Argo" on PUBLIC_URL’s host', async () => {
    const user = await signedIn();
    const res = await t.authCall('GET', '/passkey/generate-register-options', { jar: user.jar });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      rp: { name: 'Argo', id: new URL(t.config.PUBLIC_URL).hostname },
      user: { name: user.email },
      challenge: expect.any(String),
      excludeCredentials: [],
    });
    expect(res.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^argo\.better-auth-passkey=/)]),
    );
  });

  it('are refused without a session', async () => {
    const res = await t.authCall('GET', '/passkey/generate-register-options');
    expect(res.status).toBe(401);
  });

  it('refuse a registration that is not a real authenticator response', async () => {
    const user = await signedIn();
    await t.authCall('GET', '/passkey/generate-register-options', { jar: user.jar });
    const res = await t.authCall('POST', '/passkey/verify-registration', {
      jar: user.jar,
      body: { response: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await t.database.db.select().from(authPasskeys)).toEqual([]);
  });
});

describe('passkey sign-in options', () => {
  it('are given without a session (the browser then asks the authenticator)', async () => {
    const res = await t.authCall('GET', '/passkey/generate-authenticate-options');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      challenge: expect.any(String),
      rpId: new URL(t.config.PUBLIC_URL).hostname,
    });
  });
});

describe('managing passkeys', () => {
  it('lists the own passkeys, deletes one, and never another user’s', async () => {
    const owner = await signedIn();
    const other = await signedIn();
    await t.database.db.insert(authPasskeys).values({
      id: crypto.randomUUID(),
      name: 'Laptop',
      publicKey: 'cHVibGljLWtleQ',
      userId: owner.userId,
      credentialID: 'credential-1',
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: 'internal',
    });

    const listed = await t.authCall('GET', '/passkey/list-user-passkeys', { jar: owner.jar });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ name: 'Laptop', credentialID: 'credential-1' })]);
    expect((await t.authCall('GET', '/passkey/list-user-passkeys', { jar: other.jar })).body).toEqual([]);

    const id = listed.body[0].id as string;
    const stolen = await t.authCall('POST', '/passkey/delete-passkey', { jar: other.jar, body: { id } });
    expect(stolen.status).not.toBe(200);
    // Registering again excludes the credential the user already has.
    const options = await t.authCall('GET', '/passkey/generate-register-options', { jar: owner.jar });
    expect(options.body.excludeCredentials).toEqual([expect.objectContaining({ id: 'credential-1' })]);

    const deleted = await t.authCall('POST', '/passkey/delete-passkey', { jar: owner.jar, body: { id } });
    expect(deleted.status).toBe(200);
    expect((await t.authCall('GET', '/passkey/list-user-passkeys', { jar: owner.jar })).body).toEqual([]);
  });

  it('signing in with an unknown credential fails like any wrong sign-in', async () => {
    const jar = (await signedIn()).jar;
    await t.authCall('GET', '/passkey/generate-authenticate-options', { jar });
    const res = await t.authCall('POST', '/passkey/verify-authentication', {
      jar,
      body: {
        response: { id: 'unknown-credential', rawId: 'unknown-credential', type: 'public-key', response: {} },
      },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'PASSKEY_NOT_FOUND' });
  });
});
