import { type CreateAccountResponse, type PendingInvitation, routes } from '@argo/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { peekSessionToken } from '../../lib/auth/session-token';
import { mergeProfile, profileQueryKey } from '../../lib/profile';
import { getTrackingIds } from '../../lib/tracking';

interface OrganisationInput {
  name: string;
  website: string;
}

/** POST /api/accounts: the signed-in identity becomes the first admin of a new organisation. */
function createAccount(input: OrganisationInput): Promise<CreateAccountResponse> {
  const anonymousToken = peekSessionToken();
  return callApi(routes.accountsCreate, {
    body: {
      name: input.name.trim(),
      website: input.website.trim() || null,
      tracking_ids: getTrackingIds(),
      // The /get-started preview of this browser, if any, becomes the account's first venture and session.
      ...(anonymousToken ? { anonymous_token: anonymousToken } : {}),
    },
  });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: ({ account, user }) => {
      queryClient.setQueryData(profileQueryKey, mergeProfile(account, user));
    },
  });
}

const pendingInvitationsQueryKey = ['invitations'] as const;

/** GET /api/invitations: the invitations waiting for the signed-in person (they accept or decline). */
export const pendingInvitationsQueryOptions = () =>
  queryOptions({
    queryKey: pendingInvitationsQueryKey,
    queryFn: ({ signal }) => callApi(routes.invitationsList, { signal }),
  });

/** POST /api/invitations/:id/accept: the person joins that organisation; its profile is theirs at once. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: PendingInvitation) =>
      callApi(routes.invitationsAccept, { params: { id: invitation.id } }),
    onSuccess: ({ account, user }) => {
      queryClient.setQueryData(profileQueryKey, mergeProfile(account, user));
      queryClient.removeQueries({ queryKey: pendingInvitationsQueryKey });
    },
  });
}

/** DELETE /api/invitations/:id: the invitation is gone (from this list at once). */
export function useDeclineInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: PendingInvitation) =>
      callApi(routes.invitationsDecline, { params: { id: invitation.id } }),
    onSuccess: (_answer, invitation) => {
      queryClient.setQueryData<PendingInvitation[]>(pendingInvitationsQueryKey, (list) =>
        list?.filter((item) => item.id !== invitation.id),
      );
    },
  });
}
