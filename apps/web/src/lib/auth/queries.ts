import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMfaStatus, getPasswordPolicy, listPasskeys } from './auth';
import { DEFAULT_PASSWORD_POLICY } from './password-policy';
import type { PasswordPolicy } from './types';

/* What the identity provider knows about the signed-in person's security, read through TanStack Query. */

const passwordPolicyQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'password-policy'],
    queryFn: getPasswordPolicy,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The password rules; the specification's default until the provider has answered. */
export function usePasswordPolicy(): PasswordPolicy {
  return useQuery(passwordPolicyQueryOptions()).data ?? DEFAULT_PASSWORD_POLICY;
}

export const mfaStatusQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'mfa-status'], queryFn: getMfaStatus, staleTime: 0 });

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'passkeys'], queryFn: listPasskeys, staleTime: 0 });
