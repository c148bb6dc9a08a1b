import type { LanguageModel } from '@argo/engine';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../src/app';
import type { BetterAuthInstance } from '../src/auth/better-auth';
import { createBuiltinProvider } from '../src/auth/builtin-provider';
import { type Config, loadConfig } from '../src/config/env';
import { createLanguageModel } from '../src/config/language-model';
import { createDatabase } from '../src/db/client';
import { createJobQueue, type JobQueue } from '../src/jobs/queue';
import { createMailer, type Mailer } from '../src/modules/email/mailer';
import { createTestDatabase, type TestDatabase } from './database';
import { readLatestCode, readTemporaryPassword } from './outbox';

interface CallOptions {
  token?: string | null;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  /** The client address the API sees (default 127.0.0.1). */
  ip?: string;
}

/** The browser's cookies for the built-in provider: kept across calls, updated from every Set-Cookie. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  update(setCookie: string | string[] | number | undefined): void {
    const list = Array.isArray(setCookie) ? setCookie : typeof setCookie === 'string' ? [setCookie] : [];
    for (const cookie of list) {
      const [pair = '', ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

interface AuthCallOptions {
  body?: unknown;
  /** Sent and updated from the answer. */
  jar?: CookieJar;
  ip?: string;
  query?: Record<string, string>;
}

// Tests read response bodies loosely; `any` keeps them short where the shape is asserted anyway.
// biome-ignore lint/suspicious/noExplicitAny: test helper
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | number | string[] | undefined>;
}

interface SignedInUser {
  token: string;
  email: string;
  password: string;
  /** The Argo user once an account exists for them. */
  userId?: string;
  accountId?: string;
}

export interface TestApp {
  app: FastifyInstance;
  /** The database; its pool is the one the app's requests use. */
  database: TestDatabase;
  /** The pool the app's CSV downloads stream from, as in run.ts (DATABASE_POOL_MAX connections). */
  downloads: pg.Pool;
  jobs: JobQueue;
  /** Calls the API through the real HTTP stack (Fastify inject: routing, hooks, validation, serialisation). */
  // biome-ignore lint/suspicious/noExplicitAny: test helper
  call<T = any>(method: string, path: string, options?: CallOptions): Promise<CallResult<T>>;
  config: Config;
  /** What the app (and startWorker's jobs) use: the option given, else from LLM_* in `env`, else null. */
  languageModel: LanguageModel | null;
  auth: BetterAuthInstance;
  /** Calls the built-in provider at /api/auth{path} like the browser does (Origin header, cookie jar). */
  // biome-ignore lint/suspicious/noExplicitAny: test helper
  authCall<T = any>(method: 'GET' | 'POST', path: string, options?: AuthCallOptions): Promise<CallResult<T>>;
  /** A fresh ID token for the jar's session (GET /api/auth/get-session's `set-auth-jwt`); throws when there is none. */
  idToken(jar: CookieJar): Promise<string>;
  /**
   * Registers with the built-in provider (its real HTTP endpoints), confirms the email with the code from the
   * outbox, and returns a fresh ID token. For an invited email it accepts the invitation instead: signs in with the
   * emailed temporary password and replaces it with `password`.
   */
  signUp(email: string, password?: string, name?: string): Promise<SignedInUser>;
  /** Signs in with email + password and returns a fresh ID token. */
  signIn(email: string, password: string): Promise<string>;
  /** Signs in with email + password; the jar then holds the session (or the two-factor state). */
  signInJar(
    email: string,
    password: string,
    options?: { ip?: string },
  ): Promise<{ jar: CookieJar; body: unknown }>;
  /** signUp + POST /api/accounts: a new organisation whose first admin is this user. */
  createAccount(
    email: string,
    accountName?: string,
  ): Promise<SignedInUser & { userId: string; accountId: string }>;
  close(): Promise<void>;
}

let counter = 0;
/** A unique email per call, so tests never collide. */
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.test`;
}

/**
 * A whole Argo API on its own fresh database, with the real built-in identity provider. Use one per test file
 * (beforeAll), close it in afterAll.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    mailer?: (outbox: Mailer) => Mailer;
    /** A model for the app and the test workers (e.g. one pointing at a local OpenAI-protocol server). */
    languageModel?: LanguageModel | null;
    /** Connections of the requests' pool (run.ts sizes it by API_POOL_MAX); 10 by default. */
    poolMax?: number;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(options.poolMax ? { max: options.poolMax } : {});
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Sign-in failures from one test IP would add up across a file's tests; tests of the limit set their own.
    SIGN_IN_MAX_ATTEMPTS: '1000',
    DATABASE_URL: database.url,
    ...env,
  });
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const outbox = createMailer({ config, db: database.db, log });
  const identity = await createBuiltinProvider(database.db, config, {
    log,
    mailer: options.mailer ? options.mailer(outbox) : outbox,
  });
  const jobs = createJobQueue({ connectionString: database.url });
  await jobs.start();
  const languageModel =
    options.languageModel !== undefined ? options.languageModel : createLanguageModel(config);
  const downloads = createDatabase(database.url, { max: config.DATABASE_POOL_MAX });
  const app = await buildApp({
    config,
    db: database.db,
    downloads: downloads.pool,
    identity,
    jobs,
    languageModel,
    version: 'test',
    connectSources: [],
    logger: false,
  });
  await app.ready();

  const call: TestApp['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const query = options.query
      ? Object.fromEntries(
          Object.entries(options.query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        )
      : undefined;
    const response = await app.inject({
      method: method as 'GET',
      url: path,
      query,
      headers,
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    let body: unknown = response.body;
    if ((response.headers['content-type'] ?? '').toString().includes('json') && response.body) {
      body = response.json();
    }
    return { status: response.statusCode, body: body as never, headers: response.headers };
  };

  const authCall: TestApp['authCall'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { origin: config.PUBLIC_URL };
    const cookie = options.jar?.header();
    if (cookie) headers.cookie = cookie;
    const response = await app.inject({
      method,
      url: `/api/auth${path}`,
      headers,
      ...(options.query ? { query: options.query } : {}),
      ...(options.ip ? { remoteAddress: options.ip } : {}),
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    options.jar?.update(response.headers['set-cookie']);
    let body: unknown = response.body;
    if ((response.headers['content-type'] ?? '').toString().includes('json') && response.body) {
      body = response.json();
    }
    return { status: response.statusCode, body: body as never, headers: response.headers };
  };

  // As the web app gets it (better-auth-provider fetchIdToken): the session, with the jwt plugin's header.
  const idToken: TestApp['idToken'] = async (jar) => {
    const res = await authCall('GET', '/get-session?disableCookieCache=true', { jar });
    const token = res.headers['set-auth-jwt'];
    if (res.status !== 200 || typeof token !== 'string' || !token)
      throw new Error(`could not get an ID token: ${res.status} ${JSON.stringify(res.body)}`);
    return token;
  };

  const signInJar: TestApp['signInJar'] = async (email, password, options = {}) => {
    const jar = new CookieJar();
    const res = await authCall('POST', '/sign-in/email', { jar, body: { email, password }, ...options });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { jar, body: res.body };
  };

  const signIn: TestApp['signIn'] = async (email, password) =>
    idToken((await signInJar(email, password)).jar);

  const signUp: TestApp['signUp'] = async (email, password = 'correct horse battery', name = 'Test User') => {
    const address = email.toLowerCase();
    const invited = await database.db.execute<{ must_change_password: boolean }>(
      sql`select must_change_password from auth_users where email = ${address}`,
    );
    if (invited.rows[0]?.must_change_password) {
      // An invited person: the invitation made their sign-in; they choose their own password on first sign-in.
      const temporary = await readTemporaryPassword(database.db, address);
      const { jar } = await signInJar(address, temporary);
      const changed = await authCall('POST', '/change-password', {
        jar,
        body: { currentPassword: temporary, newPassword: password },
      });
      if (changed.status !== 200) throw new Error(`password change failed: ${JSON.stringify(changed.body)}`);
      return { token: await idToken(jar), email, password };
    }
    const res = await authCall('POST', '/sign-up/email', { body: { email, password, name } });
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
    const jar = new CookieJar();
    const otp = await readLatestCode(database.db, address, 'confirm-sign-up');
    const confirmed = await authCall('POST', '/email-otp/verify-email', { jar, body: { email, otp } });
    if (confirmed.status !== 200) throw new Error(`confirmation failed: ${JSON.stringify(confirmed.body)}`);
    return { token: await idToken(jar), email, password };
  };

  const createAccount: TestApp['createAccount'] = async (email, accountName = 'Acme Ventures') => {
    const signedUp = await signUp(email);
    const res = await call('POST', '/api/accounts', { token: signedUp.token, body: { name: accountName } });
    if (res.status !== 201)
      throw new Error(`account creation failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...signedUp, userId: res.body.user.id, accountId: res.body.account.id };
  };

  return {
    app,
    database,
    downloads: downloads.pool,
    jobs,
    config,
    languageModel,
    auth: identity.auth,
    call,
    authCall,
    idToken,
    signUp,
    signIn,
    signInJar,
    createAccount,
    async close() {
      await app.close();
      await jobs.stop();
      await downloads.close();
      await database.close();
    },
  };
}

/**
 * The businesses of a results page as the detail drawer shows them, `details` included: each read by id from
 * GET /user/session/:id/businesses/:business_id, as the web's drawer does (a page of results carries no details).
 */
export async function drawerBusinesses(
  t: TestApp,
  token: string,
  sessionId: string,
  items: readonly { id: string }[],
  // biome-ignore lint/suspicious/noExplicitAny: asserted field by field by the tests
): Promise<any[]> {
  return Promise.all(
    items.map(async ({ id }) => {
      const res = await t.call('GET', `/api/user/session/${sessionId}/businesses/${id}`, { token });
      if (res.status !== 200)
        throw new Error(`GET business ${id}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    }),
  );
}
