import { type PagedUsers, type Role, type RouteBody, routes, type User } from '@argo/contract';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { isApiError, readErrorDetail } from '../../lib/api-error';
import { profileQueryKey } from '../../lib/profile';
import type { UsersSearch } from './search';

const adminUsersQueryKey = ['admin', 'users'] as const;

/** GET /admin/users: one page of the account's users, by search (email, name) and role. */
export const adminUsersQueryOptions = (search: UsersSearch) => {
  const query = {
    page: search.page,
    page_size: search.page_size,
    ...(search.search ? { search: search.search } : {}),
    ...(search.role ? { role: search.role } : {}),
  };
  return queryOptions({
    queryKey: [...adminUsersQueryKey, query],
    queryFn: ({ signal }) => callApi(routes.adminListUsers, { query, signal }),
    // Keep the current page on screen while the next one (or the next search) loads.
    placeholderData: keepPreviousData,
  });
};

/** GET /admin/ventures: every venture of the account, to assign them to users. */
export const accountVenturesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'ventures'],
    queryFn: ({ signal }) => callApi(routes.adminListVentures, { signal }),
  });

/** The API's own sentence ("An account needs at least one admin: …"), without the "Server error (409)" prefix. */
export function describeError(error: unknown): string {
  if (isApiError(error)) return readErrorDetail(error.data).message ?? error.message;
  return error instanceof Error ? error.message : 'Something went wrong. Try again.';
}

/** Puts the changed user into every cached page at once, then asks the server again. */
function storeUser(queryClient: QueryClient, user: User) {
  queryClient.setQueriesData<PagedUsers>({ queryKey: adminUsersQueryKey }, (page) =>
    page ? { ...page, items: page.items.map((item) => (item.id === user.id ? user : item)) } : page,
  );
  void queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
  // An admin changing their own role, say, changes what the app shows them.
  const profile = queryClient.getQueryData<{ id: string }>(profileQueryKey);
  if (profile?.id === user.id) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
}

function useUserMutation<Input>(send: (input: Input) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (user) => storeUser(queryClient, user) });
}

/** POST /admin/users/assign-role: 409 when it would leave the account without an active admin. */
export function useAssignRole() {
  return useUserMutation((body: { user_id: string; role: Role }) =>
    callApi(routes.adminAssignRole, { body }),
  );
}

/** PUT /users/:id {status}: disable, or enable again (a user who never signed in goes back to invited). */
export function useSetUserStatus() {
  return useUserMutation(({ id, status }: { id: string; status: 'active' | 'disabled' }) =>
    callApi(routes.usersUpdate, { params: { id }, body: { status } }),
  );
}

export function useAssignVenture() {
  return useUserMutation((body: { user_id: string; venture_id: string }) =>
    callApi(routes.adminAssignVenture, { body }),
  );
}

export function useRemoveVenture() {
  return useUserMutation((body: { user_id: string; venture_id: string }) =>
    callApi(routes.adminRemoveVenture, { body }),
  );
}

/** DELETE /admin/users/:id: their sessions pass to the admin who deletes them. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      await callApi(routes.adminDeleteUser, { params: { id } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}

export type InviteUserInput = RouteBody<typeof routes.usersInvite>;

/** POST /users/invite: an `invited` user, linked when that person registers with the email. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteUserInput): Promise<User> => callApi(routes.usersInvite, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
