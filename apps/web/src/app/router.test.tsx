import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

const auth = vi.hoisted(() => ({
  signedIn: false,
  isSignedIn: vi.fn(),
  signOut: vi.fn(),
  signIn: vi.fn(),
}));
vi.mock('../lib/auth/auth', async (importOriginal) => ({
  // The rest of the step machine (capabilities, challenges) stays real.
  ...(await importOriginal<typeof import('../lib/auth/auth')>()),
  isSignedIn: auth.isSignedIn,
  getIdToken: async () => (auth.signedIn ? 'id-token' : null),
  signOut: auth.signOut,
  signIn: auth.signIn,
  signUp: vi.fn(),
}));

const account = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Acme Ventures',
  website: null,
  analytics_identifier: '00000000-0000-4000-8000-000000000002',
  require_admin_mfa: false,
  created_at: '2026-01-01T00:00:00.000Z',
};
const user = {
  id: '00000000-0000-4000-8000-000000000003',
  account_id: account.id,
  email: 'ann@acme.test',
  name: 'Ann Admin',
  role: 'admin',
  venture_ids: [],
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  last_seen_at: null,
};

let usersMe: () => Response;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  auth.signedIn = false;
  auth.isSignedIn.mockImplementation(async () => auth.signedIn);
  auth.signOut.mockImplementation(async () => {
    auth.signedIn = false;
  });
  usersMe = () => json(200, { body: user });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/users/me') return usersMe();
      if (url === '/api/accounts/me') return json(200, account);
      return new Response('Not found', { status: 404 });
    }),
  );
});

function renderAt(path: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('the app shell', () => {
  it('shows the 404 page with the exact texts for an unknown route', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByText('404')).toBeTruthy();
    expect(screen.getByText('Page not found')).toBeTruthy();
    expect(screen.getByText("Sorry, we can't find the page you are looking for.")).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Argo | Page not found'));
  });

  it('sends a signed-out visitor to /login with the attempted address', async () => {
    const router = renderAt('/results?session_id=abc');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/results?session_id=abc' });
    await waitFor(() => expect(document.title).toBe('Argo | Login'));
  });

  it('shows /mfa signed out under its own title, asking to sign in first and to come back', async () => {
    const router = renderAt('/mfa?redirect=%2Fsettings');
    expect(await screen.findByText(/Sign in first/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mfa');
    await waitFor(() => expect(document.title).toBe('Argo | MFA Setup'));
    fireEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/mfa?redirect=%2Fsettings' });
  });

  it('treats /index.html as the home page', async () => {
    const router = renderAt('/index.html');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(router.state.location.search).toEqual({ redirect: '/' });
  });

  it('shows the app with the profile for a signed-in user', async () => {
    auth.signedIn = true;
    const router = renderAt('/results?session_id=abc');
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeTruthy();
    expect(screen.getByText('Session abc')).toBeTruthy();
    expect(screen.getByText('Ann Admin')).toBeTruthy();
    // Admins see the Users entry of the navigation.
    expect(screen.getByRole('link', { name: 'Users' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/results');
  });

  it('asks a signed-in identity without an Argo account to name its organisation', async () => {
    auth.signedIn = true;
    usersMe = () => json(404, { error: { code: 'not_found', message: 'No Argo user for this sign-in.' } });
    const router = renderAt('/landing');
    expect(await screen.findByText('Create your organisation')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register');
    expect(router.state.location.search).toEqual({ step: 'organisation' });
  });

  it('signs out when the profile cannot be loaded', async () => {
    auth.signedIn = true;
    usersMe = () => json(500, { error: { code: 'internal', message: 'Something broke.' } });
    const router = renderAt('/sessions');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(auth.signOut).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the login screen', () => {
  function fillAndSubmit() {
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ann@acme.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('shows a sign-in error next to its field', async () => {
    auth.signIn.mockResolvedValue({
      step: 'error',
      message: 'The email or password is not right.',
      field: 'password',
    });
    renderAt('/login');
    await screen.findByRole('button', { name: 'Sign in' });
    fillAndSubmit();
    const message = await screen.findByText('The email or password is not right.');
    expect(auth.signIn).toHaveBeenCalledWith('ann@acme.test', 'secret1');
    // The message belongs to the password field (Mantine links it with aria-describedby).
    const describedBy = screen.getByLabelText(/Password/).getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ')).toContain(message.id);
  });

  it('goes where the user was going once signed in', async () => {
    auth.signIn.mockImplementation(async () => {
      auth.signedIn = true;
      return { step: 'done' };
    });
    const router = renderAt('/login?redirect=%2Fresults%3Fsession_id%3Dabc');
    await screen.findByRole('button', { name: 'Sign in' });
    fillAndSubmit();
    expect(await screen.findByRole('heading', { name: 'Results' })).toBeTruthy();
    expect(router.state.location.href).toBe('/results?session_id=abc');
  });
});
