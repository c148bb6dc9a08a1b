/**
 * The built-in identity provider (IDENTITY_PROVIDER=builtin, the default): better-auth (better-auth.ts) mounted
 * under /api/auth, its ID tokens verified with the keys it keeps in the database, and invitations with a
 * temporary password by email.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { fromNodeHeaders } from 'better-auth/node';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import pino from 'pino';
import type { Config } from '../config/env';
import type { Database } from '../db/client';
import { appSecrets } from '../db/schema/auth';
import { createMailer, type Mailer, type MailLog } from '../modules/email/mailer';
import { invitationEmail, invitationToMemberEmail } from '../modules/email/templates';
import {
  type BetterAuthInstance,
  BUILTIN_AUDIENCE,
  BUILTIN_ISSUER,
  CLIENT_IP_HEADER,
  createBetterAuth,
  ID_TOKEN_MINUTES,
} from './better-auth';
import {
  type IdentityProvider,
  type IdTokenClaims,
  type Invitation,
  InvitationNotSentError,
  type InvitationSent,
} from './identity-provider';
import { createSignInGuard } from './sign-in-guard';
import { CLOCK_TOLERANCE_SECONDS, hasBoundedLifetime } from './token-lifetime';

const JWKS_REFRESH_MS = 5 * 60_000;

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

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random temporary password (16+ characters, no look-alike characters) for an invited user. */
function temporaryPassword(minLength = 16): string {
  const length = Math.max(16, minLength);
  let password = '';
  for (let i = 0; i < length; i++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

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
  const guard = createSignInGuard({
    db,
    config,
    identify: (request) => auth.api.argoSignInUser({ headers: fromNodeHeaders(request.headers) }),
  });

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
      jwtVerify(token, keys, {
        issuer: BUILTIN_ISSUER,
        audience: BUILTIN_AUDIENCE,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'iat'],
      });
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
      if (!hasBoundedLifetime(payload, ID_TOKEN_MINUTES * 60)) return null;
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
   * address registered but never confirmed. A confirmed sign-in keeps its password and is only told (the person
   * accepts in Argo); so is the owner of an address that joined another organisation, with an email saying so.
   * Every path hashes one password, so the time the answer takes does not tell the admin which path ran.
   */
  async function inviteUser(invitation: Invitation): Promise<InvitationSent> {
    const ctx = await auth.$context;
    const email = invitation.email.toLowerCase();
    const found = invitation.memberElsewhere ? null : await ctx.internalAdapter.findUserByEmail(email);
    let password: string | null = null;
    if (invitation.memberElsewhere) {
      await ctx.password.hash(temporaryPassword(config.PASSWORD_MIN_LENGTH));
    } else if (!found) {
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
    } else {
      await ctx.password.hash(temporaryPassword(config.PASSWORD_MIN_LENGTH));
    }
    const about = {
      publicUrl: config.PUBLIC_URL,
      accountName: invitation.accountName,
      invitedBy: invitation.invitedBy,
    };
    try {
      await mailer.send({
        to: email,
        ...(invitation.memberElsewhere
          ? invitationToMemberEmail(about)
          : invitationEmail({ ...about, email, temporaryPassword: password })),
      });
    } catch (error) {
      log.error({ err: error, to: email }, 'invitation email could not be sent');
      throw new InvitationNotSentError(error);
    }
    return { madeSignIn: password !== null };
  }

  function registerRoutes(app: FastifyInstance) {
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      config: { access: 'public' },
      schema: { hide: true },
      // Tokens, session cookies and TOTP secrets beside what the client sent: never compressed (BREACH).
      compress: false,
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
