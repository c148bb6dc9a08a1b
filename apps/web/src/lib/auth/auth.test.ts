import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  changePassword,
  chooseMfa,
  completeNewPassword,
  confirmPasswordReset,
  getIdToken,
  isSignedIn,
  SIGN_IN_STATE_LIFETIME_MS,
  setAuthProvider,
  signIn,
  signOut,
  signUp,
  submitChallenge,
} from './auth';
import type { AuthProvider, SignInStep } from './types';

function fakeProvider() {
  return {
    signIn: vi.fn(async (): Promise<SignInStep> => ({ step: 'done' })),
    submitChallenge: vi.fn(async (): Promise<SignInStep> => ({ step: 'done' })),
    chooseMfa: vi.fn(
      async (method): Promise<SignInStep> => ({ step: method, methods: ['totp', 'email_code'] }),
    ),
    completeNewPassword: vi.fn(async (): Promise<SignInStep> => ({ step: 'done' })),
    signUp: vi.fn(async () => ({ step: 'confirm_sign_up' as const, email: 'a@b.co' })),
    signOut: vi.fn(async () => {}),
    fetchIdToken: vi.fn(async (): Promise<string | null> => null),
    getPasswordPolicy: vi.fn(async () => ({ minLength: 8 })),
    changePassword: vi.fn(async () => ({ step: 'done' as const })),
    confirmPasswordReset: vi.fn(async () => ({ step: 'done' as const })),
  } satisfies Partial<AuthProvider>;
}

describe('the sign-in step machine', () => {
  let provider: ReturnType<typeof fakeProvider>;
  beforeEach(() => {
    provider = fakeProvider();
    setAuthProvider(provider);
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the fields the provider requires before calling it', async () => {
    expect(await signIn(' ', 'x')).toEqual({ step: 'error', message: 'Enter your email.', field: 'email' });
    expect(await signIn('a@b.co', '')).toMatchObject({ field: 'password' });
    expect(await submitChallenge('totp', '  ')).toEqual({
      step: 'error',
      message: 'Enter the code.',
      field: 'code',
    });
    expect(provider.signIn).not.toHaveBeenCalled();
    expect(provider.submitChallenge).not.toHaveBeenCalled();
  });

  it('checks a new password against the provider’s rules before sending it', async () => {
    expect(await signUp({ name: 'Ann', email: 'a@b.co', password: '1234567' })).toEqual({
      step: 'error',
      message: 'Use at least 8 characters.',
      field: 'password',
    });
    expect(await completeNewPassword('short')).toMatchObject({ field: 'newPassword' });
    expect(await changePassword('old-password', 'old-password')).toMatchObject({ field: 'newPassword' });
    expect(await confirmPasswordReset('a@b.co', '123456', 'short')).toMatchObject({ field: 'password' });
    expect(provider.signUp).not.toHaveBeenCalled();
    expect(provider.completeNewPassword).not.toHaveBeenCalled();
    expect(provider.changePassword).not.toHaveBeenCalled();
    expect(await signUp({ name: ' Ann ', email: ' a@b.co ', password: '12345678' })).toEqual({
      step: 'confirm_sign_up',
      email: 'a@b.co',
    });
    expect(provider.signUp).toHaveBeenCalledWith({ name: 'Ann', email: 'a@b.co', password: '12345678' });
  });

  it('goes password → method choice → emailed code → done, with one 180 s deadline on every challenge step', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    provider.signIn.mockResolvedValueOnce({ step: 'select_mfa', methods: ['totp', 'email_code'] });
    const first = await signIn(' a@b.co ', 'secret');
    expect(provider.signIn).toHaveBeenCalledWith('a@b.co', 'secret');
    expect(first).toEqual({
      step: 'select_mfa',
      methods: ['totp', 'email_code'],
      expiresAt: 1_000_000 + SIGN_IN_STATE_LIFETIME_MS,
    });

    vi.advanceTimersByTime(60_000);
    const second = await chooseMfa('email_code');
    // Choosing a method does not buy more time: the provider's state was created with the password.
    expect(second).toMatchObject({ step: 'email_code', expiresAt: 1_000_000 + SIGN_IN_STATE_LIFETIME_MS });

    expect(await submitChallenge('email_code', ' 123 456 ')).toEqual({ step: 'done' });
    expect(provider.submitChallenge).toHaveBeenCalledWith('email_code', '123456');
  });

  it('answers "took too long" after 180 s without asking the provider, and starts again at the password', async () => {
    vi.useFakeTimers({ now: 0 });
    provider.signIn.mockResolvedValueOnce({ step: 'totp', methods: ['totp', 'backup_code'] });
    await signIn('a@b.co', 'secret');
    vi.advanceTimersByTime(SIGN_IN_STATE_LIFETIME_MS - 1);
    provider.submitChallenge.mockResolvedValueOnce({
      step: 'error',
      message: 'That code is not right.',
      field: 'code',
    });
    expect(await submitChallenge('totp', '000000')).toMatchObject({ field: 'code' });

    vi.advanceTimersByTime(1);
    expect(await submitChallenge('totp', '123456')).toEqual({
      step: 'error',
      message: 'Your sign-in took too long; sign in again.',
      restart: true,
    });
    expect(await chooseMfa('backup_code')).toMatchObject({ restart: true });
    expect(provider.submitChallenge).toHaveBeenCalledTimes(1);
    expect(provider.chooseMfa).not.toHaveBeenCalled();

    // A new password step starts a new deadline.
    provider.signIn.mockResolvedValueOnce({ step: 'totp', methods: ['totp'] });
    expect(await signIn('a@b.co', 'secret')).toMatchObject({ expiresAt: SIGN_IN_STATE_LIFETIME_MS * 2 });
  });

  it('passes the provider’s own restart (state gone on the server) through', async () => {
    provider.signIn.mockResolvedValueOnce({ step: 'totp', methods: ['totp'] });
    await signIn('a@b.co', 'secret');
    const gone = {
      step: 'error' as const,
      message: 'Your sign-in took too long; sign in again.',
      restart: true,
    };
    provider.submitChallenge.mockResolvedValueOnce(gone);
    expect(await submitChallenge('totp', '123456')).toEqual(gone);
  });

  it('is signed in while the provider hands out an ID token, and not after sign-out', async () => {
    provider.fetchIdToken.mockResolvedValue('opaque-token');
    expect(await isSignedIn()).toBe(true);
    expect(await getIdToken()).toBe('opaque-token');
    provider.fetchIdToken.mockResolvedValue(null);
    await signOut();
    expect(provider.signOut).toHaveBeenCalled();
    expect(await isSignedIn()).toBe(false);
  });

  it('fills the methods a partial provider leaves out with a plain "not available"', async () => {
    setAuthProvider({ fetchIdToken: async () => null });
    expect(await chooseMfa('totp')).toMatchObject({
      step: 'error',
      message: expect.stringMatching(/not available/),
    });
  });
});
