import { fireEvent, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProfile } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { fakeIdToken, renderApp, sessionAnswer } from '../test-utils';

const twoFactor = (methods: string[]) => () =>
  json(200, { twoFactorRedirect: true, twoFactorMethods: methods });

async function signInWithPassword() {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
    target: { value: 'ann@example.com' },
  });
  fireEvent.change(screen.getByLabelText('Password', { exact: false, selector: 'input' }), {
    target: { value: 'pw-123456' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in page (/login)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.useRealTimers());

  it('asks for the authenticator code inline after the password, then goes where the user was going', async () => {
    let isSignedIn = false;
    const profile = makeProfile('admin');
    const sent = mockApi({
      'POST /api/auth/sign-in/email': twoFactor(['totp']),
      'POST /api/auth/two-factor/verify-totp': ({ body }) => {
        if ((body as { code: string }).code !== '123456')
          return json(401, { code: 'INVALID_CODE', message: 'Invalid code' });
        isSignedIn = true;
        return json(200, { token: 's', user: { id: 'u1', email: 'ann@example.com' } });
      },
      'GET /api/auth/get-session': () => sessionAnswer(isSignedIn ? fakeIdToken() : null),
      'GET /api/users/me': () => json(200, profile),
      'GET /api/accounts/me': () => json(200, profile.account),
    });
    const { router } = renderApp('/login?redirect=%2Fsettings');
    await signInWithPassword();

    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/3:00|2:59/);
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('That code is not right. Check it and try again.');
    expect(screen.getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(sent.filter((r) => r.path === '/api/auth/two-factor/verify-totp').map((r) => r.body)).toEqual([
      { code: '000000' },
      { code: '123456' },
    ]);
  });

  it('lets the user choose between methods, and sends the email code when chosen', async () => {
    const sent = mockApi({
      'POST /api/auth/sign-in/email': twoFactor(['totp', 'otp']),
      'POST /api/auth/two-factor/send-otp': () => json(200, { status: true }),
      'GET /api/auth/get-session': () => sessionAnswer(null),
    });
    renderApp('/login');
    await signInWithPassword();

    fireEvent.click(await screen.findByRole('button', { name: 'Email me a code' }));
    await screen.findByText('We emailed a 6-digit code to ann@example.com. It works for 3 minutes.');
    expect(sent.filter((r) => r.path === '/api/auth/two-factor/send-otp')).toHaveLength(1);
    // The other ways stay at hand.
    expect(screen.getByRole('button', { name: 'Use your authenticator app' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Use a backup code' })).toBeTruthy();
  });

  it('counts down the 180 s and then sends the user back to the password: "took too long"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      'POST /api/auth/sign-in/email': twoFactor(['totp']),
      'GET /api/auth/get-session': () => sessionAnswer(null),
    });
    renderApp('/login');
    await signInWithPassword();
    await screen.findByRole('textbox', { name: 'Code' });

    await act(async () => vi.advanceTimersByTime(61_000));
    expect(screen.getByRole('timer').textContent).toMatch(/1:5\d/);

    await act(async () => vi.advanceTimersByTime(120_000));
    await screen.findByText('Your sign-in took too long; sign in again.');
    expect(screen.queryByRole('textbox', { name: 'Code' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveProperty('value', 'ann@example.com');
  });

  it('shows Argo’s sign-in limit with the time to wait, and a wrong password next to the password', async () => {
    let calls = 0;
    mockApi({
      'POST /api/auth/sign-in/email': () =>
        ++calls === 1
          ? json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' })
          : json(429, {
              code: 'TOO_MANY_ATTEMPTS',
              message: 'Too many sign-in attempts. Try again in 15 minutes.',
              retry_after_seconds: 900,
            }),
      'GET /api/auth/get-session': () => sessionAnswer(null),
    });
    renderApp('/login');
    await signInWithPassword();
    await screen.findByText('The email or password is not right.');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Try again in 15 minutes.',
    );
  });

  it('sends an invited user with a temporary password to /password/set', async () => {
    mockApi({
      'POST /api/auth/sign-in/email': () =>
        json(200, { token: 's', user: { id: 'u1', email: 'ann@example.com', mustChangePassword: true } }),
      'GET /api/auth/get-session': () => sessionAnswer(null),
    });
    const { router } = renderApp('/login');
    await signInWithPassword();
    await screen.findByRole('heading', { name: 'Choose your password' });
    expect(router.state.location.pathname).toBe('/password/set');
    // The rules are listed before the user submits.
    expect(screen.getByText('At least 6 characters')).toBeTruthy();
  });

  describe('after the app signed the user out', () => {
    const DISABLED = 'Your user is disabled. Ask an admin of your account to enable it.';
    const ENDED = 'You were signed out (this sign-in was ended). Sign in again.';

    /** A browser that was signed in: its ID token works until it signs out; users/me answers `usersMe`. */
    function signedInUntilSignOut(usersMe: () => Response, signIn: () => Response) {
      let signedIn = true;
      const profile = makeProfile('member');
      return mockApi({
        'GET /api/auth/get-session': () => sessionAnswer(signedIn ? fakeIdToken() : null),
        'POST /api/auth/sign-out': () => {
          signedIn = false;
          return json(200, { success: true });
        },
        'GET /api/users/me': usersMe,
        'GET /api/accounts/me': () => json(200, profile.account),
        'POST /api/auth/sign-in/email': () => {
          const answer = signIn();
          signedIn = answer.ok;
          return answer;
        },
      });
    }

    it('says the user is disabled, keeps the address, and says it again when their password is refused', async () => {
      const sent = signedInUntilSignOut(
        () => json(403, { error: { code: 'forbidden', message: DISABLED } }),
        () => json(403, { code: 'USER_DISABLED', message: DISABLED }),
      );
      const { router } = renderApp('/sessions?session_id=abc');
      expect((await screen.findByRole('alert')).textContent).toBe(DISABLED);
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toEqual({
        redirect: '/sessions?session_id=abc',
        reason: 'disabled',
      });
      expect(sent.some((r) => r.path === '/api/auth/sign-out')).toBe(true);

      // Signing in again with the right password: the API refuses it, and the form says why.
      await signInWithPassword();
      await waitFor(() => expect(sent.filter((r) => r.path === '/api/auth/sign-in/email')).toHaveLength(1));
      expect((await screen.findByRole('alert')).textContent).toBe(DISABLED);
      expect(router.state.location.pathname).toBe('/login');
    });

    it('says the sign-in was ended, and goes back where the user was once signed in again', async () => {
      let ended = true;
      const profile = makeProfile('member');
      signedInUntilSignOut(
        () =>
          ended ? json(401, { error: { code: 'unauthenticated', message: ENDED } }) : json(200, profile),
        () => {
          ended = false;
          return json(200, { token: 's', user: { id: 'u1', email: 'ann@example.com' } });
        },
      );
      const { router } = renderApp('/settings');
      expect((await screen.findByRole('alert')).textContent).toBe(ENDED);
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toEqual({ redirect: '/settings', reason: 'session-ended' });

      await signInWithPassword();
      await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    });

    it('ignores a reason it does not know (no text of the address is shown)', async () => {
      mockApi({ 'GET /api/auth/get-session': () => sessionAnswer(null) });
      const { router } = renderApp('/login?reason=Call%20this%20number');
      await screen.findByRole('button', { name: 'Sign in' });
      expect(screen.queryByRole('alert')).toBeNull();
      expect(router.state.location.search).toEqual({});
    });
  });
});
