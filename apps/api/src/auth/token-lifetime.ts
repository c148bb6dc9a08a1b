/**
 * ID tokens must say when they end, and may not live longer than their provider issues them for. The JWT libraries check `exp` only when it is there: a correctly signed token without one would be accepted
 * for ever, and one with an `exp` years away for years.
 */

/** Clock difference allowed between the provider and this server (the specification's token expiry tolerance). */
export const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * True when the payload has a numeric `exp` and `iat`, was not issued in the future, and lives at most
 * `maxSeconds` (expiry itself is checked by the verifier).
 */
export function hasBoundedLifetime(
  payload: { exp?: unknown; iat?: unknown },
  maxSeconds: number,
  nowSeconds = Date.now() / 1000,
): boolean {
  const { exp, iat } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return false;
  if (typeof iat !== 'number' || !Number.isFinite(iat)) return false;
  if (iat > nowSeconds + CLOCK_TOLERANCE_SECONDS) return false;
  return exp - iat <= maxSeconds + CLOCK_TOLERANCE_SECONDS;
}
