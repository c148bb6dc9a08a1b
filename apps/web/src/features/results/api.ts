import {
  type CorrectBusinessBody,
  type EnrichmentType,
  encodeFilters,
  type Filters,
  RESULT_COLUMNS,
  type ResultsMatching,
  type ResultsQuery,
  routes,
} from '@argo/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, downloadExport } from '../../lib/api-client';
import { markExported } from '../../lib/milestones';
import { sessionBusinessQueryOptions } from './map/api';

/** While the session is still running, its header and its rows refresh this often. */
export const LIVE_REFETCH_MS = 5_000;

export type ResultsPageQuery = Pick<ResultsQuery, 'search' | 'sortBy' | 'sortOrder'> & {
  page: number;
  pageSize: number;
  filters?: Filters | undefined;
};

type ExportQuery = Omit<ResultsPageQuery, 'page' | 'pageSize'> & {
  include_closed?: boolean;
  /** The table's visible columns in their order (the export writes only those; every fact without). */
  columns?: readonly string[];
  /** CSV (the API's default) or an Excel workbook. */
  format?: 'csv' | 'xlsx';
};

const isResultColumn = (id: string) => (RESULT_COLUMNS as readonly string[]).includes(id);

/**
 * The results (or export) call's query: `filters` travels as its JSON text, and only when there are some;
 * `columns` as a comma-separated list of the columns the export knows.
 */
function toApiQuery({ filters, columns, ...query }: ExportQuery) {
  const known = columns?.filter(isResultColumn);
  return {
    ...query,
    ...(filters ? { filters: encodeFilters(filters) } : {}),
    ...(known?.length ? { columns: known.join(',') } : {}),
  };
}

/** GET /user/session/:id/results: one page of businesses, searched, filtered and sorted by the server. */
export const resultsQueryOptions = (id: string, query: ResultsPageQuery, isLive = false) =>
  queryOptions({
    queryKey: ['sessions', id, 'results', query] as const,
    queryFn: ({ signal }) =>
      callApi(routes.sessionsResults, {
        params: { id },
        query: { ...toApiQuery(query), page: query.page, pageSize: query.pageSize },
        signal,
      }),
    staleTime: 10_000,
    // Paging, sorting and searching keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: isLive ? LIVE_REFETCH_MS : false,
  });

/** What the enrichment actions on selected rows run: every analyzer in one pass. */
export const SELECTED_ROWS_ENRICHMENT: EnrichmentType[] = ['unified'];

/** What a bulk action acts on: the selected rows, or every business matching the search and filters. */
export type EnrichTarget = { businessIds: string[] } | { matching: ResultsMatching };

/** POST /enrichment/run for some businesses of the session (listed, or all that match the filters). */
export function useEnrichSelected(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { target: EnrichTarget; types: EnrichmentType[] }) =>
      callApi(routes.enrichmentRun, {
        body: {
          session_id: sessionId,
          types: input.types,
          ...('matching' in input.target
            ? { matching: input.target.matching }
            : { business_ids: input.target.businessIds }),
        },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions'] }),
  });
}

/**
 * GET /user/session/:id/export (or /export/contacts: one row per person) with the table's search, filters and
 * sort, as CSV or Excel, saved through a blob download; `onProgress` hears the bytes received.
 * Its errors carry the specification's texts ("Export failed", "Export failed: {status} {statusText}",
 * "Authentication required").
 */
export function useExport(sessionId: string, what: 'businesses' | 'contacts' = 'businesses') {
  return useMutation({
    mutationFn: ({ onProgress, ...query }: ExportQuery & { onProgress?: (bytes: number) => void }) =>
      downloadExport(sessionId, toApiQuery(query), what, { onProgress }),
    onSuccess: markExported,
  });
}

/** POST /user/session/:id/people/remove: the person leaves the results (and stays out on re-enrichment). */
export function useRemovePerson(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { businessId: string; name: string }): Promise<void> => {
      await callApi(routes.sessionsRemovePerson, {
        params: { id: sessionId },
        body: { business_id: input.businessId, name: input.name },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions', sessionId] }),
  });
}

/**
 * PUT /user/session/:id/businesses/:business_id: the user's corrections of a business's fields. The drawer shows the
 * answer at once; the table's rows are read again.
 */
export function useCorrectBusiness(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { businessId: string; body: CorrectBusinessBody }) =>
      callApi(routes.sessionsCorrectBusiness, {
        params: { id: sessionId, business_id: input.businessId },
        body: input.body,
      }),
    onSuccess: (business) => {
      queryClient.setQueryData(sessionBusinessQueryOptions(sessionId, business.id).queryKey, business);
      return queryClient.invalidateQueries({ queryKey: ['sessions', sessionId] });
    },
  });
}
