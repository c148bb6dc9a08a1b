import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { NotFoundPage } from '../components/errors/NotFoundPage';
import { RouteErrorPage } from '../components/errors/RouteErrorPage';
import { PageLoader } from '../components/PageLoader';
import { configureApiClient } from '../lib/api-redirects';
import { routeTree } from '../routeTree.gen';

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which does its own caching.
    defaultPreloadStaleTime: 0,
    defaultPendingMs: 150,
    defaultPendingComponent: PageLoader,
    defaultErrorComponent: RouteErrorPage,
    defaultNotFoundComponent: NotFoundPage,
    scrollRestoration: true,
  });
  // A 401 from the API signs the user out through the router; /login then says why when the API said
  // (this sign-in was ended) and goes back to where the user was.
  // The organisation requires admins to use MFA and this one has none: set it up, then come back.
  configureApiClient({
    onUnauthorized: (reason) =>
      void router.navigate({ to: '/logout', search: { reason, redirect: router.state.location.href } }),
    onMfaRequired: () =>
      void router.navigate({
        to: '/mfa',
        search: { reason: 'required', redirect: router.state.location.href },
      }),
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page title: document.title becomes "Argo | {title}". */
    title?: string;
  }
}
