import type { QueryClient } from '@tanstack/react-query';

/**
 * What the router hands every route (loaders, guards): the app's query client. Kept out of router.tsx, which
 * imports the route tree, so that the routes can name it without importing the tree back.
 */
export interface RouterContext {
  queryClient: QueryClient;
}
