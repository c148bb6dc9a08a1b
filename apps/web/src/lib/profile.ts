import type { Account, User } from '@argo/contract';
import { routes } from '@argo/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from './api-client';
import { isApiError } from './api-error';

/**
 * The profile: accounts/me merged with users/me. Where both have a field (id, name,
 * created_at) the user's wins; the account stays whole under `account`.
 */
export type Profile = User &
  Pick<Account, 'analytics_identifier' | 'website' | 'require_admin_mfa'> & {
    account: Account;
  };

export const profileQueryKey = ['profile'] as const;

export function mergeProfile(account: Account, user: User): Profile {
  return { ...account, ...user, account };
}

async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  const [user, account] = await Promise.allSettled([
    callApi(routes.usersMe, { signal }),
    callApi(routes.accountsMe, { signal }),
  ]);
  // users/me decides: its 404 means "signed in, but no Argo account yet".
  if (user.status === 'rejected') throw user.reason;
  if (account.status === 'rejected') throw account.reason;
  return mergeProfile(account.value, user.value);
}

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => fetchProfile(signal),
    // The guard handles failures itself; asking again would only delay the redirect.
    retry: false,
  });

/** The signed-in user's profile; the `_app` guard has loaded it before any screen renders. */
export function useProfile(): Profile {
  return useSuspenseQuery(profileQueryOptions()).data;
}

/** users/me answered 404 not_found: the identity is valid but has no Argo account yet. */
export function isMissingAccountError(error: unknown): boolean {
  return isApiError(error, 404) && error.code === 'not_found';
}

/** The profile with a new version of its account (the user's own fields stay). */
export function withAccount(profile: Profile, account: Account): Profile {
  return {
    ...profile,
    website: account.website,
    analytics_identifier: account.analytics_identifier,
    require_admin_mfa: account.require_admin_mfa,
    account,
  };
}
