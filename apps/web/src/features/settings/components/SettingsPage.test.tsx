import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setAuthProvider } from '../../../lib/auth/auth';
import type { AuthProvider } from '../../../lib/auth/types';
import { makeProfile } from '../../../testing/factories';
import { mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { SettingsPage } from './SettingsPage';

beforeEach(() => {
  stubIdentityProvider();
  mockApi({});
});

async function findSecurity() {
  return within(await screen.findByRole('region', { name: 'Password and security' }));
}

describe('the settings page', () => {
  it('switches the colour scheme and keeps the choice', async () => {
    renderPage(<SettingsPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Dark' }));
    await waitFor(() =>
      expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark'),
    );
    expect(window.localStorage.getItem('argo-color-scheme')).toBe('dark');
    fireEvent.click(screen.getByRole('radio', { name: 'Auto' }));
    await waitFor(() => expect(window.localStorage.getItem('argo-color-scheme')).toBe('auto'));
  });

  it('changes the password, putting a wrong current password next to its field', async () => {
    const changePassword = vi
      .fn<AuthProvider['changePassword']>()
      .mockResolvedValueOnce({ step: 'error', message: 'That password is not right.', field: 'password' })
      .mockResolvedValueOnce({ step: 'done' });
    setAuthProvider({ changePassword });
    renderPage(<SettingsPage />);
    const security = await findSecurity();
    const fill = (label: string, value: string) =>
      fireEvent.change(security.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }), {
        target: { value },
      });
    fill('Current password', 'wrong one');
    fill('New password', 'a new password');
    fill('Repeat the new password', 'a new password');
    // The rule is ticked as the new password is typed.
    expect(security.getByText('At least 6 characters').closest('[data-met]')?.getAttribute('data-met')).toBe(
      'true',
    );
    fireEvent.click(security.getByRole('button', { name: 'Change password' }));

    const message = await security.findByText('That password is not right.');
    const current = security.getByLabelText('Current password', { exact: false, selector: 'input' });
    expect(current.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    fill('Current password', 'the right one');
    fireEvent.click(security.getByRole('button', { name: 'Change password' }));
    await screen.findByText('Your other devices were signed out; this one stays signed in.');
    expect(changePassword).toHaveBeenLastCalledWith('the right one', 'a new password');
  });

  it('lists the passkeys and removes one after asking', async () => {
    let passkeys = [
      { id: 'pk1', name: 'Work laptop', createdAt: '2026-03-01T10:00:00.000Z' },
      { id: 'pk2', name: null, createdAt: null },
    ];
    const remove = vi.fn(async (id: string) => {
      passkeys = passkeys.filter((p) => p.id !== id);
      return { step: 'done' as const };
    });
    setAuthProvider({
      passkeys: { signIn: vi.fn(), list: async () => passkeys, add: vi.fn(), remove },
    });
    renderPage(<SettingsPage />);
    const security = await findSecurity();
    const list = await security.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Work laptop')).toBeTruthy();
    expect(within(list).getByText('Unnamed passkey')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: 'Remove passkey Work laptop' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove passkey' }));
    await waitFor(() => expect(screen.queryByText('Work laptop')).toBeNull());
    expect(remove).toHaveBeenCalledWith('pk1');
  });

  it('does not turn two-factor sign-in off with the password alone, and can email a code', async () => {
    const disableMfa = vi.fn<AuthProvider['disableMfa']>();
    const sendMfaCode = vi.fn<NonNullable<AuthProvider['sendMfaCode']>>(async () => ({ step: 'done' }));
    setAuthProvider({
      getMfaStatus: async () => ({ enabled: true }),
      mfaChangeNeedsCode: true,
      sendMfaCode,
      disableMfa,
    });
    renderPage(<SettingsPage />);
    const security = await findSecurity();
    await security.findByText('On');
    fireEvent.click(security.getByRole('button', { name: 'Turn off' }));
    const dialog = within(await screen.findByRole('form', { name: 'Turn off two-factor sign-in?' }));
    fireEvent.change(dialog.getByLabelText('Current password', { exact: false, selector: 'input' }), {
      target: { value: 'my password' },
    });
    const code = dialog.getByLabelText('Code', { exact: false, selector: 'input' });

    // The password alone is not enough: the code field says what is missing, and nothing is sent.
    fireEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    const missing = await dialog.findByText(
      'Enter a code from your authenticator app, a backup code, or a code we email you.',
    );
    expect(code.getAttribute('aria-describedby')?.split(' ')).toContain(missing.id);
    expect(disableMfa).not.toHaveBeenCalled();

    fireEvent.click(dialog.getByRole('button', { name: 'Email me a code' }));
    await dialog.findByText('We emailed you a code. It works for 3 minutes.');
    expect(sendMfaCode).toHaveBeenCalledOnce();
  });

  it('turns two-factor sign-in off once the code is right, saying a wrong one next to the code', async () => {
    const disableMfa = vi
      .fn<AuthProvider['disableMfa']>()
      .mockResolvedValueOnce({
        step: 'error',
        message: 'That code is not right. Check it and try again.',
        field: 'code',
      })
      .mockResolvedValueOnce({ step: 'done' });
    setAuthProvider({ getMfaStatus: async () => ({ enabled: true }), mfaChangeNeedsCode: true, disableMfa });
    renderPage(<SettingsPage />);
    const security = await findSecurity();
    fireEvent.click(await security.findByRole('button', { name: 'Turn off' }));
    const dialog = within(await screen.findByRole('form', { name: 'Turn off two-factor sign-in?' }));
    fireEvent.change(dialog.getByLabelText('Current password', { exact: false, selector: 'input' }), {
      target: { value: 'my password' },
    });
    const code = dialog.getByLabelText('Code', { exact: false, selector: 'input' });
    fireEvent.change(code, { target: { value: '000 000' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    await dialog.findByText('That code is not right. Check it and try again.');
    expect(disableMfa).toHaveBeenLastCalledWith('my password', '000000');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Turn off two-factor sign-in?' })).toBeNull(),
    );
    expect(disableMfa).toHaveBeenLastCalledWith('my password', '123456');
  });

  it('asks for a current code before making new backup codes', async () => {
    const regenerateBackupCodes = vi.fn<NonNullable<AuthProvider['regenerateBackupCodes']>>(async () => ({
      step: 'done',
      backupCodes: ['AAAAA-BBBBB'],
    }));
    setAuthProvider({
      getMfaStatus: async () => ({ enabled: true }),
      mfaChangeNeedsCode: true,
      regenerateBackupCodes,
    });
    renderPage(<SettingsPage />);
    const security = await findSecurity();
    fireEvent.click(await security.findByRole('button', { name: 'New backup codes' }));
    const dialog = within(await screen.findByRole('form', { name: 'Make new backup codes?' }));
    fireEvent.change(dialog.getByLabelText('Current password', { exact: false, selector: 'input' }), {
      target: { value: 'my password' },
    });
    fireEvent.change(dialog.getByLabelText('Code', { exact: false, selector: 'input' }), {
      target: { value: 'ZZZZZ-YYYYY' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Make new codes' }));
    await screen.findByText('AAAAA-BBBBB');
    expect(regenerateBackupCodes).toHaveBeenCalledWith('my password', 'ZZZZZ-YYYYY');
  });

  it('shows two-factor sign-in as on, and does not let a required admin turn it off', async () => {
    setAuthProvider({ getMfaStatus: async () => ({ enabled: true }) });
    renderPage(<SettingsPage />, { profile: { ...makeProfile('admin'), require_admin_mfa: true } });
    const security = await findSecurity();
    expect(await security.findByText('On')).toBeTruthy();
    expect(security.getByRole('button', { name: 'Turn off' })).toHaveProperty('disabled', true);
    expect(
      security.getByText(
        'Your organisation requires admins to use two-factor sign-in, so it cannot be turned off.',
      ),
    ).toBeTruthy();
  });
});
