import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/client';

/**
 * Argo's own limits in front of the built-in provider's endpoints (issue 3, part 5), kept in PostgreSQL so every
 * API process shares them:
 *
 * - sign-in attempts: failures are counted per account (`account:<email>`) and per client IP (`ip:<address>`) over
 *   SIGN_IN_WINDOW_MINUTES; at SIGN_IN_MAX_ATTEMPTS the endpoint answers 429 until the oldest failure ages out. A
 *   completed sign-in clears the account's count. Unknown emails count exactly like known ones (no enumeration).
 * - code requests: every request that may email a code counts per address (`send:<email>`), so nobody can flood a
 *   mailbox; same limit and window.
 * - TOTP replay: an accepted authenticator code is recorded per user and refused when presented again (the provider
 *   accepts each code for about 90 s and keeps no record of its own).
 */

type AccountFrom = 'body' | 'cookie' | 'none';
interface Rule {
  kind: 'attempt' | 'send';
  account: AccountFrom;
}

const RULES: Record<string, Rule> = {
  '/sign-in/email': { kind: 'attempt', account: 'body' },
  '/email-otp/verify-email': { kind: 'attempt', account: 'body' },
  '/email-otp/reset-password': { kind: 'attempt', account: 'body' },
  '/email-otp/check-verification-otp': { kind: 'attempt', account: 'body' },
  '/two-factor/verify-totp': { kind: 'attempt', account: 'cookie' },
  '/two-factor/verify-otp': { kind: 'attempt', account: 'cookie' },
  '/two-factor/verify-backup-code': { kind: 'attempt', account: 'cookie' },
  '/passkey/verify-authentication': { kind: 'attempt', account: 'none' },
  '/sign-up/email': { kind: 'send', account: 'body' },
  '/email-otp/send-verification-otp': { kind: 'send', account: 'body' },
  '/email-otp/request-password-reset': { kind: 'send', account: 'body' },
  '/forget-password/email-otp': { kind: 'send', account: 'body' },
  '/two-factor/send-otp': { kind: 'send', account: 'cookie' },
};

/** How long an accepted TOTP code stays recorded: longer than the provider's ±1 step window of 30 s steps. */
const TOTP_USED_CODE_SECONDS = 180;

/** The 429 body: the provider's error shape `{ code, message }` plus when to try again. */
export interface TooManyAttempts {
  code: 'TOO_MANY_ATTEMPTS';
  message: string;
  retry_after_seconds: number;
}

export interface GuardState {
  rule: Rule;
  path: string;
  email: string | null;
  userId: string | null;
  ip: string;
  /** The TOTP code this request claimed (released again unless the provider accepts it). */
  claimedCode: string | null;
}

export type GuardDecision =
  | { action: 'forward'; state: GuardState }
  | { action: 'refuse'; status: number; body: object; headers?: Record<string, string> };

export interface SignInGuard {
  /** Null for paths without limits; otherwise forward (with the state to pass to `after`) or refuse. */
  before(request: FastifyRequest, path: string): Promise<GuardDecision | null>;
  /** Records the outcome of a forwarded request: a failure counts, a completed sign-in clears the account. */
  after(state: GuardState, status: number, body: unknown): Promise<void>;
}

const minutesText = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
};

export function tooManyAttempts(kind: Rule['kind'], retryAfterSeconds: number): TooManyAttempts {
  const wait = minutesText(retryAfterSeconds);
  return {
    code: 'TOO_MANY_ATTEMPTS',
    message:
      kind === 'attempt'
        ? `Too many sign-in attempts. Try again in ${wait}.`
        : `Too many codes were requested for this email. Try again in ${wait}.`,
    retry_after_seconds: retryAfterSeconds,
  };
}

function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 1) continue;
    const name = part.slice(0, eq).trim();
    const raw = part.slice(eq + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

/** The value of a better-call signed cookie (`value.base64(HMAC-SHA256(secret, value))`), or null. */
export function readSignedCookie(
  cookies: Map<string, string>,
  names: string[],
  secret: string,
): string | null {
  for (const name of names) {
    const signed = cookies.get(name);
    if (!signed) continue;
    const dot = signed.lastIndexOf('.');
    if (dot < 1) continue;
    const value = signed.slice(0, dot);
    const given = Buffer.from(signed.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(value).digest();
    if (given.length === expected.length && timingSafeEqual(given, expected)) return value;
  }
  return null;
}

function bodyString(body: unknown, field: string): string | null {
  if (!body || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function createSignInGuard({
  db,
  config,
  secret,
  cookiePrefix,
}: {
  db: Database;
  config: Config;
  secret: string;
  cookiePrefix: string;
}): SignInGuard {
  const max = config.SIGN_IN_MAX_ATTEMPTS;
  const windowMinutes = config.SIGN_IN_WINDOW_MINUTES;
  const cookieNames = (name: string) => [`${cookiePrefix}.${name}`, `__Secure-${cookiePrefix}.${name}`];

  /** The user behind the pending two-factor sign-in, or else behind the session cookie. */
  async function userFromCookies(request: FastifyRequest) {
    const cookies = parseCookies(request.headers.cookie);
    const twoFactor = readSignedCookie(cookies, cookieNames('two_factor'), secret);
    const sessionToken = readSignedCookie(cookies, cookieNames('session_token'), secret);
    if (!twoFactor && !sessionToken) return null;
    const result = await db.execute<{ id: string; email: string }>(sql`
      select u.id, u.email from auth_users u
      where u.id = (select v.value from auth_verifications v
                    where v.identifier = ${twoFactor ?? ''} and v.expires_at > now()
                    order by v.created_at desc limit 1)
         or u.id = (select s.user_id from auth_sessions s
                    where s.token = ${sessionToken ?? ''} and s.expires_at > now())
      limit 1`);
    return result.rows[0] ?? null;
  }

  /** Seconds until every key is below the limit again; 0 when none is at it. */
  async function secondsBlocked(keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const result = await db.execute<{ wait: number | string | null }>(sql`
      select max(extract(epoch from (nth + make_interval(mins => ${windowMinutes}) - now()))) as wait
      from (
        select (array_agg(created_at order by created_at desc))[${max}] as nth
        from auth_attempts
        where key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )}) and created_at > now() - make_interval(mins => ${windowMinutes})
        group by key
      ) counted
      where nth is not null`);
    const wait = Number(result.rows[0]?.wait ?? 0);
    return wait > 0 ? Math.ceil(wait) : 0;
  }

  async function record(keys: string[]) {
    if (keys.length === 0) return;
    await db.execute(sql`
      insert into auth_attempts (key) values ${sql.join(
        keys.map((k) => sql`(${k})`),
        sql`, `,
      )}`);
    // Now and then, forget attempts that no longer count (for keys that never come back).
    if (Math.random() < 0.02) {
      await db.execute(
        sql`delete from auth_attempts where created_at < now() - make_interval(mins => ${windowMinutes})`,
      );
    }
  }

  async function clear(key: string) {
    await db.execute(sql`delete from auth_attempts where key = ${key}`);
  }

  /** True when this request may use the code (first use); false when it was already accepted recently. */
  async function claimTotpCode(userId: string, code: string): Promise<boolean> {
    const result = await db.execute(sql`
      with expired as (
        delete from auth_totp_used_codes
        where user_id = ${userId} and code <> ${code} and used_at < now() - make_interval(secs => ${TOTP_USED_CODE_SECONDS})
      )
      insert into auth_totp_used_codes (user_id, code) values (${userId}, ${code})
      on conflict (user_id, code) do update set used_at = now()
        where auth_totp_used_codes.used_at < now() - make_interval(secs => ${TOTP_USED_CODE_SECONDS})
      returning code`);
    return result.rows.length > 0;
  }

  async function releaseTotpCode(userId: string, code: string) {
    await db.execute(sql`delete from auth_totp_used_codes where user_id = ${userId} and code = ${code}`);
  }

  const keysOf = (state: GuardState) =>
    state.rule.kind === 'send'
      ? state.email
        ? [`send:${state.email}`]
        : []
      : [...(state.email ? [`account:${state.email}`] : []), `ip:${state.ip}`];

  return {
    async before(request, path) {
      const rule = request.method === 'POST' ? RULES[path] : undefined;
      if (!rule) return null;
      let email: string | null = null;
      let userId: string | null = null;
      if (rule.account === 'body') email = bodyString(request.body, 'email')?.toLowerCase() ?? null;
      if (rule.account === 'cookie') {
        const user = await userFromCookies(request);
        email = user?.email.toLowerCase() ?? null;
        userId = user?.id ?? null;
      }
      const state: GuardState = { rule, path, email, userId, ip: request.ip, claimedCode: null };

      const wait = await secondsBlocked(keysOf(state));
      if (wait > 0) {
        return {
          action: 'refuse',
          status: 429,
          body: tooManyAttempts(rule.kind, wait),
          headers: { 'retry-after': String(wait) },
        };
      }
      if (rule.kind === 'send') await record(keysOf(state));

      if (path === '/two-factor/verify-totp' && userId) {
        const code = bodyString(request.body, 'code')?.replace(/\s+/g, '');
        if (code) {
          if (!(await claimTotpCode(userId, code))) {
            await record(keysOf(state));
            return {
              action: 'refuse',
              status: 401,
              body: {
                code: 'INVALID_CODE',
                message: 'This code was already used. Enter the next code your authenticator app shows.',
              },
            };
          }
          state.claimedCode = code;
        }
      }
      return { action: 'forward', state };
    },

    async after(state, status, body) {
      if (state.claimedCode && state.userId && status !== 200) {
        await releaseTotpCode(state.userId, state.claimedCode);
      }
      if (state.rule.kind !== 'attempt') return;
      if (status === 200) {
        const response = (body ?? {}) as { twoFactorRedirect?: unknown; user?: { email?: unknown } };
        // The password was right but the second step is still to come: the sign-in is not complete yet.
        if (response.twoFactorRedirect) return;
        const email =
          state.email ??
          (typeof response.user?.email === 'string' ? response.user.email.toLowerCase() : null);
        if (email) await clear(`account:${email}`);
        return;
      }
      const code = (body as { code?: unknown } | null)?.code;
      // A right password for an unconfirmed email or a disabled user is not a guess; server errors are not the
      // caller's.
      if (status >= 500 || status === 429 || code === 'EMAIL_NOT_VERIFIED' || code === 'USER_DISABLED')
        return;
      if (status >= 400) await record(keysOf(state));
    },
  };
}
