import { describe, expect, it } from 'vitest';
import type { IdTokenClaims } from './identity-provider';
import { rememberVerifiedTokens } from './verified-tokens';

const claims: IdTokenClaims = {
  sub: 'user-1',
  email: 'ada@example.com',
  name: 'Ada',
  emailVerified: true,
  sessionId: 'session-1',
  mfa: false,
  mustChangePassword: false,
};
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const tokenExpiringAt = (seconds: number, tag = 'a') =>
  `${part({ alg: 'EdDSA' })}.${part({ exp: seconds })}.${tag}`;

describe('rememberVerifiedTokens', () => {
  it('verifies a token once until it expires, then again', async () => {
    let clock = 1_000_000_000_000;
    const calls: string[] = [];
    const verify = rememberVerifiedTokens(
      async (token) => {
        calls.push(token);
        return claims;
      },
      () => clock,
    );
    const token = tokenExpiringAt(clock / 1000 + 60);
    expect(await verify(token)).toEqual(claims);
    expect(await verify(token)).toEqual(claims);
    expect(calls).toHaveLength(1);
    clock += 61_000;
    await verify(token);
    expect(calls).toHaveLength(2);
  });

  it('checks a refused token every time, and keeps none without an expiry', async () => {
    const calls: string[] = [];
    const refuse = rememberVerifiedTokens(async (token) => {
      calls.push(token);
      return null;
    });
    const forged = tokenExpiringAt(Date.now() / 1000 + 600, 'forged');
    expect(await refuse(forged)).toBeNull();
    expect(await refuse(forged)).toBeNull();
    expect(calls).toHaveLength(2);

    let verified = 0;
    const noExpiry = rememberVerifiedTokens(async () => {
      verified++;
      return claims;
    });
    const token = `${part({ alg: 'EdDSA' })}.${part({ sub: 'x' })}.sig`;
    await noExpiry(token);
    await noExpiry(token);
    expect(verified).toBe(2);
  });
});
