import { routes, type ShareAccess, type UpdateSessionBody } from '@argo/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { isSessionActive, type SessionsListQuery, sessionsKeys } from '../../lib/session-api';

/** Sessions change on the server by themselves (a worker runs them), so their lists go stale quickly. */
const LIVE_STALE_TIME_MS = 10_000;
/** While a listed session is queued or running, the list asks again this often to show its progress. */
const LIVE_REFETCH_MS = 5_000;

/** GET /users/sessions: own and shared sessions, newest first, one page. */
export const sessionsListQueryOptions = (query: SessionsListQuery) =>
  queryOptions({
    queryKey: sessionsKeys.list(query),
    queryFn: ({ signal }) => callApi(routes.sessionsList, { query, signal }),
    staleTime: LIVE_STALE_TIME_MS,
    // Paging and filtering keep the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some(isSessionActive) ? LIVE_REFETCH_MS : false),
  });

/** GET /sessions/:id/shared-users */
export const sharedUsersQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionsKeys.sharedUsers(sessionId),
    queryFn: ({ signal }) => callApi(routes.sharingList, { params: { id: sessionId }, signal }),
  });

/** GET /users: the colleagues a session can be shared with. */
export const colleaguesQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'colleagues'] as const,
    queryFn: ({ signal }) => callApi(routes.usersList, { signal }),
  });

/** GET /ventures/all, to name each session's venture. */
export const venturesQueryOptions = () =>
  queryOptions({
    queryKey: ['ventures', 'all', 'list'] as const,
    queryFn: ({ signal }) => callApi(routes.venturesAll, { signal }),
  });

/** PUT /users/sessions/:id */
export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateSessionBody }) =>
      callApi(routes.sessionsUpdate, { params: { id }, body: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKeys.all }),
  });
}

/** DELETE /users/sessions/:id (owner or admin; refused with 409 while queued or running). */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(routes.sessionsDelete, { params: { id } }),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: ['sessions', id] });
      return queryClient.invalidateQueries({ queryKey: sessionsKeys.all });
    },
  });
}

/** POST /sessions/:id/grant-access — granting again changes the access. */
export function useGrantAccess(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, access }: { userId: string; access: ShareAccess }) =>
      callApi(routes.sharingGrant, { params: { id: sessionId }, body: { user_id: userId, access } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions', sessionId] }),
  });
}

/** DELETE /sessions/:id/revoke-access?user_id= */
export function useRevokeAccess(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      callApi(routes.sharingRevoke, { params: { id: sessionId }, query: { user_id: userId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sessions', sessionId] }),
  });
}
