import type { IdTokenClaims } from './identity-provider';

/** How many verified tokens are kept (a token is ~1 KB: about 10 MB at most). */
const MAX_TOKENS = 10_000;

/**
 * Remembers the ID tokens already verified, with their claims, until each one's `exp`: checking an EdDSA signature on
 * every request cost a measurable share of the API's CPU (docs/performance.md), for the same few tokens again and
 * again. Only verified tokens are kept (a forged or expired one is checked, and refused, every time), and what a token
 * may do is still decided per request: the sign-in session behind it and the user's status are looked up every time
 * (`findUserForIdentity`), so signing out or disabling a user takes effect at once.
 */
export function rememberVerifiedTokens(
  verify: (token: string) => Promise<IdTokenClaims | null>,
  now: () => number = Date.now,
): (token: string) => Promise<IdTokenClaims | null> {
  const verified = new Map<string, { claims: IdTokenClaims; expiresAt: number }>();
  return async (token) => {
    const kept = verified.get(token);
    if (kept) {
      if (now() < kept.expiresAt) return kept.claims;
      verified.delete(token);
    }
    const claims = await verify(token);
    const expiresAt = claims ? expiryOf(token) : null;
    if (claims && expiresAt !== null && now() < expiresAt) {
      // Oldest first out: a Map iterates in insertion order.
      if (verified.size >= MAX_TOKENS) verified.delete(verified.keys().next().value as string);
      verified.set(token, { claims, expiresAt });
    }
    return claims;
  };
}

/** The `exp` of a token that has just been verified, in ms; null when it has none (then it is never kept). */
function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
