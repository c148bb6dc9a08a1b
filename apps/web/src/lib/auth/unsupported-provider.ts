import { DEFAULT_PASSWORD_POLICY } from './password-policy';
import type { AuthErrorStep, AuthProvider } from './types';

const unavailable = async (): Promise<AuthErrorStep> => ({
  step: 'error',
  message: 'This is not available with the configured sign-in provider.',
});

/**
 * A provider that can do nothing: what setAuthProvider fills in for the methods a partial provider (a test
 * stub) leaves out. Nobody is signed in with it.
 */
export const unsupportedProvider: AuthProvider = {
  signIn: unavailable,
  submitChallenge: unavailable,
  chooseMfa: unavailable,
  completeNewPassword: unavailable,
  signUp: unavailable,
  confirmSignUp: unavailable,
  resendSignUpCode: unavailable,
  getPasswordPolicy: async () => DEFAULT_PASSWORD_POLICY,
  requestPasswordReset: unavailable,
  confirmPasswordReset: unavailable,
  changePassword: unavailable,
  signOut: async () => {},
  signOutEverywhere: unavailable,
  fetchIdToken: async () => null,
  getMfaStatus: async () => ({ enabled: false }),
  mfaNeedsPassword: true,
  startTotpSetup: unavailable,
  verifyTotpSetup: unavailable,
  enableEmailMfa: null,
  mfaChangeNeedsCode: false,
  sendMfaCode: null,
  disableMfa: unavailable,
  regenerateBackupCodes: null,
  passkeys: null,
};
