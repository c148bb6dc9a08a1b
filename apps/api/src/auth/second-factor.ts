/**
 * Which sign-ins used a second factor, and what changing two-factor needs. better-auth knows whether a user has
 * two-factor on; Argo needs to know whether this sign-in (a better-auth session) proved it, because "admins must
 * use two-factor sign-in" is about how the admin signed in (http/auth.ts enforceAdminMfa, the ID token's `mfa`).
 *
 * - A session counts as second-factor-complete when a code made it: the second sign-in step (authenticator app,
 *   emailed or backup code) or the first authenticator code that turns two-factor on. A session that replaces the
 *   request's own (password change, turning two-factor off) keeps its mark. A passkey sign-in does not count: it
 *   stands in for the password (a passkey may be registered from a password-only sign-in and the provider does not
 *   require the authenticator to verify its user), and neither does a password sign-in on a trusted device.
 * - Turning two-factor on ends every sign-in of the user. The one that turned it on with an authenticator or
 *   emailed code is replaced by a second-factor-complete session; turning on codes by email proves no code, so that
 *   sign-in ends too and the person signs in again with the emailed code.
 * - Turning two-factor off, and making new backup codes, need a current code besides the password (an authenticator
 *   code, a backup code, or a code emailed to a signed-in user by /two-factor/send-otp): the password alone could
 *   come from any sign-in, one without a second factor included.
 */
import type { GenericEndpointContext } from '@better-auth/core';
import { APIError, getSessionFromCtx, isAPIError } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';

/** The session field (column auth_sessions.second_factor); no default, so a replacing session can carry it. */
export const SECOND_FACTOR_SESSION_FIELDS = {
  secondFactor: { type: 'boolean', required: false, input: false },
} as const;

/** Requests whose new session exists because a code was just proved. */
const CODE_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/verify-otp',
  '/two-factor/verify-backup-code',
]);
/** Requests that replace the signed-in user's own session with a new one (which keeps its mark). */
const REPLACING_PATHS = new Set(['/change-password', '/two-factor/disable', '/two-factor/enable']);
/** Requests that may turn two-factor on (the only ones where the provider sets twoFactorEnabled to true). */
const TURN_ON_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-otp', '/two-factor/enable']);
/** Changes to two-factor that need a current code. */
const NEEDS_CODE: Record<string, string> = {
  '/two-factor/disable': 'turn off two-factor sign-in',
  '/two-factor/generate-backup-codes': 'make new backup codes',
};

type Ctx = GenericEndpointContext | null | undefined;

/** The ID token's `mfa`: the user has two-factor on and this sign-in proved it. */
export function mfaClaim(user: Record<string, unknown>, session: Record<string, unknown>): boolean {
  return user.twoFactorEnabled === true && session.secondFactor === true;
}

/**
 * databaseHooks.session.create.before: marks the sessions a code made; a session replacing the same user's marked
 * one keeps the mark. Every other session is unmarked, whatever the data the provider copied into it.
 */
export function markNewSession(session: Record<string, unknown>, ctx: Ctx) {
  const path = ctx?.path ?? '';
  const current = ctx?.context.session?.session as { userId?: unknown; secondFactor?: unknown } | undefined;
  const replaced =
    REPLACING_PATHS.has(path) && current?.userId === session.userId && current?.secondFactor === true;
  return { data: { ...session, secondFactor: CODE_PATHS.has(path) || replaced } };
}

/**
 * databaseHooks.user.update.after: two-factor was just turned on, so every sign-in of the user ends (those made
 * with the password alone included). The provider then replaces the current one (see afterTurningOn).
 */
export async function endSessionsWhenTurnedOn(user: { id: string; twoFactorEnabled?: unknown }, ctx: Ctx) {
  if (!ctx || !TURN_ON_PATHS.has(ctx.path) || user.twoFactorEnabled !== true) return;
  await ctx.context.internalAdapter.deleteUserSessions(user.id);
}

/**
 * hooks.after of /two-factor/enable: codes by email turned on at once, with no code proved, and the provider gave
 * the request a replacing session; unless that sign-in had proved a code before, it ends too.
 */
export async function afterTurningOn(ctx: GenericEndpointContext) {
  if (ctx.path !== '/two-factor/enable') return;
  const created = ctx.context.newSession;
  if (!created || (created.session as { secondFactor?: unknown }).secondFactor === true) return;
  await ctx.context.internalAdapter.deleteSession(created.session.token);
  deleteSessionCookie(ctx);
}

/** The provider's own code checks, called for the signed-in user (server calls: no limits of Argo's apply). */
export interface CodeChecks {
  verifyTOTP(input: { body: { code: string }; headers: Headers }): Promise<unknown>;
  verifyTwoFactorOTP(input: { body: { code: string }; headers: Headers }): Promise<unknown>;
  verifyBackupCode(input: { body: { code: string }; headers: Headers }): Promise<unknown>;
}

const BACKUP_CODE = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

/** True when the check accepts the code; the provider's refusals (wrong, expired, used up) are a plain false. */
async function accepts(check: () => Promise<unknown>): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (error) {
    if (isAPIError(error)) return false;
    throw error;
  }
}

/**
 * hooks.before of /two-factor/disable and /two-factor/generate-backup-codes: refuses them without a current code
 * (400 TWO_FACTOR_CODE_REQUIRED) or with a wrong one (400 INVALID_CODE). The password is checked first, so a wrong
 * password never uses up a backup or emailed code. Argo's limits count these requests (sign-in-guard.ts).
 */
export async function requireCurrentCode(ctx: GenericEndpointContext, checks: CodeChecks) {
  const action = NEEDS_CODE[ctx.path];
  if (!action) return;
  const signedIn = await getSessionFromCtx(ctx);
  // Without a session the provider refuses on its own; with two-factor off there is nothing a code could prove.
  if (signedIn?.user.twoFactorEnabled !== true) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const code = typeof body.code === 'string' ? body.code.replace(/\s+/g, '') : '';
  if (!code) {
    throw new APIError('BAD_REQUEST', {
      code: 'TWO_FACTOR_CODE_REQUIRED',
      message: `Enter a code from your authenticator app, a backup code or a code we email you, to ${action}.`,
    });
  }
  await ctx.context.password.checkPassword(signedIn.user.id, ctx);

  const headers = new Headers(ctx.headers);
  const userId = signedIn.user.id;
  const totp = await ctx.context.adapter.findOne<{ verified?: boolean | null }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  });
  let accepted = false;
  if (/^\d{6}$/.test(code)) {
    if (totp && totp.verified !== false) {
      accepted = await accepts(() => checks.verifyTOTP({ body: { code }, headers }));
    }
    const emailed = `2fa-otp-${userId}!${signedIn.session.id}`;
    if (!accepted && (await ctx.context.internalAdapter.findVerificationValue(emailed))) {
      accepted = await accepts(() => checks.verifyTwoFactorOTP({ body: { code }, headers }));
    }
  } else if (totp && BACKUP_CODE.test(code)) {
    const backup = code.includes('-') ? code : `${code.slice(0, 5)}-${code.slice(5)}`;
    accepted = await accepts(() => checks.verifyBackupCode({ body: { code: backup }, headers }));
  }
  if (!accepted) {
    throw new APIError('BAD_REQUEST', {
      code: 'INVALID_CODE',
      message:
        'That code is not right. Enter the current code from your authenticator app, a backup code, or the code we emailed you.',
    });
  }
}
