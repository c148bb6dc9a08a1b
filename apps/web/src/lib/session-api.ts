import { type ListSessionsQuery, routes, type Session, type SessionInfo } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from './api-client';

/* What every screen of a session shares: its query keys, its info (status, progress) and its run actions. */

export type SessionsListQuery = Partial<ListSessionsQuery>;

export const sessionsKeys = {
  /** Every sessions query: the sessions lists, the dashboard's counts, a session's shared users. */
  all: ['sessions'] as const,
  list: (query: SessionsListQuery) => ['sessions', 'list', query] as const,
  sharedUsers: (sessionId: string) => ['sessions', sessionId, 'shared-users'] as const,
  /** Under ['sessions'], so every change to a session (rename, delete, a new run) refreshes it too. */
  info: (sessionId: string) => ['sessions', sessionId, 'info'] as const,
};

export const isSessionActive = (session: Pick<Session, 'status'> | undefined) =>
  session?.status === 'queued' || session?.status === 'running';

/** While a session is queued or running, its progress screens ask for news this often. */
export const PROGRESS_POLL_MS = 1_000;

/**
 * GET /user/session/:id/info, the one query every screen of a session shares (progress, enrichment, results, the
 * import's mapping). While the session is queued or running it is asked again every `pollMs` (false: never).
 */
export const sessionInfoQueryOptions = (id: string, pollMs: number | false = PROGRESS_POLL_MS) =>
  queryOptions({
    queryKey: sessionsKeys.info(id),
    queryFn: ({ signal }) => callApi(routes.sessionsInfo, { params: { id }, signal }),
    staleTime: 0,
    refetchInterval: (query) => (pollMs !== false && isSessionActive(query.state.data) ? pollMs : false),
  });

export type SessionRunAction = 'cancel' | 'retry' | 'restart';
const RUN_ACTION_ROUTES = {
  cancel: routes.sessionsCancel,
  retry: routes.sessionsRetry,
  restart: routes.sessionsRestart,
} as const;

/**
 * POST /users/sessions/:id/{cancel,retry,restart} (409 when the status does not allow it), from the list or from a
 * session's own screens. The answer is the session in its new status: its info shows it at once, the next poll
 * brings the rest, and every sessions query refreshes.
 */
export function useSessionRunAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: SessionRunAction }) =>
      callApi(RUN_ACTION_ROUTES[action], { params: { id } }),
    onSuccess: (session, { id }) => {
      queryClient.setQueryData<SessionInfo>(sessionsKeys.info(id), (info) =>
        info ? { ...info, ...session } : info,
      );
      return queryClient.invalidateQueries({ queryKey: sessionsKeys.all });
    },
  });
}
