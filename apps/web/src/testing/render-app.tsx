import { notifications } from '@mantine/notifications';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';
import { setAuthProvider } from '../lib/auth/auth';
import { ids, makeUser } from './factories';
import { type Handler, json, mockApi } from './fake-api';

/* The whole app (real routes, providers, API client) at a path, signed in; only `fetch` is stubbed, answered per
 * "METHOD /api/path". */

const account = {
  id: ids.account,
  name: 'Acme Ventures',
  website: null,
  analytics_identifier: '00000000-0000-4000-8000-0000000000c1',
  require_admin_mfa: false,
  created_at: '2026-01-01T00:00:00.000Z',
};

/**
 * Stubs `fetch` with the signed-in profile plus `handlers` (a mutable map: tests change answers as the session
 * moves on) and renders the app at `path`. Answers the router and the requests sent, in order.
 */
export function renderApp(path: string, handlers: Record<string, Handler>) {
  notifications.clean();
  setAuthProvider({
    signIn: async () => ({ step: 'done' }),
    signUp: async () => ({ step: 'done' }),
    signOut: async () => {},
    fetchIdToken: async () => 'id-token',
  });
  const sent = mockApi(
    new Proxy(handlers, {
      get: (target, key: string) =>
        target[key] ??
        {
          'GET /api/users/me': () => json(200, makeUser(ids.me, 'Mia Me', 'mia@acme.test')),
          'GET /api/accounts/me': () => json(200, account),
        }[key],
    }),
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { router, sent, queryClient };
}
