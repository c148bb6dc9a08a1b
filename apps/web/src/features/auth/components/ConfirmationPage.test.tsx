import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../testing/fake-api';
import { fakeIdToken, renderApp, sessionAnswer } from '../test-utils';

const notFound = () => json(404, { error: { code: 'not_found', message: 'No Argo account yet.' } });

describe('the email confirmation page (/confirmation/?email&code)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('confirms by itself from the email’s link, signs in and moves on to naming the organisation', async () => {
    let isSignedIn = false;
    const sent = mockApi({
      'POST /api/auth/email-otp/verify-email': () => {
        isSignedIn = true;
        return json(200, {
          status: true,
          token: 'session-token',
          user: { id: 'u1', email: 'ann@example.com' },
        });
      },
      'GET /api/auth/get-session': () => sessionAnswer(isSignedIn ? fakeIdToken() : null),
      'GET /api/users/me': notFound,
      'GET /api/accounts/me': notFound,
    });
    const { router } = renderApp('/confirmation/?email=ann%40example.com&code=123456');

    await screen.findByRole('heading', { name: 'Create your organisation' });
    expect(router.state.location.search).toEqual({ step: 'organisation' });
    const confirmations = sent.filter((r) => r.path === '/api/auth/email-otp/verify-email');
    // Once, even in strict mode.
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.body).toEqual({ email: 'ann@example.com', otp: '123456' });
  });

  it('shows the code form with the reason next to the code when the link’s code does not work', async () => {
    mockApi({
      'POST /api/auth/email-otp/verify-email': () =>
        json(400, { code: 'OTP_EXPIRED', message: 'OTP expired' }),
      'POST /api/auth/email-otp/send-verification-otp': () => json(200, { success: true }),
      'GET /api/auth/get-session': () => sessionAnswer(null),
    });
    renderApp('/confirmation/?email=ann%40example.com&code=123456');

    const code = await screen.findByRole('textbox', { name: 'Code' });
    expect(code).toHaveProperty('value', '123456');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('That code has expired. Ask for a new one.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await screen.findByText(/a new code is on its way/);
  });

  it('asks for the email and the code when the page is opened without them', async () => {
    const sent = mockApi({
      'POST /api/auth/email-otp/verify-email': () =>
        json(200, { status: true, token: null, user: { id: 'u1', email: 'ann@example.com' } }),
      'GET /api/auth/get-session': () => sessionAnswer(null),
    });
    renderApp('/confirmation/');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email' }), {
      target: { value: 'ann@example.com' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: ' 654 321 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));

    // Confirmed without a session (another browser): sign in next.
    await screen.findByText('Your email is confirmed. Sign in to continue.');
    expect(sent.find((r) => r.path === '/api/auth/email-otp/verify-email')?.body).toEqual({
      email: 'ann@example.com',
      otp: '654321',
    });
  });
});
