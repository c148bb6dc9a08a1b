/** Tokens are renewed this long before they expire, so a call never leaves with a token about to lapse. */
const RENEW_BEFORE_MS = 30_000;

/** The claims of a JWT, read without verifying it (the API verifies); null when it is not one. */
export function readTokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads `exp` (seconds) from a JWT, in milliseconds. */
export function readTokenExpiry(token: string): number | null {
  const exp = readTokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : null;
}

/**
 * Keeps the ID token in memory until 30 s before it expires. Concurrent callers share one request.
 * `fetchToken` answers null when nobody is signed in; that answer is not cached.
 */
export function createIdTokenCache(fetchToken: () => Promise<string | null>, now: () => number = Date.now) {
  let cached: { token: string; renewAt: number } | null = null;
  let pending: Promise<string | null> | null = null;
  let generation = 0;

  async function load(): Promise<string | null> {
    const started = generation;
    const token = await fetchToken();
    const expiry = token ? readTokenExpiry(token) : null;
    // A clear() during the request (sign-out) wins over the answer that was in flight.
    if (started === generation && token && expiry !== null) {
      cached = { token, renewAt: expiry - RENEW_BEFORE_MS };
    }
    return token;
  }

  return {
    get(): Promise<string | null> {
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
      cached = null;
      pending ??= load().finally(() => {
        pending = null;
      });
      return pending;
    },
    clear(): void {
      cached = null;
      pending = null;
      generation += 1;
    },
  };
}
