import { type DescribeOptions, describeAuthError, SIGN_IN_EXPIRED_MESSAGE } from './error-messages';
import type { AuthErrorStep, AuthField } from './types';

/** What the Cognito provider was doing when the pool (or Amplify) said no: the same name means different things. */
export type CognitoAction =
  | 'signIn'
  | 'challenge'
  | 'signUp'
  | 'confirmSignUp'
  | 'resendCode'
  | 'requestReset'
  | 'confirmReset'
  | 'changePassword'
  | 'mfa';

const fail = (message: string, field?: AuthField, restart?: boolean): AuthErrorStep => ({
  step: 'error',
  message,
  ...(field ? { field } : {}),
  ...(restart ? { restart } : {}),
});

const WRONG_CREDENTIALS = fail('The email or password is not right.', 'password');

/** Amplify rejects with errors whose `name` is Cognito's exception name (or one of Amplify's own). */
function readError(error: unknown): { name: string; message: string } {
  if (error && typeof error === 'object') {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return {
      name: typeof name === 'string' ? name : '',
      message: typeof message === 'string' ? message : '',
    };
  }
  return { name: '', message: String(error) };
}

/**
 * Turns an Amplify/Cognito error into plain words next to the field it concerns ("not authorised, user
 * not found, code mismatch, expired code, limit exceeded, too many requests, username exists, invalid password").
 * What depends on the action is decided here; the rest is the shared wording of error-messages.ts.
 */
export function describeCognitoError(
  error: unknown,
  action: CognitoAction,
  options: DescribeOptions = {},
): AuthErrorStep {
  const { name, message } = readError(error);

  switch (name) {
    case 'NetworkError':
    case 'TypeError': // fetch() itself failed
      return fail('The sign-in service could not be reached. Check your connection and try again.');
    case 'UserAlreadyAuthenticatedException':
      return fail('You are signed in already. Sign out first to use another account.');
    case 'SignInException':
    case 'EmptyChallengeResponse':
      // Amplify has no sign-in in progress any more (reloaded page, or its state expired).
      return fail(SIGN_IN_EXPIRED_MESSAGE, undefined, true);
    case 'EmptySignInUsername':
    case 'EmptySignUpUsername':
      return fail('Enter your email.', 'email');
    case 'EmptySignInPassword':
    case 'EmptySignUpPassword':
      return fail('Enter your password.', 'password');
    case 'EmptyConfirmSignUpCode':
    case 'EmptyConfirmResetPasswordCode':
    case 'EmptyVerifyTOTPSetupCode':
      return fail('Enter the code.', 'code');
    case 'UserNotConfirmedException':
      return fail('Confirm your email first: enter the code we emailed you when you registered.', 'email');
    case 'PasswordResetRequiredException':
      return fail('Your password must be reset. Use "Forgot password" to get a code by email.', 'password');
    case 'CodeDeliveryFailureException':
      return fail('The code could not be sent. Wait a moment, then try again.');
    case 'AliasExistsException':
      return fail('An account with this email already exists. Sign in instead.', 'email');
    case 'SoftwareTokenMFANotFoundException':
      return fail('Set up an authenticator app first.');
  }

  if (name === 'NotAuthorizedException') {
    if (/disabled/i.test(message))
      return fail('This user is disabled. Ask an admin of your account to enable it.');
    if (/session is expired|invalid session/i.test(message))
      return fail(SIGN_IN_EXPIRED_MESSAGE, undefined, true);
    if (/attempts exceeded/i.test(message)) return describeAuthError({ code: name, message }, options);
    if (action === 'changePassword') return fail('Your current password is not right.', 'password');
    if (action === 'confirmSignUp') {
      if (/current status is confirmed/i.test(message))
        return fail('This email is confirmed already. Sign in.');
      return fail('That code is not right for this email. Check both and try again.', 'code');
    }
    if (action === 'challenge') return fail(SIGN_IN_EXPIRED_MESSAGE, undefined, true);
  }
  if (name === 'UserNotFoundException' && action === 'confirmSignUp') {
    return fail('That code is not right for this email. Check both and try again.', 'code');
  }
  // cognito-local answers a wrong sign-in password this way; AWS answers NotAuthorizedException.
  if (name === 'InvalidPasswordException' && action === 'signIn') return WRONG_CREDENTIALS;
  if (name === 'InvalidParameterException') {
    if (/no registered\/verified email/i.test(message)) {
      return fail(
        'This account has no confirmed email to send a code to. Ask an admin of your account.',
        'email',
      );
    }
    if (/already confirmed/i.test(message)) return fail('This email is confirmed already. Sign in.', 'email');
    if (/password/i.test(message))
      return describeAuthError({ code: 'InvalidPasswordException', message }, options);
  }
  if (name === 'CodeMismatchException' && action === 'challenge' && /session/i.test(message)) {
    return fail(SIGN_IN_EXPIRED_MESSAGE, undefined, true);
  }
  if (!name || name === 'Unknown' || name === 'UnknownError' || name === 'InternalErrorException') {
    console.error('Cognito request failed', error);
    return fail('Sign-in is not available right now. Try again in a moment.');
  }
  return describeAuthError({ code: name, message }, options);
}
