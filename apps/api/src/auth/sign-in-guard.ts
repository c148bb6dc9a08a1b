import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import type { SignInUser } from './sign-in-user';

/**
 * Argo's own limits in front of the built-in provider's endpoints, kept in
 * PostgreSQL so every API process shares them:
 *
 * - password and second-factor attempts: failures are counted per account and client address together
 *   (`pair:<email>|<ip>`) and per client address (`ip:<ip>`) over SIGN_IN_WINDOW_MINUTES; at SIGN_IN_MAX_ATTEMPTS
 *   that pair (or address) gets 429 until the oldest failure ages out. Failures from everywhere also count per
 *   account (`account:<email>`), but they only slow the account's sign-ins down (a growing delay before the answer):
 *   a stranger's wrong passwords must not lock the owner out. A completed sign-in clears the account's counts.
 *   Unknown emails count exactly like known ones (no enumeration). An attempt counts as a failure from the moment
 *   it arrives and is taken back when it succeeds: checked first and counted after the answer, a hundred guesses
 *   sent at once all passed the check (a security review's finding).
 * - emailed codes (confirmation, password reset) are never refused in advance: a correct code proves control of the
 *   mailbox and must always work. Guessing is bounded by the provider (3 tries per code, counted atomically by the
 *   endpoints Argo serves: the provider's check-verification-otp, which counts them after comparing, is disabled in
 *   better-auth.ts) and by the code requests below; a correct reset or confirmation clears the account's counts.
 * - code requests: every request that may email a code counts per address (`send:<email>`), so nobody can flood a
 *   mailbox; same limit and window.
 * - TOTP replay: an accepted authenticator code is recorded per user and refused when presented again (the provider
 *   accepts each code for about 90 s and keeps no record of its own). The user behind a second-factor request is
 *   read by the provider itself (sign-in-user.ts), and a request whose user cannot be identified is refused.
 * - turning two-factor off and making new backup codes take the password and a current code (second-factor.ts):
 *   attempts of the signed-in user, limited and checked for replayed codes like the second sign-in step. Without a
 *   session they go on to the provider, which refuses them.
 */

/** body: the email field; cookie: the session or pending two-factor cookie; session: the session, when there is one. */
type AccountFrom = 'body' | 'cookie' | 'session' | 'none';
interface Rule {
  /** attempt: refused at the limit; code: an emailed code, never refused in advance; send: emails a code. */
  kind: 'attempt' | 'code' | 'send';
  account: AccountFrom;
}

const RULES: Record<string, Rule> = {
  '/sign-in/email': { kind: 'attempt', account: 'body' },
  '/email-otp/verify-email': { kind: 'code', account: 'body' },
  '/email-otp/reset-password': { kind: 'code', account: 'body' },
  '/two-factor/verify-totp': { kind: 'attempt', account: 'cookie' },
  '/two-factor/verify-otp': { kind: 'attempt', account: 'cookie' },
  '/two-factor/verify-backup-code': { kind: 'attempt', account: 'cookie' },
  '/passkey/verify-authentication': { kind: 'attempt', account: 'none' },
  '/sign-up/email': { kind: 'send', account: 'body' },
  '/email-otp/send-verification-otp': { kind: 'send', account: 'body' },
  '/email-otp/request-password-reset': { kind: 'send', account: 'body' },
  '/forget-password/email-otp': { kind: 'send', account: 'body' },
  '/two-factor/send-otp': { kind: 'send', account: 'cookie' },
  '/two-factor/disable': { kind: 'attempt', account: 'session' },
  '/two-factor/generate-backup-codes': { kind: 'attempt', account: 'session' },
};

/** Requests whose `code` may be an authenticator code, recorded so it is accepted once. */
const TOTP_CODE_PATHS = new Set([
  '/two-factor/verify-totp',
  '/two-factor/disable',
  '/two-factor/generate-backup-codes',
]);

/** How long an accepted TOTP code stays recorded: longer than the provider's ±1 step window of 30 s steps. */
const TOTP_USED_CODE_SECONDS = 180;
/** The longest an account's sign-in is held back while failures from everywhere pile up on it. */
const MAX_SLOW_DOWN_MS = 8000;

/**
 * The delay before answering a sign-in of an account with `failures` recent failures from any address: none below
 * the limit, then 1 s, 2 s, 4 s … up to MAX_SLOW_DOWN_MS. Guessing slows to a crawl; the owner waits seconds at most.
 */
function slowDownMs(failures: number, max: number): number {
  if (failures < max) return 0;
  return Math.min(MAX_SLOW_DOWN_MS, 1000 * 2 ** Math.min(failures - max, 10));
}

/** The 429 body: the provider's error shape `{ code, message }` plus when to try again. */
interface TooManyAttempts {
  code: 'TOO_MANY_ATTEMPTS';
  message: string;
  retry_after_seconds: number;
}

interface GuardState {
  rule: Rule;
  path: string;
  email: string | null;
  userId: string | null;
  ip: string;
  /** The TOTP code this request claimed (released again unless the provider accepts it). */
  claimedCode: string | null;
  /** The failure records this attempt made on arrival (auth_attempts ids), taken back unless it fails. */
  reserved: number[];
}

type GuardDecision =
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

function tooManyAttempts(kind: 'attempt' | 'send', retryAfterSeconds: number): TooManyAttempts {
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

/** The provider's own answer to a second step it cannot tie to a sign-in (two-factor plugin wording). */
const UNIDENTIFIED = {
  code: 'INVALID_TWO_FACTOR_COOKIE',
  message: 'Invalid two factor cookie',
} as const;

function bodyString(body: unknown, field: string): string | null {
  if (!body || typeof body !== 'object') return null;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

export function createSignInGuard({
  db,
  config,
  identify,
  sleep = (ms) => new Promise((done) => setTimeout(done, ms)),
}: {
  db: Database;
  config: Config;
  /** The user behind the request's session or pending two-factor cookie, read by the provider (sign-in-user.ts). */
  identify: (request: FastifyRequest) => Promise<SignInUser | null>;
  sleep?: (ms: number) => Promise<void>;
}): SignInGuard {
  const max = config.SIGN_IN_MAX_ATTEMPTS;
  const windowMinutes = config.SIGN_IN_WINDOW_MINUTES;

  /**
   * Seconds until every key has fewer than `limit` recent records again; 0 when none has that many. An attempt
   * asks with limit max + 1, its own record (made on arrival) included.
   */
  async function secondsBlocked(keys: string[], limit = max): Promise<number> {
    if (keys.length === 0) return 0;
    const result = await db.execute<{ wait: number | string | null }>(sql`
      select max(extract(epoch from (nth + make_interval(mins => ${windowMinutes}) - now()))) as wait
      from (
        select (array_agg(created_at order by created_at desc))[${limit}] as nth
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

  async function recentFailures(key: string): Promise<number> {
    const result = await db.execute<{ n: number | string }>(sql`
      select count(*) as n from auth_attempts
      where key = ${key} and created_at > now() - make_interval(mins => ${windowMinutes})`);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** Records an attempt under each key; the records' ids. */
  async function record(keys: string[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const inserted = await db.execute<{ id: number | string }>(sql`
      insert into auth_attempts (key) values ${sql.join(
        keys.map((k) => sql`(${k})`),
        sql`, `,
      )} returning id`);
    // Now and then, forget attempts that no longer count (for keys that never come back).
    if (Math.random() < 0.02) {
      await db.execute(
        sql`delete from auth_attempts where created_at < now() - make_interval(mins => ${windowMinutes})`,
      );
    }
    return inserted.rows.map((row) => Number(row.id));
  }

  /** Takes back an attempt's records: it did not fail (or was refused before it was tried). */
  async function takeBack(ids: number[]) {
    if (ids.length === 0) return;
    await db.execute(
      sql`delete from auth_attempts where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }

  /** Forgets the account's failures, from everywhere: its owner just proved who they are. */
  async function clearAccount(email: string) {
    await db.execute(
      sql`delete from auth_attempts where key = ${`account:${email}`} or key like ${`pair:${escapeLike(email)}|%`}`,
    );
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

  /** The keys a request is refused by (at the limit). */
  const lockKeys = (state: GuardState): string[] => {
    if (state.rule.kind === 'send') return state.email ? [`send:${state.email}`] : [];
    if (state.rule.kind === 'code') return [];
    return [...(state.email ? [`pair:${state.email}|${state.ip}`] : []), `ip:${state.ip}`];
  };
  /** The keys a failure is recorded under. */
  const failureKeys = (state: GuardState): string[] => [
    ...(state.email ? [`account:${state.email}`, `pair:${state.email}|${state.ip}`] : []),
    `ip:${state.ip}`,
  ];

  const refuse = (kind: 'attempt' | 'send', wait: number): GuardDecision => ({
    action: 'refuse',
    status: 429,
    body: tooManyAttempts(kind, wait),
    headers: { 'retry-after': String(wait) },
  });

  return {
    async before(request, path) {
      const rule = request.method === 'POST' ? RULES[path] : undefined;
      if (!rule) return null;
      let email: string | null = null;
      let userId: string | null = null;
      if (rule.account === 'body') email = bodyString(request.body, 'email')?.toLowerCase() ?? null;
      if (rule.account === 'cookie' || rule.account === 'session') {
        const user = await identify(request);
        if (!user && rule.account === 'session') return null;
        if (!user) {
          // The provider would refuse it too; without a user, no limit or used-code check could apply.
          if (rule.kind === 'attempt') await record([`ip:${request.ip}`]);
          return { action: 'refuse', status: 401, body: UNIDENTIFIED };
        }
        email = user.email.toLowerCase();
        userId = user.id;
      }
      const state: GuardState = {
        rule,
        path,
        email,
        userId,
        ip: request.ip,
        claimedCode: null,
        reserved: [],
      };

      if (rule.kind === 'attempt') {
        // Counted as a failure on arrival, then checked with itself included: of guesses sent at once, only those
        // within the limit get through.
        const reserved = await record(failureKeys(state));
        const wait = await secondsBlocked(lockKeys(state), max + 1);
        if (wait > 0) {
          await takeBack(reserved);
          return refuse('attempt', wait);
        }
        state.reserved = reserved;
        if (email) {
          const delay = slowDownMs((await recentFailures(`account:${email}`)) - 1, max);
          if (delay > 0) await sleep(delay);
        }
      } else {
        const wait = await secondsBlocked(lockKeys(state));
        if (wait > 0) return refuse('send', wait);
        if (rule.kind === 'send') await record(lockKeys(state));
      }

      if (TOTP_CODE_PATHS.has(path) && userId) {
        const code = bodyString(request.body, 'code')?.replace(/\s+/g, '');
        if (code) {
          // A replayed code is a failure: its record, made on arrival, stays.
          if (!(await claimTotpCode(userId, code))) {
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
      if (state.rule.kind === 'send') return;
      const code = (body as { code?: unknown } | null)?.code;
      // A right password for an unconfirmed email or a disabled user is not a guess; server errors are not the
      // caller's. A failure keeps the records it made on arrival; anything else takes them back.
      const guessFailed =
        status >= 400 &&
        status < 500 &&
        status !== 429 &&
        code !== 'EMAIL_NOT_VERIFIED' &&
        code !== 'USER_DISABLED';
      if (!guessFailed) await takeBack(state.reserved);
      if (status === 200) {
        const response = (body ?? {}) as { twoFactorRedirect?: unknown; user?: { email?: unknown } };
        // The password was right but the second step is still to come: the sign-in is not complete yet.
        if (response.twoFactorRedirect) return;
        const email =
          state.email ??
          (typeof response.user?.email === 'string' ? response.user.email.toLowerCase() : null);
        if (email) await clearAccount(email);
      }
    },
  };
}

/** `%`, `_` and `\` in an email match themselves in LIKE. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
