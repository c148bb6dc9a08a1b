import { routes } from '@argo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from './api-client';

/** GET /api/config: the server's public settings (sign-in provider, base map). They change only on a restart. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => callApi(routes.healthConfig, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
