import { randomBytes, randomInt } from 'node:crypto';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { emailOTP, jwt, twoFactor } from 'better-auth/plugins';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import pino from 'pino';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { appSecrets, authSchema } from '../db/schema/auth';
import { createMailer, type Mailer, type MailLog } from '../modules/email/mailer';
import {
  confirmSignUpEmail,
  existingAccountSignUpEmail,
  invitationEmail,
  mfaCodeEmail,
  passwordChangedEmail,
  passwordResetEmail,
} from '../modules/email/templates';
import {
  type IdentityProvider,
  type IdTokenClaims,
  type Invitation,
  InvitationNotSentError,
} from './identity-provider';
import { createSignInGuard } from './sign-in-guard';

/** Issuer and audience of Argo's own ID tokens: constants, so that every API process accepts every token. */
export const BUILTIN_ISSUER = 'argo';
export const BUILTIN_AUDIENCE = 'argo-api';
const JWKS_REFRESH_MS = 5 * 60_000;
const COOKIE_PREFIX = 'argo';
/** The client address, set by our route from Fastify's `request.ip` (which honours TRUST_PROXY). */
const CLIENT_IP_HEADER = 'x-argo-client-ip';

/** The answer to a disabled Argo user's sign-in (the same words the API uses for their calls). */
export const USER_DISABLED_MESSAGE = 'Your user is disabled. Ask an admin of your account to enable it.';

/** Emailed codes (sign-up confirmation, password reset): 6 digits, 10 minutes, 3 tries, single use. */
export const EMAIL_CODE_MINUTES = 10;
/** The second sign-in step: its state (cookie and record) lives 180 s (SPEC §9), the emailed code as long. */
export const MFA_STATE_SECONDS = 180;

/** AUTH_SECRET when configured; otherwise one generated on first start and kept in the database for all processes. */
async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db.select().from(appSecrets).where(sql`${appSecrets.name} = 'auth_secret'`);
  const value = rows[0]?.value;
  if (!value) throw new Error('could not create the identity provider secret');
  return value;
}

export function trustedOrigins(config: Config): string[] {
  const origins = new Set([
    config.PUBLIC_URL,
    `http://localhost:${config.PORT}`,
    `http://127.0.0.1:${config.PORT}`,
  ]);
  for (const o of config.CORS_ORIGINS) origins.add(o);
  return [...origins];
}

/** WebAuthn: the relying party is PUBLIC_URL's host; every trusted origin on that host may register and sign in. */
function passkeyOrigins(config: Config): { rpID: string; origins: string[] } {
  const rpID = new URL(config.PUBLIC_URL).hostname;
  const origins = trustedOrigins(config).filter((origin) => {
    const host = new URL(origin).hostname;
    return host === rpID || host.endsWith(`.${rpID}`);
  });
  return { rpID, origins };
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random temporary password (16+ characters, no look-alike characters) for an invited user. */
export function temporaryPassword(minLength = 16): string {
  const length = Math.max(16, minLength);
  let password = '';
  for (let i = 0; i < length; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

function bodyField(body: unknown, field: string): string | undefined {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

function createBetterAuth(db: Database, config: Config, secret: string, mailer: Mailer, log: MailLog) {
  const publicUrl = config.PUBLIC_URL;
  const { rpID, origins } = passkeyOrigins(config);
  // Callbacks below need endpoints of the instance they configure.
  let self: {
    api: {
      sendVerificationOTP(input: { body: { email: string; type: 'email-verification' } }): Promise<unknown>;
    };
  } | null = null;

  /**
   * True when the Argo user of this sign-in user is disabled: matched by subject, or by email before the first
   * sign-in linked it (as deleteSignInSessions does).
   */
  const isDisabled = async (authUserId: string) => {
    const result = await db.execute<{ disabled: boolean }>(sql`
      select exists (
        select 1 from users u join auth_users a on a.id = ${authUserId}
        where u.status = 'disabled'
          and (u.idp_subject = a.id or (u.idp_subject is null and u.email = lower(a.email)))
      ) as disabled`);
    return result.rows[0]?.disabled === true;
  };

  const setMustChangePassword = (userId: string, value: boolean) =>
    db.execute(
      sql`update auth_users set must_change_password = ${value}, updated_at = now() where id = ${userId}`,
    );

  const auth = betterAuth({
    appName: 'Argo',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, { provider: 'pg', schema: authSchema }),
    // Flows Argo does not offer: email-only sign-in (it would skip the password and the second factor), and the
    // link-based verification and reset (Argo confirms and resets with emailed codes).
    disabledPaths: [
      '/sign-in/email-otp',
      '/forget-password/email-otp',
      '/verify-email',
      '/send-verification-email',
      '/request-password-reset',
      '/reset-password',
      '/email-otp/request-email-change',
      '/email-otp/change-email',
    ],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: config.PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      // No session before the email is confirmed; and sign-up answers the same whether the email is new or not.
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      async onExistingUserSignUp({ user }) {
        if (!user.emailVerified) {
          // Registered before but never confirmed: a fresh code (the password was updated by the hook below).
          await self?.api.sendVerificationOTP({ body: { email: user.email, type: 'email-verification' } });
          return;
        }
        await mailer.sendSoon({ to: user.email, ...existingAccountSignUpEmail({ publicUrl }) });
      },
      async onPasswordReset({ user }) {
        await setMustChangePassword(user.id, false);
        await mailer.sendSoon({ to: user.email, ...passwordChangedEmail({ publicUrl }) });
      },
    },
    emailVerification: {
      // Signing in with the right password before confirming sends a fresh code (the web shows the code step).
      sendOnSignIn: true,
      // Confirming the code signs the person in (only never-confirmed users can receive such a code, see below).
      autoSignInAfterVerification: true,
    },
    user: {
      additionalFields: {
        // Set for invited users (temporary password); cleared by /change-password or a reset. Never client-set.
        mustChangePassword: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      session: {
        create: {
          // Every way in (password, second factor, passkey, confirmation code) ends by creating a session, and
          // only after the person proved who they are: a disabled user is told so here, and gets no session.
          // Someone without the password still hears only "wrong email or password".
          async before(session) {
            if (await isDisabled(session.userId)) {
              throw new APIError('FORBIDDEN', { code: 'USER_DISABLED', message: USER_DISABLED_MESSAGE });
            }
          },
        },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Argo limits requests itself, in PostgreSQL (sign-in-guard.ts, app.ts); the provider's limiter is per process.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // The provider's own messages go to Argo's log (JSON, with the request's other lines), not to the console.
    logger: {
      level: 'warn',
      log(level, message, ...args) {
        const err = args.find((a) => a instanceof Error);
        const entry = err ? { err } : args.length ? { details: args } : {};
        if (level === 'error') log.error(entry, `identity provider: ${message}`);
        else if (level === 'warn') log.warn(entry, `identity provider: ${message}`);
        else log.info(entry, `identity provider: ${message}`);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/email-otp/send-verification-otp') {
          const type = bodyField(ctx.body, 'type');
          if (type !== 'email-verification' && type !== 'forget-password') {
            throw new APIError('BAD_REQUEST', {
              code: 'INVALID_OTP_TYPE',
              message: "type must be 'email-verification' or 'forget-password'.",
            });
          }
          const email = bodyField(ctx.body, 'email')?.toLowerCase();
          if (type === 'email-verification' && email) {
            // A confirmed address gets no confirmation code: confirming signs in, which must need the password.
            // The answer is the provider's usual one, so it says nothing about the address.
            const found = await ctx.context.internalAdapter.findUserByEmail(email);
            if (found?.user.emailVerified) return ctx.json({ success: true });
          }
        }
        if (ctx.path === '/sign-up/email') {
          // Registering again before confirming: the new password replaces the old one (the person may have
          // forgotten it, or someone else registered the address first), and a fresh code goes out.
          const email = bodyField(ctx.body, 'email')?.toLowerCase();
          const password = bodyField(ctx.body, 'password');
          if (email && password && password.length >= config.PASSWORD_MIN_LENGTH && password.length <= 128) {
            const found = await ctx.context.internalAdapter.findUserByEmail(email);
            if (found && !found.user.emailVerified) {
              await ctx.context.internalAdapter.updatePassword(
                found.user.id,
                await ctx.context.password.hash(password),
              );
            }
          }
        }
        if (ctx.path === '/change-password') {
          const current = bodyField(ctx.body, 'currentPassword');
          if (current && current === bodyField(ctx.body, 'newPassword')) {
            throw new APIError('BAD_REQUEST', {
              code: 'PASSWORD_UNCHANGED',
              message: 'Choose a new password, different from the current one.',
            });
          }
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/change-password') return;
        const returned = ctx.context.returned;
        if (!returned || isAPIError(returned) || returned instanceof Response) return;
        const user = (returned as { user?: { id?: string; email?: string } }).user;
        if (!user?.id) return;
        await setMustChangePassword(user.id, false);
        if (user.email) await mailer.sendSoon({ to: user.email, ...passwordChangedEmail({ publicUrl }) });
        // The response carries the user as it was before the change: say the flag is now clear.
        return ctx.json({ ...(returned as object), user: { ...user, mustChangePassword: false } });
      }),
    },
    plugins: [
      jwt({
        jwks: { keyPairConfig: { alg: 'EdDSA', crv: 'Ed25519' } },
        jwt: {
          issuer: BUILTIN_ISSUER,
          audience: BUILTIN_AUDIENCE,
          expirationTime: '15m',
          definePayload: ({ user, session }) => ({
            email: user.email,
            name: user.name,
            email_verified: user.emailVerified,
            // The session behind the token: the API refuses the token once it is gone (sign out everywhere).
            sid: session.id,
            mfa: user.twoFactorEnabled === true,
            // An invited user still on the emailed temporary password: the API lets them only set a new one.
            must_change_password: user.mustChangePassword === true,
          }),
        },
      }),
      emailOTP({
        otpLength: 6,
        expiresIn: EMAIL_CODE_MINUTES * 60,
        allowedAttempts: 3,
        storeOTP: 'hashed',
        disableSignUp: true,
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        async sendVerificationOTP({ email, otp, type }) {
          const params = { publicUrl, email, code: otp, minutes: EMAIL_CODE_MINUTES };
          if (type === 'email-verification') {
            await mailer.sendSoon({ to: email, ...confirmSignUpEmail(params) });
          } else if (type === 'forget-password') {
            await mailer.sendSoon({ to: email, ...passwordResetEmail(params) });
          }
        },
      }),
      twoFactor({
        issuer: 'Argo',
        twoFactorCookieMaxAge: MFA_STATE_SECONDS,
        otpOptions: {
          period: MFA_STATE_SECONDS / 60,
          storeOTP: 'hashed',
          allowedAttempts: 3,
          async sendOTP({ user, otp }) {
            await mailer.sendSoon({
              to: user.email,
              ...mfaCodeEmail({ code: otp, minutes: MFA_STATE_SECONDS / 60 }),
            });
          },
        },
      }),
      passkey({ rpID, rpName: 'Argo', origin: origins }),
    ],
  });
  self = auth;
  return auth;
}

export type BetterAuthInstance = ReturnType<typeof createBetterAuth>;

export interface BuiltinProviderOptions {
  /** Where emails go; by default SMTP_URL or the dev outbox, logging with `log`. */
  mailer?: Mailer;
  log?: MailLog;
}

/** The built-in identity provider: better-auth mounted at /api/auth, issuing EdDSA ID tokens verified from its JWKS. */
export async function createBuiltinProvider(
  db: Database,
  config: Config,
  options: BuiltinProviderOptions = {},
): Promise<IdentityProvider & { auth: BetterAuthInstance; mailer: Mailer }> {
  const secret = await resolveAuthSecret(db, config.AUTH_SECRET);
  const log = options.log ?? pino({ level: config.LOG_LEVEL, base: null });
  const mailer = options.mailer ?? createMailer({ config, db, log });
  const auth = createBetterAuth(db, config, secret, mailer, log);
  const guard = createSignInGuard({ db, config, secret, cookiePrefix: COOKIE_PREFIX });

  let keySet: ReturnType<typeof createLocalJWKSet> | null = null;
  let loadedAt = 0;
  async function loadKeys() {
    const jwks = (await auth.api.getJwks()) as JSONWebKeySet;
    keySet = createLocalJWKSet(jwks);
    loadedAt = Date.now();
    return keySet;
  }

  async function verifyIdToken(token: string): Promise<IdTokenClaims | null> {
    const verifyWith = async (keys: ReturnType<typeof createLocalJWKSet>) =>
      jwtVerify(token, keys, { issuer: BUILTIN_ISSUER, audience: BUILTIN_AUDIENCE, clockTolerance: 5 });
    try {
      const keys = keySet && Date.now() - loadedAt < JWKS_REFRESH_MS ? keySet : await loadKeys();
      let result: Awaited<ReturnType<typeof verifyWith>>;
      try {
        result = await verifyWith(keys);
      } catch (error) {
        // A key created by another process since our last load: reload once.
        if ((error as { code?: string }).code !== 'ERR_JWKS_NO_MATCHING_KEY') throw error;
        result = await verifyWith(await loadKeys());
      }
      const { payload } = result;
      // Every token of ours names its session; one without is not ours to accept.
      if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
      if (typeof payload.sid !== 'string') return null;
      return {
        sub: payload.sub,
        email: payload.email.toLowerCase(),
        name: typeof payload.name === 'string' ? payload.name : null,
        emailVerified: payload.email_verified === true,
        sessionId: payload.sid,
        mfa: payload.mfa === true,
        mustChangePassword: payload.must_change_password === true,
      };
    } catch {
      return null;
    }
  }

  /**
   * The sign-in user of an invited person. A new address gets a user with a temporary password (email already
   * verified: the admin typed it) that must be changed; so does a re-invite while that password is unchanged, or an
   * address registered but never confirmed. A confirmed sign-in keeps its password and is only told.
   */
  async function inviteUser(invitation: Invitation): Promise<void> {
    const ctx = await auth.$context;
    const email = invitation.email.toLowerCase();
    const found = await ctx.internalAdapter.findUserByEmail(email);
    let password: string | null = null;
    if (!found) {
      password = temporaryPassword(config.PASSWORD_MIN_LENGTH);
      const user = await ctx.internalAdapter.createUser(
        {
          email,
          name: invitation.name ?? '',
          emailVerified: true,
          mustChangePassword: true,
        },
        { method: 'admin' },
      );
      await ctx.internalAdapter.linkAccount({
        userId: user.id,
        providerId: 'credential',
        accountId: user.id,
        password: await ctx.password.hash(password),
      });
    } else if (
      !found.user.emailVerified ||
      (found.user as { mustChangePassword?: boolean }).mustChangePassword
    ) {
      password = temporaryPassword(config.PASSWORD_MIN_LENGTH);
      const hash = await ctx.password.hash(password);
      const userId = found.user.id;
      if (await ctx.internalAdapter.findCredentialAccount(userId)) {
        await ctx.internalAdapter.updatePassword(userId, hash);
      } else {
        await ctx.internalAdapter.linkAccount({
          userId,
          providerId: 'credential',
          accountId: userId,
          password: hash,
        });
      }
      await ctx.internalAdapter.updateUser(userId, { emailVerified: true, mustChangePassword: true });
      await ctx.internalAdapter.deleteUserSessions(userId);
    }
    try {
      await mailer.send({
        to: email,
        ...invitationEmail({
          publicUrl: config.PUBLIC_URL,
          email,
          accountName: invitation.accountName,
          invitedBy: invitation.invitedBy,
          temporaryPassword: password,
        }),
      });
    } catch (error) {
      log.error({ err: error, to: email }, 'invitation email could not be sent');
      throw new InvitationNotSentError(error);
    }
  }

  function registerRoutes(app: FastifyInstance) {
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: { access: 'public' },
      schema: { hide: true },
      async handler(request, reply) {
        const url = new URL(request.url, config.PUBLIC_URL);
        const path = url.pathname.slice('/api/auth'.length);
        const decision = await guard.before(request, path);
        if (decision?.action === 'refuse') {
          for (const [key, value] of Object.entries(decision.headers ?? {})) reply.header(key, value);
          return reply.status(decision.status).type('application/json').send(decision.body);
        }

        const headers = fromNodeHeaders(request.headers);
        headers.set(CLIENT_IP_HEADER, request.ip);
        const hasBody = request.method !== 'GET' && request.body !== undefined;
        const response = await auth.handler(
          new Request(url, {
            method: request.method,
            headers,
            body: hasBody ? JSON.stringify(request.body) : undefined,
          }),
        );
        const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        if (decision?.action === 'forward') {
          let json: unknown = null;
          if (body && (response.headers.get('content-type') ?? '').includes('json')) {
            try {
              json = JSON.parse(body.toString('utf8'));
            } catch {
              json = null;
            }
          }
          await guard.after(decision.state, response.status, json);
        }

        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key.toLowerCase() !== 'set-cookie') reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        return reply.send(body);
      },
    });
  }

  return { kind: 'builtin', auth, mailer, verifyIdToken, registerRoutes, inviteUser };
}
