import type { SharedUser } from '@argo/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, makeSession, makeUser } from '../../../testing/factories';
import { json, mockApi } from '../../../testing/fake-api';
import { renderPage, stubIdentityProvider } from '../../../testing/render-page';
import { ShareSessionModal } from './ShareSessionModal';

const owner = makeUser(ids.ann, 'Ann Owner', 'ann@acme.test');
const bob = makeUser(ids.bob, 'Bob Builder', 'bob@acme.test');
const cat = makeUser(ids.cat, 'Cat Carter', 'cat@acme.test');
const me = makeUser(ids.me, 'Mia Me', 'mia@acme.test', 'admin');

// An admin (me) shares a session that Ann owns.
const session = makeSession({
  name: 'Plumbers in Leeds',
  owner_id: owner.id,
  owner: { id: owner.id, email: owner.email, name: owner.name },
  access: 'admin',
});

function shareOf(user: typeof bob, access: 'view' | 'edit'): SharedUser {
  return {
    user_id: user.id,
    email: user.email,
    name: user.name,
    access,
    granted_at: '2026-02-02T00:00:00.000Z',
    granted_by: ids.me,
  };
}

function renderShare(initial: SharedUser[]) {
  let shared = [...initial];
  const base = `/api/sessions/${session.id}`;
  const sent = mockApi({
    [`GET ${base}/shared-users`]: () => json(200, shared),
    'GET /api/users': () => json(200, [me, owner, bob, cat]),
    [`POST ${base}/grant-access`]: (request) => {
      const body = request.body as { user_id: string; access: 'view' | 'edit' };
      const user = [bob, cat].find((candidate) => candidate.id === body.user_id);
      if (!user)
        return json(404, { error: { code: 'not_found', message: 'No user with this id in your account.' } });
      const grant = shareOf(user, body.access);
      shared = [...shared.filter((s) => s.user_id !== user.id), grant];
      return json(200, grant);
    },
    [`DELETE ${base}/revoke-access`]: (request) => {
      shared = shared.filter((s) => s.user_id !== request.query.get('user_id'));
      return json(204);
    },
  });
  renderPage(<ShareSessionModal session={session} opened onClose={() => {}} />);
  return sent;
}

beforeEach(() => {
  stubIdentityProvider();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the share dialog', () => {
  it('grants a colleague picked from the users, never yourself or the owner', async () => {
    const sent = renderShare([]);
    const dialog = within(await screen.findByRole('dialog', { name: 'Share “Plumbers in Leeds”' }));
    expect(await dialog.findByText('Not shared with anyone yet.')).toBeTruthy();

    const picker = dialog.getByRole('combobox', { name: 'Colleague' });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(picker);
    const listbox = within(await dialog.findByRole('listbox'));
    const options = listbox.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Bob Builder (bob@acme.test)', 'Cat Carter (cat@acme.test)']);

    fireEvent.click(listbox.getByRole('option', { name: 'Cat Carter (cat@acme.test)' }));
    fireEvent.change(dialog.getByRole('combobox', { name: 'Access' }), { target: { value: 'edit' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Share' }));

    expect(await screen.findByText('Session shared')).toBeTruthy();
    const grant = sent.find((request) => request.method === 'POST');
    expect(grant?.path).toBe(`/api/sessions/${session.id}/grant-access`);
    expect(grant?.body).toEqual({ user_id: cat.id, access: 'edit' });
    // The list is asked again and shows the new share with its access.
    const access = await dialog.findByRole('combobox', { name: 'Access for Cat Carter' });
    expect((access as HTMLSelectElement).value).toBe('edit');
  });

  it('changes the access of a share and revokes it', async () => {
    const sent = renderShare([shareOf(bob, 'view')]);
    const dialog = within(await screen.findByRole('dialog'));

    fireEvent.change(await dialog.findByRole('combobox', { name: 'Access for Bob Builder' }), {
      target: { value: 'edit' },
    });
    expect(await screen.findByText('Access changed')).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      user_id: bob.id,
      access: 'edit',
    });

    fireEvent.click(dialog.getByRole('button', { name: 'Revoke access for Bob Builder' }));
    expect(await screen.findByText('Access revoked')).toBeTruthy();
    const revoke = sent.find((request) => request.method === 'DELETE');
    expect(revoke?.path).toBe(`/api/sessions/${session.id}/revoke-access`);
    expect(revoke?.query.get('user_id')).toBe(bob.id);
    expect(await dialog.findByText('Not shared with anyone yet.')).toBeTruthy();
  });

  it('shows a refused grant as a notification', async () => {
    renderShare([]);
    const dialog = within(await screen.findByRole('dialog'));
    const picker = dialog.getByRole('combobox', { name: 'Colleague' });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    // Bob is removed from the account after the dialog opened.
    mockApi({
      [`GET /api/sessions/${session.id}/shared-users`]: () => json(200, []),
      [`POST /api/sessions/${session.id}/grant-access`]: () =>
        json(404, { error: { code: 'not_found', message: 'No user with this id in your account.' } }),
    });
    fireEvent.click(picker);
    fireEvent.click(await dialog.findByRole('option', { name: 'Bob Builder (bob@acme.test)' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Share' }));
    expect(await screen.findByText('Could not share the session')).toBeTruthy();
    expect(screen.getByText('Server error (404): No user with this id in your account.')).toBeTruthy();
  });
});
