import { routes, SESSION_STATUSES, type SessionStatus } from '@argo/contract';
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
