import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import { type KeyObject, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../test/app';
import {
  type CognitoLocal,
  type CognitoPool,
  readCognitoLocalSigningKey,
  startCognitoLocal,
} from '../../test/cognito-local';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { buildApp } from '../app';
import { loadConfig } from '../config/env';
import { createJobQueue, type JobQueue } from '../jobs/queue';
import { createCognitoProvider } from './cognito-provider';
import { cognitoConnectSources } from './create-identity-provider';

/*
 * The Cognito path for real: cognito-local on 127.0.0.1, a pool and client made with the AWS SDK, users who sign
 * up, confirm with the emailed code and sign in; the API (built as main.ts builds it, with the Cognito provider)
 * verifies the pool's ID tokens and reconciles the pool's users into the account.
 */

const PASSWORD = 'Correct-horse-9';

let cognito: CognitoLocal;
let pool: CognitoPool;
let database: TestDatabase;
let jobs: JobQueue;
let app: FastifyInstance;

beforeAll(async () => {
  cognito = await startCognitoLocal();
  pool = await cognito.createPool();
  database = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    DATABASE_URL: database.url,
    COGNITO_USER_POOL_ID: pool.userPoolId,
    COGNITO_CLIENT_ID: pool.clientId,
    COGNITO_ENDPOINT: cognito.endpoint,
  });
  jobs = createJobQueue({ connectionString: database.url });
  await jobs.start();
  app = await buildApp({
    config,
    db: database.db,
    downloads: database.pool,
    identity: createCognitoProvider(config),
    connectSources: cognitoConnectSources(config),
    jobs,
    version: 'test',
    logger: false,
  });
  await app.ready();
}, 90_000);

afterAll(async () => {
  await app?.close();
  await jobs?.stop();
  await database?.close();
  await cognito?.stop();
});

// biome-ignore lint/suspicious/noExplicitAny: the tests assert the shapes they read
async function call(method: string, url: string, token?: string, body?: unknown): Promise<any> {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return {
    status: response.statusCode,
    body: response.body ? response.json() : null,
    headers: response.headers,
  };
}

/** A person with an Argo account of their own: signed up and confirmed in the pool, then POST /api/accounts. */
async function createAccount(organisation = 'Acme Ventures') {
  const email = uniqueEmail('owner');
  await cognito.signUpConfirmed(pool, email, PASSWORD, 'Olive Owner');
  const { idToken } = await cognito.signIn(pool, email, PASSWORD);
  const created = await call('POST', '/api/accounts', idToken, { name: organisation });
  expect(created.status).toBe(201);
  return { email, token: idToken, userId: created.body.user.id as string };
}

async function invite(adminToken: string, email: string, role: 'admin' | 'member' = 'member') {
  const res = await call('POST', '/api/users/invite', adminToken, { email, role });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** The invited person, signed in, accepts their one pending invitation: no call joins by itself. */
async function acceptTheInvitation(token: string, userId: string) {
  expect((await call('GET', '/api/users/me', token)).status).toBe(404);
  const pending = await call('GET', '/api/invitations', token);
  expect(pending.body).toEqual([expect.objectContaining({ id: userId, role: 'member' })]);
  const accepted = await call('POST', `/api/invitations/${userId}/accept`, token);
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body.user).toMatchObject({ id: userId, status: 'active' });
}

async function userStatus(adminToken: string, userId: string): Promise<string> {
  const res = await call('GET', `/api/users/${userId}`, adminToken);
  expect(res.status).toBe(200);
  return res.body.status;
}

describe('the Cognito provider against cognito-local', () => {
  it('publishes the pool for the web app and lets the browser reach the emulator', async () => {
    const res = await call('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body.auth_provider).toBe('cognito');
    expect(res.body.cognito).toEqual({
      region: 'us-east-1',
      user_pool_id: pool.userPoolId,
      client_id: pool.clientId,
      endpoint: cognito.endpoint,
    });
    expect(res.headers['content-security-policy']).toContain(`connect-src 'self' ${cognito.endpoint}`);
    // The built-in provider's endpoints are not there.
    expect((await call('POST', '/api/auth/sign-in/email', undefined, {})).status).toBe(404);
  });

  it('signs up, confirms with the emailed code, signs in, and calls the API with the ID token', async () => {
    const email = uniqueEmail('Cora').replace('cora', 'Cora');
    const signedUp = await cognito.client.send(
      new SignUpCommand({
        ClientId: pool.clientId,
        Username: email,
        Password: PASSWORD,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'Cora Cognito' },
        ],
      }),
    );
    expect(signedUp.UserConfirmed).toBe(false);
    expect(signedUp.CodeDeliveryDetails?.DeliveryMedium).toBe('EMAIL');
    await expect(cognito.signIn(pool, email, PASSWORD)).rejects.toThrow();

    const code = await cognito.readConfirmationCode(pool.userPoolId, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    await expect(
      cognito.client.send(
        new ConfirmSignUpCommand({ ClientId: pool.clientId, Username: email, ConfirmationCode: wrongCode }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await cognito.client.send(
      new ConfirmSignUpCommand({ ClientId: pool.clientId, Username: email, ConfirmationCode: code }),
    );

    const { idToken } = await cognito.signIn(pool, email, PASSWORD);
    // No Argo account yet: identity routes work, member routes say what to do.
    const before = await call('GET', '/api/users/sessions', idToken);
    expect(before.status).toBe(403);

    const created = await call('POST', '/api/accounts', idToken, { name: 'Cora Labs' });
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: email.toLowerCase(), role: 'admin', status: 'active' });

    const me = await call('GET', '/api/users/me', idToken);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: created.body.user.id, email: email.toLowerCase() });
  });

  it('refuses forged, expired, other-audience, other-pool and access tokens with 401', async () => {
    const owner = await createAccount();
    const { accessToken } = await cognito.signIn(pool, owner.email, PASSWORD);
    const [, payload] = owner.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
    const emulatorKey = await readCognitoLocalSigningKey();
    const signWith = (key: KeyObject, changes: Record<string, unknown>, kid = emulatorKey.kid) =>
      new SignJWT({ ...claims, ...changes }).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
    const emulatorPrivateKey = createPrivateKey(emulatorKey.pem);
    const now = Math.floor(Date.now() / 1000);

    // The emulator's own key with the real claims is accepted: the cases below fail for their one change only.
    const resigned = await signWith(emulatorPrivateKey, {});
    expect((await call('GET', '/api/users/me', resigned)).status).toBe(200);

    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const refused = {
      forged: await signWith(otherKey, {}),
      expired: await signWith(emulatorPrivateKey, { iat: now - 7200, exp: now - 3600 }),
      otherAudience: await signWith(emulatorPrivateKey, { aud: 'another-app-client' }),
      otherPool: await signWith(emulatorPrivateKey, { iss: `${cognito.endpoint}/local_other` }),
      access: accessToken,
      tampered: `${owner.token.slice(0, -4)}AAAA`,
    };
    for (const [name, token] of Object.entries(refused)) {
      const res = await call('GET', '/api/users/me', token);
      expect(res.status, name).toBe(401);
      expect(res.body.error.code, name).toBe('unauthenticated');
    }
  });

  it('reconciles the pool into the account: disables users gone or disabled in the pool, leaves invitations to the invited', async () => {
    const admin = await createAccount('Sync Ventures');

    // An invited colleague who then signs up in the pool: the sync leaves the invitation for her to accept.
    const invitedEmail = uniqueEmail('ivy');
    const invitedId = await invite(admin.token, invitedEmail);
    await cognito.signUpConfirmed(pool, invitedEmail, PASSWORD, 'Ivy Invited');

    // An invited colleague whose pool user never confirmed the email: not linked.
    const unconfirmedEmail = uniqueEmail('uma');
    const unconfirmedId = await invite(admin.token, unconfirmedEmail);
    await cognito.client.send(
      new SignUpCommand({ ClientId: pool.clientId, Username: unconfirmedEmail, Password: PASSWORD }),
    );

    // A member who signed in and accepted the invitation, whom an admin then disables in the pool.
    const disabledEmail = uniqueEmail('dora');
    const disabledId = await invite(admin.token, disabledEmail);
    const doraSub = await cognito.signUpConfirmed(pool, disabledEmail, PASSWORD);
    const dora = await cognito.signIn(pool, disabledEmail, PASSWORD);
    await acceptTheInvitation(dora.idToken, disabledId);
    expect((await call('GET', '/api/users/me', dora.idToken)).body).toMatchObject({ id: disabledId });
    await cognito.client.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: doraSub }),
    );

    // A member whose pool user was deleted.
    const goneEmail = uniqueEmail('gus');
    const goneId = await invite(admin.token, goneEmail);
    const gusSub = await cognito.signUpConfirmed(pool, goneEmail, PASSWORD);
    const gus = await cognito.signIn(pool, goneEmail, PASSWORD);
    await acceptTheInvitation(gus.idToken, goneId);
    await cognito.client.send(new AdminDeleteUserCommand({ UserPoolId: pool.userPoolId, Username: gusSub }));

    // A pool user nobody invited: not imported into the account.
    const strangerEmail = uniqueEmail('stranger');
    await cognito.signUpConfirmed(pool, strangerEmail, PASSWORD);

    // Another organisation on the same pool, with a member of its own: never touched.
    const other = await createAccount('Other Org');
    const otherMemberEmail = uniqueEmail('otto');
    const otherMemberId = await invite(other.token, otherMemberEmail);

    const member = await cognito.signIn(pool, disabledEmail, PASSWORD);
    const notAdmin = await call('POST', '/api/admin/sync-cognito-users', member.idToken);
    expect(notAdmin.status).toBe(403);

    const synced = await call('POST', '/api/admin/sync-cognito-users', admin.token);
    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    // The admin and both invitations → unchanged; Dora and Gus → disabled.
    expect(synced.body).toEqual({ created: 0, updated: 0, disabled: 2, unchanged: 3 });

    expect(await userStatus(admin.token, invitedId)).toBe('invited');
    expect(await userStatus(admin.token, unconfirmedId)).toBe('invited');
    expect(await userStatus(admin.token, disabledId)).toBe('disabled');
    expect(await userStatus(admin.token, goneId)).toBe('disabled');
    expect(await userStatus(other.token, otherMemberId)).toBe('invited');
    const users = await call('GET', '/api/users', admin.token);
    expect(users.body.map((u: { email: string }) => u.email)).not.toContain(strangerEmail);

    // Ivy signs in and accepts: she is the user. Dora's token (still valid in the pool) no longer opens Argo.
    const ivy = await cognito.signIn(pool, invitedEmail, PASSWORD);
    await acceptTheInvitation(ivy.idToken, invitedId);
    expect((await call('GET', '/api/users/me', ivy.idToken)).body).toMatchObject({
      id: invitedId,
      status: 'active',
    });
    expect((await call('GET', '/api/users/sessions', dora.idToken)).status).toBe(403);

    // Nothing left to do: a second sync changes nothing.
    const again = await call('POST', '/api/admin/sync-cognito-users', admin.token);
    expect(again.body).toEqual({ created: 0, updated: 0, disabled: 0, unchanged: 5 });
  });
});
