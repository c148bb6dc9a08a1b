import { describe, expect, it, type Mock, vi } from 'vitest';
import { COGNITO_DEFAULT_PASSWORD_POLICY, type CognitoSettings } from './cognito-config';
import { type AmplifyAuthApi, createCognitoProvider } from './cognito-provider';

const AWS: CognitoSettings = {
  region: 'us-east-1',
  userPoolId: 'us-east-1_AbC123',
  clientId: 'client123',
  endpoint: null,
};
const LOCAL: CognitoSettings = { ...AWS, userPoolId: 'local_AbC123', endpoint: 'http://127.0.0.1:9229' };

/** An error as Amplify rejects with: Cognito's exception name and message. */
function cognitoError(name: string, message = name) {
  return Object.assign(new Error(message), { name });
}

const signInStep = (signInStep: string, extra: Record<string, unknown> = {}) => ({
  isSignedIn: signInStep === 'DONE',
  nextStep: { signInStep, ...extra },
});

function totpDetails(sharedSecret: string) {
  return {
    sharedSecret,
    getSetupUri: (appName: string, account?: string) =>
      new URL(`otpauth://totp/${appName}:${account ?? ''}?secret=${sharedSecret}&issuer=${appName}`),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: fakes of Amplify's overloaded functions
type AnyFunction = (...args: any[]) => unknown;
type FakeAmplify = Record<keyof AmplifyAuthApi, Mock<AnyFunction>>;

/** Amplify's calls as mocks: each answers as for a happy path unless overridden (a function or a mock). */
function fakeAmplify(overrides: Partial<Record<keyof AmplifyAuthApi, AnyFunction>> = {}): FakeAmplify {
  const defaults: Record<keyof AmplifyAuthApi, AnyFunction> = {
    signIn: async () => signInStep('DONE'),
    confirmSignIn: async () => signInStep('DONE'),
    signUp: async () => ({ isSignUpComplete: false, nextStep: { signUpStep: 'CONFIRM_SIGN_UP' } }),
    confirmSignUp: async () => ({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } }),
    resendSignUpCode: async () => ({}),
    resetPassword: async () => ({ isPasswordReset: false, nextStep: {} }),
    confirmResetPassword: async () => undefined,
    updatePassword: async () => undefined,
    signOut: async () => undefined,
    fetchAuthSession: async () => ({ tokens: undefined }),
    fetchMFAPreference: async () => ({}),
    updateMFAPreference: async () => undefined,
    setUpTOTP: async () => totpDetails('SECRET2'),
    verifyTOTPSetup: async () => undefined,
  };
  const merged = { ...defaults, ...overrides };
  return Object.fromEntries(
    Object.entries(merged).map(([name, fn]) => [name, vi.isMockFunction(fn) ? fn : vi.fn(fn)]),
  ) as FakeAmplify;
}

const provider = (api: FakeAmplify, settings = AWS) =>
  createCognitoProvider(settings, api as unknown as AmplifyAuthApi, () => {});

describe('Cognito provider: sign-in steps', () => {
  it('signs in with SRP against AWS and with USER_PASSWORD_AUTH against an emulator, lower-casing the email', async () => {
    const api = fakeAmplify();
    expect(await provider(api).signIn('Ann@Example.test', 'pw')).toEqual({ step: 'done' });
    expect(api.signIn).toHaveBeenLastCalledWith({
      username: 'ann@example.test',
      password: 'pw',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
    await provider(api, LOCAL).signIn('ann@example.test', 'pw');
    expect(api.signIn).toHaveBeenLastCalledWith(
      expect.objectContaining({ options: { authFlowType: 'USER_PASSWORD_AUTH' } }),
    );
  });

  it.each([
    ['CONFIRM_SIGN_IN_WITH_TOTP_CODE', {}, { step: 'totp', methods: ['totp'] }],
    [
      'CONFIRM_SIGN_IN_WITH_EMAIL_CODE',
      { codeDeliveryDetails: { destination: 'a***@e***' } },
      { step: 'email_code', methods: ['email_code'], destination: 'a***@e***' },
    ],
    [
      'CONTINUE_SIGN_IN_WITH_MFA_SELECTION',
      { allowedMFATypes: ['SMS', 'TOTP', 'EMAIL'] },
      { step: 'select_mfa', methods: ['totp', 'email_code'] },
    ],
    ['CONTINUE_SIGN_IN_WITH_TOTP_SETUP', { totpSetupDetails: totpDetails('S') }, { step: 'mfa_setup' }],
    [
      'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION',
      { allowedMFATypes: ['TOTP', 'EMAIL'] },
      { step: 'mfa_setup' },
    ],
    ['CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED', {}, { step: 'new_password' }],
    ['CONFIRM_SIGN_UP', {}, { step: 'confirm_sign_up', email: 'ann@example.test' }],
  ])('maps %s to our step', async (amplifyStep, extra, expected) => {
    const api = fakeAmplify({ signIn: async () => signInStep(amplifyStep, extra) });
    expect(await provider(api).signIn('ann@example.test', 'pw')).toEqual(expected);
  });

  it('sends a fresh code when the sign-up was never confirmed', async () => {
    const api = fakeAmplify({ signIn: async () => signInStep('CONFIRM_SIGN_UP') });
    await provider(api).signIn('ann@example.test', 'pw');
    expect(api.resendSignUpCode).toHaveBeenCalledWith({ username: 'ann@example.test' });
  });

  it.each([
    ['CONFIRM_SIGN_IN_WITH_SMS_CODE', /text-message codes/],
    ['CONTINUE_SIGN_IN_WITH_MFA_SELECTION', /text-message codes/],
    ['RESET_PASSWORD', /password must be reset/],
    ['CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE', /sign-in step Argo does not offer/],
  ])('explains %s, which Argo does not offer, and starts over', async (amplifyStep, message) => {
    const api = fakeAmplify({ signIn: async () => signInStep(amplifyStep, { allowedMFATypes: ['SMS'] }) });
    const step = await provider(api).signIn('ann@example.test', 'pw');
    expect(step).toMatchObject({ step: 'error', restart: true });
    expect(step.step === 'error' && step.message).toMatch(message);
  });

  it('answers challenges, MFA choices and the new password with confirmSignIn', async () => {
    const api = fakeAmplify({
      signIn: async () =>
        signInStep('CONTINUE_SIGN_IN_WITH_MFA_SELECTION', { allowedMFATypes: ['TOTP', 'EMAIL'] }),
      confirmSignIn: vi.fn(async () => signInStep('CONFIRM_SIGN_IN_WITH_EMAIL_CODE')),
    });
    const p = provider(api);
    await p.signIn('ann@example.test', 'pw');
    expect(await p.chooseMfa('email_code')).toEqual({ step: 'email_code', methods: ['email_code'] });
    expect(api.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: 'EMAIL' });
    api.confirmSignIn.mockResolvedValueOnce(signInStep('DONE'));
    expect(await p.submitChallenge('email_code', '123456')).toEqual({ step: 'done' });
    expect(api.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '123456' });
    api.confirmSignIn.mockResolvedValueOnce(signInStep('DONE'));
    expect(await p.completeNewPassword('New-Passw0rd!')).toEqual({ step: 'done' });
    expect(await p.submitChallenge('backup_code', 'abc')).toMatchObject({ step: 'error' });
  });

  it('sets up an authenticator app inside the sign-in, the first code finishing it', async () => {
    const api = fakeAmplify({
      signIn: async () =>
        signInStep('CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION', { allowedMFATypes: ['TOTP'] }),
      confirmSignIn: vi.fn(async () =>
        signInStep('CONTINUE_SIGN_IN_WITH_TOTP_SETUP', { totpSetupDetails: totpDetails('JBSWY3DP') }),
      ),
    });
    const p = provider(api);
    expect(await p.signIn('ann@example.test', 'pw')).toEqual({ step: 'mfa_setup' });
    const setup = await p.startTotpSetup(null);
    expect(api.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: 'TOTP' });
    expect(setup).toEqual({
      step: 'done',
      secret: 'JBSWY3DP',
      totpUri: 'otpauth://totp/Argo:ann@example.test?secret=JBSWY3DP&issuer=Argo',
      backupCodes: [],
    });
    api.confirmSignIn.mockResolvedValueOnce(signInStep('DONE'));
    expect(await p.verifyTotpSetup('123456')).toEqual({ step: 'done' });
    expect(api.confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '123456' });
    expect(api.verifyTOTPSetup).not.toHaveBeenCalled();
  });

  it('replaces a previous user still kept by Amplify', async () => {
    const api = fakeAmplify({
      signIn: vi
        .fn()
        .mockRejectedValueOnce(cognitoError('UserAlreadyAuthenticatedException'))
        .mockResolvedValueOnce(signInStep('DONE')),
    });
    expect(await provider(api).signIn('ann@example.test', 'pw')).toEqual({ step: 'done' });
    expect(api.signOut).toHaveBeenCalled();
  });

  it('puts wrong passwords and codes in plain words next to the field', async () => {
    const api = fakeAmplify({
      signIn: async () => {
        throw cognitoError('NotAuthorizedException', 'Incorrect username or password.');
      },
      confirmSignIn: async () => {
        throw cognitoError('CodeMismatchException', 'Invalid code received for user');
      },
    });
    const p = provider(api);
    expect(await p.signIn('ann@example.test', 'wrong')).toEqual({
      step: 'error',
      message: 'The email or password is not right.',
      field: 'password',
    });
    expect(await p.submitChallenge('totp', '000000')).toEqual({
      step: 'error',
      message: 'That code is not right. Check it and try again.',
      field: 'code',
    });
  });
});

describe('Cognito provider: sign-up, passwords, session, MFA', () => {
  it('signs up with the email as username and asks for the emailed code; confirming leads to sign-in', async () => {
    const api = fakeAmplify();
    const p = provider(api);
    expect(await p.signUp({ email: 'Ann@Example.test', password: 'Passw0rd!', name: 'Ann' })).toEqual({
      step: 'confirm_sign_up',
      email: 'ann@example.test',
    });
    expect(api.signUp).toHaveBeenCalledWith({
      username: 'ann@example.test',
      password: 'Passw0rd!',
      options: { userAttributes: { email: 'ann@example.test', name: 'Ann' } },
    });
    expect(await p.confirmSignUp('ann@example.test', '123456')).toEqual({ step: 'confirmed' });
    expect(api.confirmSignUp).toHaveBeenCalledWith({
      username: 'ann@example.test',
      confirmationCode: '123456',
    });
  });

  it('says plainly when the email is taken, the password too weak, or the code wrong or expired', async () => {
    const api = fakeAmplify({
      signUp: vi
        .fn()
        .mockRejectedValueOnce(
          cognitoError('UsernameExistsException', 'An account with the given email already exists.'),
        )
        .mockRejectedValueOnce(
          cognitoError(
            'InvalidPasswordException',
            'Password did not conform with policy: Password must have symbol characters',
          ),
        ),
      confirmSignUp: vi
        .fn()
        .mockRejectedValueOnce(cognitoError('CodeMismatchException'))
        .mockRejectedValueOnce(cognitoError('ExpiredCodeException')),
    });
    const p = provider(api);
    const input = { email: 'ann@example.test', password: 'Passw0rd', name: 'Ann' };
    expect(await p.signUp(input)).toMatchObject({
      step: 'error',
      field: 'email',
      message: expect.stringMatching(/already exists/),
    });
    expect(await p.signUp(input)).toEqual({
      step: 'error',
      message: 'This password does not meet the rules: Password must have symbol characters.',
      field: 'password',
    });
    expect(await p.confirmSignUp('ann@example.test', '1')).toMatchObject({
      field: 'code',
      message: /not right/,
    });
    expect(await p.confirmSignUp('ann@example.test', '1')).toMatchObject({
      field: 'code',
      message: /expired/,
    });
  });

  it('answers a reset request the same for unknown emails, and resets with the code', async () => {
    const api = fakeAmplify({
      resetPassword: vi.fn().mockRejectedValueOnce(cognitoError('UserNotFoundException')),
    });
    const p = provider(api);
    expect(await p.requestPasswordReset('nobody@example.test')).toEqual({ step: 'done' });
    expect(await p.resendSignUpCode('nobody@example.test')).toEqual({ step: 'done' });
    expect(await p.confirmPasswordReset('Ann@example.test', '123456', 'New-Passw0rd!')).toEqual({
      step: 'done',
    });
    expect(api.confirmResetPassword).toHaveBeenCalledWith({
      username: 'ann@example.test',
      confirmationCode: '123456',
      newPassword: 'New-Passw0rd!',
    });
  });

  it('changes the password, telling a wrong current one from a weak new one', async () => {
    const api = fakeAmplify({
      updatePassword: vi
        .fn()
        .mockRejectedValueOnce(cognitoError('NotAuthorizedException', 'Incorrect username or password.'))
        .mockRejectedValueOnce(
          cognitoError(
            'InvalidPasswordException',
            'Password did not conform with policy: Password not long enough',
          ),
        )
        .mockResolvedValueOnce(undefined),
    });
    const p = provider(api);
    expect(await p.changePassword('wrong', 'New-Passw0rd!')).toEqual({
      step: 'error',
      message: 'Your current password is not right.',
      field: 'password',
    });
    expect(await p.changePassword('old', 'short')).toMatchObject({ field: 'newPassword' });
    expect(await p.changePassword('old', 'New-Passw0rd!')).toEqual({ step: 'done' });
    expect(api.updatePassword).toHaveBeenLastCalledWith({ oldPassword: 'old', newPassword: 'New-Passw0rd!' });
  });

  it('hands out the ID token of the Amplify session, and null when nobody is signed in', async () => {
    const api = fakeAmplify();
    const p = provider(api);
    expect(await p.fetchIdToken()).toBeNull();
    api.fetchAuthSession.mockResolvedValueOnce({
      tokens: { idToken: { toString: () => 'id.token.jwt' } },
    } as never);
    expect(await p.fetchIdToken()).toBe('id.token.jwt');
    expect(await p.signOutEverywhere()).toEqual({ step: 'done' });
    expect(api.signOut).toHaveBeenCalledWith({ global: true });
  });

  it('manages MFA through the MFA preference; no password, no backup codes, no passkeys', async () => {
    const api = fakeAmplify({
      fetchMFAPreference: vi.fn(async () => ({ enabled: ['TOTP', 'SMS'] })),
      fetchAuthSession: vi.fn(async () => ({
        tokens: { idToken: { payload: { email: 'ann@example.test' } } },
      })),
    });
    const p = provider(api);
    expect(p.mfaNeedsPassword).toBe(false);
    expect(p.regenerateBackupCodes).toBeNull();
    expect(p.passkeys).toBeNull();
    expect(await p.getMfaStatus()).toEqual({ enabled: true, methods: ['totp'] });
    expect(await p.startTotpSetup(null)).toMatchObject({ step: 'done', secret: 'SECRET2' });
    expect(await p.verifyTotpSetup('123456')).toEqual({ step: 'done' });
    expect(api.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(api.updateMFAPreference).toHaveBeenLastCalledWith({ totp: 'PREFERRED' });
    expect(await p.disableMfa(null, null)).toEqual({ step: 'done' });
    expect(api.updateMFAPreference).toHaveBeenLastCalledWith({ totp: 'DISABLED' });
    expect(await p.getPasswordPolicy()).toEqual(COGNITO_DEFAULT_PASSWORD_POLICY);
  });
});
