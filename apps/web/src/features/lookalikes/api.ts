import { type Filters, type LookalikesBody, routes } from '@argo/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** POST /user/lookalikes: the session's businesses like the seeds, best first, with reasons. */
export function useLookalikes(body: LookalikesBody | null) {
  return useQuery({
    queryKey: ['lookalikes', body],
    queryFn: ({ signal }) => callApi(routes.lookalikesRank, { body: body as LookalikesBody, signal }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}

/** PUT /user/session/:id/lookalike-seeds: scores the session for the results' similarity sort and filter. */
export function useSetSessionSeeds(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (businessIds: string[]) =>
      callApi(routes.lookalikesSetSeeds, {
        params: { id: sessionId },
        body: { seeds: { business_ids: businessIds } },
      }),
    // The results read the new scores.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions', sessionId] }),
  });
}

/** POST /discovery/scrape: "Find more like these", as a new search session. */
export function useStartDiscovery() {
  return useMutation({
    mutationFn: (body: { name: string; query: string; location: string }) =>
      callApi(routes.discoveryScrape, { body }),
  });
}

/** The results' filters with "similar to the seeds ≥ min" (0–1), replacing any earlier one. */
export function withSimilarity(filters: Filters | undefined, min: number): Filters {
  return { ...(filters ?? {}), similarity: { gte: min } };
}
