import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { findFreePort } from './postgres-server';

/*
 * cognito-local (npm), the Cognito emulator, run for real on 127.0.0.1 for the tests of the Cognito path
 * (apps/api/src/auth/cognito.test.ts and e2e/cognito.e2e.ts). It keeps its pools in `.cognito/` under its working
 * directory, so each instance runs in a temp directory of its own, which stop() removes.
 */

const require = createRequire(import.meta.url);
const READY_TIMEOUT_MS = 30_000;

export interface CognitoPool {
  userPoolId: string;
  clientId: string;
}

export interface CognitoLocal {
  /** e.g. http://127.0.0.1:41234: what COGNITO_ENDPOINT is set to. */
  endpoint: string;
  /** An SDK client for the emulator (admin calls; any static credentials will do). */
  client: CognitoIdentityProviderClient;
  /** A pool with email as the username, codes sent by email, and a public client allowing USER_PASSWORD_AUTH. */
  createPool(name?: string): Promise<CognitoPool>;
  /** SignUp + ConfirmSignUp with the emailed code; answers the pool user's sub. */
  signUpConfirmed(pool: CognitoPool, email: string, password: string, name?: string): Promise<string>;
  /** The confirmation code cognito-local "emailed" to this address (it keeps it in the pool's data file). */
  readConfirmationCode(userPoolId: string, email: string): Promise<string>;
  /**
   * Marks the email verified, as real Cognito does when the sign-up is confirmed with the emailed code (cognito-local
   * leaves `email_verified` unset on ConfirmSignUp).
   */
  markEmailVerified(userPoolId: string, email: string): Promise<void>;
  /** InitiateAuth USER_PASSWORD_AUTH (the flow cognito-local supports): the ID and access tokens. */
  signIn(
    pool: CognitoPool,
    email: string,
    password: string,
  ): Promise<{ idToken: string; accessToken: string }>;
  /** The emulator's output, for the error message when something fails. */
  output: string[];
  stop(): Promise<void>;
}

/** The private key cognito-local signs every token with (it ships in the package: tests forge with it). */
export async function readCognitoLocalSigningKey(): Promise<{ pem: string; kid: string }> {
  const file = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const key = JSON.parse(await readFile(file, 'utf8')) as { pem: string; jwk: { kid: string } };
  return { pem: key.pem, kid: key.jwk.kid };
}

export async function startCognitoLocal(): Promise<CognitoLocal> {
  const cwd = await mkdtemp(path.join(tmpdir(), 'argo-cognito-local-'));
  const port = await findFreePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const entry = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib/bin/start.js');
  const child = spawn(process.execPath, [entry], {
    cwd,
    // HOST and PORT also make the tokens' issuer http://127.0.0.1:<port>/<pool id>.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    await stopChild(child);
    await rm(cwd, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(endpoint, child, output);
  } catch (error) {
    await stop();
    throw error;
  }

  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  async function readPoolUsers(userPoolId: string) {
    const file = path.join(cwd, '.cognito', 'db', `${userPoolId}.json`);
    const data = JSON.parse(await readFile(file, 'utf8')) as {
      Users?: Record<
        string,
        { Username: string; ConfirmationCode?: string; Attributes: { Name: string; Value: string }[] }
      >;
    };
    return Object.values(data.Users ?? {});
  }

  async function findPoolUser(userPoolId: string, email: string) {
    const user = (await readPoolUsers(userPoolId)).find((u) =>
      u.Attributes.some((a) => a.Name === 'email' && a.Value.toLowerCase() === email.toLowerCase()),
    );
    if (!user) throw new Error(`cognito-local has no user ${email} in ${userPoolId}`);
    return user;
  }

  const local: CognitoLocal = {
    endpoint,
    client,
    output,
    async createPool(name = 'argo-test') {
      const pool = await client.send(
        new CreateUserPoolCommand({
          PoolName: name,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
        }),
      );
      const userPoolId = pool.UserPool?.Id;
      if (!userPoolId) throw new Error('CreateUserPool answered no pool id');
      const created = await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: 'argo-web',
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        }),
      );
      const clientId = created.UserPoolClient?.ClientId;
      if (!clientId) throw new Error('CreateUserPoolClient answered no client id');
      return { userPoolId, clientId };
    },
    async readConfirmationCode(userPoolId, email) {
      const code = (await findPoolUser(userPoolId, email)).ConfirmationCode;
      if (!code) throw new Error(`cognito-local holds no confirmation code for ${email}`);
      return code;
    },
    async markEmailVerified(userPoolId, email) {
      const user = await findPoolUser(userPoolId, email);
      await client.send(
        new AdminUpdateUserAttributesCommand({
          UserPoolId: userPoolId,
          Username: user.Username,
          // cognito-local only takes email_verified together with the email itself.
          UserAttributes: [
            { Name: 'email', Value: user.Attributes.find((a) => a.Name === 'email')?.Value ?? email },
            { Name: 'email_verified', Value: 'true' },
          ],
        }),
      );
    },
    async signUpConfirmed(pool, email, password, name) {
      const signedUp = await client.send(
        new SignUpCommand({
          ClientId: pool.clientId,
          Username: email,
          Password: password,
          UserAttributes: [{ Name: 'email', Value: email }, ...(name ? [{ Name: 'name', Value: name }] : [])],
        }),
      );
      const code = await local.readConfirmationCode(pool.userPoolId, email);
      await client.send(
        new ConfirmSignUpCommand({ ClientId: pool.clientId, Username: email, ConfirmationCode: code }),
      );
      await local.markEmailVerified(pool.userPoolId, email);
      if (!signedUp.UserSub) throw new Error('SignUp answered no UserSub');
      return signedUp.UserSub;
    },
    async signIn(pool, email, password) {
      const answer = await client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const idToken = answer.AuthenticationResult?.IdToken;
      const accessToken = answer.AuthenticationResult?.AccessToken;
      if (!idToken || !accessToken)
        throw new Error(`InitiateAuth answered no tokens (${answer.ChallengeName})`);
      return { idToken, accessToken };
    },
    async stop() {
      client.destroy();
      await stop();
    },
  };
  return local;
}

async function waitUntilReady(endpoint: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`cognito-local exited (${child.exitCode ?? child.signalCode}):\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
      lastProblem = `GET /health answered ${response.status}`;
    } catch (error) {
      lastProblem = String(error);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(
    `cognito-local did not answer within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}):\n${output.join('')}`,
  );
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
