import { describe, expect, it } from 'vitest';
import { describeAuthError, inMinutes } from './error-messages';

describe('describeAuthError', () => {
  it('puts wrong credentials next to the password, without saying which of the two was wrong', () => {
    const wrong = { step: 'error', message: 'The email or password is not right.', field: 'password' };
    expect(describeAuthError({ code: 'INVALID_EMAIL_OR_PASSWORD', status: 401 })).toEqual(wrong);
    expect(describeAuthError({ code: 'USER_NOT_FOUND', status: 400 })).toEqual(wrong);
    expect(describeAuthError({ code: 'UserNotFoundException' })).toEqual(wrong);
    expect(
      describeAuthError({ code: 'NotAuthorizedException', message: 'Incorrect username or password.' }),
    ).toEqual(wrong);
  });

  it('words code errors for the code field', () => {
    expect(describeAuthError({ code: 'INVALID_OTP', status: 400 })).toEqual({
      step: 'error',
      message: 'That code is not right. Check it and try again.',
      field: 'code',
    });
    expect(describeAuthError({ code: 'CodeMismatchException' }).field).toBe('code');
    expect(describeAuthError({ code: 'OTP_EXPIRED', status: 400 })).toEqual({
      step: 'error',
      message: 'That code has expired. Ask for a new one.',
      field: 'code',
    });
    expect(describeAuthError({ code: 'ExpiredCodeException' }).message).toMatch(/expired/);
    expect(describeAuthError({ code: 'TOO_MANY_ATTEMPTS', status: 403 })).toEqual({
      step: 'error',
      message: 'Too many wrong codes. Ask for a new code, then try again.',
      field: 'code',
    });
    expect(describeAuthError({ code: 'INVALID_BACKUP_CODE', status: 401 }).message).toMatch(/used already/);
    // Argo refuses a replayed authenticator code with its own words: keep them.
    expect(
      describeAuthError({
        code: 'INVALID_CODE',
        status: 401,
        message: 'This code was already used. Enter the next code your authenticator app shows.',
      }).message,
    ).toBe('This code was already used. Enter the next code your authenticator app shows.');
  });

  it('sends the person back to the password step when the sign-in state is gone', () => {
    expect(describeAuthError({ code: 'INVALID_TWO_FACTOR_COOKIE', status: 401 })).toEqual({
      step: 'error',
      message: 'Your sign-in took too long; sign in again.',
      restart: true,
    });
    expect(describeAuthError({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', status: 400 })).toMatchObject({
      restart: true,
    });
    expect(
      describeAuthError({
        code: 'NotAuthorizedException',
        message: 'Invalid session for the user, session is expired.',
      }),
    ).toMatchObject({ restart: true });
  });

  it('says when to try again after too many attempts (Argo’s 429)', () => {
    expect(
      describeAuthError({
        code: 'TOO_MANY_ATTEMPTS',
        status: 429,
        message: 'Too many sign-in attempts. Try again in 15 minutes.',
        retry_after_seconds: 840,
      }),
    ).toEqual({ step: 'error', message: 'Too many attempts. Try again in 14 minutes.' });
    expect(
      describeAuthError({ status: 429, message: 'Too many codes were requested. Try again in 3 minutes.' })
        .message,
    ).toBe('Too many codes were requested. Try again in 3 minutes.');
    expect(describeAuthError({ status: 429 }).message).toMatch(/Too many attempts/);
    expect(describeAuthError({ code: 'LimitExceededException' }).message).toMatch(/Too many attempts/);
    expect(inMinutes(1)).toBe('in 1 minute');
    expect(inMinutes(61)).toBe('in 2 minutes');
  });

  it('puts weak-password errors next to the password being chosen', () => {
    expect(describeAuthError({ code: 'PASSWORD_TOO_SHORT', status: 400 }, { minPasswordLength: 8 })).toEqual({
      step: 'error',
      message: 'Use at least 8 characters.',
      field: 'password',
    });
    expect(describeAuthError({ code: 'PASSWORD_TOO_SHORT' }, { passwordField: 'newPassword' }).field).toBe(
      'newPassword',
    );
    expect(
      describeAuthError({
        code: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password must have uppercase characters',
      }),
    ).toEqual({
      step: 'error',
      message: 'This password does not meet the rules: Password must have uppercase characters.',
      field: 'password',
    });
    expect(describeAuthError({ code: 'PASSWORD_UNCHANGED', status: 400 }).field).toBe('newPassword');
    expect(describeAuthError({ code: 'INVALID_PASSWORD', status: 400 })).toEqual({
      step: 'error',
      message: 'That password is not right.',
      field: 'password',
    });
  });

  it('words an existing email, passkey problems and unreachable servers', () => {
    expect(describeAuthError({ code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', status: 422 }).field).toBe(
      'email',
    );
    expect(describeAuthError({ code: 'ERROR_CEREMONY_ABORTED', status: 400 }).message).toMatch(
      /closed or timed out/,
    );
    expect(describeAuthError({ code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }).field).toBe(
      'passkeyName',
    );
    expect(describeAuthError({ status: 0 }).message).toMatch(/could not be reached/);
    expect(describeAuthError({ status: 503 }).message).toMatch(/could not be reached/);
    // An unknown code with a message of its own keeps the message.
    expect(describeAuthError({ code: 'SOMETHING_NEW', status: 400, message: 'Something new.' }).message).toBe(
      'Something new.',
    );
  });
});
