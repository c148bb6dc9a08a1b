import { type CreateAccountResponse, routes } from '@argo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { peekSessionToken } from '../../lib/auth/session-token';
import { getTrackingIds } from '../../lib/tracking';
import { mergeProfile, profileQueryKey } from '../profile/api';

export interface OrganisationInput {
  name: string;
  website: string;
}

/** POST /api/accounts: the signed-in identity becomes the first admin of a new organisation. */
export function createAccount(input: OrganisationInput): Promise<CreateAccountResponse> {
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
