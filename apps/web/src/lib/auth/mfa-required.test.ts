import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error';
import { setAuthProvider } from './auth';
import { isMfaRequiredError, mustSetUpMfa } from './mfa-required';

function token(claims: Record<string, unknown>): string {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 900, ...claims }));
  return `eyJhbGciOiJFZERTQSJ9.${payload.replace(/=+$/, '')}.sig`;
}

describe('the organisation’s "admins must use two-factor sign-in"', () => {
  it('recognises the API’s 403 for an admin without MFA, and no other 403', () => {
    const refused = new ApiError('Server error (403)', 403, {
      error: {
        code: 'forbidden',
        message: 'Your organisation requires admins to use two-factor sign-in. Set it up on /mfa.',
      },
    });
    expect(isMfaRequiredError(refused)).toBe(true);
    const other = new ApiError('Server error (403)', 403, {
      error: { code: 'forbidden', message: 'Only an admin of your account can do this.' },
    });
    expect(isMfaRequiredError(other)).toBe(false);
    expect(isMfaRequiredError(new Error('x'))).toBe(false);
  });

  it('sends an admin whose ID token says mfa: false to set it up, and nobody else', async () => {
    const admin = { role: 'admin', require_admin_mfa: true };
    setAuthProvider({ fetchIdToken: async () => token({ mfa: false }) });
    expect(await mustSetUpMfa(admin)).toBe(true);
    expect(await mustSetUpMfa({ ...admin, role: 'member' })).toBe(false);
    expect(await mustSetUpMfa({ ...admin, require_admin_mfa: false })).toBe(false);
    setAuthProvider({ fetchIdToken: async () => token({ mfa: true }) });
    expect(await mustSetUpMfa(admin)).toBe(false);
    // A provider whose tokens do not say (Cognito) is never sent there by the web either.
    setAuthProvider({ fetchIdToken: async () => token({}) });
    expect(await mustSetUpMfa(admin)).toBe(false);
  });
});
