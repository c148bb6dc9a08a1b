import type { UpdateAccountBody } from '@argo/contract';
import { routes } from '@argo/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client';
import { mergeProfile, type Profile, profileQueryKey, withAccount } from '../../lib/profile';

/** PUT /users/me: changes the own name and job title (null clears the title). */
export function useUpdateMyName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; title: string | null }) => callApi(routes.usersUpdateMe, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
        profile ? mergeProfile(profile.account, user) : profile,
      );
    },
  });
}

/** PUT /accounts (admins): the organisation's name, website and whether admins must use MFA. */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateAccountBody) => callApi(routes.accountsUpdate, { body }),
    onSuccess: (account) => {
      queryClient.setQueryData<Profile>(profileQueryKey, (profile) =>
        profile ? withAccount(profile, account) : profile,
      );
    },
  });
}
