import { USER_DISABLED_MESSAGE } from '@argo/contract';
import { MIN_PASSWORD_LENGTH } from '../../config/constants';
import type { AuthErrorStep, AuthField } from './types';

/**
 * The error a provider reports. better-auth answers `{ code, message, status }` (Argo's own sign-in limit adds
 * `retry_after_seconds`); the Cognito provider passes the Amplify error's `name` as `code`.
 */
export interface ProviderError {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  retry_after_seconds?: number | undefined;
}

export interface DescribeOptions {
  minPasswordLength?: number;
  /** The field a complaint about the (new) password belongs to: `password`, or `newPassword` when changing it. */
  passwordField?: 'password' | 'newPassword';
}

export const SIGN_IN_EXPIRED_MESSAGE = 'Your sign-in took too long; sign in again.';

const error = (message: string, field?: AuthField, restart?: boolean): AuthErrorStep => ({
  step: 'error',
  message,
  ...(field ? { field } : {}),
  ...(restart ? { restart } : {}),
});

const WRONG_CREDENTIALS = error('The email or password is not right.', 'password');
const WRONG_CODE = error('That code is not right. Check it and try again.', 'code');
const EXPIRED_CODE = error('That code has expired. Ask for a new one.', 'code');
const UNREACHABLE = error('Argo could not be reached. Check your connection and try again.');

/** "in 1 minute", "in 15 minutes": whole minutes, rounded up, never 0. */
export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

function tooManyAttempts(e: ProviderError): AuthErrorStep {
  if (typeof e.retry_after_seconds === 'number' && e.retry_after_seconds > 0) {
    return error(`Too many attempts. Try again ${inMinutes(e.retry_after_seconds)}.`);
  }
  // Argo's limiter already says "Try again in N minutes."; keep its words when it does.
  if (e.message && /try again in \d+ minutes?/i.test(e.message)) return error(e.message);
  return error('Too many attempts. Wait a few minutes, then try again.');
}

/** Turns a provider error into plain words, placed next to the field it concerns. */
export function describeAuthError(e: ProviderError, options: DescribeOptions = {}): AuthErrorStep {
  const minLength = options.minPasswordLength ?? MIN_PASSWORD_LENGTH;
  const passwordField = options.passwordField ?? 'password';
  // Argo's own sign-in limit and any other 429, whatever its code.
  if (e.status === 429) return tooManyAttempts(e);

  switch (e.code) {
    // ---- credentials
    case 'INVALID_EMAIL_OR_PASSWORD':
    case 'USER_NOT_FOUND':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
    case 'UserNotFoundException':
      return WRONG_CREDENTIALS;
    case 'NotAuthorizedException':
      if (e.message && /session is expired/i.test(e.message))
        return error(SIGN_IN_EXPIRED_MESSAGE, undefined, true);
      if (e.message && /attempts exceeded/i.test(e.message)) return tooManyAttempts(e);
      return WRONG_CREDENTIALS;
    case 'INVALID_PASSWORD':
      return error('That password is not right.', 'password');
    case 'INVALID_EMAIL':
      return error('Enter a valid email address.', 'email');
    // Argo refuses the sign-in of a disabled user once the password (or passkey) proved who it is.
    case 'USER_DISABLED':
      return error(e.message || USER_DISABLED_MESSAGE);
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
    case 'UsernameExistsException':
      return error('An account with this email already exists. Sign in instead.', 'email');

    // ---- new passwords
    case 'PASSWORD_TOO_SHORT':
      return error(`Use at least ${minLength} characters.`, passwordField);
    case 'PASSWORD_TOO_LONG':
      return error('Use at most 128 characters.', passwordField);
    case 'PASSWORD_UNCHANGED':
      return error('Choose a new password, different from the current one.', 'newPassword');
    case 'InvalidPasswordException': {
      // Cognito: "Password did not conform with policy: Password must have uppercase characters"
      const detail = e.message?.split(':').slice(1).join(':').trim().replace(/\.$/, '');
      return error(
        detail
          ? `This password does not meet the rules: ${detail}.`
          : 'This password does not meet the rules.',
        passwordField,
      );
    }

    // ---- emailed and app codes
    case 'INVALID_CODE':
      // Argo refuses an authenticator code presented twice, and says so.
      if (e.message && /already used/i.test(e.message)) return error(e.message, 'code');
      return WRONG_CODE;
    case 'INVALID_OTP':
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return WRONG_CODE;
    // Argo: turning two-factor off (or new backup codes) needs a current code besides the password.
    case 'TWO_FACTOR_CODE_REQUIRED':
      return error(
        e.message || 'Enter a code from your authenticator app, a backup code, or a code we email you.',
        'code',
      );
    case 'INVALID_BACKUP_CODE':
      return error('That backup code is not right, or it was used already.', 'code');
    case 'OTP_EXPIRED':
    case 'OTP_HAS_EXPIRED':
    case 'ExpiredCodeException':
      return EXPIRED_CODE;
    case 'TOO_MANY_ATTEMPTS':
      return error('Too many wrong codes. Ask for a new code, then try again.', 'code');
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return error('Too many wrong codes. Sign in again to get a new one.', undefined, true);
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return error('Too many wrong codes. Your sign-in is locked for a while; try again later.', 'code');
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return tooManyAttempts(e);
    case 'INVALID_TWO_FACTOR_COOKIE':
      return error(SIGN_IN_EXPIRED_MESSAGE, undefined, true);

    // ---- MFA management
    case 'TOTP_ALREADY_ENABLED':
      return error(
        'An authenticator app is already set up. Turn two-factor sign-in off first to set up another.',
      );
    case 'TWO_FACTOR_NOT_ENABLED':
    case 'TOTP_NOT_ENABLED':
      return error('Two-factor sign-in is not turned on for this account.');
    case 'BACKUP_CODES_NOT_ENABLED':
      return error('This account has no backup codes. Set up an authenticator app first.');
    case 'OTP_NOT_CONFIGURED':
    case 'OTP_NOT_ENABLED':
    case 'TOTP_NOT_CONFIGURED':
      return error('This sign-in method is not available here.');
    case 'SESSION_NOT_FRESH':
    case 'SESSION_EXPIRED':
      return error('For your security, sign out and sign in again before making this change.');

    // ---- passkeys
    case 'AUTH_CANCELLED':
    case 'REGISTRATION_CANCELLED':
    case 'NotAllowedError':
    case 'ERROR_CEREMONY_ABORTED':
    case 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY':
      return error('The passkey prompt was closed or timed out. Try again.');
    case 'AUTHENTICATION_FAILED':
      return error('That passkey did not work. Try again, or sign in with your password.');
    case 'PASSKEY_NOT_FOUND':
      return error('This passkey is not registered with Argo. Sign in with your password.');
    case 'PREVIOUSLY_REGISTERED':
    case 'InvalidStateError':
    case 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED':
      return error('A passkey of this device is already registered.', 'passkeyName');
    case 'FAILED_TO_VERIFY_REGISTRATION':
      return error('The passkey could not be registered. Try again.');
    case 'CHALLENGE_NOT_FOUND':
      return error('The passkey request expired. Try again.');
    case 'ERROR_INVALID_DOMAIN':
    case 'ERROR_INVALID_RP_ID':
      return error(
        'Passkeys work only when Argo is opened by its name (not an IP address such as 127.0.0.1).',
      );
    case 'UNKNOWN_ERROR':
      return error('Something went wrong with the passkey. Try again.');
    case 'SESSION_REQUIRED':
      return error('Sign in first.');
  }

  if (e.status === 401) return WRONG_CREDENTIALS;
  if (e.status === 0 || (e.status === undefined && !e.code) || (e.status ?? 0) >= 500) return UNREACHABLE;
  return error(e.message || 'That did not work. Check the form and try again.');
}
