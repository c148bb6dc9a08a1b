import {
  type Access,
  ADMIN_MFA_REQUIRED_MESSAGE,
  API_KEY_MARK,
  API_KEY_READ_ONLY_MESSAGE,
  API_KEY_ROUTE_MESSAGE,
  SESSION_ENDED_MESSAGE,
  USER_DISABLED_MESSAGE,
} from '@argo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityProvider, IdTokenClaims } from '../auth/identity-provider';
import { rememberVerifiedTokens } from '../auth/verified-tokens';
import { AppError, forbidden, unauthenticated } from './errors';

/** An Argo user as the access rules need it. */
export interface ActorUser {
  id: string;
  accountId: string;
  email: string;
  role: 'admin' | 'member';
  status: 'active' | 'invited' | 'disabled';
  /** The account's setting "admins must use two-factor sign-in" (require_admin_mfa). */
  accountRequiresAdminMfa: boolean;
}

/** What the API finds for a verified token, in one round trip. */
export interface IdentityLookup {
  /** False when the provider session the token names is gone (signed out everywhere, revoked, user removed). */
  sessionActive: boolean;
  /** The Argo user behind the identity (linking an invited user by verified email on first sight), or null. */
  user: ActorUser | null;
}

/** The API key a request was made with (modules/api-keys): it acts as its user, within its scope. */
export interface ApiKeyActor {
  id: string;
  scope: 'read' | 'read_write';
}

/**
 * Who is calling. Resolved once per request by the hook below; routes read `request.actor`. A user calling with an
 * API key is a `user` with `apiKey` set (and claims made from the user's own subject).
 */
export type Actor =
  | { kind: 'none' }
  | { kind: 'anonymous'; token: string }
  | { kind: 'identity'; claims: IdTokenClaims }
  | { kind: 'user'; claims: IdTokenClaims; user: ActorUser; apiKey?: ApiKeyActor };

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The path parameter that names the session the route is about (its access is read with the identity). */
    sessionParam?: string;
    /** False: an API key may not call this route (the key routes themselves). */
    apiKeys?: boolean;
  }
}

export interface AuthDeps {
  identity: IdentityProvider;
  /**
   * The Argo user behind a verified identity, and whether the token's provider session still exists; with
   * `accessTo`, the user's access to that session is read in the same round trip, for the route's access check.
   */
  findUserForIdentity(claims: IdTokenClaims, accessTo?: string): Promise<IdentityLookup>;
  /** The user an API key acts as; throws a 401 AppError for a key that is unknown, revoked or expired. */
  verifyApiKey?(token: string): Promise<{ user: ActorUser; subject: string | null; key: ApiKeyActor }>;
}

// A JWT has three base64url parts; anything else in the bearer header is the browser's anonymous argo-token.
const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const ANON_TOKEN_SHAPE = /^[\w-]{16,128}$/;
const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session a route is about, when its path names one that can be looked up (else the route's 400 or 404). */
function sessionOfRoute(request: FastifyRequest): string | undefined {
  const param = request.routeOptions.config.sessionParam;
  const value = param ? (request.params as Record<string, unknown>)[param] : undefined;
  return typeof value === 'string' && UUID_SHAPE.test(value) ? value : undefined;
}

async function resolveActor(
  request: FastifyRequest,
  deps: AuthDeps,
  verifyIdToken: (token: string) => Promise<IdTokenClaims | null>,
): Promise<Actor> {
  const header = request.headers.authorization;
  if (!header) return { kind: 'none' };
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthenticated('The Authorization header must be "Bearer <token>".');
  const token = match[1];
  // Checked before the anonymous shape, which an API key also fits.
  if (token.startsWith(API_KEY_MARK)) {
    if (!deps.verifyApiKey) throw unauthenticated('API keys are not accepted here. Sign in instead.');
    const { user, subject, key } = await deps.verifyApiKey(token);
    const claims: IdTokenClaims = { sub: subject ?? `api-key:${key.id}`, email: user.email, name: null };
    return { kind: 'user', claims, user, apiKey: key };
  }
  if (!JWT_SHAPE.test(token)) {
    if (ANON_TOKEN_SHAPE.test(token)) return { kind: 'anonymous', token };
    throw unauthenticated('The bearer token is not valid. Sign in again.');
  }
  const claims = await verifyIdToken(token);
  if (!claims) throw unauthenticated('Your sign-in has expired or is not valid. Sign in again.');
  const { sessionActive, user } = await deps.findUserForIdentity(claims, sessionOfRoute(request));
  // A disabled user hears why (403 below) even though disabling also ended their sessions.
  if (!sessionActive && user?.status !== 'disabled') throw unauthenticated(SESSION_ENDED_MESSAGE);
  return user ? { kind: 'user', claims, user } : { kind: 'identity', claims };
}

/** The single place where route access (packages/contract `access`) is enforced. */
export function enforceAccess(access: Access, actor: Actor): void {
  if (access === 'public') return;
  if (access === 'anonymous') {
    if (actor.kind === 'none') throw unauthenticated();
    return;
  }
  if (actor.kind === 'none' || actor.kind === 'anonymous') throw unauthenticated();
  if (access === 'identity') return;
  if (actor.kind === 'identity') {
    throw forbidden(
      'Your sign-in has no Argo account yet. Create your organisation first (POST /api/accounts).',
    );
  }
  if (actor.user.status === 'disabled') throw forbidden(USER_DISABLED_MESSAGE);
  if (access === 'admin' && actor.user.role !== 'admin')
    throw forbidden('Only an admin of your account can do this.');
}

/**
 * An account with require_admin_mfa: its admins must sign in with a second factor. An admin whose token says
 * `mfa: false` may still load their profile (users/me, accounts/me: `identity` routes), so the web can send them to
 * /mfa; every member and admin route refuses them. A provider that does not say (`mfa` undefined) is not refused.
 */
function enforceAdminMfa(access: Access, actor: Actor): void {
  if (access !== 'member' && access !== 'admin') return;
  if (actor.kind !== 'user') return;
  if (actor.user.role === 'admin' && actor.user.accountRequiresAdminMfa && actor.claims.mfa === false) {
    throw forbidden(ADMIN_MFA_REQUIRED_MESSAGE);
  }
}

/**
 * An API key reaches the data routes only (`member` and `admin`, not sign-in, profile or get-started calls, nor the
 * key routes), and a `read` key only with GET: a key never does more than its scope, on top of its user's rights.
 */
function enforceApiKeyScope(request: FastifyRequest, access: Access, actor: Actor): void {
  if (actor.kind !== 'user' || !actor.apiKey) return;
  const isDataRoute =
    (access === 'member' || access === 'admin') && request.routeOptions.config.apiKeys !== false;
  if (!isDataRoute) throw forbidden(API_KEY_ROUTE_MESSAGE);
  if (actor.apiKey.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
    throw forbidden(API_KEY_READ_ONLY_MESSAGE);
  }
}

export const PASSWORD_CHANGE_REQUIRED_MESSAGE =
  'You signed in with a temporary password. Set your own password on /password/set first.';

/**
 * An invited user on the emailed temporary password may load their profile (identity routes) and set a new
 * password (the provider's own endpoint), nothing else, until they have set their own.
 */
function enforcePasswordChange(access: Access, actor: Actor): void {
  if (access !== 'member' && access !== 'admin') return;
  if (actor.kind === 'user' && actor.claims.mustChangePassword === true) {
    throw forbidden(PASSWORD_CHANGE_REQUIRED_MESSAGE);
  }
}

export function registerAuth(app: FastifyInstance, deps: AuthDeps) {
  // Decorated with null (Fastify's advice for objects), set for every request by the hook below.
  app.decorateRequest('actor', null as unknown as { getter: () => Actor });
  const verifyIdToken = rememberVerifiedTokens((token) => deps.identity.verifyIdToken(token));
  app.addHook('onRequest', async (request) => {
    request.actor = { kind: 'none' };
    const access = request.routeOptions.config.access;
    // Routes without a declared access level (static files, the SPA) need no identity.
    if (!access || access === 'public') return;
    request.actor = await resolveActor(request, deps, verifyIdToken);
    enforceAccess(access, request.actor);
    enforceApiKeyScope(request, access, request.actor);
    enforceAdminMfa(access, request.actor);
    enforcePasswordChange(access, request.actor);
  });
}

/** The signed-in Argo user of a `member`/`admin` route (the hook has already checked it). */
export function requireUser(request: FastifyRequest): ActorUser {
  const actor = request.actor;
  if (actor.kind !== 'user') throw new AppError('unauthenticated', 'Sign in to continue.');
  return actor.user;
}
