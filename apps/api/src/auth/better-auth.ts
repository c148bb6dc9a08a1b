/**
 * The built-in identity provider's engine: better-auth configured for Argo — email and password with emailed
 * confirmation codes, TOTP and emailed-code second factors, passkeys, ID tokens (EdDSA JWTs) — with the hooks
 * that enforce Argo's rules (no enumeration, disabled users, temporary passwords). builtin-provider.ts wraps it as
 * an IdentityProvider.
 */
import { USER_DISABLED_MESSAGE } from '@argo/contract';
import { passkey } from '@better-auth/passkey';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import { emailOTP, jwt, twoFactor } from 'better-auth/plugins';
import { sql } from 'drizzle-orm';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { authSchema } from '../db/schema/auth';
import type { Mailer, MailLog } from '../modules/email/mailer';
import {
  confirmSignUpEmail,
  existingAccountSignUpEmail,
  mfaCodeEmail,
  passwordChangedEmail,
  passwordResetEmail,
} from '../modules/email/templates';
import {
  afterTurningOn,
  type CodeChecks,
  endSessionsWhenTurnedOn,
  markNewSession,
  mfaClaim,
  requireCurrentCode,
  SECOND_FACTOR_SESSION_FIELDS,
} from './second-factor';
import { signInUserPlugin } from './sign-in-user';

/** Issuer and audience of Argo's own ID tokens: constants, so that every API process accepts every token. */
export const BUILTIN_ISSUER = 'argo';
export const BUILTIN_AUDIENCE = 'argo-api';
const COOKIE_PREFIX = 'argo';
/** The client address, set by our route from Fastify's `request.ip` (which honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-argo-client-ip';
/** How long an ID token lives; the API refuses one that claims a longer life (token-lifetime.ts). */
export const ID_TOKEN_MINUTES = 15;

/** Emailed codes (sign-up confirmation, password reset): 6 digits, 10 minutes, 3 tries, single use. */
const EMAIL_CODE_MINUTES = 10;
/** The second sign-in step: its state (cookie and record) lives 180 s, the emailed code as long. */
const MFA_STATE_SECONDS = 180;

function trustedOrigins(config: Config): string[] {
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

function bodyField(body: unknown, field: string): string | undefined {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' ? value : undefined;
}

export function createBetterAuth(db: Database, config: Config, secret: string, mailer: Mailer, log: MailLog) {
  const publicUrl = config.PUBLIC_URL;
  const { rpID, origins } = passkeyOrigins(config);
  // Callbacks below need endpoints of the instance they configure.
  let self: {
    api: CodeChecks & {
      sendVerificationOTP(input: { body: { email: string; type: 'email-verification' } }): Promise<unknown>;
    };
  } | null = null;

  /**
   * True when the Argo user of this sign-in user is disabled: matched by subject, or by email before the first
   * sign-in linked it when the invitation made this sign-in (as deleteSignInSessions does). A disabled invitation of
   * some other account never locks the person out of their own sign-in.
   */
  const isDisabled = async (authUserId: string) => {
    const result = await db.execute<{ disabled: boolean }>(sql`
      select exists (
        select 1 from users u join auth_users a on a.id = ${authUserId}
        where u.status = 'disabled'
          and (u.idp_subject = a.id
               or (u.idp_subject is null and u.joins_on_sign_in and u.email = lower(a.email)))
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
      // Argo's screens never ask whether a code is right without using it; and this endpoint counts a wrong guess
      // only after comparing, so guesses sent at once were all compared (a security review's finding).
      '/email-otp/check-verification-otp',
      // It hands out the authenticator's secret for the password alone: any sign-in could then make codes.
      '/two-factor/get-totp-uri',
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
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Whether this sign-in proved a second factor (second-factor.ts).
      additionalFields: SECOND_FACTOR_SESSION_FIELDS,
    },
    databaseHooks: {
      session: {
        create: {
          // Every way in (password, second factor, passkey, confirmation code) ends by creating a session, and
          // only after the person proved who they are: a disabled user is told so here, and gets no session.
          // Someone without the password still hears only "wrong email or password".
          async before(session, ctx) {
            if (await isDisabled(session.userId)) {
              throw new APIError('FORBIDDEN', { code: 'USER_DISABLED', message: USER_DISABLED_MESSAGE });
            }
            return markNewSession(session, ctx);
          },
        },
      },
      user: { update: { after: endSessionsWhenTurnedOn } },
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
        if (self) await requireCurrentCode(ctx, self.api);
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
        await afterTurningOn(ctx);
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
          expirationTime: `${ID_TOKEN_MINUTES}m`,
          definePayload: ({ user, session }) => ({
            email: user.email,
            name: user.name,
            email_verified: user.emailVerified,
            // The session behind the token: the API refuses the token once it is gone (sign out everywhere).
            sid: session.id,
            // This sign-in proved a second factor, not only that the user has one (second-factor.ts).
            mfa: mfaClaim(user, session),
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
      signInUserPlugin,
    ],
  });
  self = auth;
  return auth;
}

export type BetterAuthInstance = ReturnType<typeof createBetterAuth>;
