import * as amplifyAuth from 'aws-amplify/auth';
import { COGNITO_DEFAULT_PASSWORD_POLICY, type CognitoSettings, configureAmplify } from './cognito-config';
import { type CognitoAction, describeCognitoError } from './cognito-errors';
import type { DescribeOptions } from './error-messages';
import type {
  AuthErrorStep,
  AuthProvider,
  ConfirmSignUpStep,
  MfaMethod,
  Outcome,
  SignInStep,
  SignUpStep,
  TotpSetup,
} from './types';

/** The Amplify calls the provider uses: the real module in the app, a fake in unit tests. */
export type AmplifyAuthApi = Pick<
  typeof amplifyAuth,
  | 'signIn'
  | 'confirmSignIn'
  | 'signUp'
  | 'confirmSignUp'
  | 'resendSignUpCode'
  | 'resetPassword'
  | 'confirmResetPassword'
  | 'updatePassword'
  | 'signOut'
  | 'fetchAuthSession'
  | 'fetchMFAPreference'
  | 'updateMFAPreference'
  | 'setUpTOTP'
  | 'verifyTOTPSetup'
>;

type NextSignInStep = amplifyAuth.SignInOutput['nextStep'];
type TotpSetupDetails = Extract<
  NextSignInStep,
  { signInStep: 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP' }
>['totpSetupDetails'];
type AmplifyMfaType = 'SMS' | 'TOTP' | 'EMAIL';

/** The name authenticator apps show beside the code. */
const TOTP_ISSUER = 'Argo';

const fail = (message: string, restart = false): AuthErrorStep => ({
  step: 'error',
  message,
  ...(restart ? { restart } : {}),
});

function toMethod(type: AmplifyMfaType): MfaMethod | null {
  if (type === 'TOTP') return 'totp';
  if (type === 'EMAIL') return 'email_code';
  return null; // Argo offers no text-message codes
}

function toMethods(types: AmplifyMfaType[] | undefined): MfaMethod[] {
  return (types ?? []).map(toMethod).filter((m): m is MfaMethod => m !== null);
}

/**
 * The Cognito identity provider through Amplify v6: the same step machine as the built-in one.
 * The sign-in uses SRP against AWS (the password never leaves the browser); an emulator (cognito-local) only
 * supports USER_PASSWORD_AUTH, so that flow is used when an endpoint is configured.
 */
export function createCognitoProvider(
  settings: CognitoSettings,
  api: AmplifyAuthApi = amplifyAuth,
  configure: (settings: CognitoSettings) => void = configureAmplify,
): AuthProvider {
  configure(settings);
  const authFlowType = settings.endpoint ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';
  const passwordOptions = (passwordField: 'password' | 'newPassword'): DescribeOptions => ({
    minPasswordLength: COGNITO_DEFAULT_PASSWORD_POLICY.minLength,
    passwordField,
  });

  /** Set while a sign-in waits for an authenticator app to be set up (the /mfa screen finishes it). */
  let pendingTotpSetup: TotpSetupDetails | null = null;
  /** Set while a sign-in waits for the user to pick which second factor to set up. */
  let pendingSetupChoice = false;
  /** The email of the sign-in in progress (names the authenticator entry, fills the email setup). */
  let signingInEmail = '';

  const usernameOf = (email: string) => email.trim().toLowerCase();

  async function attempt<T>(action: CognitoAction, run: () => Promise<T>, options?: DescribeOptions) {
    try {
      return { ok: true as const, value: await run() };
    } catch (error) {
      const name = (error as { name?: unknown } | null)?.name;
      return {
        ok: false as const,
        error: describeCognitoError(error, action, options),
        name: typeof name === 'string' ? name : '',
      };
    }
  }

  /** Amplify's next sign-in step as Argo's step; continues by itself where the user has nothing to decide. */
  async function toStep(next: NextSignInStep): Promise<SignInStep> {
    pendingTotpSetup = null;
    pendingSetupChoice = false;
    switch (next.signInStep) {
      case 'DONE':
        return { step: 'done' };
      case 'CONFIRM_SIGN_UP':
        // The pool keeps no fresh code for a sign-up that was never confirmed: send one for /confirmation.
        await api.resendSignUpCode({ username: signingInEmail }).catch(() => undefined);
        return { step: 'confirm_sign_up', email: signingInEmail };
      case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
        return { step: 'totp', methods: ['totp'] };
      case 'CONFIRM_SIGN_IN_WITH_EMAIL_CODE': {
        const destination = next.codeDeliveryDetails?.destination;
        return { step: 'email_code', methods: ['email_code'], ...(destination ? { destination } : {}) };
      }
      case 'CONTINUE_SIGN_IN_WITH_MFA_SELECTION': {
        const methods = toMethods(next.allowedMFATypes);
        if (methods.length === 0) {
          return fail(
            'This account signs in with text-message codes, which Argo does not offer. Ask an admin.',
            true,
          );
        }
        return { step: 'select_mfa', methods };
      }
      case 'CONTINUE_SIGN_IN_WITH_TOTP_SETUP':
        pendingTotpSetup = next.totpSetupDetails;
        return { step: 'mfa_setup' };
      case 'CONTINUE_SIGN_IN_WITH_MFA_SETUP_SELECTION': {
        const types = next.allowedMFATypes ?? [];
        if (types.includes('TOTP')) {
          pendingSetupChoice = true;
          return { step: 'mfa_setup' };
        }
        // Only codes by email: there is nothing to set up but the address we already know.
        if (types.includes('EMAIL')) return continueWith('EMAIL');
        return fail(
          'This account must set up text-message codes, which Argo does not offer. Ask an admin.',
          true,
        );
      }
      case 'CONTINUE_SIGN_IN_WITH_EMAIL_SETUP':
        return continueWith(signingInEmail);
      case 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED':
        return { step: 'new_password' };
      case 'RESET_PASSWORD':
        return {
          step: 'error',
          message: 'Your password must be reset. Use "Forgot password" to get a code by email.',
          field: 'password',
          restart: true,
        };
      case 'CONFIRM_SIGN_IN_WITH_SMS_CODE':
        return fail(
          'This account signs in with text-message codes, which Argo does not offer. Ask an admin.',
          true,
        );
      default:
        // Custom challenges and passwordless first factors are not part of Argo's sign-in.
        return fail(
          'This account needs a sign-in step Argo does not offer. Ask an admin of your account.',
          true,
        );
    }
  }

  async function continueWith(challengeResponse: string): Promise<SignInStep> {
    const result = await attempt('challenge', () => api.confirmSignIn({ challengeResponse }));
    return result.ok ? toStep(result.value.nextStep) : result.error;
  }

  async function readSignedInEmail(): Promise<string> {
    const session = await api.fetchAuthSession();
    const email = session.tokens?.idToken?.payload.email;
    return typeof email === 'string' ? email : '';
  }

  function toTotpSetup(details: TotpSetupDetails, email: string): TotpSetup {
    return {
      totpUri: details.getSetupUri(TOTP_ISSUER, email || undefined).toString(),
      secret: details.sharedSecret,
      backupCodes: [],
    };
  }

  async function signIn(email: string, password: string): Promise<SignInStep> {
    signingInEmail = usernameOf(email);
    const run = () => api.signIn({ username: signingInEmail, password, options: { authFlowType } });
    let result = await attempt('signIn', run);
    if (!result.ok && result.name === 'UserAlreadyAuthenticatedException') {
      // Another user's tokens are still kept by Amplify: the new sign-in replaces them.
      await api.signOut().catch(() => undefined);
      result = await attempt('signIn', run);
    }
    return result.ok ? toStep(result.value.nextStep) : result.error;
  }

  return {
    signIn,

    async submitChallenge(step, code) {
      if (step === 'backup_code')
        return fail('Cognito accounts have no backup codes. Use your authenticator app.');
      return continueWith(code);
    },

    async chooseMfa(method) {
      if (method === 'backup_code')
        return fail('Cognito accounts have no backup codes. Use your authenticator app.');
      return continueWith(method === 'totp' ? 'TOTP' : 'EMAIL');
    },

    async completeNewPassword(newPassword) {
      const result = await attempt(
        'challenge',
        () => api.confirmSignIn({ challengeResponse: newPassword }),
        passwordOptions('newPassword'),
      );
      return result.ok ? toStep(result.value.nextStep) : result.error;
    },

    async signUp({ email, password, name }): Promise<SignUpStep> {
      const username = usernameOf(email);
      const result = await attempt(
        'signUp',
        () => api.signUp({ username, password, options: { userAttributes: { email: username, name } } }),
        passwordOptions('password'),
      );
      if (!result.ok) return result.error;
      if (result.value.nextStep.signUpStep === 'CONFIRM_SIGN_UP')
        return { step: 'confirm_sign_up', email: username };
      // The pool confirms sign-ups by itself: sign in with the same password.
      const signedIn = await signIn(username, password);
      if (signedIn.step === 'done' || signedIn.step === 'error') return signedIn;
      return fail('Your account is ready. Sign in to continue.');
    },

    async confirmSignUp(email, code): Promise<ConfirmSignUpStep> {
      const result = await attempt('confirmSignUp', () =>
        api.confirmSignUp({ username: usernameOf(email), confirmationCode: code }),
      );
      // Confirmed: the person signs in next (Amplify's auto sign-in is not used: cognito-local lacks it).
      return result.ok ? { step: 'confirmed' } : result.error;
    },

    async resendSignUpCode(email): Promise<Outcome> {
      const result = await attempt('resendCode', () => api.resendSignUpCode({ username: usernameOf(email) }));
      // No enumeration: an unknown email gets the same answer as a known one.
      if (result.ok || result.name === 'UserNotFoundException') return { step: 'done' };
      return result.error;
    },

    async getPasswordPolicy() {
      return COGNITO_DEFAULT_PASSWORD_POLICY;
    },

    async requestPasswordReset(email): Promise<Outcome> {
      const result = await attempt('requestReset', () => api.resetPassword({ username: usernameOf(email) }));
      // No enumeration: an unknown email gets the same answer as a known one.
      if (result.ok || result.name === 'UserNotFoundException') return { step: 'done' };
      return result.error;
    },

    async confirmPasswordReset(email, code, newPassword): Promise<Outcome> {
      const result = await attempt(
        'confirmReset',
        () => api.confirmResetPassword({ username: usernameOf(email), confirmationCode: code, newPassword }),
        passwordOptions('password'),
      );
      return result.ok ? { step: 'done' } : result.error;
    },

    async changePassword(currentPassword, newPassword): Promise<Outcome> {
      const result = await attempt(
        'changePassword',
        () => api.updatePassword({ oldPassword: currentPassword, newPassword }),
        passwordOptions('newPassword'),
      );
      return result.ok ? { step: 'done' } : result.error;
    },

    async signOut() {
      pendingTotpSetup = null;
      pendingSetupChoice = false;
      await api.signOut().catch((error: unknown) => console.error('Sign-out failed', error));
    },

    async signOutEverywhere(): Promise<Outcome> {
      // Revokes every refresh token of the user; ID tokens already issued lapse within the hour.
      const result = await attempt('mfa', () => api.signOut({ global: true }));
      return result.ok ? { step: 'done' } : result.error;
    },

    async fetchIdToken() {
      const session = await api.fetchAuthSession();
      return session.tokens?.idToken?.toString() ?? null;
    },

    async getMfaStatus() {
      const { enabled } = await api.fetchMFAPreference();
      const methods = toMethods(enabled);
      return { enabled: methods.length > 0, methods };
    },

    mfaNeedsPassword: false,
    // Cognito decides itself what changing MFA needs (the signed-in user's access token).
    mfaChangeNeedsCode: false,
    sendMfaCode: null,

    async startTotpSetup(): Promise<Outcome<TotpSetup>> {
      if (pendingSetupChoice) {
        const chosen = await continueWith('TOTP');
        if (chosen.step === 'error') return chosen;
        if (!pendingTotpSetup) return fail('The authenticator setup could not start. Sign in again.', true);
      }
      if (pendingTotpSetup) return { step: 'done', ...toTotpSetup(pendingTotpSetup, signingInEmail) };
      const result = await attempt('mfa', async () =>
        toTotpSetup(await api.setUpTOTP(), await readSignedInEmail()),
      );
      return result.ok ? { step: 'done', ...result.value } : result.error;
    },

    async verifyTotpSetup(code): Promise<Outcome> {
      if (pendingTotpSetup) {
        // The setup is a step of the sign-in in progress: its first code finishes the sign-in.
        const next = await continueWith(code);
        if (next.step === 'done' || next.step === 'error') return next;
        return fail('Your sign-in needs another step. Sign in again.', true);
      }
      const result = await attempt('mfa', async () => {
        await api.verifyTOTPSetup({ code });
        await api.updateMFAPreference({ totp: 'PREFERRED' });
      });
      return result.ok ? { step: 'done' } : result.error;
    },

    async enableEmailMfa(): Promise<Outcome> {
      if (pendingTotpSetup || pendingSetupChoice) {
        return fail(
          'Set up an authenticator app to finish signing in; codes by email can be turned on afterwards.',
        );
      }
      const result = await attempt('mfa', () => api.updateMFAPreference({ email: 'PREFERRED' }));
      return result.ok ? { step: 'done' } : result.error;
    },

    async disableMfa(): Promise<Outcome> {
      const result = await attempt('mfa', async () => {
        const { enabled = [] } = await api.fetchMFAPreference();
        await api.updateMFAPreference({
          ...(enabled.includes('TOTP') ? { totp: 'DISABLED' as const } : {}),
          ...(enabled.includes('EMAIL') ? { email: 'DISABLED' as const } : {}),
        });
      });
      return result.ok ? { step: 'done' } : result.error;
    },

    regenerateBackupCodes: null,
    // Cognito passkeys need the username before the browser prompt and the pool's Essentials plan; not offered yet.
    passkeys: null,
  };
}
