import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config/env';
import { toPoolUser } from './cognito-directory';
import { claimsFromCognitoPayload, createCognitoProvider, isEmailVerified } from './cognito-provider';
import { cognitoConnectSources } from './create-identity-provider';

const POOL = { COGNITO_USER_POOL_ID: 'us-east-1_AbC123', COGNITO_CLIENT_ID: 'client123' };

function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('Cognito configuration', () => {
  it('needs the pool id and the client id together', () => {
    expect(configProblems({ COGNITO_USER_POOL_ID: POOL.COGNITO_USER_POOL_ID })).toEqual([
      'COGNITO_CLIENT_ID="": set COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID together (both for Cognito sign-in, neither for the built-in one)',
    ]);
    expect(configProblems({ COGNITO_CLIENT_ID: 'client123' })[0]).toMatch(
      /^COGNITO_USER_POOL_ID="": set COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID together/,
    );
    expect(configProblems({ COGNITO_ENDPOINT: 'http://127.0.0.1:9229' })[0]).toMatch(
      /^COGNITO_ENDPOINT=.*only used with COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID/,
    );
    expect(configProblems(POOL)).toEqual([]);
  });

  it('defaults to us-east-1 and lets the browser reach the pool (AWS, or the configured emulator)', () => {
    const aws = loadConfig(POOL);
    expect(aws.COGNITO_REGION).toBe('us-east-1');
    expect(cognitoConnectSources(aws)).toEqual(['https://cognito-idp.us-east-1.amazonaws.com']);
    const local = loadConfig({ ...POOL, COGNITO_ENDPOINT: 'http://127.0.0.1:9229/' });
    expect(cognitoConnectSources(local)).toEqual(['http://127.0.0.1:9229']);
    expect(createCognitoProvider(local).settings).toEqual({
      region: 'us-east-1',
      userPoolId: POOL.COGNITO_USER_POOL_ID,
      clientId: 'client123',
      endpoint: 'http://127.0.0.1:9229',
    });
  });

  it('answers null, never throws, for a token it cannot verify', async () => {
    // Nothing listens on port 9: the JWKS cannot even be loaded.
    const provider = createCognitoProvider(loadConfig({ ...POOL, COGNITO_ENDPOINT: 'http://127.0.0.1:9' }));
    await expect(provider.verifyIdToken('a.b.c')).resolves.toBeNull();
    await expect(createCognitoProvider(loadConfig(POOL)).verifyIdToken('not-a-jwt')).resolves.toBeNull();
  });
});

describe('claimsFromCognitoPayload', () => {
  it('maps sub, a lower-cased email and the name', () => {
    expect(claimsFromCognitoPayload({ sub: 's1', email: 'Ann@Example.TEST', name: ' Ann Lee ' })).toEqual({
      sub: 's1',
      email: 'ann@example.test',
      name: 'Ann Lee',
      emailVerified: false,
    });
    expect(
      claimsFromCognitoPayload({ sub: 's1', email: 'a@b.co', given_name: 'Ann', family_name: 'Lee' })?.name,
    ).toBe('Ann Lee');
    expect(claimsFromCognitoPayload({ sub: 's1', email: 'a@b.co' })?.name).toBeNull();
  });

  it('refuses a token without sub or email', () => {
    expect(claimsFromCognitoPayload({ email: 'a@b.co' })).toBeNull();
    expect(claimsFromCognitoPayload({ sub: 's1' })).toBeNull();
    expect(claimsFromCognitoPayload({ sub: 's1', email: '' })).toBeNull();
  });

  it('reads email_verified as Cognito sends it (boolean, or the string "true")', () => {
    expect(isEmailVerified({ email_verified: true })).toBe(true);
    expect(isEmailVerified({ email_verified: 'true' })).toBe(true);
    expect(isEmailVerified({ email_verified: 'false' })).toBe(false);
    expect(isEmailVerified({})).toBe(false);
  });
});

describe('toPoolUser', () => {
  it('reads the attributes ListUsers answers', () => {
    expect(
      toPoolUser({
        Username: 'u1',
        Enabled: false,
        UserStatus: 'CONFIRMED',
        Attributes: [
          { Name: 'sub', Value: 's1' },
          { Name: 'email', Value: 'Ann@Example.test' },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'name', Value: 'Ann' },
        ],
      }),
    ).toEqual({
      subject: 's1',
      email: 'ann@example.test',
      emailVerified: true,
      name: 'Ann',
      enabled: false,
      status: 'CONFIRMED',
    });
    expect(toPoolUser({ Username: 'no-sub', Attributes: [] })).toBeNull();
  });
});
