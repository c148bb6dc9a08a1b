import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthProvider } from '../../../lib/auth/auth';
import type { AuthProvider } from '../../../lib/auth/types';
import { mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { MfaPage } from './MfaPage';

beforeEach(() => {
  stubIdentityProvider();
  mockApi({});
});

describe('/mfa', () => {
  it('tells an admin whose sign-in did not use the two-factor they have on to sign in again with a code', async () => {
    setAuthProvider({ getMfaStatus: async () => ({ enabled: true }) });
    renderPage(<MfaPage reason="required" redirect="/users" />);
    await screen.findByText(/but this sign-in did not use it/);
    const again = screen.getByRole('link', { name: 'Sign in again' });
    const target = new URL(again.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/logout');
    expect(Object.fromEntries(target.searchParams)).toEqual({ reason: 'two-factor', redirect: '/users' });
    // Not offered: setting up what is already on would not change this sign-in.
    expect(screen.queryByRole('button', { name: /Authenticator app/ })).toBeNull();
  });

  it('after codes by email are turned on (which ends the sign-in), goes to /login saying to sign in with a code', async () => {
    const enableEmailMfa = vi.fn<NonNullable<AuthProvider['enableEmailMfa']>>(async () => ({ step: 'done' }));
    setAuthProvider({
      getMfaStatus: async () => ({ enabled: false }),
      enableEmailMfa,
      fetchIdToken: async () => null,
    });
    const { router } = renderPage(<MfaPage redirect="/settings" />);
    fireEvent.click(await screen.findByRole('button', { name: /Code by email/ }));
    fireEvent.change(screen.getByLabelText('Current password', { exact: false, selector: 'input' }), {
      target: { value: 'my password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on codes by email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ reason: 'two-factor', redirect: '/settings' });
    expect(enableEmailMfa).toHaveBeenCalledWith('my password');
  });
});
