import { encodeFilters, routes, SESSION_STATUSES, type SessionStatus } from '@argo/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';

/** Session statuses change on the server by themselves, so the numbers go stale quickly. */
const LIVE_STALE_TIME_MS = 10_000;
export const RECENT_SESSIONS = 5;

export interface SessionCounts {
  total: number;
  byStatus: Record<SessionStatus, number>;
}

/** The sessions the caller can see, in total and per status: the `total` of GET /users/sessions per filter. */
async function fetchSessionCounts(signal: AbortSignal): Promise<SessionCounts> {
  const count = async (status?: SessionStatus) =>
    (await callApi(routes.sessionsList, { query: { page: 0, page_size: 1, status }, signal })).total;
  const [total, ...perStatus] = await Promise.all([
    count(),
    ...SESSION_STATUSES.map((status) => count(status)),
  ]);
  const byStatus = Object.fromEntries(SESSION_STATUSES.map((status, i) => [status, perStatus[i] ?? 0]));
  return { total: total ?? 0, byStatus: byStatus as Record<SessionStatus, number> };
}

// Keys under ['sessions'] so that every change to a session (rename, delete, a new run) refreshes these too.
export const sessionCountsQueryOptions = () =>
  queryOptions({
    queryKey: ['sessions', 'counts'] as const,
    queryFn: ({ signal }) => fetchSessionCounts(signal),
    staleTime: LIVE_STALE_TIME_MS,
  });

/** The newest sessions (the API lists newest first). */
export const recentSessionsQueryOptions = () => {
  const query = { page: 0, page_size: RECENT_SESSIONS };
  return queryOptions({
    queryKey: ['sessions', 'list', query] as const,
    queryFn: ({ signal }) => callApi(routes.sessionsList, { query, signal }),
    staleTime: LIVE_STALE_TIME_MS,
  });
};

/** GET /ventures/all: "Create a venture" is done once there is one. */
export const venturesQueryOptions = () =>
  queryOptions({
    queryKey: ['ventures', 'all', 'list'] as const,
    queryFn: ({ signal }) => callApi(routes.venturesAll, { signal }),
  });

/**
 * The business numbers are summed over at most this many of the newest sessions: there is no account-wide count
 * in the API yet, so each counted session costs two calls (its info, and a one-row page of its A-tier).
 */
const COUNTED_SESSIONS = 20;

export interface BusinessTotals {
  businesses: number;
  /** Businesses whose enrichment is done. */
  enriched: number;
  aTier: number;
  /** How many sessions the sums cover, of how many there are. */
  sessionsCounted: number;
  sessionsTotal: number;
}

async function fetchBusinessTotals(signal: AbortSignal): Promise<BusinessTotals> {
  const list = await callApi(routes.sessionsList, {
    query: { page: 0, page_size: COUNTED_SESSIONS },
    signal,
  });
  const perSession = await Promise.all(
    list.items.map(async (session) => {
      const [info, aTier] = await Promise.all([
        callApi(routes.sessionsInfo, { params: { id: session.id }, signal }),
        callApi(routes.sessionsResults, {
          params: { id: session.id },
          query: { page: 0, pageSize: 1, filters: encodeFilters({ icp_tier: 'A' }) },
          signal,
        }),
      ]);
      return {
        businesses: info.counts.businesses,
        enriched: info.counts.by_enrichment_state.done ?? 0,
        aTier: aTier.total,
      };
    }),
  );
  const sum = (key: 'businesses' | 'enriched' | 'aTier') =>
    perSession.reduce((total, counts) => total + counts[key], 0);
  return {
    businesses: sum('businesses'),
    enriched: sum('enriched'),
    aTier: sum('aTier'),
    sessionsCounted: list.items.length,
    sessionsTotal: list.total,
  };
}

export const businessTotalsQueryOptions = () =>
  queryOptions({
    queryKey: ['sessions', 'business-totals'] as const,
    queryFn: ({ signal }) => fetchBusinessTotals(signal),
    staleTime: LIVE_STALE_TIME_MS,
  });

/** Whether any of these ventures has saved ICP profiles (GET /icp/profiles per venture). */
export const hasProfilesQueryOptions = (ventureIds: readonly string[]) =>
  queryOptions({
    queryKey: ['ventures', 'has-profiles', ventureIds] as const,
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        ventureIds.map((id) => callApi(routes.icpListProfiles, { query: { venture_id: id }, signal })),
      );
      return lists.some((profiles) => profiles.length > 0);
    },
    staleTime: LIVE_STALE_TIME_MS,
  });
