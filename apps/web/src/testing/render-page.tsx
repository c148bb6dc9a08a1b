import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProvider } from '../app/provider';
import { createQueryClient } from '../app/query-client';
import { setAuthProvider } from '../lib/auth/auth';
import { type Profile, profileQueryKey } from '../lib/profile';
import { makeProfile } from './factories';

/* One screen in the real providers and a router of its own; `fetch` is stubbed with fake-api.ts. */

/** Nobody is signed in with the identity provider: the client sends the anonymous token, which is fine here. */
export function stubIdentityProvider(): void {
  setAuthProvider({
    signIn: async () => ({ step: 'done' }),
    signUp: async () => ({ step: 'done' }),
    signOut: async () => {},
    fetchIdToken: async () => null,
  });
}

/**
 * Renders `ui` as the page at `/` inside the app's providers and a router (links need one), with the
 * profile already loaded as the `_app` guard would have.
 */
export function renderPage(ui: ReactNode, options: { profile?: Profile; queryClient?: QueryClient } = {}) {
  // The notifications store outlives a test; what an earlier test showed would fill the limit of 3.
  notifications.clean();
  const queryClient = options.queryClient ?? createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  queryClient.setQueryData(profileQueryKey, options.profile ?? makeProfile());
  const rootRoute = createRootRoute({ component: Outlet });
  const pageRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => ui });
  const router = createRouter({
    routeTree: rootRoute.addChildren([pageRoute]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  const result = render(
    <AppProvider queryClient={queryClient} env="test">
      <RouterProvider router={router as never} />
    </AppProvider>,
  );
  return { ...result, queryClient, router };
}
