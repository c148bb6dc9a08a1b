import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../../app/provider';
import { createQueryClient } from '../../app/query-client';
import { createAppRouter } from '../../app/router';
import { setAuthProvider } from '../../lib/auth/auth';
import { makeProfile, makeSession } from '../../testing/factories';
import { json, mockApi, type SentRequest } from '../../testing/fake-api';

// The /sessions route as the app mounts it: the address holds page, page_size, search, status and scope.

const { account, ...user } = makeProfile('member');
let sent: SentRequest[];

beforeEach(() => {
  setAuthProvider({
    signIn: async () => ({ step: 'done' }),
    signUp: async () => ({ step: 'done' }),
    signOut: async () => {},
    fetchIdToken: async () => 'id-token',
  });
  vi.spyOn(console, 'error').mockImplementation(() => {});
  sent = mockApi({
    'GET /api/users/me': () => json(200, user),
    'GET /api/accounts/me': () => json(200, account),
    'GET /api/ventures/all': () => json(200, []),
    'GET /api/users/sessions': ({ query }) =>
      json(200, {
        items: [makeSession({ name: 'Dentists' })],
        total: 45,
        page: Number(query.get('page')),
        page_size: Number(query.get('page_size')),
      }),
  });
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

const lastListQuery = () =>
  Object.fromEntries(sent.filter((request) => request.path === '/api/users/sessions').at(-1)?.query ?? []);

describe('/sessions', () => {
  it('asks the API for what the address says and keeps the defaults out of it', async () => {
    const router = renderAt('/sessions?status=running&scope=own&page=1&page_size=10');
    expect(await screen.findByRole('link', { name: 'Dentists' })).toBeTruthy();
    expect(lastListQuery()).toEqual({ page: '1', page_size: '10', status: 'running', scope: 'own' });
    expect(screen.getByTestId('sessions-total').textContent).toBe('11–20 of 45 sessions');

    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'running', page_size: 10 }));
  });

  it('puts the search text in the address after a pause, back on the first page', async () => {
    const router = renderAt('/sessions?page=2');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search sessions' }), {
      target: { value: 'dent' },
    });
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'dent' }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ page: '0', search: 'dent' }));
  });

  it('falls back to the defaults for values that are not right', async () => {
    const router = renderAt('/sessions?page=-3&status=sleeping&page_size=7');
    expect(await screen.findByRole('link', { name: 'Dentists' })).toBeTruthy();
    expect(lastListQuery()).toEqual({ page: '0', page_size: '20', scope: 'all' });
    expect(router.state.location.pathname).toBe('/sessions');
  });
});
