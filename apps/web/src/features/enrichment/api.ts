import { type EnrichmentType, encodeFilters, type Filters, routes, type SessionInfo } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { PROGRESS_POLL_MS, sessionsKeys } from '../../lib/session-api';

const WITH_WEBSITE: Filters = { website: { present: true } };
/** The businesses an enrichment run has finished with (either way). */
const FINISHED: Filters = { enrichment_state: ['done', 'failed'] };
const LATEST_ENRICHED = 5;

/** How many businesses of the session have a website: what a crawl can read (`total` of a one-row page). */
export const websiteCountQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['sessions', sessionId, 'results', 'website-count'] as const,
    queryFn: async ({ signal }) => {
      const page = await callApi(routes.sessionsResults, {
        params: { id: sessionId },
        query: { page: 0, pageSize: 1, filters: encodeFilters(WITH_WEBSITE) },
        signal,
      });
      return page.total;
    },
  });

/**
 * The businesses enriched last (their enrichment changed them last), polled while the run goes on: the
 * progress screen's proof that the work is moving, with what it found.
 */
export const latestEnrichedQueryOptions = (sessionId: string, isLive: boolean) =>
  queryOptions({
    queryKey: ['sessions', sessionId, 'results', 'latest-enriched'] as const,
    queryFn: ({ signal }) =>
      callApi(routes.sessionsResults, {
        params: { id: sessionId },
        query: {
          page: 0,
          pageSize: LATEST_ENRICHED,
          filters: encodeFilters(FINISHED),
          sortBy: 'updated_at',
          sortOrder: 'desc',
        },
        signal,
      }),
    staleTime: 0,
    refetchInterval: isLive ? PROGRESS_POLL_MS * 2 : false,
  });

/** The types with a call of their own; any other choice (people alone, several) goes to enrichment/run. */
const SINGLE_TYPE_ROUTES = {
  unified: routes.enrichmentUnified,
  ai_summary: routes.enrichmentAiSummary,
  software_detection: routes.enrichmentSoftwareDetection,
  career_analysis: routes.enrichmentCareerAnalysis,
  icp_analysis: routes.enrichmentIcpAnalysis,
} as const satisfies Partial<Record<EnrichmentType, unknown>>;

const singleTypeRoute = (type: EnrichmentType | undefined) =>
  type !== undefined && type in SINGLE_TYPE_ROUTES
    ? SINGLE_TYPE_ROUTES[type as keyof typeof SINGLE_TYPE_ROUTES]
    : null;

export interface StartEnrichmentInput {
  types: EnrichmentType[];
  /** Only these businesses; the whole session when left out. */
  businessIds?: string[] | undefined;
}

/**
 * One type: its own call (POST /enrichment/{type}); several: POST /enrichment/run. The answer's session (now
 * queued or running) goes straight into the session's cache, so the progress screen does not see the finished
 * state of the run before and move on to the results.
 */
export function useStartEnrichment(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ types, businessIds }: StartEnrichmentInput) => {
      const scope = businessIds && businessIds.length > 0 ? { business_ids: businessIds } : {};
      const single = types.length === 1 ? singleTypeRoute(types[0]) : null;
      if (single) return callApi(single, { body: { session_id: sessionId, ...scope } });
      return callApi(routes.enrichmentRun, { body: { session_id: sessionId, types, ...scope } });
    },
    onSuccess: async (job) => {
      queryClient.setQueryData<SessionInfo>(sessionsKeys.info(sessionId), (info) =>
        info ? { ...info, ...job.session } : info,
      );
      await queryClient.invalidateQueries({ queryKey: ['sessions'], refetchType: 'none' });
    },
  });
}
