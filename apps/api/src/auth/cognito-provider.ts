import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import { KidNotFoundInJwksError } from 'aws-jwt-verify/error';
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import type { Config } from '../config/env';
import { type CognitoPoolUser, createCognitoDirectory } from './cognito-directory';
import type { IdentityProvider, IdTokenClaims } from './identity-provider';
import { hasBoundedLifetime } from './token-lifetime';

/** What the web app needs to talk to the pool itself (GET /api/config). */
interface CognitoPublicSettings {
  region: string;
  userPoolId: string;
  clientId: string;
  /** Set for an emulator such as cognito-local; AWS's own endpoint otherwise. */
  endpoint: string | null;
}

/** The Cognito identity provider: verifies the pool's ID tokens and lists its users for the admin sync. */
export interface CognitoProvider extends IdentityProvider {
  kind: 'cognito';
  settings: CognitoPublicSettings;
  listPoolUsers(): Promise<CognitoPoolUser[]>;
}

export function isCognitoProvider(provider: IdentityProvider): provider is CognitoProvider {
  return provider.kind === 'cognito' && 'listPoolUsers' in provider;
}

/** How far past its expiry a token is still accepted, for clocks that differ (the specification's tolerance). */
const GRACE_SECONDS = 5;
/** The longest ID token validity a Cognito app client can be configured with (1 day). */
const COGNITO_MAX_TOKEN_SECONDS = 24 * 60 * 60;
/** A token signed with a key we do not know makes us reload the JWKS at most this often. */
const JWKS_RELOAD_MIN_INTERVAL_MS = 60_000;
const JWKS_FETCH_TIMEOUT_MS = 5_000;

type ConfiguredCognito = Config & { COGNITO_USER_POOL_ID: string; COGNITO_CLIENT_ID: string };

export function hasCognitoConfig(config: Config): config is ConfiguredCognito {
  return Boolean(config.COGNITO_USER_POOL_ID && config.COGNITO_CLIENT_ID);
}

/** The pool's ID-token claims as Argo needs them; null when a claim Argo relies on is missing. */
export function claimsFromCognitoPayload(payload: JwtPayload): IdTokenClaims | null {
  const { sub, email } = payload;
  if (typeof sub !== 'string' || !sub || typeof email !== 'string' || !email) return null;
  return {
    sub,
    email: email.toLowerCase(),
    name: nameFromPayload(payload),
    // An invited user is linked by email only when the pool says the email is verified (as with the built-in one).
    emailVerified: isEmailVerified(payload),
  };
}

function nameFromPayload(payload: JwtPayload): string | null {
  if (typeof payload.name === 'string' && payload.name.trim()) return payload.name.trim();
  const parts = [payload.given_name, payload.family_name].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  return parts.length > 0 ? parts.join(' ') : null;
}

/** Cognito sends `email_verified` as a boolean; older pools and some emulators send the string "true". */
export function isEmailVerified(payload: JwtPayload): boolean {
  return payload.email_verified === true || payload.email_verified === 'true';
}

type VerifyToken = (token: string) => Promise<JwtPayload>;

/** AWS Cognito: the issuer and the HTTPS JWKS follow from the pool id; aws-jwt-verify fetches and caches the keys. */
function createAwsVerifier(userPoolId: string, clientId: string): VerifyToken {
  const verifier = CognitoJwtVerifier.create({
    userPoolId,
    clientId,
    tokenUse: 'id',
    graceSeconds: GRACE_SECONDS,
  });
  return (token) => verifier.verify(token);
}

/**
 * An emulator (cognito-local) at `endpoint`: it signs with `iss = <endpoint>/<pool id>` and serves its JWKS over
 * plain http, which aws-jwt-verify's own fetcher (https only) cannot load. So we fetch the JWKS ourselves,
 * hand it over with cacheJwks(), and verify synchronously against the cache; a token signed with an unknown key
 * reloads the JWKS (at most once a minute) before it is refused.
 */
function createEndpointVerifier(endpoint: string, userPoolId: string, clientId: string): VerifyToken {
  const issuer = `${endpoint}/${userPoolId}`;
  const jwksUri = `${issuer}/.well-known/jwks.json`;
  const verifier = JwtVerifier.create({
    issuer,
    jwksUri,
    audience: clientId,
    graceSeconds: GRACE_SECONDS,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'id') throw new Error('not an ID token');
    },
  });

  let loadedAt = 0;
  let loading: Promise<void> | null = null;
  const loadJwks = () => {
    loading ??= (async () => {
      const response = await fetch(jwksUri, { signal: AbortSignal.timeout(JWKS_FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`GET ${jwksUri} answered ${response.status}`);
      verifier.cacheJwks((await response.json()) as Jwks);
      loadedAt = Date.now();
    })().finally(() => {
      loading = null;
    });
    return loading;
  };

  return async (token) => {
    if (loadedAt === 0) await loadJwks();
    try {
      return verifier.verifySync(token);
    } catch (error) {
      if (!(error instanceof KidNotFoundInJwksError)) throw error;
      if (Date.now() - loadedAt < JWKS_RELOAD_MIN_INTERVAL_MS) throw error;
      await loadJwks();
      return verifier.verifySync(token);
    }
  };
}

/**
 * The Cognito identity provider, chosen when COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID are set.
 * Sign-in happens between the browser (Amplify) and the pool; the API only verifies the pool's ID tokens.
 */
export function createCognitoProvider(config: Config): CognitoProvider {
  if (!hasCognitoConfig(config)) {
    throw new Error('createCognitoProvider needs COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID');
  }
  let endpoint = config.COGNITO_ENDPOINT ?? null;
  while (endpoint?.endsWith('/')) endpoint = endpoint.slice(0, -1);
  const userPoolId = config.COGNITO_USER_POOL_ID;
  const clientId = config.COGNITO_CLIENT_ID;
  const verify = endpoint
    ? createEndpointVerifier(endpoint, userPoolId, clientId)
    : createAwsVerifier(userPoolId, clientId);
  const directory = createCognitoDirectory({ region: config.COGNITO_REGION, endpoint, userPoolId });

  return {
    kind: 'cognito',
    settings: { region: config.COGNITO_REGION, userPoolId, clientId, endpoint },
    async verifyIdToken(token) {
      try {
        const payload = await verify(token);
        // Cognito issues ID tokens for at most a day.
        if (!hasBoundedLifetime(payload, COGNITO_MAX_TOKEN_SECONDS)) return null;
        return claimsFromCognitoPayload(payload);
      } catch {
        // Expired, forged, another pool's or client's, an access token, or the JWKS unreachable: not signed in.
        return null;
      }
    },
    listPoolUsers: () => directory.listUsers(),
  };
}
