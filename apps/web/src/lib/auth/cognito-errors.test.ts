import { describe, expect, it } from 'vitest';
import { describeCognitoError } from './cognito-errors';

/** An error as Amplify rejects with: Cognito's exception name and message. */
function cognitoError(name: string, message = name) {
  return Object.assign(new Error(message), { name });
}

describe('describeCognitoError', () => {
  it.each([
    [
      'NotAuthorizedException',
      'Incorrect username or password.',
      'signIn',
      'The email or password is not right.',
      'password',
    ],
    [
      'UserNotFoundException',
      'User does not exist.',
      'signIn',
      'The email or password is not right.',
      'password',
    ],
    [
      'InvalidPasswordException',
      'Invalid password',
      'signIn',
      'The email or password is not right.',
      'password',
    ],
    [
      'NotAuthorizedException',
      'User is disabled.',
      'signIn',
      'This user is disabled. Ask an admin of your account to enable it.',
      undefined,
    ],
    [
      'CodeMismatchException',
      'Invalid verification code provided',
      'confirmSignUp',
      'That code is not right. Check it and try again.',
      'code',
    ],
    [
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
      'confirmReset',
      'That code has expired. Ask for a new one.',
      'code',
    ],
    [
      'LimitExceededException',
      'Attempt limit exceeded',
      'requestReset',
      'Too many attempts. Wait a few minutes, then try again.',
      undefined,
    ],
    [
      'TooManyRequestsException',
      'Rate exceeded',
      'signIn',
      'Too many attempts. Wait a few minutes, then try again.',
      undefined,
    ],
    [
      'UsernameExistsException',
      'An account with the given email already exists.',
      'signUp',
      'An account with this email already exists. Sign in instead.',
      'email',
    ],
    [
      'NetworkError',
      'A network error has occurred.',
      'signIn',
      'The sign-in service could not be reached. Check your connection and try again.',
      undefined,
    ],
  ] as const)('%s (%s) while %s', (name, message, action, words, field) => {
    const step = describeCognitoError(cognitoError(name, message), action);
    expect(step.message).toBe(words);
    expect(step.field).toBe(field);
  });

  it('sends the user back to the password step when the sign-in state has expired', () => {
    expect(
      describeCognitoError(
        cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
        'challenge',
      ),
    ).toMatchObject({ restart: true, message: 'Your sign-in took too long; sign in again.' });
    expect(
      describeCognitoError(cognitoError('SignInException', 'no sign-in in progress'), 'challenge'),
    ).toMatchObject({
      restart: true,
    });
  });
});
