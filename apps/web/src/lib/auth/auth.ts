import { createBetterAuthProvider } from './better-auth-provider';
import { SIGN_IN_EXPIRED_MESSAGE } from './error-messages';
import { createIdTokenCache } from './id-token';
import { checkPassword, DEFAULT_PASSWORD_POLICY } from './password-policy';
import type {
  AuthErrorStep,
  AuthProvider,
  ConfirmSignUpStep,
  MfaMethod,
  MfaStatus,
  Outcome,
  PasskeyInfo,
  PasswordPolicy,
  SignInStep,
  SignUpInput,
  SignUpStep,
  TotpSetup,
} from './types';
import { unsupportedProvider } from './unsupported-provider';

/*
 * The app's one door to identity and the sign-in step machine. Screens and the API client use these
 * functions only, never a provider SDK, so the provider (built-in better-auth or Cognito) can change behind
 * them. Here: input checks before the provider is asked, the 180 s deadline of a sign-in in progress, and the
 * ID-token cache.
 */

/** The provider's sign-in state expires 180 s after the password was accepted. */
export const SIGN_IN_STATE_LIFETIME_MS = 180_000;

let provider: AuthProvider | null = null;

function getProvider(): AuthProvider {
  provider ??= createBetterAuthProvider();
  return provider;
}

const idTokens = createIdTokenCache(() => getProvider().fetchIdToken());
let policy: Promise<PasswordPolicy> | null = null;
/** When the sign-in in progress (a challenge step) stops being answerable; null when none is. */
let challengeDeadline: number | null = null;

/**
 * Replaces the provider (a configured Cognito pool, or tests). Tests may pass only the methods they use: the
 * others answer "not available".
 */
export function setAuthProvider(next: Partial<AuthProvider>): void {
  provider = { ...unsupportedProvider, ...next };
  idTokens.clear();
  policy = null;
  challengeDeadline = null;
}

const fail = (message: string, field?: AuthErrorStep['field']): AuthErrorStep => ({
  step: 'error',
  message,
  ...(field ? { field } : {}),
});

// ------------------------------------------------------------------ tokens

/** A valid ID token for the signed-in user, or null. Throws when the provider cannot be asked. */
export function getIdToken(): Promise<string | null> {
  return idTokens.get();
}

export async function isSignedIn(): Promise<boolean> {
  return (await getIdToken()) !== null;
}

/** A sign-in screen is being used (focused, touched): the provider loads what the next step needs. */
export function prepareSignIn(): void {
  getProvider().prepare?.();
}

// ------------------------------------------------------------------ sign-in steps

function isChallenge(step: SignInStep): step is Extract<SignInStep, { methods: MfaMethod[] }> {
  return (
    step.step === 'totp' ||
    step.step === 'email_code' ||
    step.step === 'backup_code' ||
    step.step === 'select_mfa'
  );
}

/** Stamps the deadline on challenge steps; forgets it once the sign-in is over. */
function track(step: SignInStep, startsNow = false): SignInStep {
  if (isChallenge(step)) {
    if (startsNow || challengeDeadline === null) challengeDeadline = Date.now() + SIGN_IN_STATE_LIFETIME_MS;
    return { ...step, expiresAt: challengeDeadline };
  }
  if (step.step === 'error') return step;
  challengeDeadline = null;
  if (step.step === 'done') idTokens.clear();
  return step;
}

/**
 * The sign-in in progress ran past its 180 s: answered here, without asking the provider, until a new sign-in
 * starts.
 */
function expiredChallenge(): AuthErrorStep | null {
  if (challengeDeadline === null || Date.now() < challengeDeadline) return null;
  return { step: 'error', message: SIGN_IN_EXPIRED_MESSAGE, restart: true };
}

export async function signIn(email: string, password: string): Promise<SignInStep> {
  if (!email.trim()) return fail('Enter your email.', 'email');
  if (!password) return fail('Enter your password.', 'password');
  idTokens.clear();
  challengeDeadline = null;
  return track(await getProvider().signIn(email.trim(), password), true);
}

export async function submitChallenge(
  step: 'totp' | 'email_code' | 'backup_code',
  code: string,
): Promise<SignInStep> {
  const trimmed = code.replace(/\s+/g, '');
  if (!trimmed) return fail(step === 'backup_code' ? 'Enter a backup code.' : 'Enter the code.', 'code');
  const expired = expiredChallenge();
  if (expired) return expired;
  return track(await getProvider().submitChallenge(step, trimmed));
}

export async function chooseMfa(method: MfaMethod): Promise<SignInStep> {
  const expired = expiredChallenge();
  if (expired) return expired;
  return track(await getProvider().chooseMfa(method));
}

/** Forgets the sign-in in progress (the user went back to the password step). */
export function cancelSignIn(): void {
  challengeDeadline = null;
}

export async function completeNewPassword(newPassword: string): Promise<SignInStep> {
  const problem = checkPassword(await getPasswordPolicy(), newPassword);
  if (problem) return fail(problem, 'newPassword');
  return track(await getProvider().completeNewPassword(newPassword));
}

export async function signInWithPasskey(): Promise<SignInStep> {
  const passkeys = getProvider().passkeys;
  if (!passkeys) return fail('Passkeys are not available here. Sign in with your password.');
  idTokens.clear();
  challengeDeadline = null;
  return track(await passkeys.signIn());
}

// ------------------------------------------------------------------ sign-up

export async function signUp(input: SignUpInput): Promise<SignUpStep> {
  if (!input.name.trim()) return fail('Enter your name.', 'name');
  if (!input.email.trim()) return fail('Enter your email.', 'email');
  const problem = checkPassword(await getPasswordPolicy(), input.password);
  if (problem) return fail(problem, 'password');
  idTokens.clear();
  return getProvider().signUp({ ...input, name: input.name.trim(), email: input.email.trim() });
}

export async function confirmSignUp(email: string, code: string): Promise<ConfirmSignUpStep> {
  if (!email.trim()) return fail('Enter your email.', 'email');
  const trimmed = code.replace(/\s+/g, '');
  if (!trimmed) return fail('Enter the code from the email.', 'code');
  const result = await getProvider().confirmSignUp(email.trim(), trimmed);
  if (result.step === 'done') idTokens.clear();
  return result;
}

export async function resendSignUpCode(email: string): Promise<Outcome> {
  if (!email.trim()) return fail('Enter your email.', 'email');
  return getProvider().resendSignUpCode(email.trim());
}

// ------------------------------------------------------------------ passwords

/** The provider's password rules (asked once), or the specification's default minimum of 6 when it cannot say. */
export function getPasswordPolicy(): Promise<PasswordPolicy> {
  policy ??= getProvider()
    .getPasswordPolicy()
    .catch((error: unknown) => {
      console.error('Could not read the password rules; using the default', error);
      policy = null;
      return DEFAULT_PASSWORD_POLICY;
    });
  return policy;
}

export async function requestPasswordReset(email: string): Promise<Outcome> {
  if (!email.trim()) return fail('Enter your email.', 'email');
  return getProvider().requestPasswordReset(email.trim());
}

export async function confirmPasswordReset(
  email: string,
  code: string,
  newPassword: string,
): Promise<Outcome> {
  if (!email.trim()) return fail('Enter your email.', 'email');
  const trimmed = code.replace(/\s+/g, '');
  if (!trimmed) return fail('Enter the code from the email.', 'code');
  const problem = checkPassword(await getPasswordPolicy(), newPassword);
  if (problem) return fail(problem, 'password');
  return getProvider().confirmPasswordReset(email.trim(), trimmed, newPassword);
}

export async function changePassword(currentPassword: string, newPassword: string): Promise<Outcome> {
  if (!currentPassword) return fail('Enter your current password.', 'password');
  const problem = checkPassword(await getPasswordPolicy(), newPassword);
  if (problem) return fail(problem, 'newPassword');
  if (newPassword === currentPassword)
    return fail('Choose a password different from the current one.', 'newPassword');
  const result = await getProvider().changePassword(currentPassword, newPassword);
  idTokens.clear();
  return result;
}

// ------------------------------------------------------------------ session

export async function signOut(): Promise<void> {
  idTokens.clear();
  challengeDeadline = null;
  await getProvider().signOut();
}

export async function signOutEverywhere(): Promise<Outcome> {
  const result = await getProvider().signOutEverywhere();
  idTokens.clear();
  return result;
}

// ------------------------------------------------------------------ MFA and passkeys (signed in)

/** What the configured provider offers, so screens show only what works. */
export function getAuthCapabilities() {
  const p = getProvider();
  return {
    passkeys: p.passkeys !== null,
    emailMfa: p.enableEmailMfa !== null,
    backupCodes: p.regenerateBackupCodes !== null,
    mfaNeedsPassword: p.mfaNeedsPassword,
    mfaChangeNeedsCode: p.mfaChangeNeedsCode,
    mfaCodeByEmail: p.sendMfaCode !== null,
  };
}

export function getMfaStatus(): Promise<MfaStatus> {
  return getProvider().getMfaStatus();
}

export async function startTotpSetup(password: string | null): Promise<Outcome<TotpSetup>> {
  if (getProvider().mfaNeedsPassword && !password) return fail('Enter your password.', 'password');
  return getProvider().startTotpSetup(password);
}

export async function verifyTotpSetup(code: string): Promise<Outcome> {
  const trimmed = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(trimmed)) return fail('Enter the 6-digit code from your authenticator app.', 'code');
  const result = await getProvider().verifyTotpSetup(trimmed);
  idTokens.clear();
  return result;
}

export async function enableEmailMfa(password: string | null): Promise<Outcome> {
  const enable = getProvider().enableEmailMfa;
  if (!enable) return fail('Codes by email are not available here.');
  if (getProvider().mfaNeedsPassword && !password) return fail('Enter your password.', 'password');
  const result = await enable(password);
  idTokens.clear();
  return result;
}

/** The password and code a change to MFA needs, checked before asking the provider; the code without spaces. */
function mfaChangeInput(password: string | null, code: string | null) {
  const p = getProvider();
  if (p.mfaNeedsPassword && !password) return fail('Enter your password.', 'password');
  const trimmed = code?.replace(/\s+/g, '') ?? '';
  if (!p.mfaChangeNeedsCode) return { step: 'done' as const, code: null };
  if (!trimmed) {
    return fail('Enter a code from your authenticator app, a backup code, or a code we email you.', 'code');
  }
  return { step: 'done' as const, code: trimmed };
}

/** Emails the signed-in user a code to confirm a change to two-factor sign-in. */
export async function sendMfaCode(): Promise<Outcome> {
  const send = getProvider().sendMfaCode;
  if (!send) return fail('Codes by email are not available here.');
  return send();
}

export async function disableMfa(password: string | null, code: string | null = null): Promise<Outcome> {
  const input = mfaChangeInput(password, code);
  if (input.step === 'error') return input;
  const result = await getProvider().disableMfa(password, input.code);
  idTokens.clear();
  return result;
}

export async function regenerateBackupCodes(
  password: string | null,
  code: string | null = null,
): Promise<Outcome<{ backupCodes: string[] }>> {
  const regenerate = getProvider().regenerateBackupCodes;
  if (!regenerate) return fail('Backup codes are not available here.');
  const input = mfaChangeInput(password, code);
  if (input.step === 'error') return input;
  return regenerate(password, input.code);
}

export async function listPasskeys(): Promise<PasskeyInfo[]> {
  return (await getProvider().passkeys?.list()) ?? [];
}

export async function addPasskey(name: string): Promise<Outcome> {
  const passkeys = getProvider().passkeys;
  if (!passkeys) return fail('Passkeys are not available here.');
  if (!name.trim()) return fail('Name the passkey, e.g. "Work laptop".', 'passkeyName');
  return passkeys.add(name.trim());
}

export async function removePasskey(id: string): Promise<Outcome> {
  const passkeys = getProvider().passkeys;
  if (!passkeys) return fail('Passkeys are not available here.');
  return passkeys.remove(id);
}

export type * from './types';
