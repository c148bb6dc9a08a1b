import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createBetterAuthProvider, readTotpSecret } from './better-auth-provider';

/* The built-in provider against a stubbed `fetch`: the better-auth endpoints answer as the API does. */

interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

function respond(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function stubAuthApi(
  answers: Record<string, (body: Record<string, unknown> | undefined) => Response>,
): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), 'http://localhost');
      const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
      const text = typeof init?.body === 'string' ? init.body : request ? await request.text() : '';
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      const path = url.pathname.replace(/^\/api\/auth/, '');
      sent.push({ method, path, body });
      const answer = answers[`${method} ${path}`];
      return answer
        ? answer(body)
        : respond(404, { code: 'NOT_FOUND', message: `No answer for ${method} ${path}` });
    }),
  );
  return sent;
}

const user = (fields: Record<string, unknown> = {}) => ({
  id: 'u1',
  email: 'ann@example.com',
  name: 'Ann',
  ...fields,
});

describe('the built-in provider (better-auth)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('offers the methods of a two-factor sign-in, sends the email code when chosen, and finishes with it', async () => {
    const sent = stubAuthApi({
      'POST /sign-in/email': () =>
        respond(200, { twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] }),
      'POST /two-factor/send-otp': () => respond(200, { status: true }),
      'POST /two-factor/verify-otp': () => respond(200, { token: 't', user: user() }),
    });
    const provider = createBetterAuthProvider();
    expect(await provider.signIn('ann@example.com', 'pw-123456')).toEqual({
      step: 'select_mfa',
      methods: ['totp', 'email_code', 'backup_code'],
    });
    expect(await provider.chooseMfa('email_code')).toEqual({
      step: 'email_code',
      methods: ['totp', 'email_code', 'backup_code'],
    });
    expect(await provider.submitChallenge('email_code', '123456')).toEqual({ step: 'done' });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /sign-in/email',
      'POST /two-factor/send-otp',
      'POST /two-factor/verify-otp',
    ]);
    expect(sent[0]?.body).toMatchObject({ email: 'ann@example.com', password: 'pw-123456' });
    expect(sent[2]?.body).toMatchObject({ code: '123456' });
  });

  it('goes straight to the only method: the authenticator app, or an emailed code it sends at once', async () => {
    stubAuthApi({
      'POST /sign-in/email': () => respond(200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
    });
    expect(await createBetterAuthProvider().signIn('ann@example.com', 'pw')).toEqual({
      step: 'totp',
      methods: ['totp', 'backup_code'],
    });

    const sent = stubAuthApi({
      'POST /sign-in/email': () => respond(200, { twoFactorRedirect: true, twoFactorMethods: ['otp'] }),
      'POST /two-factor/send-otp': () => respond(200, { status: true }),
    });
    expect(await createBetterAuthProvider().signIn('ann@example.com', 'pw')).toEqual({
      step: 'email_code',
      methods: ['email_code'],
    });
    expect(sent.map((r) => r.path)).toEqual(['/sign-in/email', '/two-factor/send-otp']);
  });

  it('puts a wrong code next to the code field, and an expired sign-in back to the password step', async () => {
    stubAuthApi({
      'POST /sign-in/email': () => respond(200, { twoFactorRedirect: true, twoFactorMethods: ['totp'] }),
      'POST /two-factor/verify-totp': ({ code } = {}) =>
        code === '111111'
          ? respond(401, { code: 'INVALID_CODE', message: 'Invalid code' })
          : respond(401, { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' }),
      'POST /two-factor/verify-backup-code': () =>
        respond(401, { code: 'INVALID_BACKUP_CODE', message: 'x' }),
    });
    const provider = createBetterAuthProvider();
    await provider.signIn('ann@example.com', 'pw');
    expect(await provider.submitChallenge('totp', '111111')).toEqual({
      step: 'error',
      message: 'That code is not right. Check it and try again.',
      field: 'code',
    });
    expect(await provider.submitChallenge('backup_code', 'abcde-fghij')).toMatchObject({ field: 'code' });
    expect(await provider.submitChallenge('totp', '222222')).toEqual({
      step: 'error',
      message: 'Your sign-in took too long; sign in again.',
      restart: true,
    });
  });

  it('asks an invited user for a new password and changes it from the temporary one', async () => {
    const sent = stubAuthApi({
      'POST /sign-in/email': () => respond(200, { token: 't', user: user({ mustChangePassword: true }) }),
      'POST /change-password': () => respond(200, { token: 't2', user: user({ mustChangePassword: false }) }),
    });
    const provider = createBetterAuthProvider();
    expect(await provider.signIn('ann@example.com', 'TEMPtemp2345678')).toEqual({ step: 'new_password' });
    expect(await provider.completeNewPassword('my own password')).toEqual({ step: 'done' });
    expect(sent[1]?.body).toEqual({
      currentPassword: 'TEMPtemp2345678',
      newPassword: 'my own password',
      revokeOtherSessions: true,
    });
    // Used once: a second try has nothing to change from and asks to sign in again.
    expect(await provider.completeNewPassword('another one')).toMatchObject({ restart: true });
  });

  it('answers the same "check your email" step for a new and an existing email, and for an unconfirmed sign-in', async () => {
    stubAuthApi({
      'POST /sign-up/email': ({ email } = {}) =>
        email === 'new@example.com'
          ? respond(200, { token: null, user: user({ email }) })
          : respond(422, { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already exists.' }),
      'POST /sign-in/email': () =>
        respond(403, { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' }),
    });
    const provider = createBetterAuthProvider();
    const input = { name: 'Ann', password: 'pw-123456' };
    expect(await provider.signUp({ ...input, email: 'new@example.com' })).toEqual({
      step: 'confirm_sign_up',
      email: 'new@example.com',
    });
    expect(await provider.signUp({ ...input, email: 'old@example.com' })).toEqual({
      step: 'confirm_sign_up',
      email: 'old@example.com',
    });
    expect(await provider.signIn('new@example.com', 'pw-123456')).toEqual({
      step: 'confirm_sign_up',
      email: 'new@example.com',
    });
  });

  it('confirms the email with the code: signed in when the provider opened a session', async () => {
    const sent = stubAuthApi({
      'POST /email-otp/verify-email': ({ otp } = {}) =>
        otp === '123456'
          ? respond(200, { status: true, token: 'session', user: user() })
          : otp === '654321'
            ? respond(200, { status: true, token: null, user: user() })
            : respond(400, { code: 'OTP_EXPIRED', message: 'OTP expired' }),
    });
    const provider = createBetterAuthProvider();
    expect(await provider.confirmSignUp('ann@example.com', '123456')).toEqual({ step: 'done' });
    expect(await provider.confirmSignUp('ann@example.com', '654321')).toEqual({ step: 'confirmed' });
    expect(await provider.confirmSignUp('ann@example.com', '000000')).toMatchObject({
      message: 'That code has expired. Ask for a new one.',
      field: 'code',
    });
    expect(sent[0]?.body).toEqual({ email: 'ann@example.com', otp: '123456' });
  });

  it('says when to try again when Argo limits sign-in attempts', async () => {
    stubAuthApi({
      'POST /sign-in/email': () =>
        respond(429, {
          code: 'TOO_MANY_ATTEMPTS',
          message: 'Too many sign-in attempts. Try again in 15 minutes.',
          retry_after_seconds: 900,
        }),
    });
    expect(await createBetterAuthProvider().signIn('ann@example.com', 'pw')).toEqual({
      step: 'error',
      message: 'Too many attempts. Try again in 15 minutes.',
    });
  });

  it('resets a password with the emailed code, and asks for codes of both kinds', async () => {
    const sent = stubAuthApi({
      'POST /email-otp/send-verification-otp': () => respond(200, { success: true }),
      'POST /email-otp/reset-password': () => respond(200, { success: true }),
    });
    const provider = createBetterAuthProvider();
    expect(await provider.requestPasswordReset('ann@example.com')).toEqual({ step: 'done' });
    expect(await provider.resendSignUpCode('ann@example.com')).toEqual({ step: 'done' });
    expect(await provider.confirmPasswordReset('ann@example.com', '123456', 'new password')).toEqual({
      step: 'done',
    });
    expect(sent.map((r) => r.body)).toEqual([
      { email: 'ann@example.com', type: 'forget-password' },
      { email: 'ann@example.com', type: 'email-verification' },
      { email: 'ann@example.com', otp: '123456', password: 'new password' },
    ]);
  });

  it('starts an authenticator-app setup with the password and reads the key from the URI', async () => {
    const totpURI =
      'otpauth://totp/Argo:ann%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Argo&digits=6&period=30';
    const sent = stubAuthApi({
      'POST /two-factor/enable': ({ password } = {}) =>
        password === 'right'
          ? respond(200, { method: 'totp', totpURI, backupCodes: ['aaaaa-bbbbb'] })
          : respond(400, { code: 'INVALID_PASSWORD', message: 'Invalid password' }),
    });
    const provider = createBetterAuthProvider();
    expect(await provider.startTotpSetup('wrong')).toEqual({
      step: 'error',
      message: 'That password is not right.',
      field: 'password',
    });
    expect(await provider.startTotpSetup('right')).toEqual({
      step: 'done',
      totpUri: totpURI,
      secret: 'JBSWY3DPEHPK3PXP',
      backupCodes: ['aaaaa-bbbbb'],
    });
    expect(sent[1]?.body).toEqual({ password: 'right' });
    expect(readTotpSecret('otpauth://totp/x')).toBe('');
  });

  it('turns two-factor off with the password and a current code, and can email that code first', async () => {
    const sent = stubAuthApi({
      'POST /two-factor/send-otp': () => respond(200, { status: true }),
      'POST /two-factor/disable': ({ code } = {}) =>
        code === '123456'
          ? respond(200, { status: true })
          : respond(400, {
              code: 'TWO_FACTOR_CODE_REQUIRED',
              message: 'Enter a code … to turn off two-factor sign-in.',
            }),
      'POST /two-factor/generate-backup-codes': () =>
        respond(200, { status: true, backupCodes: ['ccccc-ddddd'] }),
    });
    const provider = createBetterAuthProvider();
    expect(provider.mfaChangeNeedsCode).toBe(true);
    expect(await provider.sendMfaCode?.()).toEqual({ step: 'done' });
    expect(await provider.disableMfa('pw', null)).toEqual({
      step: 'error',
      message: 'Enter a code … to turn off two-factor sign-in.',
      field: 'code',
    });
    expect(await provider.disableMfa('pw', '123456')).toEqual({ step: 'done' });
    expect(await provider.regenerateBackupCodes?.('pw', 'aaaaa-bbbbb')).toEqual({
      step: 'done',
      backupCodes: ['ccccc-ddddd'],
    });
    expect(sent.map((r) => [r.path, r.body])).toEqual([
      ['/two-factor/send-otp', {}],
      ['/two-factor/disable', { password: 'pw', code: null }],
      ['/two-factor/disable', { password: 'pw', code: '123456' }],
      ['/two-factor/generate-backup-codes', { password: 'pw', code: 'aaaaa-bbbbb' }],
    ]);
  });

  it('reads the password rules from the public config, or keeps the default of 6', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(200, { auth_provider: 'builtin', password_min_length: 10 })),
    );
    expect(await createBetterAuthProvider().getPasswordPolicy()).toEqual({ minLength: 10 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => respond(200, { auth_provider: 'builtin' })),
    );
    expect(await createBetterAuthProvider().getPasswordPolicy()).toEqual({ minLength: 6 });
  });
});
