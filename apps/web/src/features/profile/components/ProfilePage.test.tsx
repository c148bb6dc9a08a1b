import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProfile, makeUser } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { ProfilePage } from './ProfilePage';

beforeEach(() => {
  stubIdentityProvider();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the profile page', () => {
  it('saves the own name and job title with PUT /users/me', async () => {
    const profile = makeProfile('member');
    const sent = mockApi({
      'PUT /api/users/me': ({ body }) =>
        json(200, { ...makeUser(profile.id, '', profile.email), ...(body as object) }),
    });
    renderPage(<ProfilePage />, { profile });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    const title = screen.getByRole('textbox', { name: 'Job title' });
    const save = screen.getByRole('button', { name: 'Save name' });
    expect(save).toHaveProperty('disabled', true);
    fireEvent.change(name, { target: { value: ' Mia Moe ' } });
    fireEvent.change(title, { target: { value: ' Head of Sales ' } });
    fireEvent.click(save);
    expect(await screen.findByText('Name saved')).toBeTruthy();
    expect(screen.getByText('You appear as Mia Moe, Head of Sales.')).toBeTruthy();
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/users/me',
        body: { name: 'Mia Moe', title: 'Head of Sales' },
      }),
    ]);
    // Members see the organisation but cannot change it.
    expect(screen.getByText('Only admins of Acme Ventures can change these.')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /^Admins must use MFA/ })).toBeNull();
    expect(screen.getByText(profile.analytics_identifier)).toBeTruthy();
  });

  it('lets an admin change the organisation with PUT /accounts', async () => {
    const profile = makeProfile('admin');
    const sent = mockApi({
      'PUT /api/accounts': ({ body }) => json(200, { ...profile.account, ...(body as object) }),
    });
    renderPage(<ProfilePage />, { profile });
    fireEvent.click(await screen.findByRole('switch', { name: /^Admins must use MFA/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Website' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save organisation' }));
    expect(await screen.findByText('Organisation saved')).toBeTruthy();
    expect(sent[0]?.body).toEqual({ name: 'Acme Ventures', website: null, require_admin_mfa: true });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save organisation' })).toHaveProperty('disabled', true),
    );
  });

  it('shows a refused website under the field', async () => {
    const profile = makeProfile('admin');
    mockApi({
      'PUT /api/accounts': () =>
        json(400, {
          error: {
            code: 'validation_failed',
            message: 'website: must be a web address (https://…)',
            field: 'website',
          },
        }),
    });
    renderPage(<ProfilePage />, { profile });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Website' }), {
      target: { value: 'ftp://x' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save organisation' }));
    expect(
      await screen.findByText('Server error (400): website: must be a web address (https://…)'),
    ).toBeTruthy();
  });
});
