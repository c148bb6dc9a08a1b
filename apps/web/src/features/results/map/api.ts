import { type Business, encodeFilters, type Filters, routes } from '@argo/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** GET /user/session/:id/map: every business matching the search and filters that has coordinates. */
export const resultsMapQueryOptions = (
  sessionId: string,
  selection: { search?: string | undefined; filters?: Filters | undefined },
  isLive = false,
) =>
  queryOptions({
    queryKey: ['sessions', sessionId, 'map', selection.search ?? null, selection.filters ?? null] as const,
    queryFn: ({ signal }) =>
      callApi(routes.sessionsResultsMap, {
        params: { id: sessionId },
        query: {
          ...(selection.search ? { search: selection.search } : {}),
          ...(selection.filters ? { filters: encodeFilters(selection.filters) } : {}),
        },
        signal,
      }),
    staleTime: 10_000,
    // A new filter keeps the old points on the map until the new ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: isLive ? 10_000 : false,
  });

/** GET /user/session/:id/businesses/:business_id: one business, for a drawer opened from the map. */
export const sessionBusinessQueryOptions = (sessionId: string, businessId: string) =>
  queryOptions({
    queryKey: ['sessions', sessionId, 'business', businessId] as const,
    queryFn: ({ signal }) =>
      callApi(routes.sessionsBusiness, { params: { id: sessionId, business_id: businessId }, signal }),
    staleTime: 10_000,
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });

/** How far the drawer's read of its business has come: its details (people, contacts, careers…) come with it. */
export type DrawerDetailsState = 'loading' | 'error' | 'ready';

/**
 * The business the drawer shows, read by id: a page of results carries no drawer details, and a marker of the map
 * opens any business of the selection, on whichever page of the table it is. While the read runs (or when it
 * failed) the page's row stands in, so the table's facts show at once. `isMissing` when neither has it.
 * `refetchInterval` keeps it fresh while the session's job runs.
 */
export function useDrawerBusiness(
  sessionId: string,
  businessId: string | undefined,
  pageItems: readonly Business[] | undefined,
  refetchInterval: number | false = false,
): { business: Business | undefined; isMissing: boolean; details: DrawerDetailsState } {
  const shouldFetch = businessId !== undefined && pageItems !== undefined;
  const single = useQuery({
    ...sessionBusinessQueryOptions(sessionId, businessId ?? ''),
    enabled: shouldFetch,
    refetchInterval,
  });
  if (!shouldFetch) return { business: undefined, isMissing: false, details: 'ready' };
  const onPage = pageItems.find((business) => business.id === businessId);
  const business = single.data ?? onPage;
  const details = single.data ? 'ready' : single.isError ? 'error' : 'loading';
  return { business, isMissing: business === undefined && single.isError, details };
}
